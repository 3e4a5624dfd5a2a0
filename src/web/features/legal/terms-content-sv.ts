import type { InfoPageContent } from "../../components/info-page.tsx";

// ADR 204: the Swedish of this page is a chunk of its own that only a Swedish page loads.
export const termsSwedish = {
  eyebrow: "Juridik",
  title: "Allmänna villkor",
  intro: [
    "Dessa villkor gäller när du skapar ett konto på Nordic Shields webbplats och bokar våra säkerhetstjänster. Läs dem innan du bokar; genom att bekräfta en bokning godkänner du dem.",
  ],
  updated: "Senast uppdaterade: 21 november 2026",
  sections: [
    {
      id: "about-us",
      heading: "1. Vilka vi är",
      paragraphs: [
        "Tjänsterna tillhandahålls av {{registration}}. Vi är ett bevakningsföretag auktoriserat av länsstyrelsen enligt lagen (1974:191) om bevakningsföretag. Utanför Sverige utförs uppdragen tillsammans med partnerföretag som har det tillstånd som krävs i respektive land.",
      ],
    },
    {
      id: "services",
      heading: "2. Våra tjänster",
      paragraphs: [
        "Vi erbjuder bostadsskydd, säkerhetschaufförer, säkerhet för utekvällar, livvakter samt säkerhet för evenemang och fester, så som de beskrivs på våra tjänstesidor. Vår personal agerar inom de befogenheter som landets lag ger privat säkerhetspersonal: de är inte poliser och bär inga vapen om inte lagen tillåter det och vi har kommit överens med dig om det skriftligen.",
      ],
    },
    {
      id: "account",
      heading: "3. Ditt konto",
      list: [
        "Du måste vara minst 18 år och kunna ingå bindande avtal.",
        "Uppgifterna du lämnar ska vara sanna och fullständiga; din säkerhetsplan bygger på dem.",
        "Håll ditt lösenord för dig själv. Meddela oss genast om du tror att någon annan har använt ditt konto.",
        "Vi kan stänga av ett konto som används för olagliga syften eller för att vilseleda oss.",
      ],
    },
    {
      id: "bookings",
      heading: "4. Bokning och bekräftelse",
      paragraphs: [
        "När du trycker på Boka nu registreras bokningen med status väntande och vi skickar en bekräftelse på din förfrågan via e-post. En senior konsult granskar varje bokning och bekräftar den inom 24 timmar med en skyddsplan och den personal som tilldelas. Avtalet ingås när vi bekräftar bokningen.",
        "Vi kan tacka nej till en bokning, till exempel om den inte kan genomföras lagligt eller säkert, eller om vi inte kan bemanna den med auktoriserad personal. Om vi tackar nej betalar du ingenting och redan betalda belopp återbetalas i sin helhet.",
      ],
    },
    {
      id: "prices",
      heading: "5. Priser och betalning",
      paragraphs: [
        "Priserna anges i euro, per dag och per väktare, och inkluderar moms där sådan gäller. Totalbeloppet för ditt val visas innan du bokar och är det belopp du betalar; tillval som fler timmar, nattarbete eller fordon ingår i totalen. Kortbetalningar hanteras av vår betalleverantör; vi tar aldrig emot eller sparar hela kortnumret eller säkerhetskoden.",
      ],
    },
    {
      id: "cancellation",
      heading: "6. Avbokning och återbetalning",
      list: [
        "Du kan avboka kostnadsfritt, med full återbetalning, fram till två dagar före bokningens startdatum.",
        "Därefter återbetalas bokningen inte, eftersom personalen har reserverats för dig och inte kan ta andra uppdrag.",
        "Om vi ställer in eller inte kan leverera en bekräftad bokning får du full återbetalning för de dagar som inte levererats.",
      ],
      closing: [
        "Om du är konsument behåller du också de rättigheter som lagen (2005:59) om distansavtal och avtal utanför affärslokaler ger dig. Om du ber oss påbörja ett uppdrag inom den 14 dagar långa ångerfristen betalar du för den del som redan utförts.",
      ],
    },
    {
      id: "responsibilities",
      heading: "7. Ditt ansvar",
      list: [
        "Berätta om kända hot, medicinska behov eller särskilda omständigheter som påverkar ditt skydd.",
        "Följ teamledarens rimliga säkerhetsinstruktioner under uppdraget.",
        "Be inte personalen göra något olagligt; de kommer att vägra, och uppdraget kan då avslutas utan återbetalning.",
      ],
    },
    {
      id: "liability",
      heading: "8. Ansvar",
      paragraphs: [
        "Vi har ansvarsförsäkring för våra uppdrag. Vi ansvarar för skador som orsakas av vår eller vår personals vårdslöshet. Vi ansvarar inte för förluster som vi inte rimligen kunnat förutse eller för händelser utanför vår kontroll. Ingenting i dessa villkor begränsar dina rättigheter enligt tvingande konsumentlagstiftning.",
      ],
    },
    {
      id: "complaints",
      heading: "9. Reklamationer och tvister",
      paragraphs: [
        "Om något inte blev som avtalat, kontakta {{email}} så snart som möjligt; en senior konsult svarar inom 24 timmar på vardagar. Svensk lag gäller. Om vi inte kommer överens och du är konsument kan du vända dig till Allmänna reklamationsnämnden (ARN) eller till domstol i det land där du bor.",
      ],
      contact: "email-and-phone",
    },
    {
      id: "changes",
      heading: "10. Ändringar av villkoren",
      paragraphs: [
        "Vi kan uppdatera villkoren. Den version som visas när du bokar gäller för den bokningen. Vi informerar kontoinnehavare om viktiga ändringar via e-post innan de börjar gälla.",
      ],
    },
    {
      id: "attribution",
      heading: "11. Källhänvisning",
      paragraphs: [
        "Ortnamn och koordinater i platssökningen kommer från GeoNames (geonames.org) och används enligt licensen Creative Commons Erkännande 4.0 (CC BY 4.0). Uppgifterna levereras från vår egen server och har filtrerats till städer; GeoNames står inte bakom denna tjänst.",
      ],
    },
  ],
} satisfies InfoPageContent;

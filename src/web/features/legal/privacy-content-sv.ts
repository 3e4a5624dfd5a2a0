import type { InfoPageContent } from "../../components/info-page.tsx";

// ADR 204: the Swedish of this page is a chunk of its own that only a Swedish page loads.
export const privacySwedish = {
  eyebrow: "Juridik",
  title: "Integritetspolicy",
  intro: [
    "Den här policyn förklarar vilka personuppgifter Nordic Shield samlar in när du använder vår webbplats och bokar våra tjänster, varför vi behöver dem, hur länge vi sparar dem och vilka rättigheter EU:s dataskyddsförordning (GDPR) ger dig.",
  ],
  updated: "Senast uppdaterad: 21 november 2026",
  sections: [
    {
      id: "introduction",
      heading: "1. Inledning",
      paragraphs: [
        "Att skydda människor är vårt yrke, och det gäller även deras uppgifter. Våra kunder berättar ofta var de bor, var de kommer att befinna sig och vem som reser med dem; vi behandlar sådana uppgifter som konfidentiell säkerhetsinformation, inte bara som personuppgifter.",
        "Policyn gäller webbplatsen, bokningstjänsten, ditt kundkonto och dina kontakter med vår support. Den gäller inte andras webbplatser som vi kan länka till.",
      ],
    },
    {
      id: "data-controller",
      heading: "2. Personuppgiftsansvarig",
      paragraphs: [
        "Personuppgiftsansvarig för dina uppgifter är den som driver Nordic Shield: {{registration}}.",
        "Frågor om policyn eller dina uppgifter skickas till {{email}}. Skriv ”Integritet” i ämnesraden så når meddelandet den som ansvarar för dataskydd.",
      ],
    },
    {
      id: "information-collected",
      heading: "3. Uppgifter vi samlar in",
      paragraphs: ["Vi samlar bara in det vi behöver för att planera och leverera ditt skydd:"],
      list: [
        "Kontouppgifter: din e-postadress, ett lösenord (som bara sparas som ett saltat hashvärde) och de verifieringskoder vi skickar.",
        "Profiluppgifter: ditt fullständiga namn, telefonnummer, gatuadress, ort, land, postnummer och, om du vill, en profilbild.",
        "Bokningsuppgifter: plats, datum, tider och tjänster du bokar, antal väktare, val som fordon eller klädstil, samt eventuella anteckningar.",
        "Nödkontakter (I.C.E.) som du lägger till: namn, telefonnummer och e-postadress.",
        "Identitetshandlingar du laddar upp för verifiering (pass, id-kort eller körkort). De är aldrig offentliga och ses bara av den personal som verifierar dem.",
        "Kortuppgifter i begränsad form: kortmärke, de fyra sista siffrorna, utgångsdatum och en anonym token från betalleverantören. Vi sparar aldrig hela kortnumret eller säkerhetskoden (CVV).",
        "Tekniska uppgifter: IP-adress, webbläsartyp och de sidor du begär, som sparas i våra serverloggar för att hålla tjänsten säker.",
      ],
      closing: [
        "När du söker efter en plats matchas texten mot vår egen kopia av ett öppet ortsregister på vår server; din position skickas inte till någon extern karttjänst.",
      ],
    },
    {
      id: "use",
      heading: "4. Hur vi använder uppgifterna",
      list: [
        "För att skapa och hantera ditt konto och verifiera din e-postadress (fullgörande av avtal, artikel 6.1 b GDPR).",
        "För att planera, bemanna, bekräfta och genomföra dina bokningar och kontakta dig och dina nödkontakter om dem (avtal, samt vårt berättigade intresse av din säkerhet, artikel 6.1 f).",
        "För att kontrollera din identitet när ett uppdrag kräver det (rättslig förpliktelse och berättigat intresse).",
        "För att ta betalt och spara räkenskapsinformation i sju år enligt bokföringslagen (1999:1078) (rättslig förpliktelse, artikel 6.1 c).",
        "För att hålla tjänsten säker, förebygga bedrägerier och utreda missbruk (berättigat intresse).",
        "För att besvara dina frågor till supporten (avtal och berättigat intresse).",
      ],
      closing: [
        "Vi delar bokningsuppgifter endast med den personal och, vid internationella uppdrag, det auktoriserade partnerföretag som utför ditt uppdrag, samt med leverantörer som driftar våra system och skickar vår e-post enligt personuppgiftsbiträdesavtal. Uppgifterna lagras inom EU/EES. Vi säljer aldrig dina uppgifter och använder dem inte för reklam.",
        "Konto- och profiluppgifter sparas så länge ditt konto finns och raderas när du tar bort kontot, utom boknings- och betalningsunderlag som lagen kräver att vi sparar. Identitetshandlingar raderas när du tar bort dem eller ditt konto.",
      ],
    },
    {
      id: "gdpr-rights",
      heading: "5. Dina rättigheter enligt GDPR",
      paragraphs: ["Du har följande rättigheter. Skriv till {{email}} för att använda dem; vi svarar inom en månad."],
      list: [
        "Tillgång: en kopia av de personuppgifter vi har om dig.",
        "Rättelse: att felaktiga eller ofullständiga uppgifter rättas. De flesta uppgifter kan du ändra direkt i ditt konto.",
        "Radering: att dina uppgifter raderas (”rätten att bli bortglömd”), utom det vi måste spara enligt lag. Du kan radera ditt konto i kontoöversikten när du inte har några kommande bokningar.",
        "Begränsning: att vi begränsar hur vi använder uppgifterna, till exempel medan vi kontrollerar en rättelse du begärt.",
        "Dataportabilitet: att få dina uppgifter i ett strukturerat, maskinläsbart format för att flytta dem till en annan leverantör.",
        "Invändning: att invända mot behandling som grundar sig på vårt berättigade intresse.",
        "Återkallelse av samtycke: där vi stödjer oss på ditt samtycke kan du när som helst återkalla det, utan att det påverkar tidigare behandling.",
      ],
      closing: [
        "Du kan också lämna klagomål till Integritetsskyddsmyndigheten (IMY) eller till tillsynsmyndigheten i det EU-land där du bor.",
      ],
    },
    {
      id: "security",
      heading: "6. Säkerhet",
      paragraphs: [
        "All trafik till webbplatsen är krypterad, lösenord sparas bara som saltade hashvärden, sessioner använder säkra cookies som skript inte kan läsa och åtkomst till kunduppgifter är begränsad till den personal som behöver dem för ett uppdrag. Identitetshandlingar lagras separat, kodas om för att ta bort dold metadata och publiceras aldrig. Vår säkerhetssida beskriver åtgärderna mer utförligt.",
      ],
    },
    {
      id: "contact",
      heading: "7. Kontakt",
      paragraphs: [
        "Kontakta oss på adressen nedan med frågor eller begäranden om integritet. Supporten svarar måndag–fredag 09–18, på engelska.",
      ],
      contact: "email-and-phone",
    },
  ],
} satisfies InfoPageContent;

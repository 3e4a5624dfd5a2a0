import type { InfoPageContent } from "../../components/info-page.tsx";

// ADR 204: the Swedish of this page is a chunk of its own that only a Swedish page loads.
export const securitySwedish = {
  eyebrow: "Trygghet och säkerhet",
  title: "Säkerhet",
  intro: [
    "Våra kunder anförtror oss sina hem, sina rörelser och sina familjer. Här förklarar vi hur vi skyddar de uppgifter du lämnar online, och hur du berättar för oss om du hittar en svaghet.",
  ],
  updated: "Senast uppdaterad: 21 november 2026",
  sections: [
    {
      id: "measures",
      heading: "Säkerhetsåtgärder",
      list: [
        "Varje anslutning till webbplatsen krypteras med TLS; webbläsare instrueras att aldrig rama in våra sidor eller läsa in skript från andra ursprung.",
        "Lösenord hashas med en långsam, saltad algoritm av ett väl underhållet autentiseringsbibliotek; vi sparar eller ser dem aldrig i klartext.",
        "Din session hålls i en cookie som skript inte kan läsa (HttpOnly) och som bara skickas till vår egen webbplats.",
        "Nya konton bekräftar e-postadressen med en fyrsiffrig engångskod som gäller i 10 minuter; upprepade felaktiga försök och förfrågningar begränsas.",
        "Tvåfaktorsautentisering med en autentiseringsapp finns för ditt konto.",
        "Inloggade sessioner avslutas efter 30 minuter utan aktivitet.",
      ],
    },
    {
      id: "payment-security",
      heading: "Betalningssäkerhet",
      paragraphs: [
        "Kortuppgifter omvandlas till en token av vår betalleverantör innan de når våra system. Vi sparar bara kortmärke, de fyra sista siffrorna, utgångsdatum och denna token. Hela kortnumret och säkerhetskoden (CVV) når aldrig vår databas, i enlighet med kortbranschens säkerhetsstandard (PCI DSS). Beloppet du betalar räknas alltid ut på vår server utifrån våra publicerade priser, aldrig utifrån webbläsaren.",
      ],
    },
    {
      id: "data-protection",
      heading: "Dataskydd",
      list: [
        "Personuppgifter lagras inom EU/EES och behandlas enligt GDPR; se vår integritetspolicy.",
        "Varje förfrågan om dina bokningar, din profil, dina kort eller kontakter kontrolleras mot ditt eget konto, så ingen kund kan se en annan kunds uppgifter.",
        "Identitetshandlingar kontrolleras utifrån innehållet, har en storleksgräns, kodas om för att ta bort dold metadata (som GPS-position) och görs aldrig offentliga.",
        "Platssökningar besvaras från vårt eget ortsregister, så din position skickas inte till någon extern kartleverantör.",
      ],
    },
    {
      id: "access-control",
      heading: "Behörighetskontroll",
      paragraphs: [
        "Personalen får tillgång till kunduppgifter enligt behovsprincipen: operatörer ser bara uppgifterna för sitt eget uppdrag och bara under dess gång. Administrativ åtkomst kräver tvåfaktorsautentisering och loggas. All personal har tystnadsplikt, och operatörerna har genomgått den säkerhetsprövning som lagen (1974:191) om bevakningsföretag kräver.",
      ],
    },
    {
      id: "incident-response",
      heading: "Incidenthantering",
      paragraphs: [
        "Vi följer en skriftlig incidentplan. Vid en personuppgiftsincident begränsar och utreder vi den, anmäler den till Integritetsskyddsmyndigheten (IMY) inom 72 timmar när GDPR kräver det och informerar de berörda utan onödigt dröjsmål, med tydliga råd om vad de bör göra. Fysiska säkerhetsincidenter under ett uppdrag hanteras av teamledaren och rapporteras till kunden och vid behov till polisen.",
      ],
    },
    {
      id: "compliance",
      heading: "Regelefterlevnad",
      list: [
        "Auktoriserat bevakningsföretag enligt lagen (1974:191) om bevakningsföretag, under tillsyn av länsstyrelsen.",
        "EU:s dataskyddsförordning (GDPR) och lagen (2018:218) med kompletterande bestämmelser till EU:s dataskyddsförordning.",
        "PCI DSS-principer för kortdata: inga fullständiga kortnummer eller säkerhetskoder sparas.",
        "Bokföringslagen (1999:1078) för arkivering av räkenskapsinformation.",
      ],
    },
    {
      id: "reporting-issues",
      heading: "Rapportera säkerhetsproblem",
      paragraphs: [
        "Om du tror att du har hittat en säkerhetsbrist på vår webbplats eller i våra tjänster, mejla {{email}} med ämnesraden ”Säkerhet”, en beskrivning av problemet och stegen för att återskapa det. Vi bekräftar rapporter inom en arbetsdag och håller dig informerad tills problemet är åtgärdat.",
        "Testa bara med ditt eget konto, läs eller ändra inte andras uppgifter, stör inte tjänsten och ge oss rimlig tid att åtgärda problemet innan du berättar om det. Vi vidtar inga rättsliga åtgärder mot den som rapporterar i god tro enligt dessa regler.",
      ],
      contact: "email",
    },
  ],
} satisfies InfoPageContent;

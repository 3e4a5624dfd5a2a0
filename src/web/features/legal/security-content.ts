import type { InfoPageContent } from "../../components/info-page.tsx";

// docs/product.md §2 "Static legal pages": the Security page covers measures, payment security, data
// protection, access control, incident response, compliance and reporting issues. Every measure
// named here is one the product really applies (ADR 062 payments, ADR 013 files, ADR 030 and 063 sign-in).

export const securityEnglish = {
  eyebrow: "Trust and safety",
  title: "Security",
  intro: [
    "Our clients trust us with their homes, their movements and their families. This page explains how we protect the information you give us online, and how to tell us if you find a weakness.",
  ],
  updated: "Last updated: 21 November 2026",
  sections: [
    {
      id: "measures",
      heading: "Security measures",
      list: [
        "Every connection to the site is encrypted with TLS; browsers are told never to frame our pages or load scripts from other origins.",
        "Passwords are hashed with a slow, salted algorithm by a maintained authentication library; we never store or see them in plain text.",
        "Your session is kept in a cookie that scripts cannot read (HttpOnly) and that is only sent to our own site.",
        "New accounts confirm their e-mail address with a single-use 4-digit code that expires after 10 minutes; repeated wrong attempts and requests are rate-limited.",
        "Two-factor authentication with an authenticator app is available for your account.",
        "Signed-in sessions end after 30 minutes without activity.",
      ],
    },
    {
      id: "payment-security",
      heading: "Payment security",
      paragraphs: [
        "Card details are turned into a token by our payment provider before they reach our systems. We keep only the card brand, the last four digits, the expiry date and that token. The full card number and the security code (CVV) never touch our database, in line with the Payment Card Industry Data Security Standard (PCI DSS). The total you pay is always calculated on our server from our published prices, never taken from the browser.",
      ],
    },
    {
      id: "data-protection",
      heading: "Data protection",
      list: [
        "Personal data is stored in the EU/EEA and processed under the GDPR; see our Privacy Policy.",
        "Every request for your bookings, profile, cards or contacts is checked against your own account, so no customer can see another customer's data.",
        "Identity documents are checked by their content, size-limited, re-encoded to strip hidden metadata (such as GPS position) and never made public.",
        "Place searches are answered from our own gazetteer, so your location is not sent to a third-party map provider.",
      ],
    },
    {
      id: "access-control",
      heading: "Access control",
      paragraphs: [
        "Staff access client information on a need-to-know basis: operatives see the details of their own assignment only, for its duration. Administrative access requires two-factor authentication and is logged. All staff are bound by confidentiality, and operatives have passed the security vetting required by the Swedish Act on Security Companies (1974:191).",
      ],
    },
    {
      id: "incident-response",
      heading: "Incident response",
      paragraphs: [
        "We follow a written incident plan. If a personal data breach occurs, we contain it, investigate it, notify the Swedish Authority for Privacy Protection (IMY) within 72 hours where the GDPR requires it, and inform the people affected without undue delay, with clear advice on what to do. Physical security incidents during an assignment are handled by the team leader and reported to the client and, where required, to the police.",
      ],
    },
    {
      id: "compliance",
      heading: "Compliance",
      list: [
        "Authorised security company under the Swedish Act on Security Companies (1974:191), supervised by the County Administrative Board (Länsstyrelsen).",
        "EU General Data Protection Regulation (GDPR) and the Swedish Data Protection Act (2018:218).",
        "PCI DSS principles for card data: no full card numbers or security codes stored.",
        "Swedish Bookkeeping Act (1999:1078) for the retention of accounting records.",
      ],
    },
    {
      id: "reporting-issues",
      heading: "Reporting security issues",
      paragraphs: [
        "If you believe you have found a security weakness in our website or services, please e-mail {{email}} with the subject “Security”, a description of the issue and the steps to reproduce it. We acknowledge reports within one working day and keep you informed until the issue is fixed.",
        "Please test only with your own account, do not access or change other people's data, do not disrupt the service, and give us reasonable time to fix the issue before you share it. We will not take legal action against anyone who reports in good faith under these rules.",
      ],
      contact: "email",
    },
  ],
} satisfies InfoPageContent;

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

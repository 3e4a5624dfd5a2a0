import type { InfoPageContent } from "../../components/info-page.tsx";

// docs/product.md §2 "Static legal pages": seven sections (introduction, data controller, information
// collected, use, GDPR rights, security, contact); the rights listed are access, rectification,
// erasure, restriction, portability, objection and withdrawing consent.

export const privacyEnglish = {
  eyebrow: "Legal",
  title: "Privacy Policy",
  intro: [
    "This policy explains which personal data Nordic Shield collects when you use our website and book our services, why we need it, how long we keep it and the rights the EU General Data Protection Regulation (GDPR) gives you.",
  ],
  updated: "Last updated: 21 November 2026",
  sections: [
    {
      id: "introduction",
      heading: "1. Introduction",
      paragraphs: [
        "Protecting people is our profession, and that includes protecting their information. Our clients often share where they live, where they will be and who travels with them; we treat that information as confidential security information, not only as personal data.",
        "This policy applies to the website, the booking service, your customer account and your contacts with our support. It does not apply to websites of others that we may link to.",
      ],
    },
    {
      id: "data-controller",
      heading: "2. Data controller",
      paragraphs: [
        "The data controller responsible for your personal data is the operator of Nordic Shield: {{registration}}.",
        "Questions about this policy or your data can be sent to {{email}}. Please mark the subject “Privacy” so that your message reaches the person responsible for data protection.",
      ],
    },
    {
      id: "information-collected",
      heading: "3. Information we collect",
      paragraphs: ["We collect only what we need to plan and deliver your protection:"],
      list: [
        "Account details: your e-mail address, a password (stored only as a salted hash) and the verification codes we send you.",
        "Profile details: your full name, phone number, postal address, city, country, postcode and, if you choose, a profile picture.",
        "Booking details: the location, dates, times and services you book, the number of guards, options such as vehicle or dress style, and any notes you give us.",
        "Emergency (I.C.E.) contacts you add: their name, phone number and e-mail address.",
        "Identity documents you upload for verification (passport, ID card or driving licence). These are never public and are only seen by the staff who verify them.",
        "Payment card details in limited form: card brand, last four digits, expiry date and an opaque token from the payment provider. We never store the full card number or the security code (CVV).",
        "Technical data: your IP address, browser type and the pages you request, kept in our server logs to keep the service secure.",
      ],
      closing: [
        "When you search for a place, the text you type is matched against our own copy of a public gazetteer on our server; your location is not sent to any third-party map service.",
      ],
    },
    {
      id: "use",
      heading: "4. How we use your information",
      list: [
        "To create and run your account and verify your e-mail address (performance of a contract, GDPR Article 6(1)(b)).",
        "To plan, staff, confirm and deliver your bookings, and to contact you and your emergency contacts about them (contract, and our legitimate interest in your safety, Article 6(1)(f)).",
        "To verify your identity where an assignment requires it (legal obligation and legitimate interest).",
        "To take payment and keep accounting records for seven years as the Swedish Bookkeeping Act (1999:1078) requires (legal obligation, Article 6(1)(c)).",
        "To keep the service secure, prevent fraud and investigate misuse (legitimate interest).",
        "To answer your questions to support (contract and legitimate interest).",
      ],
      closing: [
        "We share booking details only with the operatives and, for international assignments, the licensed partner company that carries out your assignment, and with suppliers that host our systems and send our e-mail under data processing agreements. Our data is stored in the EU/EEA. We never sell your data and we do not use it for advertising.",
        "We keep account and profile data while your account exists and delete it when you delete your account, except booking and payment records that the law requires us to keep. Identity documents are deleted when you remove them or your account.",
      ],
    },
    {
      id: "gdpr-rights",
      heading: "5. Your rights under the GDPR",
      paragraphs: ["You have the following rights. To use them, write to {{email}}; we answer within one month."],
      list: [
        "Access: a copy of the personal data we hold about you.",
        "Rectification: correction of inaccurate or incomplete data. Most details can be edited directly in your dashboard.",
        "Erasure: deletion of your data (“the right to be forgotten”), except what we must keep by law. You can delete your account from your dashboard when you have no upcoming bookings.",
        "Restriction: that we limit how we use your data, for example while we check a correction you asked for.",
        "Portability: your data in a structured, machine-readable format, to take to another provider.",
        "Objection: to object to processing based on our legitimate interests.",
        "Withdrawing consent: where we rely on your consent, you can withdraw it at any time without affecting earlier processing.",
      ],
      closing: [
        "You may also lodge a complaint with the Swedish Authority for Privacy Protection (Integritetsskyddsmyndigheten, IMY), or with the supervisory authority in the EU country where you live.",
      ],
    },
    {
      id: "security",
      heading: "6. Security",
      paragraphs: [
        "All traffic to the site is encrypted, passwords are stored only as salted hashes, sessions use secure cookies that scripts cannot read, and access to client data is limited to the staff who need it for an assignment. Identity documents are stored separately, re-encoded to remove hidden metadata and never published. Our Security page describes these measures in more detail.",
      ],
    },
    {
      id: "contact",
      heading: "7. Contact",
      paragraphs: [
        "For any privacy question or request, contact us at the address below. Support answers Monday–Friday, 09-18, in English.",
      ],
      contact: "email-and-phone",
    },
  ],
} satisfies InfoPageContent;

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
        "Bokningsuppgifter: plats, datum, tider och tjänster du bokar, antal vakter, val som fordon eller klädstil, samt eventuella anteckningar.",
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

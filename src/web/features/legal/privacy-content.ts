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

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

import type { InfoPageContent } from "../../components/info-page.tsx";

// docs/product.md §1: the About page has an intro, Our Vision, Our Team, Our Commitment and a closing tagline.

export const aboutEnglish = {
  eyebrow: "About Nordic Shield",
  title: "Discreet protection, arranged with Scandinavian precision",
  intro: [
    "Nordic Shield is a licensed security company based in Sweden that provides close protection, residential security, security drivers and event security for private clients, executives and their families across the European Union.",
    "We built a booking service for people who need qualified protection at short notice without a week of phone calls: you choose the place, the dates and the services, and a senior security consultant confirms a tailored plan within 24 hours.",
  ],
  highlights: [
    { title: "Licensed", body: "Authorised by Länsstyrelsen under the Act on Security Companies (1974:191)." },
    { title: "Within 24 hours", body: "Every booking reviewed and confirmed by a senior consultant." },
    { title: "Vetted operatives", body: "Background-checked, trained and insured for every assignment." },
    { title: "GDPR by default", body: "Client data kept in the EU, shared only on a need-to-know basis." },
  ],
  sections: [
    {
      id: "our-vision",
      heading: "Our Vision",
      paragraphs: [
        "Personal security should be as easy to arrange as a flight, and as trustworthy as a bank. Too often, private clients have to choose between large firms that answer slowly and freelancers whose licences and insurance cannot be checked.",
        "Our vision is a protection service that is transparent from the first click: published day rates, named and vetted operatives, a written plan before any assignment starts, and one consultant who stays with you from the first request to the last day of the assignment and the next booking after it.",
      ],
    },
    {
      id: "our-team",
      heading: "Our Team",
      paragraphs: [
        "Our operatives are security officers and close protection officers employed by, or contracted through, a security company authorised by the County Administrative Board (Länsstyrelsen) under the Swedish Act on Security Companies (1974:191). Each of them has passed the background check the Act requires, holds the training certificates for their role and is approved by Länsstyrelsen before working on an assignment.",
        "Many come from the Swedish Armed Forces, the police or diplomatic protection. On international assignments we work with partner companies that hold the equivalent licence in their own country, and we check that licence before every booking.",
      ],
      list: [
        "Close protection officers trained in threat assessment, route planning, first aid and de-escalation.",
        "Security drivers with advanced and defensive driving training, used to armoured and executive vehicles.",
        "Residential and event security teams experienced in access control, perimeter work and crowd safety.",
        "Senior consultants who plan each assignment and answer the client directly, in English.",
      ],
    },
    {
      id: "our-commitment",
      heading: "Our Commitment",
      paragraphs: ["Every booking follows the same promises, whether it is one guard for an evening or a team for a month."],
      list: [
        "A senior consultant reviews and confirms every booking within 24 hours, with a written protection plan and the profiles of the operatives assigned.",
        "Only licensed, vetted and insured staff. We do not subcontract to anyone whose authorisation we have not verified.",
        "Discretion as a rule: your plans, addresses and travel details are shared only with the people who need them for your protection.",
        "Transparent pricing per day and per guard, shown before you book, with no hidden surcharges.",
        "Your personal data is processed under the GDPR, stored in the EU and never sold.",
        "Continuity: when you book again, we offer the same team wherever possible.",
      ],
    },
  ],
  tagline: "Licensed. Discreet. Confirmed within 24 hours.",
} satisfies InfoPageContent;

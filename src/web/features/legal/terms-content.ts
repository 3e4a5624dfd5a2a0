import type { InfoPageContent } from "../../components/info-page.tsx";

// docs/product.md §2 "Static legal pages": Terms and Conditions are static text. The refund rule is docs/product.md §9
// (fully refundable until two days before the start date); the 24-hour confirmation is docs/product.md §1.
// The places gazetteer is GeoNames data under CC BY 4.0, which requires the attribution below.

export const termsEnglish = {
  eyebrow: "Legal",
  title: "Terms and Conditions",
  intro: [
    "These terms apply when you create an account on the Nordic Shield website and book our security services. Please read them before you book; by confirming a booking you accept them.",
  ],
  updated: "Last updated: 21 November 2026",
  sections: [
    {
      id: "about-us",
      heading: "1. Who we are",
      paragraphs: [
        "The services are provided by {{registration}}. We are a security company authorised by the County Administrative Board (Länsstyrelsen) under the Swedish Act on Security Companies (1974:191). Outside Sweden, assignments are carried out together with partner companies that hold the licence required in that country.",
      ],
    },
    {
      id: "services",
      heading: "2. Our services",
      paragraphs: [
        "We provide residential protection, security drivers, going-out security, bodyguards and event and party security, as described on our service pages. Our operatives act within the powers that the law of the country gives private security staff: they are not police officers, and they carry no weapons unless the law allows it and we have agreed it with you in writing.",
      ],
    },
    {
      id: "account",
      heading: "3. Your account",
      list: [
        "You must be at least 18 years old and able to enter into a binding contract.",
        "The details you give us must be true and complete; your safety plan depends on them.",
        "Keep your password to yourself. Tell us at once if you think someone else has used your account.",
        "We may suspend an account that is used for unlawful purposes or to mislead us.",
      ],
    },
    {
      id: "bookings",
      heading: "4. Bookings and confirmation",
      paragraphs: [
        "When you press Book now, your booking is recorded with the status pending and we send you a confirmation e-mail of your request. A senior consultant reviews every booking and confirms it within 24 hours with a protection plan and the operatives assigned. The contract is formed when we confirm the booking.",
        "We may decline a booking, for example if it cannot be carried out lawfully or safely, or if we cannot staff it with licensed operatives. If we decline, you pay nothing and any amount already paid is refunded in full.",
      ],
    },
    {
      id: "prices",
      heading: "5. Prices and payment",
      paragraphs: [
        "Prices are in euro, per day and per guard, and include VAT where it applies. The total for your selection is shown before you book and is the amount you pay; options you choose, such as extra hours, night work or a vehicle, are included in that total. Card payments are handled by our payment provider; we never receive or store your full card number or security code.",
      ],
    },
    {
      id: "cancellation",
      heading: "6. Cancellation and refunds",
      list: [
        "You can cancel free of charge, with a full refund, until two days before the start date of the booking.",
        "Later than that the booking is non-refundable, because the operatives have been reserved for you and cannot take other assignments.",
        "If we cancel or cannot deliver a confirmed booking, you receive a full refund for the days not delivered.",
      ],
      closing: [
        "If you are a consumer, you also keep the rights that the Swedish Distance and Off-Premises Contracts Act (2005:59) gives you. If you ask us to start an assignment within the 14-day withdrawal period, you pay for the part already performed.",
      ],
    },
    {
      id: "responsibilities",
      heading: "7. Your responsibilities",
      list: [
        "Tell us about any known threat, medical need or special circumstance that matters for your protection.",
        "Follow the reasonable safety instructions of your team leader during the assignment.",
        "Do not ask operatives to do anything unlawful; they will refuse, and the assignment may end without a refund.",
      ],
    },
    {
      id: "liability",
      heading: "8. Liability",
      paragraphs: [
        "We carry liability insurance for our assignments. We are responsible for damage caused by our negligence or that of our operatives. We are not responsible for losses we could not reasonably foresee or for events beyond our control. Nothing in these terms limits your rights under mandatory consumer law.",
      ],
    },
    {
      id: "complaints",
      heading: "9. Complaints and disputes",
      paragraphs: [
        "If something was not as agreed, contact {{email}} as soon as possible; a senior consultant answers within 24 hours on working days. Swedish law applies. If we cannot agree and you are a consumer, you can turn to the National Board for Consumer Disputes (Allmänna reklamationsnämnden, ARN), or to the courts of the country where you live.",
      ],
      contact: "email-and-phone",
    },
    {
      id: "changes",
      heading: "10. Changes to these terms",
      paragraphs: [
        "We may update these terms. The version shown when you book applies to that booking. We tell account holders about important changes by e-mail before they take effect.",
      ],
    },
    {
      id: "attribution",
      heading: "11. Attribution",
      paragraphs: [
        "Place names and coordinates in the location search come from GeoNames (geonames.org), used under the Creative Commons Attribution 4.0 licence (CC BY 4.0). The data is served from our own server and has been filtered to cities; GeoNames does not endorse this service.",
      ],
    },
  ],
} satisfies InfoPageContent;

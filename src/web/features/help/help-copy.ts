import { registerTranslations } from "../../lib/i18n.ts";

// docs/product.md §2 help page copy (English and Swedish). The ten questions are the ones clients actually
// ask before booking protection; the refund rule is docs/product.md §9 (fully refundable until 2 days before
// the start), the reply time docs/product.md §1/§9 (a senior consultant within 24 hours).
export const helpEnglish = {
  meta: {
    title: "Get help — Nordic Shield",
    description: "Answers about licensing, vetting, cancellations, payment and data protection, and how to reach our support team.",
  },
  title: "Get help",
  lead: "Answers to the questions clients ask most before booking protection. Can't find yours? Our team is a call or an e-mail away.",
  searchLabel: "Search the questions",
  placeholder: "How can we help?",
  clear: "Clear search",
  suggestions: "Matching questions",
  noMatches: "No matching questions. Try another word, or contact us below.",
  matchCount_one: "{{count}} matching question. Use the up and down arrows to choose.",
  matchCount_other: "{{count}} matching questions. Use the up and down arrows to choose.",
  faqTitle: "Frequently asked questions",
  faq: {
    items: [
      {
        question: "How quickly will my booking be confirmed?",
        answer:
          "Every request is reviewed by a senior consultant, who responds within 24 hours with a tailored protection plan, the profiles of the officers assigned to you and the confirmed price. Your booking shows as pending until then.",
      },
      {
        question: "Is Nordic Shield a licensed security company?",
        answer:
          "Yes. We are a security company authorised under Swedish law and supervised by the County Administrative Board. Our registration and licence details are shown at the foot of every page.",
      },
      {
        question: "How are your officers vetted?",
        answer:
          "Every officer is approved for security work by the authorities after a background check, holds certified security or close-protection training, and is interviewed and reference-checked by us before their first assignment. Training in first aid and conflict management is refreshed every year.",
      },
      {
        question: "Are your guards armed?",
        answer:
          "No. In Sweden private security officers and bodyguards work unarmed; the law does not allow them to carry firearms. Protection comes from route planning, trained judgement, de-escalation and first aid. Outside Sweden we follow local law, and your consultant explains what applies.",
      },
      {
        question: "What is your cancellation and refund policy?",
        answer:
          "A booking is fully refundable when you cancel more than 2 days before the start date. From 2 days before the start it is non-refundable, because the team has been assigned and other work turned down. The booking page shows which rule applies before you book.",
      },
      {
        question: "How do I pay, and is my card safe?",
        answer:
          "Prices are in euros and shown per day before you book; the total covers every selected service for every day. You pay by card. Card details are tokenised by our payment provider: we keep only the brand, the last four digits and the expiry date, never the full number or the security code.",
      },
      {
        question: "How do you protect my personal data?",
        answer:
          "We process your data under the GDPR and store it within the EU. Your location is never sent to third parties, identity documents are never public, and you can ask to see, correct or delete your data at any time. The Privacy Policy explains the details.",
      },
      {
        question: "Can I change a booking after it is made?",
        answer:
          "Yes. Contact us by phone or e-mail with the booking details and the change you need: dates, location, number of officers or services. Your consultant confirms availability and any price difference before anything changes.",
      },
      {
        question: "Where do you provide protection?",
        answer:
          "Throughout Sweden and the rest of the European Union, and internationally on request. Type any city in the booking box; for destinations outside the EU your consultant plans the assignment with licensed local partners.",
      },
      {
        question: "What should I do in an emergency?",
        answer:
          "If you or anyone else is in immediate danger, call 112, the emergency number throughout the EU. Our booking service and support line are not emergency services. During an assignment, your officers and your consultant are your direct contacts.",
      },
    ],
  },
  contact: {
    title: "Contact us",
    lead: "Prefer to talk it through? Our support team answers questions about bookings, services and your account.",
    phone: "Phone",
    email: "E-mail",
    hours: "Monday–Friday, 09-18",
    language: "Only in English",
  },
};

registerTranslations("help", { en: helpEnglish, sv: () => import("./help-sv.ts").then((module) => module.helpSwedish) });

export const helpNamespace = "help";

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    help: typeof helpEnglish;
  }
}

import { affiliateValidationMessages, validationTexts, type ValidationTexts } from "../../../shared/validation-messages.ts";
import type { InfoPageContent } from "../../components/info-page.tsx";

// The footer's Affiliate/Ambassador column (docs/product.md §2: "how it works, sign up; no page shown") needs
// a real page. {{commission}} comes from affiliate-terms.ts.

export type AffiliateFormCopy = {
  heading: string;
  applyNow: string;
  lead: string;
  fullName: string;
  email: string;
  audience: string;
  audienceOptions: Record<"concierge" | "travel" | "events" | "real_estate" | "other", string>;
  message: string;
  messageHint: string;
  optional: string;
  submit: string;
  submitting: string;
  privacyNote: string;
  successTitle: string;
  successBody: string;
  sendAnother: string;
  failed: string;
};

/**
 * `validation` holds the texts of the shared schema's messages, which are translation keys (ADR
 * 027); the English is the server's, from src/shared/validation-messages.ts.
 */
export type AffiliateCopy = {
  page: InfoPageContent;
  form: AffiliateFormCopy;
  validation: ValidationTexts<typeof affiliateValidationMessages>;
};

export const affiliateEnglish = {
  page: {
    eyebrow: "Affiliate and ambassador programme",
    title: "Recommend protection you can vouch for",
    intro: [
      "Our ambassadors are professionals whose clients sometimes need discreet, licensed security: hotel concierges, travel agents, event planners and estate agents. When you introduce a client who books with us, you earn a commission, and your client gets a team confirmed within 24 hours.",
    ],
    sections: [
      {
        id: "who-it-is-for",
        heading: "Who it is for",
        list: [
          "Hotel and private concierges whose guests ask for a driver, a bodyguard or security for an evening out.",
          "Travel agents and travel managers who arrange trips for executives, families and public figures.",
          "Event and wedding planners who need a reliable security partner for guests, hosts and venues.",
          "Estate agents and property managers working with high-value homes, viewings and short-term lets.",
        ],
        closing: [
          "You do not need a security background. You need clients who value discretion, and the judgement to know when to mention us.",
        ],
      },
      {
        id: "how-referrals-work",
        heading: "How referrals work",
        list: [
          "Once approved, you receive a personal referral code and a short introduction you can forward to clients.",
          "Your client books online as usual and enters your code, or you introduce them to us by e-mail, with their permission.",
          "A senior consultant takes over from there: planning, staffing and confirmation within 24 hours. You are never responsible for the assignment.",
          "For discretion, we tell you only that a referred booking was completed and what it was worth, never where or when it took place.",
        ],
      },
      {
        id: "commission",
        heading: "Commission in plain terms",
        list: [
          "You earn {{commission}} of the price of every completed booking made by a client you referred, excluding VAT.",
          "This applies to every booking that client makes in the 12 months after their first one.",
          "A booking counts once it has been delivered and paid; cancelled and refunded bookings earn nothing.",
          "We send a statement and pay by bank transfer each month, with no fees and no minimum volume.",
        ],
      },
      {
        id: "how-to-apply",
        heading: "How to apply",
        paragraphs: [
          "Fill in the form below. A partner manager replies within two working days, usually with a short call to understand your clients. If we are a good fit, you sign a one-page ambassador agreement and receive your referral code the same day. Questions first? Write to {{email}}.",
        ],
      },
    ],
  },
  form: {
    heading: "Apply to become an ambassador",
    applyNow: "Apply now",
    lead: "Tell us who you are and who your clients are. It takes a minute and commits you to nothing.",
    fullName: "Full name",
    email: "E-mail",
    audience: "What describes you best?",
    audienceOptions: {
      concierge: "Concierge (hotel or private)",
      travel: "Travel agent or travel manager",
      events: "Event or wedding planner",
      real_estate: "Estate agent or property manager",
      other: "Something else",
    },
    message: "About you and your clients",
    messageHint: "For example your company, city and the kind of clients you work with.",
    optional: "optional",
    submit: "Send application",
    submitting: "Sending…",
    privacyNote: "We use these details only to answer your application; see our Privacy Policy.",
    successTitle: "Thank you, we have your application",
    successBody: "A partner manager will reply to {{email}} within two working days.",
    sendAnother: "Send another application",
    failed: "Your application could not be sent",
  },
  validation: validationTexts(affiliateValidationMessages),
} satisfies AffiliateCopy;

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

export const affiliateSwedish: AffiliateCopy = {
  page: {
    eyebrow: "Partner- och ambassadörsprogram",
    title: "Rekommendera skydd du kan gå i god för",
    intro: [
      "Våra ambassadörer är yrkespersoner vars kunder ibland behöver diskret, auktoriserad säkerhet: hotellconcierger, resebyråer, evenemangsplanerare och fastighetsmäklare. När du introducerar en kund som bokar hos oss får du provision, och din kund får ett team bekräftat inom 24 timmar.",
    ],
    sections: [
      {
        id: "who-it-is-for",
        heading: "För vem",
        list: [
          "Hotell- och privatconcierger vars gäster frågar efter chaufför, livvakt eller säkerhet under en utekväll.",
          "Resebyråer och resesamordnare som planerar resor för företagsledare, familjer och offentliga personer.",
          "Evenemangs- och bröllopsplanerare som behöver en pålitlig säkerhetspartner för gäster, värdar och lokaler.",
          "Fastighetsmäklare och förvaltare som arbetar med exklusiva bostäder, visningar och korttidsuthyrning.",
        ],
        closing: [
          "Du behöver ingen bakgrund inom säkerhet. Du behöver kunder som värdesätter diskretion och omdöme att veta när du ska nämna oss.",
        ],
      },
      {
        id: "how-referrals-work",
        heading: "Så fungerar rekommendationer",
        list: [
          "När du har godkänts får du en personlig rekommendationskod och en kort presentation som du kan skicka vidare till kunder.",
          "Din kund bokar online som vanligt och anger din kod, eller så introducerar du kunden för oss via e-post, med kundens tillstånd.",
          "En senior konsult tar sedan över: planering, bemanning och bekräftelse inom 24 timmar. Du ansvarar aldrig för uppdraget.",
          "Av diskretionsskäl berättar vi bara att en rekommenderad bokning har genomförts och vad den var värd, aldrig var eller när den ägde rum.",
        ],
      },
      {
        id: "commission",
        heading: "Provisionen i klartext",
        list: [
          "Du får {{commission}} av priset för varje genomförd bokning som en kund du rekommenderat gör, exklusive moms.",
          "Det gäller alla bokningar kunden gör under 12 månader efter den första.",
          "En bokning räknas när den har levererats och betalats; avbokade och återbetalade bokningar ger ingen provision.",
          "Vi skickar en sammanställning och betalar via banköverföring varje månad, utan avgifter och utan lägsta volym.",
        ],
      },
      {
        id: "how-to-apply",
        heading: "Så ansöker du",
        paragraphs: [
          "Fyll i formuläret nedan. En partneransvarig svarar inom två arbetsdagar, oftast med ett kort samtal för att förstå dina kunder. Om vi passar varandra skriver du under ett ambassadörsavtal på en sida och får din rekommendationskod samma dag. Har du frågor först? Skriv till {{email}}.",
        ],
      },
    ],
  },
  form: {
    heading: "Ansök om att bli ambassadör",
    applyNow: "Ansök nu",
    lead: "Berätta vem du är och vilka dina kunder är. Det tar en minut och förpliktar dig till ingenting.",
    fullName: "Fullständigt namn",
    email: "E-post",
    audience: "Vad beskriver dig bäst?",
    audienceOptions: {
      concierge: "Concierge (hotell eller privat)",
      travel: "Resebyrå eller resesamordnare",
      events: "Evenemangs- eller bröllopsplanerare",
      real_estate: "Fastighetsmäklare eller förvaltare",
      other: "Något annat",
    },
    message: "Om dig och dina kunder",
    messageHint: "Till exempel ditt företag, din stad och vilka kunder du arbetar med.",
    optional: "valfritt",
    submit: "Skicka ansökan",
    submitting: "Skickar…",
    privacyNote: "Vi använder uppgifterna bara för att besvara din ansökan; se vår integritetspolicy.",
    successTitle: "Tack, vi har tagit emot din ansökan",
    successBody: "En partneransvarig svarar till {{email}} inom två arbetsdagar.",
    sendAnother: "Skicka en ny ansökan",
    failed: "Ansökan kunde inte skickas",
  },
  validation: {
    fullNameShort: "Namnet måste vara minst 3 tecken",
    nameLong: "Namnet får vara högst 120 tecken",
    emailInvalid: "Ange en giltig e-postadress",
    audienceRequired: "Välj det som beskriver dig bäst",
    messageLong: "Meddelandet får vara högst 2000 tecken",
    unsupportedCharacters: "Ta bort tecknen som inte stöds.",
  },
};

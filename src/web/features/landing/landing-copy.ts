import { registerTranslations } from "../../lib/i18n.ts";

// docs/product.md §1/§2 landing page copy, English and Swedish (ADR 003: registered by the page's own chunk).
const english = {
  meta: {
    title: "Nordic Shield — Private and VIP security, booked with confidence",
    description:
      "Book licensed, vetted bodyguards, security drivers and residential protection in Sweden, across Europe and internationally. A senior consultant confirms within 24 hours.",
  },
  hero: {
    eyebrow: "Licensed private & VIP security",
    title: "Discreet protection, arranged within 24 hours",
    lead: "Vetted close-protection officers, security drivers and residential guards for a night out, a state visit or a long stay. Tell us where and when; a senior consultant confirms your plan.",
    boxTitle: "Plan your protection",
    datesLabel: "When?",
    missingTitle: "Missing Information",
    missingBody: "Please select both dates and location before proceeding.",
    trust: ["Authorised security company", "Reply within 24 hours", "Fully refundable until 2 days before"],
  },
  services: {
    eyebrow: "Security services",
    title: "Protection shaped around your day",
    lead: "Five services, each staffed by licensed officers and planned by a senior consultant. Combine them in one booking.",
    readMoreAbout: "Read more about {{service}}",
    items: {
      residential:
        "Day, night or round-the-clock guards for your home, villa or rented residence, with access control and discreet perimeter checks.",
      driver: "A trained security driver in a premium vehicle: planned routes, secure pick-ups and a calm arrival wherever you are going.",
      goingOut: "An officer at your side for dinners, clubs and city evenings: unobtrusive, alert and ready to get you home safely.",
      bodyguard: "Personal close protection for public appearances, business travel and busy schedules, planned with advance route work.",
      event: "Entrance control, guest-list management and crowd awareness for private parties, launches and gala evenings.",
    },
  },
  why: {
    eyebrow: "Why Nordic Shield",
    title: "Trusted by people who cannot afford surprises",
    items: [
      {
        title: "Licensed and vetted",
        body: "We are an authorised security company. Every officer passes a background check and holds current security training.",
      },
      {
        title: "A senior consultant, not a call centre",
        body: "Each request is reviewed by an experienced consultant who replies within 24 hours with a tailored plan and operative profiles.",
      },
      {
        title: "Transparent euro pricing",
        body: "See the daily price for each service before you book. Multi-day bookings show the saving, and there are no hidden fees.",
      },
      {
        title: "Discretion by design",
        body: "Your location is never sent to third parties, your data stays in the EU, and identity documents are never public.",
      },
    ],
  },
  faq: {
    eyebrow: "Questions",
    title: "Frequently asked questions",
    more: "View More FAQs",
    items: [
      {
        question: "How quickly is my booking confirmed?",
        answer:
          "A senior consultant reviews every request and replies within 24 hours with your protection plan, the profiles of the assigned officers and the confirmed price.",
      },
      {
        question: "Are your officers licensed?",
        answer:
          "Yes. Nordic Shield is an authorised security company, and every officer is approved for security work after a background check and certified training.",
      },
      {
        question: "Can I cancel a booking?",
        answer:
          "Yes. A booking is fully refundable when you cancel more than 2 days before the start date. Closer to the start it is non-refundable, because the team has already been assigned.",
      },
      {
        question: "Do your guards carry weapons?",
        answer:
          "No. In Sweden private security officers work unarmed. Their protection comes from planning, trained judgement, de-escalation and first aid.",
      },
      {
        question: "Where do you operate?",
        answer:
          "Throughout Sweden and the rest of the EU, with international assignments on request. Enter any city in the booking box and we confirm availability.",
      },
    ],
  },
  testimonials: {
    eyebrow: "Client voices",
    title: "What our clients say",
    rated: "Rated {{rating}} out of 5",
    previous: "Previous testimonial",
    next: "Next testimonial",
    goTo: "Show testimonial {{number}} of {{total}}",
    region: "Testimonials",
    slide: "Testimonial {{number}} of {{total}}",
    items: [
      {
        quote:
          "The consultant called back within hours with a clear plan for our week in Stockholm. Our driver knew every route and never once made us feel watched.",
        author: "Caroline M., family office director",
      },
      {
        quote:
          "We booked event security for a private gala at short notice. Entrance control was flawless and our guests only noticed how smoothly the evening ran.",
        author: "Jonas L., event producer",
      },
      {
        quote:
          "Professional, calm and genuinely discreet. Having an officer with me on evenings out gave me the freedom to simply enjoy the city again.",
        author: "Sofia R., entrepreneur",
      },
    ],
  },
  closing: {
    title: "Ready to feel secured? We got your back.",
    body: "Choose your place and dates now; a senior consultant confirms your protection within 24 hours.",
  },
};

type LandingCopy = typeof english;

const swedish: LandingCopy = {
  meta: {
    title: "Nordic Shield — Privat- och VIP-säkerhet, tryggt bokad",
    description:
      "Boka licensierade och kontrollerade livvakter, säkerhetschaufförer och bostadsskydd i Sverige, Europa och internationellt. En senior konsult bekräftar inom 24 timmar.",
  },
  hero: {
    eyebrow: "Licensierad privat- och VIP-säkerhet",
    title: "Diskret skydd, ordnat inom 24 timmar",
    lead: "Kontrollerade livvakter, säkerhetschaufförer och bostadsvakter för en kväll ute, ett statsbesök eller en längre vistelse. Berätta var och när – en senior konsult bekräftar din plan.",
    boxTitle: "Planera ditt skydd",
    datesLabel: "När?",
    missingTitle: "Uppgifter saknas",
    missingBody: "Välj både datum och plats innan du fortsätter.",
    trust: ["Auktoriserat bevakningsföretag", "Svar inom 24 timmar", "Full återbetalning fram till 2 dagar före"],
  },
  services: {
    eyebrow: "Säkerhetstjänster",
    title: "Skydd som formas efter din dag",
    lead: "Fem tjänster, alla bemannade med licensierad personal och planerade av en senior konsult. Kombinera dem i en och samma bokning.",
    readMoreAbout: "Läs mer om {{service}}",
    items: {
      residential: "Vakter dag, natt eller dygnet runt för ditt hem, din villa eller hyrda bostad, med passerkontroll och diskret tillsyn.",
      driver: "En utbildad säkerhetschaufför i en premiumbil: planerade rutter, säkra upphämtningar och en lugn ankomst vart du än ska.",
      goingOut:
        "En skyddsperson vid din sida på middagar, klubbar och kvällar i stan – diskret, uppmärksam och redo att ta dig tryggt hem.",
      bodyguard: "Personskydd vid offentliga framträdanden, affärsresor och fullspäckade scheman, planerat med rekognoscering i förväg.",
      event: "Entrékontroll, gästlistehantering och publiköversikt för privata fester, lanseringar och galakvällar.",
    },
  },
  why: {
    eyebrow: "Varför Nordic Shield",
    title: "Anlitat av människor som inte har råd med överraskningar",
    items: [
      {
        title: "Licensierade och kontrollerade",
        body: "Vi är ett auktoriserat bevakningsföretag. Varje skyddsperson har genomgått bakgrundskontroll och har aktuell säkerhetsutbildning.",
      },
      {
        title: "En senior konsult, inte ett callcenter",
        body: "Varje förfrågan granskas av en erfaren konsult som svarar inom 24 timmar med en skräddarsydd plan och profiler på personalen.",
      },
      {
        title: "Tydliga priser i euro",
        body: "Se dagspriset för varje tjänst innan du bokar. Flerdagarsbokningar visar besparingen och det finns inga dolda avgifter.",
      },
      {
        title: "Diskretion i varje led",
        body: "Din plats skickas aldrig till tredje part, dina uppgifter stannar inom EU och identitetshandlingar är aldrig offentliga.",
      },
    ],
  },
  faq: {
    eyebrow: "Frågor",
    title: "Vanliga frågor",
    more: "Visa fler frågor",
    items: [
      {
        question: "Hur snabbt bekräftas min bokning?",
        answer:
          "En senior konsult granskar varje förfrågan och svarar inom 24 timmar med din skyddsplan, profiler på den personal som tilldelas och det bekräftade priset.",
      },
      {
        question: "Är er personal licensierad?",
        answer:
          "Ja. Nordic Shield är ett auktoriserat bevakningsföretag och all personal är godkänd för bevakningsarbete efter bakgrundskontroll och certifierad utbildning.",
      },
      {
        question: "Kan jag avboka?",
        answer:
          "Ja. En bokning återbetalas i sin helhet om du avbokar mer än 2 dagar före startdatum. Närmare starten kan den inte återbetalas, eftersom teamet redan är tillsatt.",
      },
      {
        question: "Bär era vakter vapen?",
        answer:
          "Nej. I Sverige arbetar privat säkerhetspersonal obeväpnad. Skyddet bygger på planering, tränat omdöme, konfliktnedtrappning och första hjälpen.",
      },
      {
        question: "Var är ni verksamma?",
        answer:
          "I hela Sverige och övriga EU, och internationellt på begäran. Skriv in valfri stad i bokningsrutan så bekräftar vi tillgängligheten.",
      },
    ],
  },
  testimonials: {
    eyebrow: "Våra kunder",
    title: "Det här säger våra kunder",
    rated: "Betyg {{rating}} av 5",
    previous: "Föregående omdöme",
    next: "Nästa omdöme",
    goTo: "Visa omdöme {{number}} av {{total}}",
    region: "Kundomdömen",
    slide: "Omdöme {{number}} av {{total}}",
    items: [
      {
        quote:
          "Konsulten ringde tillbaka inom några timmar med en tydlig plan för vår vecka i Stockholm. Chauffören kunde varje rutt och vi kände oss aldrig iakttagna.",
        author: "Caroline M., chef för ett family office",
      },
      {
        quote:
          "Vi bokade eventsäkerhet till en privat gala med kort varsel. Entrékontrollen var felfri och gästerna märkte bara hur smidigt kvällen flöt.",
        author: "Jonas L., eventproducent",
      },
      {
        quote: "Professionella, lugna och verkligt diskreta. Med en skyddsperson vid min sida på kvällarna kan jag åter njuta av staden.",
        author: "Sofia R., entreprenör",
      },
    ],
  },
  closing: {
    title: "Redo att känna dig trygg? Vi har din rygg.",
    body: "Välj plats och datum nu – en senior konsult bekräftar ditt skydd inom 24 timmar.",
  },
};

registerTranslations("landing", { en: english, sv: swedish });

export const landingNamespace = "landing";
/**
 * docs/product.md §1: the three static testimonials and their ratings out of 5, each written out in
 * both languages as the copy it is: the landing page's script budget (ADR 173) has no room for the
 * number formatter's chunk just to print three fixed figures.
 */
export const testimonialRatings = [
  { stars: 4.5, written: { en: "4.5", sv: "4,5" } },
  { stars: 5, written: { en: "5", sv: "5" } },
  { stars: 4.5, written: { en: "4.5", sv: "4,5" } },
] as const;

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    landing: typeof english;
  }
}

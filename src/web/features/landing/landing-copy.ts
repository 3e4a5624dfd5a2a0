import { registerTranslations } from "../../lib/i18n.ts";

// docs/product.md §1/§2 landing page copy, English and Swedish (ADR 003: registered by the page's own chunk).
export const english = {
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

registerTranslations("landing", { en: english, sv: () => import("./landing-sv.ts").then((module) => module.swedish) });

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

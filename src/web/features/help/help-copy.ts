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

type HelpCopy = typeof helpEnglish;

export const helpSwedish: HelpCopy = {
  meta: {
    title: "Få hjälp — Nordic Shield",
    description: "Svar om tillstånd, bakgrundskontroller, avbokning, betalning och dataskydd, och hur du når vår support.",
  },
  title: "Få hjälp",
  lead: "Svar på de frågor kunder oftast ställer innan de bokar skydd. Hittar du inte din fråga? Vårt team finns ett samtal eller ett mejl bort.",
  searchLabel: "Sök bland frågorna",
  placeholder: "Hur kan vi hjälpa dig?",
  clear: "Rensa sökningen",
  suggestions: "Matchande frågor",
  noMatches: "Inga matchande frågor. Prova ett annat ord eller kontakta oss nedan.",
  matchCount_one: "{{count}} matchande fråga. Välj med upp- och nedpilarna.",
  matchCount_other: "{{count}} matchande frågor. Välj med upp- och nedpilarna.",
  faqTitle: "Vanliga frågor",
  faq: {
    items: [
      {
        question: "Hur snabbt bekräftas min bokning?",
        answer:
          "Varje förfrågan granskas av en senior konsult, som svarar inom 24 timmar med en skräddarsydd skyddsplan, profiler på den personal som tilldelas dig och det bekräftade priset. Fram till dess visas bokningen som väntande.",
      },
      {
        question: "Är Nordic Shield ett auktoriserat bevakningsföretag?",
        answer:
          "Ja. Vi är ett bevakningsföretag auktoriserat enligt svensk lag och står under Länsstyrelsens tillsyn. Organisationsnummer och tillstånd visas längst ned på varje sida.",
      },
      {
        question: "Hur kontrolleras er personal?",
        answer:
          "All personal är godkänd för bevakningsarbete av myndigheterna efter bakgrundskontroll, har certifierad utbildning inom bevakning eller personskydd och intervjuas och referenskontrolleras av oss före första uppdraget. Utbildning i första hjälpen och konflikthantering förnyas varje år.",
      },
      {
        question: "Bär era vakter vapen?",
        answer:
          "Nej. I Sverige arbetar väktare och livvakter i privat tjänst obeväpnade; lagen tillåter inte att de bär skjutvapen. Skyddet bygger på ruttplanering, tränat omdöme, konfliktnedtrappning och första hjälpen. Utanför Sverige följer vi lokal lag, och din konsult förklarar vad som gäller.",
      },
      {
        question: "Vad gäller vid avbokning och återbetalning?",
        answer:
          "En bokning återbetalas i sin helhet om du avbokar mer än 2 dagar före startdatum. Från 2 dagar före start kan den inte återbetalas, eftersom teamet har tillsatts och andra uppdrag tackats nej till. Bokningssidan visar vilken regel som gäller innan du bokar.",
      },
      {
        question: "Hur betalar jag, och är mitt kort säkert?",
        answer:
          "Priserna anges i euro per dag innan du bokar; totalen omfattar varje vald tjänst för varje dag. Du betalar med kort. Kortuppgifterna tokeniseras av vår betalleverantör: vi sparar bara kortmärke, de fyra sista siffrorna och utgångsdatum, aldrig hela numret eller säkerhetskoden.",
      },
      {
        question: "Hur skyddar ni mina personuppgifter?",
        answer:
          "Vi behandlar dina uppgifter enligt GDPR och lagrar dem inom EU. Din plats skickas aldrig till tredje part, identitetshandlingar är aldrig offentliga och du kan när som helst be att få se, rätta eller radera dina uppgifter. Integritetspolicyn förklarar detaljerna.",
      },
      {
        question: "Kan jag ändra en bokning i efterhand?",
        answer:
          "Ja. Kontakta oss per telefon eller mejl med bokningsuppgifterna och vad du vill ändra: datum, plats, antal skyddspersoner eller tjänster. Din konsult bekräftar tillgänglighet och eventuell prisskillnad innan något ändras.",
      },
      {
        question: "Var erbjuder ni skydd?",
        answer:
          "I hela Sverige och övriga EU, och internationellt på begäran. Skriv in valfri stad i bokningsrutan; för resmål utanför EU planerar din konsult uppdraget tillsammans med licensierade lokala partner.",
      },
      {
        question: "Vad ska jag göra i en nödsituation?",
        answer:
          "Om du eller någon annan är i akut fara, ring 112, nödnumret i hela EU. Vår bokningstjänst och support är inte larmtjänster. Under ett uppdrag är din personal och din konsult dina direkta kontakter.",
      },
    ],
  },
  contact: {
    title: "Kontakta oss",
    lead: "Vill du hellre prata? Vårt supportteam svarar på frågor om bokningar, tjänster och ditt konto.",
    phone: "Telefon",
    email: "E-post",
    hours: "Måndag–fredag, 09-18",
    language: "Endast på engelska",
  },
};

registerTranslations("help", { en: helpEnglish, sv: helpSwedish });

export const helpNamespace = "help";

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    help: typeof helpEnglish;
  }
}

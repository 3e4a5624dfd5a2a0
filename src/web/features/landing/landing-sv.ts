import type { Catalogue } from "../../lib/i18n.ts";
import type { english } from "./landing-copy.ts";

// The landing page's Swedish, a chunk of its own that only a Swedish page loads (ADR 204).
export const swedish: Catalogue<typeof english> = {
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
      residential:
        "Väktare dag, natt eller dygnet runt för ditt hem, din villa eller hyrda bostad, med passerkontroll och diskret tillsyn.",
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
        question: "Bär era väktare vapen?",
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

import type { Catalogue } from "../../lib/i18n.ts";
import type { helpEnglish } from "./help-copy.ts";

// The help page's Swedish, a chunk of its own that only a Swedish page loads (ADR 204).
export const helpSwedish: Catalogue<typeof helpEnglish> = {
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
        question: "Bär era väktare vapen?",
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

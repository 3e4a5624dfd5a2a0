import type { Language } from "./languages.ts";
import type { ServiceSlug } from "./service-types.ts";

// The five services' short descriptions in every language of the site, written once (docs/product.md §3);
// seeded like their names (service-titles.ts) into `services` and `service_translations`.

export const serviceDescriptions: Readonly<Record<ServiceSlug, Readonly<Record<Language, string>>>> = {
  residential: {
    en: "Licensed guards posted at your home, villa or hotel residence: access control, perimeter rounds and a discreet presence for you and your household, day or night.",
    sv: "Auktoriserade väktare på plats i ditt hem, din villa eller hotellbostad: passerkontroll, ronder längs tomtgränsen och en diskret närvaro för dig och ditt hushåll, dag som natt.",
  },
  driver: {
    en: "A protection-trained driver who plans routes, reads traffic for threats and keeps the vehicle secure while you are inside. With or without an S-Class or V-Class car.",
    sv: "En skyddsutbildad chaufför som planerar rutten, läser av trafiken efter hot och håller bilen säkrad medan du är inne. Med eller utan bil i S-klass eller V-klass.",
  },
  bodyguard: {
    en: "Close protection by an experienced personal protection officer who advances your venues, manages crowds and keeps you moving safely through the day.",
    sv: "Personskydd av en erfaren livvakt som rekognoserar dina platser i förväg, hanterar folkmassor och ser till att du tar dig tryggt genom dagen.",
  },
  "going-out": {
    en: "An evening escort for dinners, clubs and late nights out: venue checks in advance, a calm presence at the door and a safe ride home at the end of the night.",
    sv: "Eskort för middagar, klubbar och sena kvällar: platserna kontrolleras i förväg, en lugn närvaro vid entrén och en trygg väg hem när kvällen är slut.",
  },
  event: {
    en: "A guard team for private parties, weddings and corporate events: guest-list control, entrance screening and protection for you and your guests from set-up to last car.",
    sv: "Ett vaktteam för privata fester, bröllop och företagsevent: gästlistekontroll, kontroll vid entrén och skydd för dig och dina gäster från uppbyggnad till sista bil.",
  },
};

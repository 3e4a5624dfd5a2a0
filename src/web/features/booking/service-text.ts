import type { CatalogueService } from "../../../shared/booking.ts";
import { siteCatalogue } from "../../../shared/catalogue.ts";
import { useTranslation } from "../../lib/i18n.ts";

// The catalogue's titles and descriptions are stored in English (the operator edits them in the
// services table); the five services of the site also read in Swedish on a Swedish page.
const swedish: Record<string, { title: string; description: string }> = {
  residential: {
    title: "VIP-bostadsskydd",
    description:
      "Auktoriserade väktare på plats i ditt hem, din villa eller hotellbostad: passerkontroll, ronder längs tomtgränsen och en diskret närvaro för dig och ditt hushåll, dag som natt.",
  },
  driver: {
    title: "VIP-säkerhetschaufför",
    description:
      "En skyddsutbildad chaufför som planerar rutten, läser av trafiken efter hot och håller bilen säkrad medan du är inne. Med eller utan bil i S-klass eller V-klass.",
  },
  bodyguard: {
    title: "VIP-livvakt",
    description:
      "Personskydd av en erfaren livvakt som rekognoserar dina platser i förväg, hanterar folkmassor och ser till att du tar dig tryggt genom dagen.",
  },
  "going-out": {
    title: "VIP-säkerhet för utekvällar",
    description:
      "Eskort för middagar, klubbar och sena kvällar: platserna kontrolleras i förväg, en lugn närvaro vid entrén och en trygg väg hem när kvällen är slut.",
  },
  event: {
    title: "VIP-säkerhet för evenemang och fester",
    description:
      "Ett vaktteam för privata fester, bröllop och företagsevent: gästlistekontroll, kontroll vid entrén och skydd för dig och dina gäster från uppbyggnad till sista bil.",
  },
};

/** The service's title and description in the page's language. */
export function useServiceText(service: Pick<CatalogueService, "slug" | "title" | "description">) {
  const { i18n } = useTranslation();
  return (i18n.language === "sv" && swedish[service.slug]) || { title: service.title, description: service.description };
}

/** A booked service's title in the given language: bookings keep the catalogue id and the English title. */
export function bookedServiceTitle(serviceId: string, title: string, language: string) {
  const slug = siteCatalogue.find((service) => service.id === serviceId)?.slug;
  return (language === "sv" && slug && swedish[slug]?.title) || title;
}

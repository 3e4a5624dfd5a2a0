import { siteCatalogue } from "../../../shared/catalogue.ts";
import { serviceTitles } from "../../../shared/service-titles.ts";
import { defaultLanguage, isLanguage } from "../../../shared/languages.ts";
import { isServiceSlug } from "../../../shared/service-types.ts";

// The catalogue's names come in the visitor's language from GET /api/services (migration 0006).
// A booking keeps the English name it was made with; the confirmation shows one of the site's
// services in the page's language from the same definition the catalogue is seeded from.

/** A booked service's title in the given language. */
export function bookedServiceTitle(serviceId: string, title: string, language: string) {
  const slug = siteCatalogue.find((service) => service.id === serviceId)?.slug;
  return isServiceSlug(slug) && isLanguage(language) && language !== defaultLanguage ? serviceTitles[slug][language] : title;
}

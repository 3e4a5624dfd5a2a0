import type { CatalogueService } from "../../../shared/booking.ts";
import { siteCatalogue } from "../../../shared/catalogue.ts";
import { serviceDescriptions } from "../../../shared/catalogue-texts.ts";
import { defaultLanguage, languages } from "../../../shared/languages.ts";
import { serviceTitles } from "../../../shared/service-titles.ts";
import { serviceSlugs } from "../../../shared/service-types.ts";
import type { ServicesTable, ServiceTranslationsTable } from "../schema.ts";

// The services table is seeded from the one catalogue in src/shared/catalogue.ts (docs/product.md §9 prices
// and multipliers). Prices are integer euro cents and option maps JSON text (ADR 120).

function toServiceRow(service: CatalogueService, sortOrder: number): ServicesTable {
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  return {
    id: service.id,
    slug: service.slug,
    title: service.title,
    description: service.description,
    type: service.type,
    base_price_cents: service.basePrice * 100,
    original_price_cents: service.originalPrice === null ? null : service.originalPrice * 100,
    price_unit: service.priceUnit,
    guard_multiplier: service.guardMultiplier ? 1 : 0,
    min_guards: service.minGuards,
    max_guards: service.maxGuards,
    duration_options: JSON.stringify(service.durationOptions),
    style_options: JSON.stringify(service.styleOptions),
    car_options: json(service.carOptions),
    car_prices: json(service.carPrices),
    time_of_day_prices: json(service.timeOfDayPrices),
    sort_order: sortOrder,
  };
}

export const serviceCatalogueSeed: ServicesTable[] = siteCatalogue.map((service, index) => toServiceRow(service, index + 1));

/** The catalogue's texts in the languages other than English (migration 0006, ADR 003). */
export const serviceTranslationSeed: ServiceTranslationsTable[] = siteCatalogue.flatMap((service) => {
  const slug = serviceSlugs.find((known) => known === service.slug);
  if (!slug) return [];
  return languages
    .filter((language) => language !== defaultLanguage)
    .map((language) => ({
      service_id: service.id,
      language,
      title: serviceTitles[slug][language],
      description: serviceDescriptions[slug][language],
    }));
});

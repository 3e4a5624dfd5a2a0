import type { CatalogueService, CarChoice, CarClass, TimeOfDay } from "../shared/booking.ts";
import { catalogueFallback, serviceTypeOrder, sortCatalogue } from "../shared/catalogue.ts";
import { catalogueFingerprint } from "../shared/catalogue-fingerprint.ts";
import { serviceDescriptions } from "../shared/catalogue-texts.ts";
import { defaultLanguage, type Language } from "../shared/languages.ts";
import { isServiceSlug } from "../shared/service-types.ts";
import { serviceTitles } from "../shared/service-titles.ts";
import type { Database } from "./db/database.ts";
import type { ServicesTable } from "./db/schema.ts";
import { serviceCatalogueSeed } from "./db/seed/service-catalogue.ts";

// The service catalogue as the pricing engine sees it, read by two features (the catalogue
// endpoint and booking creation), so it lives outside both (features never import each other).
// Texts are stored in English in `services` and in the other languages in `service_translations`
// (migration 0006); a service without a translation keeps its English text.

function parseJson<Value>(text: string | null, fallback: Value): Value {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as Value;
  } catch {
    return fallback;
  }
}

/** A services row in the API's shape: cents become whole euros, JSON columns become objects. */
export function toCatalogueService(row: ServicesTable): CatalogueService {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    type: row.type,
    basePrice: row.base_price_cents / 100,
    originalPrice: row.original_price_cents === null ? null : row.original_price_cents / 100,
    priceUnit: row.price_unit,
    guardMultiplier: Boolean(row.guard_multiplier),
    minGuards: row.min_guards,
    maxGuards: row.max_guards,
    durationOptions: parseJson<Record<string, number>>(row.duration_options, {}),
    styleOptions: parseJson<string[]>(row.style_options, []),
    carOptions: parseJson<Record<CarChoice, number> | null>(row.car_options, null),
    carPrices: parseJson<Record<CarClass, number> | null>(row.car_prices, null),
    timeOfDayPrices: parseJson<Record<TimeOfDay, number> | null>(row.time_of_day_prices, null),
  };
}

/**
 * The English catalogue as a freshly seeded database answers it (same rows, shape and order as
 * `readCatalogue`) and its fingerprint: what the build prerenders /secure-booking with (ADR 065).
 */
export async function seededCatalogue(): Promise<{ services: CatalogueService[]; fingerprint: string }> {
  const services = sortCatalogue(serviceCatalogueSeed.map(toCatalogueService));
  return { services, fingerprint: await catalogueFingerprint(services) };
}

/**
 * ADR 172: the load context the server renders /secure-booking with when the live catalogue is no
 * longer the one the build prerendered: the live English catalogue and its fingerprint.
 */
export type BookingPageRenderContext = { bookingCatalogue: { services: CatalogueService[]; fingerprint: string } };

/** The catalogue the booking page's loader renders: the live one passed by the server, else the seeded one. */
export async function bookingPageCatalogue(context: unknown): Promise<{ services: CatalogueService[]; fingerprint: string }> {
  const live = (context as Partial<BookingPageRenderContext> | undefined)?.bookingCatalogue;
  return live ?? seededCatalogue();
}

/** The fallback services in `language`, from the same texts the seed writes. */
function translatedFallback(language: Language): CatalogueService[] {
  if (language === defaultLanguage) return catalogueFallback;
  return catalogueFallback.map((service) =>
    isServiceSlug(service.slug)
      ? { ...service, title: serviceTitles[service.slug][language], description: serviceDescriptions[service.slug][language] }
      : service,
  );
}

/**
 * docs/product.md §7: services of the three known types, re-sorted residential, driver, outdoor (then the
 * catalogue's sort order); docs/product.md §3/§8: the fallback sample services when the table is empty.
 */
export async function readCatalogue(
  db: Database,
  language: Language = defaultLanguage,
): Promise<{ services: CatalogueService[]; source: "database" | "fallback" }> {
  const rows = await db
    .selectFrom("services")
    .selectAll("services")
    .where("type", "in", [...serviceTypeOrder])
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  if (rows.length === 0) return { services: translatedFallback(language), source: "fallback" };
  const translations =
    language === defaultLanguage
      ? []
      : await db
          .selectFrom("service_translations")
          .select(["service_id", "title", "description"])
          .where("language", "=", language)
          .execute();
  const byService = new Map(translations.map((translation) => [translation.service_id, translation]));
  const services = rows.map((row) => {
    const translation = byService.get(row.id);
    return toCatalogueService(translation ? { ...row, title: translation.title, description: translation.description } : row);
  });
  return { services: sortCatalogue(services), source: "database" };
}

// The catalogue changes only through migrations or a manual edit, while every booking and quote
// prices against it: a few seconds in memory saves a query per request (bench/booking.ts).
const cacheMilliseconds = 10_000;

/** The catalogue of one app's database in each language, kept in memory for a few seconds (built once, app.ts). */
export function createCatalogueCache(db: Database) {
  const entries = new Map<Language, { at: number; services: CatalogueService[] }>();
  // One digest per catalogue read, not per request: the cache hands out the same array for 10 s.
  const fingerprints = new WeakMap<CatalogueService[], Promise<string>>();
  return {
    async read(language: Language = defaultLanguage): Promise<CatalogueService[]> {
      const entry = entries.get(language);
      if (entry && performance.now() - entry.at < cacheMilliseconds) return entry.services;
      const { services } = await readCatalogue(db, language);
      entries.set(language, { at: performance.now(), services });
      return services;
    },
    /** The fingerprint of the catalogue in `language` (ADR 065: is the prerendered booking page current?). */
    async fingerprint(language: Language = defaultLanguage): Promise<string> {
      const services = await this.read(language);
      let fingerprint = fingerprints.get(services);
      if (!fingerprint) {
        fingerprint = catalogueFingerprint(services);
        fingerprints.set(services, fingerprint);
      }
      return fingerprint;
    },
    /** Drops the in-memory copies (after a catalogue edit, and in tests). */
    forget(): void {
      entries.clear();
    },
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;

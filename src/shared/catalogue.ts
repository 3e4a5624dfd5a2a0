import type { CarChoice, CarClass, CatalogueService, ServiceType, TimeOfDay } from "./booking.ts";
import { serviceDescriptions } from "./catalogue-texts.ts";
import { serviceTitles } from "./service-titles.ts";
import { serviceTypes, type ServiceSlug } from "./service-types.ts";

// docs/product.md §9 business constants for pricing, written once: the pricing engine, the database seed
// and the fallback catalogue all read them from here.

/** docs/product.md §9: duration multipliers (label → multiplier of the 12-hour day price). */
export const durationMultipliers: Record<string, number> = { "6h": 0.5, "12h": 1, "18h": 1.5, "24h": 2 };
/** docs/product.md §9: time-of-day multipliers. */
export const timeOfDayMultipliers: Record<TimeOfDay, number> = { day: 1, night: 1.2, day_night: 2 };
/** docs/product.md §9: car multipliers; they replace the time-of-day multiplier. */
export const carMultipliers: Record<CarChoice, number> = { with_car: 1.5, without_car: 1 };
/** docs/product.md §9: car class multipliers (only with a car). */
export const carClassMultipliers: Record<CarClass, number> = { "S-class": 1.5, "V-class": 1.3 };
/** docs/product.md §9: 'extra fee 500 for S-class or V-class' — whole euros per day, see ADR 050. */
export const carClassDailyFee = 500;
/** docs/product.md §9: styles offered (Strict is recognised for images only). */
export const serviceStyles = ["Casual", "Formal"];
/** docs/product.md §9: fallback price unit. */
export const defaultPriceUnit = "/DAY (12 hrs)";

/** docs/product.md §7: the client re-sorts services to residential, driver, outdoor. */
export const serviceTypeOrder: readonly ServiceType[] = serviceTypes;

/** Residential, driver, outdoor; within a type the given order (the catalogue's sort order) is kept. */
export function sortCatalogue<Service extends Pick<CatalogueService, "type">>(services: readonly Service[]): Service[] {
  return services
    .map((service, index) => ({ service, index }))
    .sort((a, b) => serviceTypeOrder.indexOf(a.service.type) - serviceTypeOrder.indexOf(b.service.type) || a.index - b.index)
    .map((entry) => entry.service);
}

type ServiceIdentity = Pick<CatalogueService, "id" | "slug" | "title" | "description">;

/** Id, slug and the English texts of one of the site's services (the stored default language). */
const identity = (slug: ServiceSlug): ServiceIdentity => ({
  id: `svc-${slug}`,
  slug,
  title: serviceTitles[slug].en,
  description: serviceDescriptions[slug].en,
});
type ServicePricing = Pick<CatalogueService, "type" | "basePrice"> & Partial<CatalogueService>;

/** docs/product.md §3 defaults: priced per guard, 1 to 10 guards, no earlier price (ADR 248), no options. */
function catalogueEntry(identity: ServiceIdentity, pricing: ServicePricing): CatalogueService {
  return {
    originalPrice: null,
    priceUnit: defaultPriceUnit,
    guardMultiplier: true,
    minGuards: 1,
    maxGuards: 10,
    durationOptions: {},
    styleOptions: [],
    carOptions: null,
    carPrices: null,
    timeOfDayPrices: null,
    ...identity,
    ...pricing,
  };
}

/** docs/product.md §9: the driver and the outdoor services (bodyguard, going out, events) offer durations and styles. */
const durationAndStyle = () => ({ durationOptions: { ...durationMultipliers }, styleOptions: [...serviceStyles] });
const outdoor = (): ServicePricing => ({ type: "vip_outdoor", basePrice: 199, ...durationAndStyle() });

/** The five services of the site (docs/product.md §1) mapped to the three types of §3; the database is seeded from it. */
export const siteCatalogue: CatalogueService[] = [
  catalogueEntry(identity("residential"), { type: "vip_residential", basePrice: 499, timeOfDayPrices: { ...timeOfDayMultipliers } }),
  catalogueEntry(identity("driver"), {
    type: "vip_driver",
    basePrice: 199,
    ...durationAndStyle(),
    carOptions: { ...carMultipliers },
    carPrices: { ...carClassMultipliers },
  }),
  catalogueEntry(identity("bodyguard"), outdoor()),
  catalogueEntry(identity("going-out"), outdoor()),
  catalogueEntry(identity("event"), outdoor()),
];

/**
 * docs/product.md §3 and §8: 'Fallback sample services exist when the table is empty' — one per type:
 * residential 499, driver 199, outdoor 199 euros per day (docs/product.md §9).
 */
export const catalogueFallback: CatalogueService[] = serviceTypeOrder.map((type) => {
  const service = siteCatalogue.find((entry) => entry.type === type);
  if (!service) throw new Error(`siteCatalogue has no ${type} service`);
  return service;
});

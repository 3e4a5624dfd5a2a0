import type { CarChoice, CarClass, CatalogueService, ServiceType, TimeOfDay } from "./booking.ts";

// SPEC §9 business constants for pricing, written once: the pricing engine, the database seed
// and the fallback catalogue all read them from here.

/** SPEC §9: duration multipliers (label → multiplier of the 12-hour day price). */
export const durationMultipliers: Record<string, number> = { "6h": 0.5, "12h": 1, "18h": 1.5, "24h": 2 };
/** SPEC §9: time-of-day multipliers. */
export const timeOfDayMultipliers: Record<TimeOfDay, number> = { day: 1, night: 1.2, day_night: 2 };
/** SPEC §9: car multipliers; they replace the time-of-day multiplier. */
export const carMultipliers: Record<CarChoice, number> = { with_car: 1.5, without_car: 1 };
/** SPEC §9: car class multipliers (only with a car). */
export const carClassMultipliers: Record<CarClass, number> = { "S-class": 1.5, "V-class": 1.3 };
/** SPEC §9: 'extra fee 500 for S-class or V-class' — whole euros per day, see ADR 050. */
export const carClassDailyFee = 500;
/** SPEC §9: the original price defaults to base × 1.17. */
export const originalPriceFactor = 1.17;
/** SPEC §9: styles offered (Strict is recognised for images only). */
export const serviceStyles = ["Casual", "Formal"];
/** SPEC §9: fallback price unit. */
export const defaultPriceUnit = "/DAY (12 hrs)";

/** SPEC §7: the client re-sorts services to residential, driver, outdoor. */
export const serviceTypeOrder: readonly ServiceType[] = ["vip_residential", "vip_driver", "vip_outdoor"];

/** Residential, driver, outdoor; within a type the given order (the catalogue's sort order) is kept. */
export function sortCatalogue<Service extends Pick<CatalogueService, "type">>(services: readonly Service[]): Service[] {
  return services
    .map((service, index) => ({ service, index }))
    .sort((a, b) => serviceTypeOrder.indexOf(a.service.type) - serviceTypeOrder.indexOf(b.service.type) || a.index - b.index)
    .map((entry) => entry.service);
}

type ServiceIdentity = Pick<CatalogueService, "id" | "slug" | "title" | "description">;
type ServicePricing = Pick<CatalogueService, "type" | "basePrice"> & Partial<CatalogueService>;

/** SPEC §3 defaults: priced per guard, 1 to 10 guards, original price derived (base × 1.17), no options. */
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

/** SPEC §9: the driver and the outdoor services (bodyguard, going out, events) offer durations and styles. */
const durationAndStyle = () => ({ durationOptions: { ...durationMultipliers }, styleOptions: [...serviceStyles] });
const outdoor = (): ServicePricing => ({ type: "vip_outdoor", basePrice: 199, ...durationAndStyle() });

/** The five services of the site (SPEC §1) mapped to the three types of §3; the database is seeded from it. */
export const siteCatalogue: CatalogueService[] = [
  catalogueEntry(
    {
      id: "svc-residential",
      slug: "residential",
      title: "VIP Residential Protection",
      description:
        "Licensed guards posted at your home, villa or hotel residence: access control, perimeter rounds and a discreet presence for you and your household, day or night.",
    },
    { type: "vip_residential", basePrice: 499, timeOfDayPrices: { ...timeOfDayMultipliers } },
  ),
  catalogueEntry(
    {
      id: "svc-driver",
      slug: "driver",
      title: "VIP Security Driver",
      description:
        "A protection-trained driver who plans routes, reads traffic for threats and keeps the vehicle secure while you are inside. With or without an S-Class or V-Class car.",
    },
    { type: "vip_driver", basePrice: 199, ...durationAndStyle(), carOptions: { ...carMultipliers }, carPrices: { ...carClassMultipliers } },
  ),
  catalogueEntry(
    {
      id: "svc-bodyguard",
      slug: "bodyguard",
      title: "VIP Bodyguard",
      description:
        "Close protection by an experienced personal protection officer who advances your venues, manages crowds and keeps you moving safely through the day.",
    },
    outdoor(),
  ),
  catalogueEntry(
    {
      id: "svc-going-out",
      slug: "going-out",
      title: "VIP Going Out Security",
      description:
        "An evening escort for dinners, clubs and late nights out: venue checks in advance, a calm presence at the door and a safe ride home at the end of the night.",
    },
    outdoor(),
  ),
  catalogueEntry(
    {
      id: "svc-event",
      slug: "event",
      title: "VIP Event and Party Security",
      description:
        "A guard team for private parties, weddings and corporate events: guest-list control, entrance screening and protection for you and your guests from set-up to last car.",
    },
    outdoor(),
  ),
];

/**
 * SPEC §3 and §8: 'Fallback sample services exist when the table is empty' — one per type:
 * residential 499, driver 199, outdoor 199 euros per day (SPEC §9).
 */
export const catalogueFallback: CatalogueService[] = serviceTypeOrder.map((type) => {
  const service = siteCatalogue.find((entry) => entry.type === type);
  if (!service) throw new Error(`siteCatalogue has no ${type} service`);
  return service;
});

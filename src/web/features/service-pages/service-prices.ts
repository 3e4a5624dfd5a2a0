import {
  catalogueFallback,
  carClassDailyFee,
  carClassMultipliers,
  carMultipliers,
  durationMultipliers,
  timeOfDayMultipliers,
} from "../../../shared/catalogue.ts";
import { centsFromEuros, formatMoney } from "../../../shared/money.ts";
import { formatNumber } from "../../../shared/numbers.ts";
import { serviceTypeBySlug, type ServiceSlug } from "../../../shared/service-types.ts";

export { isServiceSlug } from "../../../shared/service-types.ts";

// docs/product.md §9: residential from €499 per day, the other services from €199, per guard, for a 12-hour
// day. The figures come from the one place they are written (src/shared/catalogue.ts), so the
// service pages cannot drift from the booking page's prices.

/** Whole euros per guard and 12-hour day. */
export function startingPrice(slug: ServiceSlug): number {
  const service =
    catalogueFallback.find((entry) => entry.slug === slug) ?? catalogueFallback.find((entry) => entry.type === serviceTypeBySlug[slug]);
  if (!service) throw new Error(`No catalogue price for ${slug}`);
  return service.basePrice;
}

/** Whole euros through the product's one money formatter (src/shared/money.ts). */
export function formatEuros(amount: number, language: string): string {
  return formatMoney(centsFromEuros(amount), language);
}

/** The values the pricing copy interpolates, formatted for the language shown. */
export function pricingValues(slug: ServiceSlug, language: string): Record<string, string> {
  const number = { format: (value: number) => formatNumber(value, language) };
  return {
    price: formatEuros(startingPrice(slug), language),
    night: number.format(timeOfDayMultipliers.night),
    dayNight: number.format(timeOfDayMultipliers.day_night),
    withCar: number.format(carMultipliers.with_car),
    sClass: number.format(carClassMultipliers["S-class"]),
    vClass: number.format(carClassMultipliers["V-class"]),
    carFee: formatEuros(carClassDailyFee, language),
    short: number.format(durationMultipliers["6h"] ?? 0.5),
    long: number.format(durationMultipliers["18h"] ?? 1.5),
    full: number.format(durationMultipliers["24h"] ?? 2),
  };
}

import type { BookingLine, CarClass, CatalogueService, SelectedService, ServiceOptions, TimeOfDay } from "./booking.ts";
// From the zod-free module: the booking page prices its cards without loading zod (ADR 085).
import { maximumBookingDays } from "./booking-search.ts";
import { carClassDailyFee } from "./catalogue.ts";
import { centsFromEuros, standardVatRateBasisPoints, sumCents, vatOfInclusive } from "./money.ts";
import { addDays, dayMilliseconds, daysBetween, startOfDayInZone } from "./time.ts";

// The one pricing engine (docs/product.md §9), used live by /secure-booking and by the server when it
// creates a booking, so the page and the server agree by construction. The choices where the
// spec's formulas conflict are recorded in docs/decisions/050-pricing-rules.md.
// Every amount it answers is integer euro cents, VAT included (docs/money.md); the catalogue's
// prices are whole euros and the daily price is rounded to whole euros (docs/product.md §9), so a daily price
// is always a multiple of 100 cents.

/** docs/product.md §9: 'Fully refundable' until 2 days before the start. */
export const refundWindowDays = 2;
/** The duration used when a service offers durations and none is chosen (the 12-hour day of the price unit). */
export const defaultDuration = "12h";

/**
 * docs/product.md §9: 'Day count from a range: inclusive difference, minimum 1.' 21–23 March is 3 days;
 * no end, an unreadable end or an end before the start is 1 day.
 */
export function dayCountFromRange(start: string, end?: string): number {
  const difference = end ? daysBetween(start, end) : null;
  return difference === null ? 1 : Math.max(1, difference + 1);
}

/** Guards within the service's own range (docs/product.md §5: 1 to 10 by default), whole numbers only. */
export function clampGuards(service: Pick<CatalogueService, "minGuards" | "maxGuards">, guards: number): number {
  if (!Number.isFinite(guards)) return service.minGuards;
  return Math.min(service.maxGuards, Math.max(service.minGuards, Math.round(guards)));
}

function clampDays(days: number): number {
  if (!Number.isFinite(days)) return 1;
  return Math.min(maximumBookingDays, Math.max(1, Math.round(days)));
}

/** The options a service card starts with. */
export function defaultOptions(service: CatalogueService): ServiceOptions {
  const options: ServiceOptions = { guards: service.minGuards, days: 1 };
  if (service.timeOfDayPrices) options.timeOfDay = "day";
  const durations = Object.keys(service.durationOptions);
  if (durations.length > 0) options.duration = durations.includes(defaultDuration) ? defaultDuration : durations[0];
  if (service.styleOptions.length > 0) options.style = service.styleOptions[0];
  // ADR 050 addendum: no car and, once a car is chosen, no class until the visitor picks one.
  if (service.carOptions) options.car = "without_car";
  return options;
}

function durationMultiplier(service: CatalogueService, options: ServiceOptions): number {
  const durations = service.durationOptions;
  if (Object.keys(durations).length === 0) return 1;
  const chosen = options.duration ?? defaultDuration;
  return (Object.hasOwn(durations, chosen) ? durations[chosen] : durations[defaultDuration]) ?? 1;
}

/**
 * docs/product.md §9: the car multiplier replaces the time-of-day one. With a car, the class multiplier
 * applies and the class fee is added per day (ADR 050); the fee is returned separately because it
 * is not multiplied by guards or duration (one vehicle per service line).
 */
function conditionFactors(service: CatalogueService, options: ServiceOptions): { multiplier: number; dailyFee: number } {
  if (service.carOptions) {
    const car = options.car ?? "without_car";
    const carMultiplier = service.carOptions[car] ?? 1;
    if (car !== "with_car" || !options.carClass || !service.carPrices) return { multiplier: carMultiplier, dailyFee: 0 };
    const classMultiplier = service.carPrices[options.carClass] ?? 1;
    return { multiplier: carMultiplier * classMultiplier, dailyFee: carClassDailyFee };
  }
  if (service.timeOfDayPrices) {
    const timeOfDay: TimeOfDay = options.timeOfDay ?? "day";
    return { multiplier: service.timeOfDayPrices[timeOfDay] ?? 1, dailyFee: 0 };
  }
  return { multiplier: 1, dailyFee: 0 };
}

// docs/product.md §9 rounds daily prices to whole euros: cents to the nearest 100. Six decimals first so that
// 9949.999999 (binary floating point) rounds as the 9950 it means.
function roundToWholeEuros(cents: number): number {
  return Math.max(0, Math.round(Number((cents / 100).toFixed(6))) * 100);
}

function dailyPriceFromBase(baseCents: number, service: CatalogueService, options: ServiceOptions): number {
  const { multiplier, dailyFee } = conditionFactors(service, options);
  const guards = service.guardMultiplier ? clampGuards(service, options.guards) : 1;
  return roundToWholeEuros(baseCents * durationMultiplier(service, options) * multiplier * guards + centsFromEuros(dailyFee));
}

/**
 * docs/product.md §9: base × duration × (car or time-of-day) × guards, rounded to whole euros, per day, in
 * cents. Guards are held to the service's range.
 */
export function dailyPrice(service: CatalogueService, options: ServiceOptions): number {
  return dailyPriceFromBase(centsFromEuros(service.basePrice), service, options);
}

/**
 * What choosing `carClass` adds to the daily price of a car without a class (ADR 050 addendum):
 * the class multiplier's share plus the class fee. Shown on the class choice before it is picked.
 */
export function carClassSurcharge(service: CatalogueService, options: ServiceOptions, carClass: CarClass): number {
  const withoutClass: ServiceOptions = { ...options, car: "with_car" };
  delete withoutClass.carClass;
  return dailyPrice(service, { ...withoutClass, carClass }) - dailyPrice(service, withoutClass);
}

/** A service line's prices, in cents, VAT included (docs/money.md). */
export type ServicePrice = {
  /** Per day, guards included (whole euros). */
  dailyCents: number;
  /** daily × days (ADR 050: guards are inside the daily price, never multiplied again). */
  totalCents: number;
  /** The VAT part of the total (docs/money.md: computed per line). */
  vatCents: number;
};

/**
 * ADR 248: a line's price and nothing else. Every day costs the daily price, so there is no earlier
 * or struck-through price to announce a reduction against (Directive 98/6/EC art. 6a requires the
 * lowest price of the previous 30 days; Prisinformationslagen (2004:347) 7 a §).
 */
export function servicePrice(service: CatalogueService, options: ServiceOptions): ServicePrice {
  const daily = dailyPrice(service, options);
  const total = daily * clampDays(options.days);
  return { dailyCents: daily, totalCents: total, vatCents: vatOfInclusive(total, standardVatRateBasisPoints) };
}

/** ADR 050: the booking total is the sum of the line totals (daily × days each), in cents. */
export function bookingTotal(lines: { service: CatalogueService; options: ServiceOptions }[]): number {
  return sumCents(lines.map((line) => servicePrice(line.service, line.options).totalCents));
}

/**
 * docs/product.md §9: 'Fully refundable' if now is before the start date minus 2 days, else non-refundable.
 * The start day begins at midnight in the operator's time zone (ADR 050).
 */
export function refundNote(startDate: string, now: Date): "fully_refundable" | "non_refundable" {
  const start = startOfDayInZone(startDate);
  const deadline = start.getTime() - refundWindowDays * dayMilliseconds;
  return now.getTime() < deadline ? "fully_refundable" : "non_refundable";
}

/** The last moment the booking is fully refundable (start − 2 days), for mail and page copy. */
export function refundDeadline(startDate: string): Date {
  return new Date(startOfDayInZone(startDate).getTime() - refundWindowDays * dayMilliseconds);
}

/**
 * docs/product.md §4 and §9: the booking period. With an end date the days are the inclusive range and every
 * service line is priced for them; without one, the day count is the largest across the selected
 * services ('synchronised to the largest number') and the end is start + days − 1.
 */
export function bookingPeriod(
  startDate: string,
  endDate: string | undefined,
  services: readonly Pick<SelectedService, "options">[],
): { startDate: string; endDate: string; totalDays: number } {
  const totalDays = endDate
    ? Math.min(maximumBookingDays, dayCountFromRange(startDate, endDate))
    : clampDays(Math.max(1, ...services.map((line) => line.options.days)));
  return { startDate, endDate: addDays(startDate, totalDays - 1), totalDays };
}

/** A priced booking line (docs/money.md): the shape of booking_lines and of every API answer. */
export type QuoteLine = BookingLine;

/**
 * Prices a selection against the catalogue for `totalDays` (every line takes the booking's day
 * count). Unknown services are returned in `unknown` rather than priced.
 */
export function priceSelection(
  catalogue: readonly CatalogueService[],
  services: readonly SelectedService[],
  totalDays: number,
): { lines: QuoteLine[]; totalCents: number; vatCents: number; unknown: string[] } {
  const byId = new Map(catalogue.map((service) => [service.id, service]));
  const lines: QuoteLine[] = [];
  const unknown: string[] = [];
  for (const selected of services) {
    const service = byId.get(selected.serviceId);
    if (!service) {
      unknown.push(selected.serviceId);
      continue;
    }
    const options = { ...selected.options, days: totalDays };
    const price = servicePrice(service, options);
    lines.push({
      serviceId: service.id,
      serviceType: service.type,
      title: service.title,
      description: service.description,
      options,
      dailyPriceCents: price.dailyCents,
      totalCents: price.totalCents,
      vatCents: price.vatCents,
      vatRateBasisPoints: standardVatRateBasisPoints,
    });
  }
  // docs/money.md: totals are sums of lines.
  return {
    lines,
    totalCents: sumCents(lines.map((line) => line.totalCents)),
    vatCents: sumCents(lines.map((line) => line.vatCents)),
    unknown,
  };
}

/**
 * Options a service does not offer, keyed by option name with a plain-words message (docs/product.md §5).
 * Empty when the options fit the service.
 */
export function optionProblems(service: CatalogueService, options: ServiceOptions): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!Number.isInteger(options.guards) || options.guards < service.minGuards || options.guards > service.maxGuards) {
    problems.guards = `Choose between ${service.minGuards} and ${service.maxGuards} guards for ${service.title}.`;
  }
  if (options.timeOfDay !== undefined && !service.timeOfDayPrices) {
    problems.timeOfDay = `${service.title} has no time-of-day choice.`;
  }
  if (options.duration !== undefined && !Object.hasOwn(service.durationOptions, options.duration)) {
    problems.duration = `Choose one of the offered durations for ${service.title}.`;
  }
  if (options.style !== undefined && !service.styleOptions.includes(options.style)) {
    problems.style = `Choose one of the offered styles for ${service.title}.`;
  }
  if (options.car !== undefined && !service.carOptions) {
    problems.car = `${service.title} has no car option.`;
  }
  if (options.carClass !== undefined && (!service.carPrices || options.car !== "with_car")) {
    problems.carClass = "A car class can only be chosen together with a car.";
  }
  return problems;
}

/**
 * The problems of a request's service lines against the catalogue, keyed as the form's fields
 * (`services.<n>.serviceId`, `services.<n>.options.<option>`): a service not offered, one asked for
 * twice, and options it does not offer (docs/product.md §5). A booking and a series check the same way.
 */
export function serviceLineProblems(
  catalogue: readonly CatalogueService[],
  lines: readonly { serviceId: string; options: ServiceOptions }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  const byId = new Map(catalogue.map((service) => [service.id, service]));
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const service = byId.get(line.serviceId);
    if (!service) {
      fields[`services.${index}.serviceId`] = "This service is not available. Please choose another service.";
      return;
    }
    if (seen.has(line.serviceId)) fields[`services.${index}.serviceId`] = `${service.title} is already in this booking.`;
    seen.add(line.serviceId);
    for (const [option, message] of Object.entries(optionProblems(service, line.options))) {
      fields[`services.${index}.options.${option}`] = message;
    }
  });
  return fields;
}

/**
 * ADR 282: an occurrence of a series whose nights cross a change of the clocks lasts its real
 * hours, an hour more in October and an hour less in March, and is priced for them: each line's
 * total is its daily price × days scaled by real ÷ wall-clock minutes, rounded to whole euros
 * (docs/product.md §9); VAT per line and totals as sums of the lines (docs/money.md).
 */
export function priceForRealMinutes(
  priced: { lines: QuoteLine[] },
  realMinutes: number,
  wallClockMinutes: number,
): { lines: QuoteLine[]; totalCents: number; vatCents: number } {
  const ratio = wallClockMinutes > 0 ? realMinutes / wallClockMinutes : 1;
  const lines = priced.lines.map((line) => {
    const totalCents = ratio === 1 ? line.totalCents : roundToWholeEuros(line.totalCents * ratio);
    return { ...line, totalCents, vatCents: vatOfInclusive(totalCents, line.vatRateBasisPoints) };
  });
  return { lines, totalCents: sumCents(lines.map((line) => line.totalCents)), vatCents: sumCents(lines.map((line) => line.vatCents)) };
}

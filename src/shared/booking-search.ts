import { daysBetween, parseIsoDay } from "./time.ts";

// docs/product.md §3 'Booking search' and §5: the location and calendar days a booking starts from, and their
// rules, written once for the landing page's booking box, the booking page's search panel, the
// booking request and the server (ADR 027). Free of zod on purpose: the landing page validates
// with it and must not download zod (ADR 022).

/** Location and calendar days ('YYYY-MM-DD', src/shared/time.ts). */
export type BookingSearch = { location: string; startDate: string | null; endDate: string | null };

/**
 * The query parameter by which a link opens /secure-booking with one service selected, e.g.
 * '/secure-booking?service=driver' from the service pages (docs/product.md §2: a way to book the service).
 */
export const bookingServiceParameter = "service";

/** docs/product.md §5: a booking covers at most a year of days; a location is at most 200 characters. */
export const maximumBookingDays = 365;
export const maximumLocationLength = 200;

export type BookingSearchProblem = "enterLocation" | "locationTooLong" | "selectDate" | "selectEndDate" | "endBeforeStart" | "rangeTooLong";

/** Which parts a form requires: the landing box and a booking need a location; the panel's Update needs both dates. */
export type BookingSearchRules = { requireLocation: boolean; requireEndDate: boolean };

export const bookingSearchRules = {
  landing: { requireLocation: true, requireEndDate: false },
  panel: { requireLocation: false, requireEndDate: true },
  booking: { requireLocation: true, requireEndDate: false },
} as const satisfies Record<string, BookingSearchRules>;

/** The first problem of a search under `rules`, in the order of docs/product.md §5 (location, then dates), or null. */
export function bookingSearchProblem(search: BookingSearch, rules: BookingSearchRules): BookingSearchProblem | null {
  const location = search.location.trim();
  if (rules.requireLocation && location === "") return "enterLocation";
  if (location.length > maximumLocationLength) return "locationTooLong";
  if (!search.startDate || parseIsoDay(search.startDate) === null) return "selectDate";
  if (!search.endDate) return rules.requireEndDate ? "selectEndDate" : null;
  const difference = daysBetween(search.startDate, search.endDate);
  if (difference === null) return "selectEndDate";
  if (difference < 0) return "endBeforeStart";
  return difference + 1 > maximumBookingDays ? "rangeTooLong" : null;
}

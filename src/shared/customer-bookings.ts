import type { AssignedLead } from "./operator.ts";
import type { CustomerTeam, RatingView, SharedIncident } from "./operatives.ts";
import { z } from "zod";
import type { BookingStatus, BookingView, TimeOfDay } from "./booking.ts";
import { addDays } from "./time.ts";

// docs/product.md §2 BOOKINGS, §4 booking status display and §9 filter windows: the customer's own bookings
// as the dashboard lists them, written once for the list endpoint, the detail page and the cancel
// rule (ADR 027: one schema per concept).

/** docs/product.md §9: 'Bookings filter windows 1 week, 1 month, 1 year, all'. */
export const bookingWindows = ["week", "month", "year", "all"] as const;
export type BookingWindow = (typeof bookingWindows)[number];

/** GET /api/bookings?window=… (All when absent, as the page opens with All). */
export const bookingListQuerySchema = z.object({
  window: z.enum(bookingWindows, { error: "Choose week, month, year or all" }).default("all"),
});

/** A stored booking with the columns the dashboard cards show (docs/product.md §2, §3 bookings). */
export type CustomerBooking = BookingView & {
  guardCount: number;
  timeOfDay: TimeOfDay | null;
  style: string | null;
  car: string | null;
  duration: string | null;
  note: string | null;
  cancelledAt: string | null;
  /** The operator's note on confirming, shown to the customer (ADR 070). */
  operatorNote: string | null;
  /** Why the operator declined the request; a declined booking shows as cancelled (ADR 070). */
  declineReason: string | null;
  /** ADR 225: until when a `payment_needed` booking waits for the customer's payment (null otherwise, or while the charge is on its way). */
  paymentDueAt: string | null;
  /** The lead operative's first name, photo and phone, once the lead accepted (ADR 161). */
  lead: AssignedLead | null;
  /** The booking's own page only: the team, the reports an operator shared and the customer's rating (docs/operatives.md). */
  team?: CustomerTeam;
  sharedIncidents?: SharedIncident[];
  rating?: RatingView | null;
};

/** GET /api/bookings: upcoming nearest first, past most recent first. */
export type CustomerBookingList = { upcoming: CustomerBooking[]; past: CustomerBooking[] };

/**
 * The first calendar day a past booking may start on to be listed in `window`, or null for All.
 * Days are calendar days (YYYY-MM-DD, the operator's days, ADR 050); a month or a year back keeps
 * the day of the month, clamped to the month's last day (31 March → 28/29 February).
 */
export function windowStartDay(today: string, window: BookingWindow): string | null {
  if (window === "all") return null;
  if (window === "week") return addDays(today, -7);
  const [year = 0, month = 1, day = 1] = today.split("-").map(Number);
  const targetYear = window === "year" ? year - 1 : month === 1 ? year - 1 : year;
  const targetMonth = window === "year" ? month : month === 1 ? 12 : month - 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (value: number, length = 2) => String(value).padStart(length, "0");
  return `${pad(targetYear, 4)}-${pad(targetMonth)}-${pad(Math.min(day, lastDay))}`;
}

/**
 * docs/product.md §4: upcoming means the start is now or later. A booking's start is a calendar day (no time
 * of day is booked), so a booking starting today stays upcoming for the whole of today.
 */
export function isUpcoming(booking: Pick<BookingView, "startDate">, today: string): boolean {
  return booking.startDate >= today;
}

// docs/companies.md: a booking still waiting for the company's approval is withdrawn the same way.
const cancellableStatuses: readonly BookingStatus[] = ["pending", "payment_needed", "confirmed", "awaiting_company_approval"];

/** A customer may cancel a pending or confirmed booking that has not started (docs/product.md §4, §9). */
export function canCancel(booking: Pick<BookingView, "startDate" | "status">, today: string): boolean {
  return cancellableStatuses.includes(booking.status) && isUpcoming(booking, today);
}

/** docs/product.md §4: only confirmed upcoming bookings show 'Contact your guard 24 hours before…'. */
export function showsGuardNotice(booking: Pick<BookingView, "startDate" | "status">, today: string): boolean {
  return booking.status === "confirmed" && isUpcoming(booking, today);
}

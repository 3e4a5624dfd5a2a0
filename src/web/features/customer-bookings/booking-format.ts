import type { BookingStatus } from "../../../shared/booking.ts";
import { isBookingStatus } from "../../../shared/booking-lifecycle.ts";
import { serviceTitles } from "../../../shared/service-titles.ts";
import { isLanguage } from "../../../shared/languages.ts";
import { isServiceSlug } from "../../../shared/service-types.ts";

// docs/product.md §2 BOOKINGS card text: the status colours of docs/product.md §4 and the services' names. Money and
// dates are printed by the shared formatters (src/shared/money.ts, src/shared/time.ts).

/**
 * docs/product.md §4: confirmed green, pending yellow, cancelled red, anything else grey; a declined request
 * reads like a cancelled booking, one under way like a confirmed one (docs/booking-lifecycle.md).
 */
export const statusDotClasses: Record<BookingStatus | "other", string> = {
  confirmed: "bg-green-600",
  in_progress: "bg-green-600",
  pending: "bg-yellow-400",
  payment_needed: "bg-orange-500",
  declined: "bg-red-600",
  cancelled_by_customer: "bg-red-600",
  cancelled_by_operator: "bg-red-600",
  awaiting_company_approval: "bg-yellow-400",
  declined_by_company: "bg-red-600",
  completed: "bg-gray-400",
  other: "bg-gray-400",
};

export function statusKey(status: string): BookingStatus | "other" {
  return isBookingStatus(status) ? status : "other";
}

/** A booked service's name in the page language; a booking keeps the English name it was made with. */
export function serviceTitle(serviceId: string, storedTitle: string, language: string): string {
  const slug = serviceId.replace(/^svc-/, "");
  return isServiceSlug(slug) && isLanguage(language) ? serviceTitles[slug][language] : storedTitle;
}

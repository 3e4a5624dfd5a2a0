import type { BookingStatus } from "../../../shared/booking.ts";
import { serviceTitles } from "../../../shared/service-titles.ts";
import { isLanguage } from "../../../shared/languages.ts";
import { isServiceSlug } from "../../../shared/service-types.ts";

// docs/product.md §2 BOOKINGS card text: the status colours of docs/product.md §4 and the services' names. Money and
// dates are printed by the shared formatters (src/shared/money.ts, src/shared/dates.ts).

/**
 * docs/product.md §4: confirmed green, pending yellow, cancelled red, anything else grey. A declined
 * request is named as such, not as "Unknown" (ADR 119).
 */
export type StatusKey = BookingStatus | "declined" | "other";

export const statusDotClasses: Record<StatusKey, string> = {
  confirmed: "bg-green-600",
  pending: "bg-yellow-400",
  cancelled: "bg-red-600",
  declined: "bg-red-600",
  other: "bg-gray-400",
};

export function statusKey(status: string): StatusKey {
  return status === "confirmed" || status === "pending" || status === "cancelled" || status === "declined" ? status : "other";
}

/** A booked service's name in the page language; a booking keeps the English name it was made with. */
export function serviceTitle(serviceId: string, storedTitle: string, language: string): string {
  const slug = serviceId.replace(/^svc-/, "");
  return isServiceSlug(slug) && isLanguage(language) ? serviceTitles[slug][language] : storedTitle;
}

import type { BookingStatus } from "../../../shared/booking.ts";
import { isBookingStatus } from "../../../shared/booking-lifecycle.ts";
import { parseIsoDay } from "../../../shared/calendar-days.ts";
import { operatorTimeZone } from "../../../shared/pricing.ts";
import { serviceTitles } from "../../../shared/service-titles.ts";
import { isLanguage } from "../../../shared/languages.ts";
import { isServiceSlug } from "../../../shared/service-types.ts";

// SPEC §2 BOOKINGS card text: the date like 'Mon, Jan 5, 2026' (Swedish order and names in
// Swedish), euros with thousands separators (SPEC §9), the status colours of SPEC §4.

const isSwedish = (language: string) => language.startsWith("sv");

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar day 'YYYY-MM-DD' as 'Mon, Jan 5, 2026' (English) or 'mån 5 jan. 2026' (Swedish). */
export function formatBookingDay(isoDay: string, language: string): string {
  const time = parseIsoDay(isoDay);
  if (time === null) return isoDay;
  const locale = isSwedish(language) ? "sv-SE" : "en-US";
  let format = dayFormats.get(locale);
  if (!format) {
    // UTC midnight formatted in UTC: the calendar day itself, whatever the visitor's time zone.
    format = new Intl.DateTimeFormat(locale, { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
    dayFormats.set(locale, format);
  }
  return format.format(time);
}

/** An instant (created, cancelled, the refund deadline) in the operator's time zone. */
export function formatInstant(instant: string | Date, language: string): string {
  return new Intl.DateTimeFormat(isSwedish(language) ? "sv-SE" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: operatorTimeZone,
  }).format(typeof instant === "string" ? new Date(instant) : instant);
}

/** SPEC §9: whole euros with thousands separators ('€ 1,996'; Swedish '1 996 €'). */
export function formatBookingEuros(amount: number, language: string): string {
  const digits = new Intl.NumberFormat(isSwedish(language) ? "sv-SE" : "en-GB", { maximumFractionDigits: 0 }).format(Math.round(amount));
  return isSwedish(language) ? `${digits} €` : `€ ${digits}`;
}

/**
 * SPEC §4: confirmed green, pending yellow, cancelled red, anything else grey; a declined request
 * reads like a cancelled booking, one under way like a confirmed one (docs/booking-lifecycle.md).
 */
export const statusDotClasses: Record<BookingStatus | "other", string> = {
  confirmed: "bg-green-600",
  in_progress: "bg-green-600",
  pending: "bg-yellow-400",
  declined: "bg-red-600",
  cancelled_by_customer: "bg-red-600",
  cancelled_by_operator: "bg-red-600",
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

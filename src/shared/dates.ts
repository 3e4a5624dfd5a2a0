import { parseIsoDay } from "./calendar-days.ts";

// The one date formatter of the product (docs/money.md "Dates", ADR 101): every page and mail
// prints calendar days and instants through it, in the reader's language — English in the
// British order ('Thu, 26 Nov 2026', '25 Nov 2026, 17:03'), Swedish in the Swedish one
// ('tors 26 nov. 2026', '25 nov. 2026 17:03'). Instants are shown in the operator's time zone
// (Europe/Stockholm), where the bookings take place. Free of zod and of the DOM (ADR 085).

export const displayTimeZone = "Europe/Stockholm";

const localeOf = (language: string) => (language.startsWith("sv") ? "sv-SE" : "en-GB");

// Building an Intl.DateTimeFormat costs far more than using one: one per kind and language.
const formatters = new Map<string, Intl.DateTimeFormat>();

type Kind = "day" | "local-day" | "instant" | "short-day" | "weekday";

const optionsOf: Record<Kind, Intl.DateTimeFormatOptions> = {
  instant: {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: displayTimeZone,
  },
  // A calendar day is UTC midnight formatted in UTC: the day itself, whatever the reader's zone.
  day: { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" },
  "local-day": { weekday: "short", day: "numeric", month: "short", year: "numeric" },
  // Chart axes, where the year is in the heading: '26 Nov' / '26 nov.'.
  "short-day": { day: "numeric", month: "short", timeZone: "UTC" },
  weekday: { weekday: "short", timeZone: "UTC" },
};

function formatterFor(kind: Kind, language: string): Intl.DateTimeFormat {
  const locale = localeOf(language);
  const key = `${kind}|${locale}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, optionsOf[kind]);
    formatters.set(key, format);
  }
  return format;
}

/** A calendar day 'YYYY-MM-DD': 'Thu, 26 Nov 2026' / 'tors 26 nov. 2026'; unreadable text as is. */
export function formatDay(isoDay: string, language: string): string {
  const time = parseIsoDay(isoDay);
  return time === null ? isoDay : formatterFor("day", language).format(time);
}

/** A day picked in the visitor's own calendar (a local-midnight Date), in the same style. */
export function formatLocalDay(date: Date, language: string): string {
  return formatterFor("local-day", language).format(date);
}

/** A booking period: one day, or 'first – last'. */
export function formatDayRange(startDay: string, endDay: string, language: string): string {
  return startDay === endDay ? formatDay(startDay, language) : `${formatDay(startDay, language)} – ${formatDay(endDay, language)}`;
}

/** An instant (created, cancelled, a deadline): '25 Nov 2026, 17:03' / '25 nov. 2026 17:03', Swedish time. */
export function formatInstant(instant: string | Date, language: string): string {
  return formatterFor("instant", language).format(typeof instant === "string" ? new Date(instant) : instant);
}

/** A calendar day without weekday and year, for chart axes: '26 Nov' / '26 nov.'; unreadable text as is. */
export function formatShortDay(isoDay: string, language: string): string {
  const time = parseIsoDay(isoDay);
  return time === null ? isoDay : formatterFor("short-day", language).format(time);
}

/** The short weekday names Monday first (ISO 8601): 'Mon' … 'Sun' / 'mån' … 'sön'. */
export function weekdayNames(language: string): string[] {
  // 2026-11-23 is a Monday.
  return Array.from({ length: 7 }, (_, index) => formatterFor("weekday", language).format(Date.UTC(2026, 10, 23 + index)));
}

import { tzOffset } from "@date-fns/tz/tzOffset";

// Time, in one module (ADR 050, 101, 237): calendar days, the operator's zone, "today" for the
// operator, instants of a local time, and the date formatters of every page and mail.
//
// - A calendar day is 'YYYY-MM-DD' (ISO 8601) with no time and no zone, as the API, the database
//   and the booking state write it. Days are operator days: the firm works in Europe/Stockholm,
//   where the bookings take place, whatever the reader's own zone.
// - A zone's offset at an instant comes from the IANA database through @date-fns/tz, a maintained
//   library, so daylight-saving changes are the library's and the runtime's, not ours.
// - Free of zod and of the DOM (ADR 085): the landing page's date picker and the booking page use it.

/** ADR 050: calendar days are operator days, in the time zone of the Swedish operator. */
export const operatorTimeZone = "Europe/Stockholm";

export const calendarDayPattern = /^(\d{4})-(\d{2})-(\d{2})/;
/** Exactly 'YYYY-MM-DD', nothing before or after (the shape the API accepts). */
export const calendarDayTextPattern = /^\d{4}-\d{2}-\d{2}$/;

export const dayMilliseconds = 86_400_000;

export type CalendarDay = { year: number; month: number; day: number };

/** Year, month (1–12) and day of a 'YYYY-MM-DD' text (a longer ISO text is read by its date part); null for impossible days such as 2026-02-30. */
export function parseCalendarDay(value: string | null | undefined): CalendarDay | null {
  const match = calendarDayPattern.exec(value ?? "");
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Refuse impossible days instead of letting Date roll them over.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** True when `value` is exactly 'YYYY-MM-DD' and that day exists. */
export function isCalendarDay(value: string): boolean {
  return calendarDayTextPattern.test(value) && parseCalendarDay(value) !== null;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

export function formatCalendarDay({ year, month, day }: CalendarDay): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** UTC midnight (ms) of a 'YYYY-MM-DD' day, or null. */
export function parseIsoDay(value: string): number | null {
  const day = parseCalendarDay(value);
  return day ? Date.UTC(day.year, day.month - 1, day.day) : null;
}

/** 'YYYY-MM-DD' of a UTC-midnight time. */
export function formatIsoDay(time: number): string {
  const date = new Date(time);
  return formatCalendarDay({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

/** The calendar day `days` after `isoDay` ('YYYY-MM-DD'). */
export function addDays(isoDay: string, days: number): string {
  const time = parseIsoDay(isoDay);
  if (time === null) throw new RangeError(`Not a calendar day: ${isoDay}`);
  return formatIsoDay(time + days * dayMilliseconds);
}

/** Whole days from `start` to `end` (negative when `end` is earlier), or null when either is not a day. */
export function daysBetween(start: string, end: string): number | null {
  const startTime = parseIsoDay(start);
  const endTime = parseIsoDay(end);
  return startTime === null || endTime === null ? null : Math.round((endTime - startTime) / dayMilliseconds);
}

/** The local-time Date (midnight) of a 'YYYY-MM-DD' day, for the date picker; undefined when not a day. */
export function localDateOf(value: string | null | undefined): Date | undefined {
  const day = parseCalendarDay(value);
  return day ? new Date(day.year, day.month - 1, day.day) : undefined;
}

/** 'YYYY-MM-DD' of a local-time Date (never via toISOString, which shifts to UTC). */
export function calendarDayOf(date: Date): string {
  return formatCalendarDay({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() });
}

// The operator's day found last, with the instants it spans: every booking and quote checks its
// start day against today (the hot path, ADR 053), and the zone's offset costs an Intl lookup, so
// it is asked once a day rather than once a request (docs/performance.md "Booking creation").
let lastDay: { day: string; from: number; until: number } | null = null;

/** The calendar day of `now` in the operator's time zone ('YYYY-MM-DD'). */
export function operatorToday(now: Date): string {
  const time = now.getTime();
  if (lastDay && time >= lastDay.from && time < lastDay.until) return lastDay.day;
  const day = formatIsoDay(time + tzOffset(operatorTimeZone, now) * 60_000);
  lastDay = { day, from: startOfDayInZone(day).getTime(), until: startOfDayInZone(addDays(day, 1)).getTime() };
  return day;
}

/**
 * A wall-clock time of a day in the operator's zone ('YYYY-MM-DD', minutes after midnight) as an
 * instant: the real start or end of a service with the customer's times (docs/product.md §12). A
 * time that does not exist on the night clocks go forward is read with the offset before the change.
 */
export function instantInZone(isoDay: string, minutesAfterMidnight: number): Date {
  const midnight = parseIsoDay(isoDay);
  if (midnight === null) throw new RangeError(`Not a calendar day: ${isoDay}`);
  const wallClock = midnight + minutesAfterMidnight * 60_000;
  const offsetMs = (time: number) => tzOffset(operatorTimeZone, new Date(time)) * 60_000;
  // The offset at the wall-clock time read as UTC is within a day of the right one; a second step
  // takes the offset at the instant found, which is right on both sides of a change.
  return new Date(wallClock - offsetMs(wallClock - offsetMs(wallClock)));
}

// A day's start never changes, and the insights and the board ask for the same days many times.
const dayStarts = new Map<string, number>();

/** The instant at which `isoDay` begins in the operator's zone (DST-aware). */
export function startOfDayInZone(isoDay: string): Date {
  let time = dayStarts.get(isoDay);
  if (time === undefined) {
    time = instantInZone(isoDay, 0).getTime();
    // Bounded: the set of days asked about is open-ended.
    if (dayStarts.size >= 4000) dayStarts.clear();
    dayStarts.set(isoDay, time);
  }
  return new Date(time);
}

// The one date formatter of the product (docs/money.md "Dates", ADR 101): every page and mail
// prints calendar days and instants through it, in the reader's language — English in the
// British order ('Thu, 26 Nov 2026', '25 Nov 2026, 17:03'), Swedish in the Swedish one
// ('tors 26 nov. 2026', '25 nov. 2026 17:03'). Instants are shown in the operator's time zone.

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
    timeZone: operatorTimeZone,
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

// Calendar days as the API, the database and the booking state write them: 'YYYY-MM-DD' (ISO
// 8601 calendar date), with no time and no time zone (ADR 050: days are operator days). The one
// parser and formatter for the server, the pricing engine, the booking page and the date picker.
// Free of zod and of the DOM, so the landing page's date picker can use it.

export const calendarDayPattern = /^(\d{4})-(\d{2})-(\d{2})/;
/** Exactly 'YYYY-MM-DD', nothing before or after (the shape the API accepts). */
export const calendarDayTextPattern = /^\d{4}-\d{2}-\d{2}$/;

const dayMilliseconds = 86_400_000;

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

import { z } from "zod";
import { calendarDayTextPattern, parseCalendarDay } from "./time.ts";

// The one zod schema of a calendar day in a request (query or body): exactly 'YYYY-MM-DD' and a day
// that exists, so '2026-13-45' or '2026-02-30' is a 400 naming the field, never a date the server
// trips over (docs/security-notes.md "Dates"). Kept apart from time.ts, which stays free of
// zod for the landing page's date picker (ADR 085).

export type CalendarDayMessages = { format?: string; missing?: string };

/** A calendar day; `format` words a text of another shape, `missing` a day that does not exist (both default to English). */
export function calendarDaySchema({ format = "Use the form YYYY-MM-DD", missing = "This day does not exist" }: CalendarDayMessages = {}) {
  return z
    .string({ error: format })
    .regex(calendarDayTextPattern, format)
    .refine((value) => parseCalendarDay(value) !== null, missing);
}

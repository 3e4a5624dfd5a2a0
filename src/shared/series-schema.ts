import { z } from "zod";
import { bookingRequestFields, checkEngagementTimes, clockTime, type BookingStatus } from "./booking.ts";
import { calendarDaySchema } from "./calendar-day-schema.ts";
import { maximumOccurrences, seriesChangeScopes, seriesFrequencies, type SeriesRule } from "./series.ts";

// Recurring engagements (docs/series.md, ADR 280, 281): the one schema of a series request, of a
// change of a series and of the answers, shared by the booking page and the server. A series is
// the booking request without its dates, plus a rule of days and the times every occurrence keeps.

/** The most days one occurrence covers (a week: occurrences of a weekly series never overlap). */
export const maximumOccurrenceDays = 7;

const day = calendarDaySchema();

export const seriesRuleSchema = z
  .object({
    frequency: z.enum(seriesFrequencies),
    interval: z.number().int().min(1).max(12),
    weekdays: z.array(z.number().int().min(1).max(7)).max(7).default([]),
    monthDay: z.number().int().min(1).max(31).nullable().default(null),
    firstDay: day,
    until: day.nullable().default(null),
    count: z.number().int().min(1).max(maximumOccurrences).nullable().default(null),
  })
  .superRefine((rule, context) => {
    if ((rule.until === null) === (rule.count === null)) {
      context.addIssue({ code: "custom", message: "Choose an end date or a number of occurrences.", path: ["count"] });
    }
    if (rule.frequency === "weekly" && rule.weekdays.length === 0) {
      context.addIssue({ code: "custom", message: "Choose at least one weekday.", path: ["weekdays"] });
    }
    if (rule.frequency === "monthly" && rule.monthDay === null) {
      context.addIssue({ code: "custom", message: "Choose a day of the month.", path: ["monthDay"] });
    }
    if (rule.until !== null && rule.until < rule.firstDay) {
      context.addIssue({ code: "custom", message: "The end date must be on or after the first day.", path: ["until"] });
    }
  })
  .transform((rule) => rule as SeriesRule);

/** POST /api/series: the occurrences' request (prices never sent, ADR 121) and the rule. */
export const createSeriesSchema = bookingRequestFields
  .omit({ bookingId: true, startDate: true, endDate: true, startTime: true, endTime: true })
  .extend({
    seriesId: z.uuid(),
    rule: seriesRuleSchema,
    days: z.number().int().min(1).max(maximumOccurrenceDays),
    startTime: clockTime,
    endTime: clockTime,
  })
  .superRefine(checkEngagementTimes);

export type CreateSeries = z.output<typeof createSeriesSchema>;

/** POST /api/series/:id/changes (ADR 281): cancel or move/retime the occurrences of a scope. */
export const seriesChangeSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("cancel"), scope: z.enum(seriesChangeScopes), occurrenceDay: day }).strict(),
  z
    .object({
      action: z.literal("move"),
      scope: z.enum(seriesChangeScopes),
      occurrenceDay: day,
      /** The chosen occurrence's new day; the others of the scope move by as many days. */
      day,
      startTime: clockTime,
      endTime: clockTime,
    })
    .strict(),
]);

export type SeriesChange = z.output<typeof seriesChangeSchema>;

/** POST /api/operator/series/:id/confirm: the whole series, or one occurrence. */
export const confirmSeriesSchema = z.object({ occurrenceDay: day.optional() }).strict();

/** One occurrence as the customer's series page shows it. */
export type SeriesOccurrenceView = {
  occurrenceDay: string;
  day: string;
  lastDay: string;
  startTime: string;
  endTime: string;
  cancelled: boolean;
  /** Its booking once created (the rolling window, ADR 280), with its status and total. */
  bookingId: string | null;
  status: BookingStatus | null;
  totalCents: number | null;
  /** The hours that really pass (ADR 282): a night across a change of the clocks is an hour longer or shorter. */
  realHours: number;
  wallClockHours: number;
};

/** The console's view of the series a booking is an occurrence of (ADR 284). */
export type SeriesOfBooking = {
  series: SeriesView;
  /** The booking's original day in the series. */
  occurrenceDay: string;
  /** The operatives offered or on this occurrence, the lead first: offered to the whole series in one step. */
  team: { operativeId: string; lead: boolean }[];
};

export type SeriesView = {
  id: string;
  location: string;
  rule: SeriesRule;
  days: number;
  startTime: string;
  endTime: string;
  confirmed: boolean;
  calendarSequence: number;
  occurrences: SeriesOccurrenceView[];
};

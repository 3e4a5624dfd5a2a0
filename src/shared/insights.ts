import { z } from "zod";
import { calendarDaySchema } from "./calendar-day-schema.ts";
import { addDays, daysBetween } from "./time.ts";
import type { ServiceType } from "./service-types.ts";

// The operator console's insights page (docs/insights.md, ADR 150–153): the query it sends and the
// report it gets back. Calendar days are operator days (Europe/Stockholm, ADR 050); amounts are
// integer euro cents (ADR 100); shares are fractions 0–1, or null when nothing was counted.

/** The longest period one report covers: a year and a day, so a leap year fits. */
export const insightsMaximumDays = 366;
/** Up to this many days a period's demand is drawn per day, beyond it per week (ISO weeks, Monday first). */
export const insightsDailyUpToDays = 31;
/** The start days the calendar heat map looks ahead over, today included. */
export const insightsStartDaysAhead = 60;
/** Licences expiring within this many days are listed (expired ones of active operatives too). */
export const insightsLicenceDays = 90;
/** The requests still waiting that the page lists, oldest first (the count covers all of them). */
export const insightsWaitingListLimit = 20;
/** The quick choices of the period picker. */
export const insightsPresetDays = [7, 30, 90] as const;

/**
 * The reply-time histogram's buckets: the lower bound of each in hours; a reply of exactly 24 h
 * falls in the 12–24 h bucket, inside the promise (docs/product.md §1).
 */
export const replyBuckets = [
  { key: "0-1", fromHours: 0, toHours: 1 },
  { key: "1-2", fromHours: 1, toHours: 2 },
  { key: "2-4", fromHours: 2, toHours: 4 },
  { key: "4-8", fromHours: 4, toHours: 8 },
  { key: "8-12", fromHours: 8, toHours: 12 },
  { key: "12-24", fromHours: 12, toHours: 24 },
  { key: "24-48", fromHours: 24, toHours: 48 },
  { key: "48+", fromHours: 48, toHours: null },
] as const;
export type ReplyBucketKey = (typeof replyBuckets)[number]["key"];

const calendarDay = calendarDaySchema();

/**
 * GET /api/admin/insights query: the last 7, 30 or 90 days (today included) as `days`, or a
 * custom range as `from` and `to`; nothing is the last 30 days.
 */
export const insightsQuerySchema = z
  .object({
    days: z.coerce
      .number()
      .refine((value) => (insightsPresetDays as readonly number[]).includes(value), "Choose 7, 30 or 90 days")
      .optional(),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
  })
  .refine((value) => (value.from === undefined) === (value.to === undefined), { path: ["to"], message: "Choose both days" })
  .refine((value) => value.days === undefined || value.from === undefined, { path: ["days"], message: "Choose days or a range" })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { path: ["to"], message: "The end is before the start" })
  .refine((value) => !value.from || !value.to || (daysBetween(value.from, value.to) ?? 0) < insightsMaximumDays, {
    path: ["to"],
    message: "Choose at most 366 days",
  });
export type InsightsQuery = z.input<typeof insightsQuerySchema>;

export type InsightsGranularity = "day" | "week";

/** The chosen period and the one before it, of the same length, ending the day before it starts. */
export type InsightsPeriod = {
  from: string;
  to: string;
  days: number;
  previousFrom: string;
  previousTo: string;
  /** How the demand series is drawn; money and team are always per week. */
  granularity: InsightsGranularity;
};

/** The period of `days` days ending `to`, and the one before it. */
export function insightsPeriod(from: string, to: string): InsightsPeriod {
  const days = (daysBetween(from, to) ?? 0) + 1;
  return {
    from,
    to,
    days,
    previousFrom: addDays(from, -days),
    previousTo: addDays(from, -1),
    granularity: days <= insightsDailyUpToDays ? "day" : "week",
  };
}

export type ReplyFigures = {
  /** Requests received in the period (every booking starts as a request). */
  requests: number;
  /** Answered by staff (confirmed, declined or cancelled before any other answer). */
  answered: number;
  answeredWithinPromise: number;
  /** Unanswered past 24 h (still waiting, or withdrawn by the customer after 24 h). */
  missed: number;
  /** Unanswered, still within 24 h: neither kept nor broken yet. */
  waitingWithinPromise: number;
  /** Withdrawn by the customer within 24 h, before an answer: not counted either way. */
  withdrawn: number;
  /** answeredWithinPromise ÷ (answered + missed), or null when that is 0. */
  shareWithinPromise: number | null;
};

export type WaitingRequest = {
  id: string;
  customerName: string;
  serviceType: ServiceType;
  /** Every service's catalogue id, in the booking's order: the list names them all. */
  serviceIds: string[];
  startDate: string;
  createdAt: string;
  /** createdAt + 24 h. */
  replyDueAt: string;
  /** Whole minutes until replyDueAt; negative once the promise is broken. */
  minutesLeft: number;
};

export type DemandCounts = { requests: number; confirmations: number; declines: number; cancellations: number };
export type DemandPoint = DemandCounts & { bucket: string };
export type DemandFigures = DemandCounts & {
  /** Requests of the period that were confirmed (by now) ÷ requests, or null without requests. */
  conversion: number | null;
  confirmedRequests: number;
};

export type StartDay = { day: string; confirmed: number; pending: number };

export type ServiceAmounts = Record<ServiceType, number>;
export type MoneyPoint = {
  bucket: string;
  bookedCents: number;
  byService: ServiceAmounts;
  /** Captured from customers' cards in the week (the payments ledger, docs/payments.md). */
  capturedCents: number;
  /** Given back in the week. */
  refundedCents: number;
  /** Agreed and neither captured nor voided at the end of the week (or now, for the week under way). */
  outstandingCents: number;
};
export type MoneyFigures = {
  bookedCents: number;
  bookings: number;
  averageBookingCents: number | null;
  capturedCents: number;
  refundedCents: number;
  /** Outstanding at the end of the period (or now). */
  outstandingCents: number;
};
export type MoneyByService = {
  serviceType: ServiceType;
  bookedCents: number;
  /** Bookings confirmed in the period with this main service, and their average value. */
  bookings: number;
  averageBookingCents: number | null;
  capturedCents: number;
  refundedCents: number;
};

export type UtilisationPoint = {
  bucket: string;
  bookedOperativeDays: number;
  availableOperativeDays: number;
  /** booked ÷ available, or null when no operative was available. */
  utilisation: number | null;
};
export type TeamFigures = {
  bookedOperativeDays: number;
  availableOperativeDays: number;
  utilisation: number | null;
  /** Offers to operatives accepted, declined, or released at the deadline without an answer. */
  offersAccepted: number;
  offersDeclined: number;
  offersReleased: number;
};
/** Offers answered in a week, by outcome (docs/operatives.md: an answer after the deadline is refused, so a late one is released). */
export type OfferAnswersPoint = { bucket: string; accepted: number; declined: number; released: number };
export type ExpiringLicence = { operativeId: string; name: string; licenceExpiresOn: string; daysLeft: number };

export type InsightsReport = {
  period: InsightsPeriod;
  /** operatorToday(now) when the report was made. */
  today: string;
  generatedAt: string;
  reply: {
    current: ReplyFigures;
    previous: ReplyFigures;
    histogram: { bucket: ReplyBucketKey; answered: number }[];
    waiting: WaitingRequest[];
    /** All requests pending now, whatever their age (the list shows the oldest). */
    waitingTotal: number;
  };
  demand: {
    current: DemandFigures;
    previous: DemandFigures;
    series: DemandPoint[];
    byService: (DemandCounts & { serviceType: ServiceType })[];
    startDays: StartDay[];
  };
  money: {
    current: MoneyFigures;
    previous: MoneyFigures;
    /** Booked value of confirmed bookings by the week of their confirmation; payments add series beside it (docs/insights.md). */
    series: MoneyPoint[];
    byService: MoneyByService[];
  };
  team: {
    current: TeamFigures;
    previous: TeamFigures;
    utilisation: UtilisationPoint[];
    offers: OfferAnswersPoint[];
    licences: ExpiringLicence[];
    activeOperatives: number;
  };
};

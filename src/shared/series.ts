import { dailyWindowMinutes, endsNextMorning, minutesOfClock } from "./engagement.ts";
import { addDays, daysBetween, instantInZone, parseCalendarDay, parseIsoDay } from "./time.ts";

// Recurring engagements (docs/series.md, ADR 280): a series is a rule of days plus local start and
// end times in Europe/Stockholm (ADR 237). Its occurrences are expanded here, once, for the server
// (which creates each occurrence as a booking), the calendar entry (RFC 5545 RRULE) and the booking
// page's preview. The expansion follows RFC 5545 §3.3.10 for the rules offered: FREQ=WEEKLY with
// BYDAY (WKST=MO) and FREQ=MONTHLY with BYMONTHDAY, each with INTERVAL and either UNTIL or COUNT;
// a month without the chosen day is skipped, as §3.3.10 says of invalid dates. Free of zod and of
// the DOM (ADR 085), like time.ts.

/** ISO 8601 weekdays: 1 Monday … 7 Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const seriesFrequencies = ["weekly", "monthly"] as const;
export type SeriesFrequency = (typeof seriesFrequencies)[number];

/** A series' days: every `interval` weeks on `weekdays`, or every `interval` months on `monthDay`; ends on `until` or after `count`. */
export type SeriesRule = {
  frequency: SeriesFrequency;
  interval: number;
  weekdays: readonly IsoWeekday[];
  monthDay: number | null;
  /** The first day the series may fall on ('YYYY-MM-DD'). */
  firstDay: string;
  /** The last day an occurrence may start on (inclusive), or null with a count. */
  until: string | null;
  count: number | null;
};

/** ADR 280: a series is bounded, so its calendar entry and its money are known in full when it is booked. */
export const maximumOccurrences = 104;
/** ADR 280: how far ahead occurrences exist as bookings; the rolling job creates the rest as the days come. */
export const seriesWindowDays = 90;

/** RFC 5545 §3.3.10 BYDAY values, Monday first. */
export const weekdayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;

/** The ISO weekday of a 'YYYY-MM-DD' day. */
export function isoWeekdayOf(isoDay: string): IsoWeekday {
  const time = parseIsoDay(isoDay);
  if (time === null) throw new RangeError(`Not a calendar day: ${isoDay}`);
  const sundayZero = new Date(time).getUTCDay();
  return (sundayZero === 0 ? 7 : sundayZero) as IsoWeekday;
}

function monthDayOf(year: number, month: number, day: number): string | null {
  const text = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return parseCalendarDay(text) ? text : null;
}

/** The days of a series, in order, at most `maximumOccurrences` (RFC 5545 §3.3.10). */
export function expandSeries(rule: SeriesRule): string[] {
  const days: string[] = [];
  const limit = Math.min(rule.count ?? maximumOccurrences, maximumOccurrences);
  const interval = Math.max(1, Math.floor(rule.interval));
  const withinEnd = (day: string) => rule.until === null || day <= rule.until;
  if (rule.frequency === "weekly") {
    const weekdays = [...new Set(rule.weekdays)].sort((a, b) => a - b);
    if (weekdays.length === 0) return days;
    // WKST=MO: weeks are counted from the Monday of the first day's week.
    let monday = addDays(rule.firstDay, 1 - isoWeekdayOf(rule.firstDay));
    for (let week = 0; days.length < limit && week < maximumOccurrences * 60; week += 1) {
      for (const weekday of weekdays) {
        const day = addDays(monday, weekday - 1);
        if (day < rule.firstDay) continue;
        if (!withinEnd(day) || days.length >= limit) return days;
        days.push(day);
      }
      monday = addDays(monday, 7 * interval);
    }
    return days;
  }
  const first = parseCalendarDay(rule.firstDay);
  if (!first || rule.monthDay === null) return days;
  for (let step = 0; days.length < limit && step < maximumOccurrences * 12; step += 1) {
    const monthIndex = first.month - 1 + step * interval;
    const day = monthDayOf(first.year + Math.floor(monthIndex / 12), (monthIndex % 12) + 1, rule.monthDay);
    if (day === null || day < rule.firstDay) continue;
    if (!withinEnd(day)) return days;
    days.push(day);
  }
  return days;
}

/** One occurrence's local times: the days it covers from its day, and Stockholm 'HH:MM' start and end. */
export type OccurrenceTimes = { day: string; days: number; startTime: string; endTime: string };

/** What an occurrence lasts: its real start and end, and its real and its wall-clock minutes. */
export type OccurrencePeriod = {
  start: Date;
  end: Date;
  lastDay: string;
  /** The minutes that really pass: a night across a change of the clocks lasts an hour more or less. */
  realMinutes: number;
  /** The minutes the clock times read: days × the daily window (ADR 180). */
  wallClockMinutes: number;
};

/**
 * ADR 180, 282: each day of an occurrence runs from the start time to the end time (the next morning
 * when the end is at or before the start), read in Europe/Stockholm on that day, so the local
 * times hold across every change of the clocks and a night across a change lasts its real hours.
 */
export function occurrencePeriod({ day, days, startTime, endTime }: OccurrenceTimes): OccurrencePeriod {
  const startMinutes = minutesOfClock(startTime);
  const endMinutes = minutesOfClock(endTime);
  const nextMorning = endsNextMorning(startTime, endTime);
  let realMinutes = 0;
  for (let index = 0; index < days; index += 1) {
    const date = addDays(day, index);
    const from = instantInZone(date, startMinutes);
    const until = instantInZone(nextMorning ? addDays(date, 1) : date, endMinutes);
    realMinutes += Math.round((until.getTime() - from.getTime()) / 60_000);
  }
  const lastDay = addDays(day, days - 1);
  return {
    start: instantInZone(day, startMinutes),
    end: instantInZone(nextMorning ? addDays(lastDay, 1) : lastDay, endMinutes),
    lastDay,
    realMinutes,
    wallClockMinutes: days * dailyWindowMinutes(startTime, endTime),
  };
}

/** ADR 281: which occurrences a change of the series reaches. */
export const seriesChangeScopes = ["this", "following", "remaining"] as const;
export type SeriesChangeScope = (typeof seriesChangeScopes)[number];

/** An occurrence as a change sees it: its original day (its RECURRENCE-ID), where it is now, and whether it stands. */
export type OccurrenceState = { occurrenceDay: string; day: string; cancelled: boolean };

/**
 * ADR 281: "this" is the chosen occurrence; "following" the chosen one and every later one;
 * "remaining" every occurrence from today. Cancelled occurrences and those that already began are
 * never reached. Later is by original day, so a moved occurrence keeps its place in the series.
 */
export function occurrencesInScope<Occurrence extends OccurrenceState>(
  occurrences: readonly Occurrence[],
  scope: SeriesChangeScope,
  chosenDay: string,
  today: string,
): Occurrence[] {
  const open = occurrences.filter((occurrence) => !occurrence.cancelled && occurrence.day >= today);
  if (scope === "this") return open.filter((occurrence) => occurrence.occurrenceDay === chosenDay);
  if (scope === "following") return open.filter((occurrence) => occurrence.occurrenceDay >= chosenDay);
  return open;
}

/** How a moved occurrence's day follows a move of the chosen one: by the same number of days. */
export function shiftedDay(day: string, chosenDay: string, newDay: string): string {
  return addDays(day, daysBetween(chosenDay, newDay) ?? 0);
}

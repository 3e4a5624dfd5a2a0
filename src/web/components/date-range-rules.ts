import { calendarDayOf, localDateOf } from "../../shared/time.ts";

// docs/product.md §4 "Date-range picker": the selection rules, kept pure so they are unit-tested without a
// browser. Every date here is a local calendar day (midnight local time); the API speaks
// "YYYY-MM-DD" text, converted with toIsoDay / fromIsoDay.

export type DateRange = { from?: Date; to?: Date };

/** docs/product.md §4: two months from 768 px wide, one below (the narrow-screen breakpoint of docs/product.md §9). */
export const twoMonthBreakpoint = 768;

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Local calendar day as "YYYY-MM-DD" (the one formatter, src/shared/time.ts). */
export const toIsoDay = calendarDayOf;

/** Parses "YYYY-MM-DD" (or a longer ISO text starting with it) to a local day; undefined when invalid. */
export const fromIsoDay = localDateOf;

export function isSameDay(first: Date, second: Date): boolean {
  return toIsoDay(first) === toIsoDay(second);
}

/** docs/product.md §4: days before today are disabled; today itself is allowed. */
export function isDayDisabled(day: Date, today: Date = new Date()): boolean {
  return startOfDay(day).getTime() < startOfDay(today).getTime();
}

export type RangeClickResult = {
  range: DateRange;
  /** True when this click completed the range: the popover closes (docs/product.md §4). */
  complete: boolean;
};

/**
 * One click on a day. Click 1 sets the start and clears the end; click 2 sets the end (an earlier
 * day than the start swaps the two) and completes the range; a further click starts a new range.
 * A disabled (past) day changes nothing.
 */
export function applyDayClick(current: DateRange, clicked: Date, today: Date = new Date()): RangeClickResult {
  const day = startOfDay(clicked);
  if (isDayDisabled(day, today)) return { range: current, complete: false };
  if (current.from && !current.to) {
    const start = startOfDay(current.from);
    return day.getTime() < start.getTime()
      ? { range: { from: day, to: start }, complete: true }
      : { range: { from: start, to: day }, complete: true };
  }
  return { range: { from: day, to: undefined }, complete: false };
}

/** True for the days strictly between start and end, which the calendar highlights. */
export function isDayBetween(day: Date, range: DateRange): boolean {
  if (!range.from || !range.to) return false;
  const time = startOfDay(day).getTime();
  return time > startOfDay(range.from).getTime() && time < startOfDay(range.to).getTime();
}

export function monthsToShow(viewportWidth: number): 1 | 2 {
  return viewportWidth >= twoMonthBreakpoint ? 2 : 1;
}

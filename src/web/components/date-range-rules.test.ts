import { describe, expect, it } from "vitest";
import { applyDayClick, fromIsoDay, isDayBetween, isDayDisabled, monthsToShow, toIsoDay, type DateRange } from "./date-range-rules.ts";

const today = new Date(2026, 10, 21, 15, 30); // 21 Nov 2026, mid-afternoon local time
const day = (iso: string) => {
  const date = fromIsoDay(iso);
  if (!date) throw new Error(`bad test date ${iso}`);
  return date;
};
const iso = (range: DateRange) => ({ from: range.from && toIsoDay(range.from), to: range.to && toIsoDay(range.to) });

describe("date-range rules (docs/product.md §4)", () => {
  it("click 1 sets the start and clears the end; click 2 sets the end and completes", () => {
    const first = applyDayClick({ from: day("2026-11-25"), to: day("2026-11-28") }, day("2026-12-01"), today);
    expect(iso(first.range)).toEqual({ from: "2026-12-01", to: undefined });
    expect(first.complete).toBe(false);
    const second = applyDayClick(first.range, day("2026-12-04"), today);
    expect(iso(second.range)).toEqual({ from: "2026-12-01", to: "2026-12-04" });
    expect(second.complete).toBe(true);
  });

  it("swaps the two days when the second click is earlier than the start", () => {
    const first = applyDayClick({}, day("2026-12-10"), today);
    const second = applyDayClick(first.range, day("2026-12-03"), today);
    expect(iso(second.range)).toEqual({ from: "2026-12-03", to: "2026-12-10" });
    expect(second.complete).toBe(true);
  });

  it("accepts the same day twice as a one-day range", () => {
    const first = applyDayClick({}, day("2026-12-10"), today);
    expect(iso(applyDayClick(first.range, day("2026-12-10"), today).range)).toEqual({ from: "2026-12-10", to: "2026-12-10" });
  });

  it("a third click starts a new range", () => {
    const complete: DateRange = { from: day("2026-12-01"), to: day("2026-12-04") };
    const third = applyDayClick(complete, day("2026-12-20"), today);
    expect(iso(third.range)).toEqual({ from: "2026-12-20", to: undefined });
    expect(third.complete).toBe(false);
  });

  it("disables days before today, allows today, and ignores clicks on past days", () => {
    expect(isDayDisabled(day("2026-11-20"), today)).toBe(true);
    expect(isDayDisabled(day("2026-11-21"), today)).toBe(false);
    expect(isDayDisabled(day("2026-11-22"), today)).toBe(false);
    const current: DateRange = { from: day("2026-11-25") };
    const result = applyDayClick(current, day("2026-11-19"), today);
    expect(result.range).toBe(current);
    expect(result.complete).toBe(false);
    expect(iso(applyDayClick({}, day("2026-11-21"), today).range)).toEqual({ from: "2026-11-21", to: undefined });
  });

  it("highlights only the days strictly between start and end", () => {
    const range: DateRange = { from: day("2026-12-01"), to: day("2026-12-04") };
    expect(isDayBetween(day("2026-12-02"), range)).toBe(true);
    expect(isDayBetween(day("2026-12-03"), range)).toBe(true);
    expect(isDayBetween(day("2026-12-01"), range)).toBe(false);
    expect(isDayBetween(day("2026-12-04"), range)).toBe(false);
    expect(isDayBetween(day("2026-12-02"), { from: day("2026-12-01") })).toBe(false);
  });

  it("shows two months from 768 px wide and one below", () => {
    expect(monthsToShow(767)).toBe(1);
    expect(monthsToShow(768)).toBe(2);
    expect(monthsToShow(390)).toBe(1);
  });

  it("converts local calendar days to and from YYYY-MM-DD without a time-zone shift", () => {
    expect(toIsoDay(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
    expect(toIsoDay(new Date(2026, 0, 5, 0, 0))).toBe("2026-01-05");
    expect(fromIsoDay("2026-01-05")?.getDate()).toBe(5);
    expect(fromIsoDay("2026-01-05T00:00:00.000Z") && toIsoDay(fromIsoDay("2026-01-05T00:00:00.000Z") as Date)).toBe("2026-01-05");
    expect(fromIsoDay("2026-02-30")).toBeUndefined();
    expect(fromIsoDay("")).toBeUndefined();
    expect(fromIsoDay("tomorrow")).toBeUndefined();
  });
});

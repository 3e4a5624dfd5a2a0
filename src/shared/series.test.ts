import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expandSeries, isoWeekdayOf, occurrencePeriod, occurrencesInScope, type SeriesRule } from "./series.ts";
import { priceForRealMinutes } from "./pricing.ts";
import { addDays } from "./time.ts";
import type { QuoteLine } from "./pricing.ts";

// docs/series.md, ADR 280–282: the days of a series, and the real instants of its occurrences
// across every change of the clocks in Europe/Stockholm from 2026 to 2030.

const weekly = (overrides: Partial<SeriesRule> = {}): SeriesRule => ({
  frequency: "weekly",
  interval: 1,
  weekdays: [6],
  monthDay: null,
  firstDay: "2026-12-01",
  until: null,
  count: 8,
  ...overrides,
});

// An independent reader of the Stockholm wall clock (the runtime's own time-zone data, not @date-fns/tz).
const stockholm = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "Europe/Stockholm",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
function wallClock(instant: Date): { day: string; clock: string } {
  const parts = Object.fromEntries(stockholm.formatToParts(instant).map((part) => [part.type, part.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, clock: `${parts.hour}:${parts.minute}` };
}

/** The last Sunday of a month: the EU's change of the clocks (Directive 2000/84/EC). */
function lastSunday(year: number, month: number): string {
  let day = addDays(`${String(year)}-${String(month + 1).padStart(2, "0")}-01`, -1);
  while (isoWeekdayOf(day) !== 7) day = addDays(day, -1);
  return day;
}

describe("the days of a series (RFC 5545 §3.3.10)", () => {
  it("expands weekly rules on chosen weekdays, every N weeks, to a count or an end day", () => {
    // 2026-12-01 is a Tuesday; the first Saturday is 5 December.
    expect(expandSeries(weekly())).toEqual([
      "2026-12-05",
      "2026-12-12",
      "2026-12-19",
      "2026-12-26",
      "2027-01-02",
      "2027-01-09",
      "2027-01-16",
      "2027-01-23",
    ]);
    expect(expandSeries(weekly({ weekdays: [2, 6], interval: 2, count: 5 }))).toEqual([
      "2026-12-01",
      "2026-12-05",
      "2026-12-15",
      "2026-12-19",
      "2026-12-29",
    ]);
    expect(expandSeries(weekly({ count: null, until: "2026-12-19" }))).toEqual(["2026-12-05", "2026-12-12", "2026-12-19"]);
  });

  it("expands monthly rules on a day of the month and skips months without that day", () => {
    const monthly: SeriesRule = { ...weekly(), frequency: "monthly", weekdays: [], monthDay: 31, firstDay: "2027-01-01", count: 4 };
    expect(expandSeries(monthly)).toEqual(["2027-01-31", "2027-03-31", "2027-05-31", "2027-07-31"]);
    expect(expandSeries({ ...monthly, monthDay: 15, interval: 3, count: null, until: "2027-12-31" })).toEqual([
      "2027-01-15",
      "2027-04-15",
      "2027-07-15",
      "2027-10-15",
    ]);
  });

  it("reaches exactly the occurrences of a change's scope", () => {
    const occurrences = ["2026-12-05", "2026-12-12", "2026-12-19", "2026-12-26"].map((day) => ({
      occurrenceDay: day,
      day,
      cancelled: day === "2026-12-26",
    }));
    const days = (list: { occurrenceDay: string }[]) => list.map((occurrence) => occurrence.occurrenceDay);
    expect(days(occurrencesInScope(occurrences, "this", "2026-12-12", "2026-12-01"))).toEqual(["2026-12-12"]);
    expect(days(occurrencesInScope(occurrences, "following", "2026-12-12", "2026-12-01"))).toEqual(["2026-12-12", "2026-12-19"]);
    expect(days(occurrencesInScope(occurrences, "remaining", "2026-12-19", "2026-12-10"))).toEqual(["2026-12-12", "2026-12-19"]);
  });
});

describe("daylight saving, 2026–2030 (ADR 282)", () => {
  const changes = [2026, 2027, 2028, 2029, 2030].flatMap((year) => [
    { day: lastSunday(year, 3), hours: -1 },
    { day: lastSunday(year, 10), hours: 1 },
  ]);

  it("gives a night shift across each change its real number of hours, and prices it so", () => {
    for (const change of changes) {
      // The night from the Saturday 22:00 to the Sunday 06:00: 8 hours on the clock.
      const period = occurrencePeriod({ day: addDays(change.day, -1), days: 1, startTime: "22:00", endTime: "06:00" });
      expect(period.wallClockMinutes, change.day).toBe(8 * 60);
      expect(period.realMinutes, change.day).toBe((8 + change.hours) * 60);
      expect(wallClock(period.start)).toEqual({ day: addDays(change.day, -1), clock: "22:00" });
      expect(wallClock(period.end)).toEqual({ day: change.day, clock: "06:00" });
      const line = { totalCents: 120_000, vatCents: 24_000, vatRateBasisPoints: 2500 } as QuoteLine;
      // €1,200 for 8 hours: €1,350 for 9, €1,050 for 7.
      expect(priceForRealMinutes({ lines: [line] }, period.realMinutes, period.wallClockMinutes).totalCents).toBe(
        120_000 + change.hours * 15_000,
      );
    }
  });

  it("keeps every occurrence's local start and end across every change (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 * 365 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 23 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 6 }),
        (dayIndex, startHour, startQuarter, lengthHours, days, weekday) => {
          const startTime = `${String(startHour).padStart(2, "0")}:${String(startQuarter * 15).padStart(2, "0")}`;
          const endHour = (startHour + lengthHours) % 24;
          const endTime = `${String(endHour).padStart(2, "0")}:${String(startQuarter * 15).padStart(2, "0")}`;
          const firstDay = addDays("2026-01-01", dayIndex);
          const [day] = expandSeries(weekly({ firstDay, weekdays: [(weekday + 1) as 1], count: 1 }));
          if (!day || day > "2030-12-31") return;
          const period = occurrencePeriod({ day, days, startTime, endTime });
          const lastDay = addDays(day, days - 1);
          const endDay = endHour <= startHour ? addDays(lastDay, 1) : lastDay;
          // A time the spring change skips (02:00–02:59 on its Sunday) does not exist: it is read
          // with the winter offset (ADR 237), an hour later on the clock.
          const skipped = (date: string, hour: number) => hour === 2 && changes.some((change) => change.day === date && change.hours < 0);
          const shown = (hour: number, date: string) => (skipped(date, hour) ? hour + 1 : hour);
          const clock = (hour: number) => `${String(hour).padStart(2, "0")}:${String(startQuarter * 15).padStart(2, "0")}`;
          expect(wallClock(period.start)).toEqual({ day, clock: clock(shown(startHour, day)) });
          expect(wallClock(period.end)).toEqual({ day: endDay, clock: clock(shown(endHour, endDay)) });
          // The real minutes are the sum of each day's real window, measured by the instants.
          let real = 0;
          for (let index = 0; index < days; index += 1) {
            const one = occurrencePeriod({ day: addDays(day, index), days: 1, startTime, endTime });
            real += (one.end.getTime() - one.start.getTime()) / 60_000;
            expect(wallClock(one.start).day).toBe(addDays(day, index));
          }
          expect(period.realMinutes).toBe(real);
          expect(period.wallClockMinutes).toBe(days * lengthHours * 60);
          // Off the change's nights, the real hours are the wall-clock hours.
          const crossesChange = Array.from({ length: days + 1 }, (_, index) => addDays(day, index)).some((date) =>
            changes.some((change) => change.day === date),
          );
          if (!crossesChange) expect(period.realMinutes).toBe(period.wallClockMinutes);
        },
      ),
      { numRuns: 1500 },
    );
  });
});

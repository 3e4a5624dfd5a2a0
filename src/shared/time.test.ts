import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  addDays,
  formatDay,
  formatDayRange,
  formatInstant,
  formatLocalDay,
  formatShortDay,
  instantInZone,
  operatorToday,
  startOfDayInZone,
  weekdayNames,
} from "./time.ts";

// docs/money.md "Dates": one style per language, the same on every page and in every mail.

const visible = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("dates", () => {
  it("writes calendar days in the British order in English and the Swedish one in Swedish", () => {
    expect(formatDay("2026-11-26", "en")).toBe("Thu, 26 Nov 2026");
    expect(visible(formatDay("2026-11-26", "sv"))).toBe("tors 26 nov. 2026");
    expect(formatDay("not a day", "en")).toBe("not a day");
  });

  it("writes a period as one day or first – last", () => {
    expect(formatDayRange("2026-12-05", "2026-12-05", "en")).toBe("Sat, 5 Dec 2026");
    expect(formatDayRange("2026-12-05", "2026-12-07", "en")).toBe("Sat, 5 Dec 2026 – Mon, 7 Dec 2026");
  });

  it("writes instants in Swedish time with a 24-hour clock", () => {
    // 16:03 UTC is 17:03 in Stockholm in November (CET).
    expect(formatInstant("2026-11-25T16:03:00Z", "en")).toBe("25 Nov 2026, 17:03");
    expect(visible(formatInstant(new Date("2026-07-01T06:05:00Z"), "sv"))).toBe("1 juli 2026 08:05");
  });

  it("writes a day picked in the visitor's calendar in the same style", () => {
    expect(formatLocalDay(new Date(2026, 10, 26), "en")).toBe("Thu, 26 Nov 2026");
  });

  it("writes the confirmation's day and a Swedish period the Swedish way", () => {
    expect(visible(formatDay("2026-12-05", "sv"))).toBe("lör 5 dec. 2026");
    expect(visible(formatDayRange("2026-12-05", "2026-12-07", "sv"))).toBe("lör 5 dec. 2026 – mån 7 dec. 2026");
    expect(visible(formatInstant("2026-11-25T16:03:00Z", "sv"))).toBe("25 nov. 2026 17:03");
    expect(visible(formatLocalDay(new Date(2026, 11, 5), "sv"))).toBe("lör 5 dec. 2026");
  });

  it("writes short days for chart axes and the weekdays Monday first", () => {
    expect(formatShortDay("2026-11-26", "en")).toBe("26 Nov");
    expect(visible(formatShortDay("2026-11-26", "sv"))).toBe("26 nov.");
    expect(weekdayNames("en")).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    expect(weekdayNames("sv")[0]).toBe("mån");
  });
});

// ADR 050, 237: the firm's days and times are Europe/Stockholm's, CET (UTC+1) in winter and CEST
// (UTC+2) from the last Sunday of March, 01:00 UTC, to the last Sunday of October, 01:00 UTC
// (Directive 2000/84/EC art. 1–2).
const lastSunday = (year: number, month: number) => {
  const last = new Date(Date.UTC(year, month, 0));
  return addDays(last.toISOString().slice(0, 10), -last.getUTCDay());
};

describe("operator days and times (Europe/Stockholm)", () => {
  it("starts a day at local midnight, summer time included", () => {
    expect(startOfDayInZone("2026-01-15").toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(startOfDayInZone("2026-07-15").toISOString()).toBe("2026-07-14T22:00:00.000Z");
  });

  it("knows today's date in Stockholm around midnight UTC", () => {
    expect(operatorToday(new Date("2026-07-14T22:30:00.000Z"))).toBe("2026-07-15");
    expect(operatorToday(new Date("2026-07-14T21:30:00.000Z"))).toBe("2026-07-14");
    expect(operatorToday(new Date("2026-12-31T23:00:00.000Z"))).toBe("2027-01-01");
  });

  it("answers today from the day it found last only within that day's own instants", () => {
    // The 23-hour day of spring 2026 (29 March) and the millisecond on each side of its ends, asked
    // in an order that leaves and re-enters the day found last.
    const cases: [string, string][] = [
      ["2026-03-28T23:00:00.000Z", "2026-03-29"],
      ["2026-03-29T21:59:59.999Z", "2026-03-29"],
      ["2026-03-28T22:59:59.999Z", "2026-03-28"],
      ["2026-03-29T22:00:00.000Z", "2026-03-30"],
      ["2026-03-29T12:00:00.000Z", "2026-03-29"],
      ["2026-10-25T22:59:59.999Z", "2026-10-25"],
      ["2026-10-24T22:00:00.000Z", "2026-10-25"],
      ["2026-10-24T21:59:59.999Z", "2026-10-24"],
    ];
    for (const [instant, day] of cases) expect([instant, operatorToday(new Date(instant))]).toEqual([instant, day]);
  });

  it("keeps local times on both sides of every change of summer time from 2026 to 2030", () => {
    for (let year = 2026; year <= 2030; year += 1) {
      const spring = lastSunday(year, 3);
      const autumn = lastSunday(year, 10);
      // The night clocks go forward: 01:59 is still winter time, 03:00 is summer time.
      expect(instantInZone(spring, 119).toISOString()).toBe(`${spring}T00:59:00.000Z`);
      expect(instantInZone(spring, 180).toISOString()).toBe(`${spring}T01:00:00.000Z`);
      // The night clocks go back: a day of 25 hours, midnight to midnight.
      expect(startOfDayInZone(addDays(autumn, 1)).getTime() - startOfDayInZone(autumn).getTime()).toBe(25 * 3_600_000);
      expect(startOfDayInZone(addDays(spring, 1)).getTime() - startOfDayInZone(spring).getTime()).toBe(23 * 3_600_000);
      expect(instantInZone(autumn, 180).toISOString()).toBe(`${autumn}T02:00:00.000Z`);
    }
  });

  it("reads back every local time it makes, as the operator's day and clock show it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 * 366 }), fc.integer({ min: 0, max: 24 * 60 - 1 }), (dayIndex, minutes) => {
        const day = addDays("2026-01-01", dayIndex);
        const instant = instantInZone(day, minutes);
        // The hour that does not exist in spring is the only one that may not read back.
        const parts = new Intl.DateTimeFormat("en-GB", {
          timeZone: "Europe/Stockholm",
          hourCycle: "h23",
          hour: "2-digit",
          minute: "2-digit",
        });
        const [hours = 0, minutesShown = 0] = parts.format(instant).split(":").map(Number);
        const skipped = day === lastSunday(Number(day.slice(0, 4)), 3) && minutes >= 120 && minutes < 180;
        if (!skipped) {
          expect(operatorToday(instant)).toBe(day);
          expect(hours * 60 + minutesShown).toBe(minutes);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

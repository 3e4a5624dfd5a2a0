import { describe, expect, it } from "vitest";
import { formatDay, formatDayRange, formatInstant, formatLocalDay, formatShortDay, weekdayNames } from "./dates.ts";

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

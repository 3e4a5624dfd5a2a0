import { describe, expect, it } from "vitest";
import { dailyWindowMinutes, endsNextMorning, engagementTimesProblem, servicePeriod } from "./engagement.ts";

// ADR 180, docs/product.md §12: the times must fit the band (Day 06:00–22:00, Night 18:00–08:00)
// and last no longer than the hours per day.

const day = [{ options: { timeOfDay: "day" as const } }];
const night = [{ options: { timeOfDay: "night" as const } }];
const hours = (duration: string) => [{ options: { duration } }];

describe("engagement times", () => {
  it("reads an end at or before the start as the next morning", () => {
    expect(dailyWindowMinutes("20:00", "06:00")).toBe(600);
    expect(dailyWindowMinutes("18:00", "18:00")).toBe(24 * 60);
    expect(endsNextMorning("20:00", "06:00")).toBe(true);
    expect(endsNextMorning("08:00", "17:00")).toBe(false);
  });

  it("keeps a day band's window within 06:00–22:00", () => {
    expect(engagementTimesProblem("06:00", "22:00", day)).toBeNull();
    expect(engagementTimesProblem("05:30", "12:00", day)).toBe("validation.timesOutsideBand");
    expect(engagementTimesProblem("20:00", "23:00", day)).toBe("validation.timesOutsideBand");
    expect(engagementTimesProblem("20:00", "02:00", day)).toBe("validation.timesOutsideBand");
  });

  it("keeps a night band's window within 18:00–08:00, across midnight", () => {
    expect(engagementTimesProblem("18:00", "08:00", night)).toBeNull();
    expect(engagementTimesProblem("23:00", "05:00", night)).toBeNull();
    expect(engagementTimesProblem("01:00", "07:30", night)).toBeNull();
    expect(engagementTimesProblem("12:00", "16:00", night)).toBe("validation.timesOutsideBand");
    expect(engagementTimesProblem("20:00", "09:00", night)).toBe("validation.timesOutsideBand");
    expect(engagementTimesProblem("05:00", "09:00", night)).toBe("validation.timesOutsideBand");
  });

  it("refuses a window longer than the hours per day, allows a shorter one and any window for Day & Night", () => {
    expect(engagementTimesProblem("18:00", "00:00", hours("6h"))).toBeNull();
    expect(engagementTimesProblem("18:00", "00:30", hours("6h"))).toBe("validation.timesLongerThanHours");
    expect(engagementTimesProblem("18:00", "20:00", hours("12h"))).toBeNull();
    expect(engagementTimesProblem("18:00", "18:00", hours("24h"))).toBeNull();
    expect(engagementTimesProblem("03:00", "02:00", [{ options: { timeOfDay: "day_night" as const } }])).toBeNull();
  });
});

describe("the real service period", () => {
  it("ends a night watch on the morning after the last booked day, in Stockholm time", () => {
    const period = servicePeriod("2026-12-04", "2026-12-05", "19:00", "06:00");
    expect(period?.start.toISOString()).toBe("2026-12-04T18:00:00.000Z");
    expect(period?.end.toISOString()).toBe("2026-12-06T05:00:00.000Z");
  });

  it("ends a day service on the last booked day, in summer time too, and is null without times", () => {
    const period = servicePeriod("2026-07-01", "2026-07-02", "08:00", "17:30");
    expect(period?.start.toISOString()).toBe("2026-07-01T06:00:00.000Z");
    expect(period?.end.toISOString()).toBe("2026-07-02T15:30:00.000Z");
    // The day summer time starts (29 March 2026): 19:00 is already CEST.
    expect(servicePeriod("2026-03-29", "2026-03-29", "01:00", "19:00")?.end.toISOString()).toBe("2026-03-29T17:00:00.000Z");
    expect(servicePeriod("2026-07-01", "2026-07-02", null, null)).toBeNull();
  });
});

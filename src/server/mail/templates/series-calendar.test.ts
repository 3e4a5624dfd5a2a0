import { describe, expect, it } from "vitest";
import { expandSeries, occurrencePeriod, type SeriesRule } from "../../../shared/series.ts";
import { expandCalendar } from "../../test-support/calendar-expansion.ts";
import { renderSeriesCalendar, type SeriesCalendarInput } from "./series-calendar.ts";

// ADR 283: one calendar entry for the series, read by Python's icalendar and expanded by dateutil
// as a calendar application does; it must give exactly the occurrences that stand, at their real instants.

const rule: SeriesRule = { frequency: "weekly", interval: 1, weekdays: [6], monthDay: null, firstDay: "2027-03-01", until: null, count: 8 };

function input(overrides: Partial<SeriesCalendarInput> = {}): SeriesCalendarInput {
  return {
    uid: "series-2f0c6a5e-1d9b-4a57-9a43-3c0c1b7f6a10",
    rule,
    days: 2,
    startTime: "20:00",
    endTime: "06:00",
    occurrences: expandSeries(rule).map((day) => ({ occurrenceDay: day, day, startTime: "20:00", endTime: "06:00", cancelled: false })),
    sequence: 0,
    status: "TENTATIVE",
    summary: "Nordic Shield weekend protection",
    location: "Djursholm, Sweden",
    description: "Series reference S-2F0C6A5E",
    stampedAt: new Date("2027-02-20T10:00:00Z"),
    organizerEmail: "support@nordicshield.se",
    ...overrides,
  };
}

const expected = (day: string, days = 2, startTime = "20:00", endTime = "06:00") => {
  const period = occurrencePeriod({ day, days, startTime, endTime });
  return { start: period.start.toISOString().replace(".000", ""), end: period.end.toISOString().replace(".000", "") };
};

describe("the series' calendar entry (RFC 5545)", () => {
  it("expands to every weekend of the series, keeping Stockholm times across the change to summer time", () => {
    const calendar = expandCalendar(renderSeriesCalendar(input()));
    expect(calendar.method).toBe("REQUEST");
    expect(calendar.sequence).toBe(0);
    const days = expandSeries(rule);
    expect(calendar.occurrences.map(({ start, end }) => ({ start, end }))).toEqual(days.map((day) => expected(day)));
    // 27 March 2027 is the Saturday before the change: 19:00 UTC start, 04:00 UTC end on Monday.
    expect(calendar.occurrences[3]).toMatchObject({ start: "2027-03-27T19:00:00Z", end: "2027-03-29T04:00:00Z" });
    expect(calendar.occurrences[0]).toMatchObject({ start: "2027-03-06T19:00:00Z", end: "2027-03-08T05:00:00Z" });
  });

  it("leaves out cancelled occurrences (EXDATE) and moves a changed one (RECURRENCE-ID), with a rising SEQUENCE", () => {
    const days = expandSeries(rule);
    const occurrences = input().occurrences.map((occurrence, index) =>
      index === 2
        ? { ...occurrence, day: "2027-03-19", startTime: "18:00", endTime: "02:00" }
        : index >= 5
          ? { ...occurrence, cancelled: true }
          : occurrence,
    );
    const calendar = expandCalendar(renderSeriesCalendar(input({ occurrences, sequence: 3 })));
    expect(calendar.sequence).toBe(3);
    expect(calendar.occurrences).toHaveLength(5);
    expect(calendar.occurrences.map(({ start, end }) => ({ start, end }))).toEqual([
      expected(days[0] as string),
      expected(days[1] as string),
      expected("2027-03-19", 2, "18:00", "02:00"),
      expected(days[3] as string),
      expected(days[4] as string),
    ]);
    expect(calendar.occurrences[2]?.recurrenceId).toBe(expected(days[2] as string).start);
  });

  it("ends an UNTIL rule on its last day and is cancelled once nothing stands", () => {
    const untilRule: SeriesRule = { ...rule, weekdays: [2, 4], count: null, until: "2027-03-11" };
    const occurrences = expandSeries(untilRule).map((day) => ({
      occurrenceDay: day,
      day,
      startTime: "09:00",
      endTime: "17:00",
      cancelled: false,
    }));
    const calendar = expandCalendar(
      renderSeriesCalendar(input({ rule: untilRule, days: 1, startTime: "09:00", endTime: "17:00", occurrences })),
    );
    expect(calendar.occurrences.map((occurrence) => occurrence.start)).toEqual([
      "2027-03-02T08:00:00Z",
      "2027-03-04T08:00:00Z",
      "2027-03-09T08:00:00Z",
      "2027-03-11T08:00:00Z",
    ]);
    const none = renderSeriesCalendar(
      input({ occurrences: input().occurrences.map((occurrence) => ({ ...occurrence, cancelled: true })) }),
    );
    expect(none).toContain("METHOD:CANCEL\r\n");
    expect(none).toContain("STATUS:CANCELLED\r\n");
  });
});

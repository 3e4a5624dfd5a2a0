import { describe, expect, it } from "vitest";
import { escapeCalendarText, foldCalendarLine, renderCalendarEvent } from "./booking-calendar.ts";
import type { BookingView } from "../../../shared/booking.ts";
import { bookingCalendarAttachment, calendarLocation } from "./booking-calendar-entry.ts";

const base = {
  uid: "5f0c6a5e-1d9b-4a57-9a43-3c0c1b7f6a10",
  startDate: "2026-07-15",
  endDate: "2026-07-17",
  summary: "Nordic Shield: VIP Residential Protection",
  location: "Göteborg, Sweden",
  description: "Booking 5F0C6A5E\nTotal € 1,497",
  createdAt: new Date("2026-07-01T10:20:30.456Z"),
  status: "pending" as const,
};

/** Undo §3.1 folding: CRLF followed by one space or tab joins the lines. */
function unfold(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, "").split("\r\n");
}

describe("booking calendar file (RFC 5545)", () => {
  it("writes one all-day event with an exclusive end, the booking id as UID and CRLF endings", () => {
    const ics = renderCalendarEvent(base);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = unfold(ics);
    expect(lines.slice(0, 6)).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Nordic Shield//Booking//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:REQUEST",
      "BEGIN:VEVENT",
    ]);
    expect(lines).toContain("UID:5f0c6a5e-1d9b-4a57-9a43-3c0c1b7f6a10");
    expect(lines).toContain("DTSTAMP:20260701T102030Z");
    expect(lines).toContain("DTSTART;VALUE=DATE:20260715");
    expect(lines).toContain("DTEND;VALUE=DATE:20260718");
    expect(lines).toContain("STATUS:TENTATIVE");
    expect(lines).toContain("LOCATION:Göteborg\\, Sweden");
    expect(lines).toContain("DESCRIPTION:Booking 5F0C6A5E\\nTotal € 1\\,497");
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
  });

  it("ends a one-day event on the next day and rolls over months and years", () => {
    expect(unfold(renderCalendarEvent({ ...base, startDate: "2026-12-31", endDate: "2026-12-31" }))).toContain("DTEND;VALUE=DATE:20270101");
    expect(unfold(renderCalendarEvent({ ...base, startDate: "2028-02-28", endDate: "2028-02-29" }))).toContain("DTEND;VALUE=DATE:20280301");
  });

  it("escapes backslashes, semicolons, commas and line breaks in text", () => {
    expect(escapeCalendarText("a\\b;c,d\r\ne\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
    const lines = unfold(renderCalendarEvent({ ...base, location: "Villa; Strandvägen 7, Stockholm\\Ö" }));
    expect(lines).toContain("LOCATION:Villa\\; Strandvägen 7\\, Stockholm\\\\Ö");
  });

  it("folds long lines at 75 octets without splitting a character", () => {
    const long = `DESCRIPTION:${"Protection à la carte — ".repeat(12)}`;
    const folded = foldCalendarLine(long);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(1);
    for (const line of physical) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    for (const line of physical.slice(1)) expect(line.startsWith(" ")).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
    // Every physical line of a whole file respects the limit too.
    const ics = renderCalendarEvent({ ...base, description: "Ö".repeat(200) });
    for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it("times the event in Europe/Stockholm with its VTIMEZONE, a sequence and the method that follows the status (ADR 180, 182)", () => {
    const lines = unfold(renderCalendarEvent({ ...base, startTime: "20:00", endTime: "06:00", sequence: 3, status: "confirmed" }));
    expect(lines).toContain("METHOD:REQUEST");
    expect(lines).toContain("BEGIN:VTIMEZONE");
    expect(lines).toContain("TZID:Europe/Stockholm");
    expect(lines).toContain("SEQUENCE:3");
    expect(lines).toContain("DTSTART;TZID=Europe/Stockholm:20260715T200000");
    // An end before the start is on the morning after the last day.
    expect(lines).toContain("DTEND;TZID=Europe/Stockholm:20260718T060000");
    expect(lines).toContain("STATUS:CONFIRMED");
    const cancelled = unfold(renderCalendarEvent({ ...base, status: "cancelled_by_customer", sequence: 4 }));
    expect(cancelled).toContain("METHOD:CANCEL");
    expect(cancelled).toContain("STATUS:CANCELLED");
    expect(cancelled).not.toContain("BEGIN:VTIMEZONE");
  });

  it("refuses an end before the start and malformed days", () => {
    expect(() => renderCalendarEvent({ ...base, endDate: "2026-07-14" })).toThrow(RangeError);
    expect(() => renderCalendarEvent({ ...base, startDate: "15/07/2026" })).toThrow(RangeError);
  });
});

describe("the booking's calendar entry", () => {
  it("names the city once in LOCATION when the meeting point already names it", () => {
    const entry = bookingCalendarAttachment({
      booking: {
        id: "6f1c2a9e-0000-4000-8000-000000000001",
        startDate: "2026-12-04",
        endDate: "2026-12-05",
        location: "Stockholm, Sweden",
        meetingPoint: "Grand Hôtel, Stockholm",
        startTime: null,
        endTime: null,
        principal: null,
      } as unknown as BookingView,
      language: "en",
      status: "pending",
      sequence: 0,
      stampedAt: new Date("2026-11-29T06:00:00Z"),
      supportEmail: "support@nordicshield.se",
    });
    expect(entry.content).toContain("LOCATION:Grand Hôtel\\, Stockholm\\, Sweden\r\n");
    expect(calendarLocation("Grand Hôtel, Södra Blasieholmshamnen 8", "Stockholm, Sweden")).toBe(
      "Grand Hôtel, Södra Blasieholmshamnen 8, Stockholm, Sweden",
    );
    expect(calendarLocation(null, "Stockholm, Sweden")).toBe("Stockholm, Sweden");
  });
});

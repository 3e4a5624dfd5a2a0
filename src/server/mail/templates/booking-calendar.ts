import type { BookingStatus } from "../../../shared/booking-lifecycle.ts";
// An RFC 5545 calendar file for every mail that changes a booking: one VEVENT over the booking
// period. Written by hand because it is small: CRLF line endings (§3.1), lines folded at 75
// octets without splitting a UTF-8 character, TEXT values escaped (§3.3.11), DTEND exclusive for
// VALUE=DATE events (§3.6.1). ADR 180: with the customer's times the event is timed in
// Europe/Stockholm (TZID with its VTIMEZONE, §3.6.5); without them it spans whole days.
// ADR 182: one UID per booking, a SEQUENCE that rises with each change, and an iTIP method
// (RFC 5546 §3.2): REQUEST while the booking stands, CANCEL once declined or cancelled, so the
// customer's calendar updates or removes the same entry.

import { addDays, isCalendarDay, operatorTimeZone } from "../../../shared/time.ts";
import { clockTimePattern, endsNextMorning } from "../../../shared/engagement.ts";

export type CalendarEventInput = {
  /** The booking id; a calendar that imports the file twice keeps one event. */
  uid: string;
  /** First day, 'YYYY-MM-DD'. */
  startDate: string;
  /** Last day (inclusive), 'YYYY-MM-DD'. */
  endDate: string;
  summary: string;
  location: string;
  description: string;
  /** When the file was created (DTSTAMP). */
  createdAt: Date;
  /** ADR 180: Stockholm 'HH:MM' of the first day's start and the last day's end; both or neither. */
  startTime?: string | null;
  endTime?: string | null;
  /** ADR 182: the booking's calendar sequence when this mail was queued (0 for the request). */
  sequence?: number;
  /** pending → TENTATIVE; confirmed, in progress and completed → CONFIRMED; declined and cancelled → CANCELLED. */
  status: BookingStatus;
  /** Optional organiser e-mail (the operator's support address). */
  organizerEmail?: string;
};

/** §3.3.11: backslash, semicolon, comma and line breaks are escaped in TEXT values. */
export function escapeCalendarText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** UTF-8 length of one code point, without encoding it. */
function utf8Octets(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/** §3.1: lines longer than 75 octets are split with CRLF + one space, on character boundaries. */
export function foldCalendarLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let currentOctets = 0;
  // The first line holds 75 octets; continuation lines 74 plus the leading space.
  let limit = 75;
  for (const character of line) {
    const octets = utf8Octets(character.codePointAt(0) ?? 0);
    if (currentOctets + octets > limit) {
      parts.push(current);
      current = "";
      currentOctets = 0;
      limit = 74;
    }
    current += character;
    currentOctets += octets;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function calendarDate(isoDay: string): string {
  if (!isCalendarDay(isoDay)) throw new RangeError(`Not a calendar day: ${isoDay}`);
  return isoDay.replace(/-/g, "");
}

export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

const statusValue: Record<BookingStatus, "TENTATIVE" | "CONFIRMED" | "CANCELLED"> = {
  pending: "TENTATIVE",
  // ADR 225: not confirmed until the money is secured.
  payment_needed: "TENTATIVE",
  confirmed: "CONFIRMED",
  in_progress: "CONFIRMED",
  completed: "CONFIRMED",
  declined: "CANCELLED",
  cancelled_by_customer: "CANCELLED",
  cancelled_by_operator: "CANCELLED",
  // ADR 276: not yet a request to the firm, and one the company declined.
  awaiting_company_approval: "TENTATIVE",
  declined_by_company: "CANCELLED",
};

/** ADR 182: the iTIP method that follows the booking's status. */
export function calendarMethod(status: BookingStatus): "REQUEST" | "CANCEL" {
  return statusValue[status] === "CANCELLED" ? "CANCEL" : "REQUEST";
}

/** The operator's zone (ADR 050) as RFC 5545 §3.6.5 describes it: the EU summer-time rule since 1996, CET/CEST (Directive 2000/84/EC). */
export const stockholmTimeZone = [
  "BEGIN:VTIMEZONE",
  `TZID:${operatorTimeZone}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

const localTime = (isoDay: string, clock: string) => `${calendarDate(isoDay)}T${clock.replace(":", "")}00`;

export function renderCalendarEvent(event: CalendarEventInput): string {
  if (event.endDate < event.startDate) throw new RangeError("The end date is before the start date.");
  const { startTime, endTime } = event;
  const timed = typeof startTime === "string" && typeof endTime === "string";
  if (timed && (!clockTimePattern.test(startTime) || !clockTimePattern.test(endTime))) throw new RangeError("Not a clock time.");
  const period =
    timed && startTime && endTime
      ? [
          `DTSTART;TZID=${operatorTimeZone}:${localTime(event.startDate, startTime)}`,
          // ADR 180: an end at or before the start time is on the morning after the last day.
          `DTEND;TZID=${operatorTimeZone}:${localTime(endsNextMorning(startTime, endTime) ? addDays(event.endDate, 1) : event.endDate, endTime)}`,
        ]
      : [
          `DTSTART;VALUE=DATE:${calendarDate(event.startDate)}`,
          // Exclusive: the day after the last booked day.
          `DTEND;VALUE=DATE:${calendarDate(addDays(event.endDate, 1))}`,
        ];
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Nordic Shield//Booking//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${calendarMethod(event.status)}`,
    ...(timed ? stockholmTimeZone : []),
    "BEGIN:VEVENT",
    `UID:${escapeCalendarText(event.uid)}`,
    `SEQUENCE:${String(event.sequence ?? 0)}`,
    `DTSTAMP:${utcStamp(event.createdAt)}`,
    ...period,
    `SUMMARY:${escapeCalendarText(event.summary)}`,
    `LOCATION:${escapeCalendarText(event.location)}`,
    `DESCRIPTION:${escapeCalendarText(event.description)}`,
    `STATUS:${statusValue[event.status]}`,
    "TRANSP:OPAQUE",
    ...(event.organizerEmail ? [`ORGANIZER;CN=Nordic Shield:mailto:${event.organizerEmail}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldCalendarLine).join("\r\n") + "\r\n";
}

import { endsNextMorning } from "../../../shared/engagement.ts";
import { weekdayCodes, type SeriesRule } from "../../../shared/series.ts";
import { addDays, instantInZone, isCalendarDay, operatorTimeZone } from "../../../shared/time.ts";
import { escapeCalendarText, foldCalendarLine, stockholmTimeZone, utcStamp } from "./booking-calendar.ts";

// ADR 283: ONE calendar entry for a whole series (RFC 5545): a recurring VEVENT whose RRULE is the
// series' rule (§3.3.10, §3.8.5.3), an EXDATE for each cancelled occurrence (§3.8.5.1), and for
// each occurrence moved or retimed an overriding VEVENT with the same UID and its RECURRENCE-ID
// (§3.8.4.4), the original start. One UID per series and a SEQUENCE that rises with each change
// (ADR 182), so the customer's calendar updates the same entry; METHOD CANCEL once no occurrence
// stands (RFC 5546 §3.2.5). Times are Europe/Stockholm with its VTIMEZONE (ADR 237).

export type SeriesCalendarOccurrence = {
  /** The day the rule gave it: its RECURRENCE-ID. */
  occurrenceDay: string;
  /** Where it is now (a moved occurrence's new day). */
  day: string;
  startTime: string;
  endTime: string;
  cancelled: boolean;
};

export type SeriesCalendarInput = {
  uid: string;
  rule: SeriesRule;
  /** The days each occurrence covers from its day. */
  days: number;
  /** The series' own times, those of every occurrence not retimed. */
  startTime: string;
  endTime: string;
  occurrences: readonly SeriesCalendarOccurrence[];
  sequence: number;
  /** TENTATIVE until the firm confirms the series, CONFIRMED after. */
  status: "TENTATIVE" | "CONFIRMED";
  summary: string;
  location: string;
  description: string;
  stampedAt: Date;
  organizerEmail?: string;
};

const local = (isoDay: string, clock: string) => {
  if (!isCalendarDay(isoDay)) throw new RangeError(`Not a calendar day: ${isoDay}`);
  return `${isoDay.replace(/-/g, "")}T${clock.replace(":", "")}00`;
};

function period(day: string, days: number, startTime: string, endTime: string): string[] {
  const lastDay = addDays(day, days - 1);
  return [
    `DTSTART;TZID=${operatorTimeZone}:${local(day, startTime)}`,
    // ADR 180: an end at or before the start time is on the morning after the last day.
    `DTEND;TZID=${operatorTimeZone}:${local(endsNextMorning(startTime, endTime) ? addDays(lastDay, 1) : lastDay, endTime)}`,
  ];
}

/** §3.3.10: the rule's text. UNTIL is UTC when DTSTART has a zone: the end of the last day in Stockholm. */
export function recurrenceRule(rule: SeriesRule): string {
  const parts =
    rule.frequency === "weekly"
      ? [
          "FREQ=WEEKLY",
          `INTERVAL=${String(rule.interval)}`,
          `BYDAY=${rule.weekdays.map((day) => weekdayCodes[day - 1]).join(",")}`,
          "WKST=MO",
        ]
      : ["FREQ=MONTHLY", `INTERVAL=${String(rule.interval)}`, `BYMONTHDAY=${String(rule.monthDay)}`];
  if (rule.count !== null) parts.push(`COUNT=${String(rule.count)}`);
  else if (rule.until !== null) parts.push(`UNTIL=${utcStamp(new Date(instantInZone(addDays(rule.until, 1), 0).getTime() - 1000))}`);
  return `RRULE:${parts.join(";")}`;
}

export function renderSeriesCalendar(input: SeriesCalendarInput): string {
  const ordered = [...input.occurrences].sort((a, b) => (a.occurrenceDay < b.occurrenceDay ? -1 : 1));
  const first = ordered[0];
  if (!first) throw new RangeError("A series has at least one occurrence.");
  const standing = ordered.filter((occurrence) => !occurrence.cancelled);
  const cancelled = standing.length === 0;
  const common = (sequence: number) => [
    `UID:${escapeCalendarText(input.uid)}`,
    `SEQUENCE:${String(sequence)}`,
    `DTSTAMP:${utcStamp(input.stampedAt)}`,
  ];
  const text = [
    `SUMMARY:${escapeCalendarText(input.summary)}`,
    `LOCATION:${escapeCalendarText(input.location)}`,
    `DESCRIPTION:${escapeCalendarText(input.description)}`,
    ...(input.organizerEmail ? [`ORGANIZER;CN=Nordic Shield:mailto:${input.organizerEmail}`] : []),
  ];
  const status = cancelled ? "CANCELLED" : input.status;
  const exceptions = ordered.filter((occurrence) => occurrence.cancelled);
  const master = [
    "BEGIN:VEVENT",
    ...common(input.sequence),
    ...period(first.occurrenceDay, input.days, input.startTime, input.endTime),
    recurrenceRule(input.rule),
    ...exceptions.map((occurrence) => `EXDATE;TZID=${operatorTimeZone}:${local(occurrence.occurrenceDay, input.startTime)}`),
    ...text,
    `STATUS:${status}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
  ];
  const changed = standing.filter(
    (occurrence) =>
      occurrence.day !== occurrence.occurrenceDay || occurrence.startTime !== input.startTime || occurrence.endTime !== input.endTime,
  );
  const overrides = changed.flatMap((occurrence) => [
    "BEGIN:VEVENT",
    ...common(input.sequence),
    `RECURRENCE-ID;TZID=${operatorTimeZone}:${local(occurrence.occurrenceDay, input.startTime)}`,
    ...period(occurrence.day, input.days, occurrence.startTime, occurrence.endTime),
    ...text,
    `STATUS:${status}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
  ]);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Nordic Shield//Series//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${cancelled ? "CANCEL" : "REQUEST"}`,
    ...stockholmTimeZone,
    ...master,
    ...overrides,
    "END:VCALENDAR",
  ];
  return lines.map(foldCalendarLine).join("\r\n") + "\r\n";
}

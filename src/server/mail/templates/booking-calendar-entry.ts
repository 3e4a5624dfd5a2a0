import type { BookingView } from "../../../shared/booking.ts";
import type { BookingStatus } from "../../../shared/booking-lifecycle.ts";
import { endsNextMorning, principalLabel } from "../../../shared/engagement.ts";
import { calendarMethod, renderCalendarEvent } from "./booking-calendar.ts";
import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import type { MailLanguage } from "./layout.ts";
import { bookingReference } from "../../../shared/booking-reference.ts";

// docs/product.md §12, ADR 182: the calendar entry every mail that changes a booking carries (the
// request, the confirmation, the decline, either cancellation), and the engagement lines of those
// mails. ADR 181: the protected person appears by codename only, never by name, here as in the
// subjects and in the log.

const english = {
  summary: "Nordic Shield security booking {{reference}}",
  reference: "Booking reference",
  times: "Times (Stockholm)",
  nextMorning: "next morning",
  meetingPoint: "Meeting point",
  principal: "Protected person",
  someoneElse: "someone else (name kept private)",
  codename: "codename {{codename}}",
};

const swedish: Catalogue<typeof english> = {
  summary: "Nordic Shield säkerhetsbokning {{reference}}",
  reference: "Bokningsnummer",
  times: "Tider (svensk tid)",
  nextMorning: "nästa morgon",
  meetingPoint: "Mötesplats",
  principal: "Skyddsperson",
  someoneElse: "någon annan (namnet hålls hemligt)",
  codename: "kodnamn {{codename}}",
};

export const bookingCalendarEntryCopy = { en: english, sv: swedish };

/** The times, meeting point and protected person as label/value rows, in the mail's language. */
export function engagementRows(booking: BookingView, language: MailLanguage): [string, string][] {
  const t = translator(bookingCalendarEntryCopy, language);
  const rows: [string, string][] = [];
  if (booking.startTime && booking.endTime) {
    const next = endsNextMorning(booking.startTime, booking.endTime) ? ` (${t("nextMorning")})` : "";
    rows.push([t("times"), `${booking.startTime} – ${booking.endTime}${next}`]);
  }
  if (booking.meetingPoint) rows.push([t("meetingPoint"), booking.meetingPoint]);
  if (booking.principal) {
    const codename = principalLabel(booking.principal);
    rows.push([t("principal"), codename ? t("codename", { codename }) : t("someoneElse")]);
  }
  return rows;
}

export type CalendarEntryInput = {
  booking: BookingView;
  language: MailLanguage;
  /** The status the entry announces (the mail's, not the row's: a later change has its own mail). */
  status: BookingStatus;
  sequence: number;
  /** DTSTAMP: when this version of the entry was made. */
  stampedAt: Date;
  supportEmail: string;
  /** Extra description lines (services, total, refund rule). */
  details?: string[];
};

/**
 * The entry's LOCATION: the meeting point, then the booking's place without the parts the meeting
 * point already names ("Grand Hôtel, Stockholm" at "Stockholm, Sweden" is "Grand Hôtel, Stockholm, Sweden").
 */
export function calendarLocation(meetingPoint: string | null, location: string): string {
  if (!meetingPoint) return location;
  const named = new Set(meetingPoint.split(",").map((part) => part.trim().toLocaleLowerCase("sv")));
  const rest = location
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "" && !named.has(part.toLocaleLowerCase("sv")));
  return [meetingPoint.trim(), ...rest].join(", ");
}

/** The booking.ics attachment: same UID for the booking's whole life, its SEQUENCE and iTIP method (ADR 182). */
export function bookingCalendarAttachment(input: CalendarEntryInput) {
  const { booking, language } = input;
  const t = translator(bookingCalendarEntryCopy, language);
  const reference = bookingReference(booking.id);
  const method = calendarMethod(input.status);
  const content = renderCalendarEvent({
    uid: booking.id,
    startDate: booking.startDate,
    endDate: booking.endDate,
    startTime: booking.startTime ?? null,
    endTime: booking.endTime ?? null,
    sequence: input.sequence,
    summary: t("summary", { reference }),
    location: calendarLocation(booking.meetingPoint ?? null, booking.location),
    description: [
      `${t("reference")}: ${reference}`,
      ...engagementRows(booking, language).map(([label, value]) => `${label}: ${value}`),
      ...(input.details ?? []),
    ].join("\n"),
    createdAt: input.stampedAt,
    status: input.status,
    organizerEmail: input.supportEmail,
  });
  return { filename: "booking.ics", contentType: `text/calendar; charset=utf-8; method=${method}`, content };
}

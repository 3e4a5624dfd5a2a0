import type { BookingView } from "../../../shared/booking.ts";
import type { BookingStatus } from "../../../shared/booking-lifecycle.ts";
import { formatDayRange } from "../../../shared/time.ts";
import { endsNextMorning } from "../../../shared/engagement.ts";
import { formatMoney, formatMoneyChange } from "../../../shared/money.ts";
import { serviceTitleById } from "../../../shared/service-titles.ts";
import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { bookingCalendarAttachment } from "./booking-calendar-entry.ts";
import { createElement } from "react";
import { Action, Field, Group, Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail } from "./render-mail.ts";
import { priceWords } from "./price-words.ts";
import type { BuyerVat } from "../../../shared/buyer-vat.ts";

// docs/product.md §12 Engagement (versions and requests), ADR 187, 188: every step of a quote
// version or a change request is mailed to the customer in the booking's language, with the
// booking as it is and, for a proposal, as it would become — nothing about a booking changes
// without the customer hearing of it. ADR 182: a step that changed the booking's days, times or
// meeting point carries the calendar entry with its raised SEQUENCE; a proposal carries none.
// ADR 193: each version is shown with its clock times and services, and a change that was applied
// shows the booking before it too, so the customer reads old and new side by side.

export const bookingChangeSteps = [
  "proposed",
  "approved",
  "declined",
  "requested",
  "request_accepted",
  "request_accepted_needs_approval",
  "request_declined",
] as const;
export type BookingChangeStep = (typeof bookingChangeSteps)[number];

export type VersionSummary = {
  startDate: string;
  endDate: string;
  /** Stockholm clock times of the first day's start and the last day's end (ADR 180), when the booking has them. */
  startTime?: string | undefined;
  endTime?: string | undefined;
  /** The services' ids (`svc-bodyguard`), named in the mail's language. */
  services?: string[] | undefined;
  totalCents: number;
  /** docs/money.md: the part of the total set by hand (an approved quote's), shown as a line of its own. */
  adjustmentCents?: number | undefined;
  guards: number;
};

export type BookingChangeMail = {
  language: MailLanguage;
  step: BookingChangeStep;
  reference: string;
  bookingId: string;
  location: string;
  current: VersionSummary;
  proposed?: VersionSummary | undefined;
  /** The booking before an applied change (approved, or a request accepted at the same price). */
  previous?: VersionSummary | undefined;
  reason?: string | undefined;
  supportEmail: string;
  appUrl: string;
  /** The booking as changed, the status the entry announces, its sequence and time (ADR 182). */
  calendar?: { booking: BookingView; status: BookingStatus; sequence: number; stampedAt: Date } | undefined;
  /** ADR 222, 246: the buyer the booking was priced for, whose VAT words each total carries. */
  buyerVat: BuyerVat;
};

const english = {
  subject: {
    proposed: "A change to your booking needs your approval",
    approved: "You approved the change to your booking",
    declined: "You declined the proposed change",
    requested: "We received your change request",
    request_accepted: "Your change request is accepted",
    request_accepted_needs_approval: "Your change request has a new price to approve",
    request_declined: "We cannot make the change you asked for",
  },
  intro: {
    proposed: "Our team proposes a change to your booking. Nothing changes until you approve it on your booking page.",
    approved: "Your booking now follows the version you approved. Any difference in price is settled with the card you booked with.",
    declined: "Your booking stays as it was.",
    requested: "Our team will answer your request. Your booking stays as it is until then.",
    request_accepted: "We made the change you asked for. The price stays the same.",
    request_accepted_needs_approval:
      "We can make the change you asked for at a new price. Nothing changes until you approve it on your booking page.",
    request_declined: "Your booking stays as it is.",
  },
  reference: "Booking reference",
  location: "Location",
  now: "Your booking",
  proposed: "Proposed",
  previous: "Before the change",
  reason: "Reason",
  nextMorning: "next morning",
  adjustment: "Agreed price adjustment {{amount}} on the services' prices",
  guards_one: "{{count}} guard",
  guards_other: "{{count}} guards",
  open: "Open your booking",
} satisfies { subject: Record<BookingChangeStep, string>; intro: Record<BookingChangeStep, string> } & Record<string, unknown>;

const swedish: Catalogue<typeof english> = {
  subject: {
    proposed: "En ändring av din bokning väntar på ditt godkännande",
    approved: "Du har godkänt ändringen av din bokning",
    declined: "Du har avböjt den föreslagna ändringen",
    requested: "Vi har tagit emot din ändringsbegäran",
    request_accepted: "Din ändringsbegäran är godkänd",
    request_accepted_needs_approval: "Din ändringsbegäran har ett nytt pris att godkänna",
    request_declined: "Vi kan inte göra ändringen du bad om",
  },
  intro: {
    proposed: "Vårt team föreslår en ändring av din bokning. Ingenting ändras förrän du godkänner den på bokningens sida.",
    approved: "Din bokning följer nu versionen du godkände. En prisskillnad regleras med kortet du bokade med.",
    declined: "Din bokning är oförändrad.",
    requested: "Vårt team svarar på din begäran. Bokningen är oförändrad till dess.",
    request_accepted: "Vi har gjort ändringen du bad om. Priset är detsamma.",
    request_accepted_needs_approval:
      "Vi kan göra ändringen du bad om till ett nytt pris. Ingenting ändras förrän du godkänner det på bokningens sida.",
    request_declined: "Din bokning är oförändrad.",
  },
  reference: "Bokningsnummer",
  location: "Plats",
  now: "Din bokning",
  proposed: "Förslag",
  previous: "Före ändringen",
  reason: "Anledning",
  nextMorning: "nästa morgon",
  adjustment: "Överenskommen prisjustering {{amount}} av tjänsternas priser",
  guards_one: "{{count}} väktare",
  guards_other: "{{count}} väktare",
  open: "Öppna din bokning",
};

export const bookingChangeCopy = { en: english, sv: swedish };

export function renderBookingChangeMail(input: BookingChangeMail) {
  const t = translator(bookingChangeCopy, input.language);
  const summary = (version: VersionSummary) => {
    const dates = formatDayRange(version.startDate, version.endDate, input.language);
    const times =
      version.startTime && version.endTime
        ? `, ${version.startTime}–${version.endTime}${endsNextMorning(version.startTime, version.endTime) ? ` (${t("nextMorning")})` : ""}`
        : "";
    const services = (version.services ?? []).map((id) => serviceTitleById(id, input.language) ?? id);
    return [`${dates}${times}`, ...(services.length > 0 ? [services.join(", ")] : []), t("guards", { count: version.guards })]
      .concat(`${formatMoney(version.totalCents, input.language)} ${priceWords(input.buyerVat, 0, input.language).note}`)
      .concat(version.adjustmentCents ? [t("adjustment", { amount: formatMoneyChange(version.adjustmentCents, input.language) })] : [])
      .join(" · ");
  };
  const rows: [string, string][] = [
    [t("reference"), input.reference],
    [t("location"), input.location],
  ];
  if (input.previous) rows.push([t("previous"), summary(input.previous)]);
  rows.push([t("now"), summary(input.current)]);
  if (input.proposed) rows.push([t("proposed"), summary(input.proposed)]);
  if (input.reason) rows.push([t("reason"), input.reason]);
  const link = `${input.appUrl}/customer-dashboard/bookings/${encodeURIComponent(input.bookingId)}`;
  const subject = t(`subject.${input.step}`);
  const intro = t(`intro.${input.step}`);
  const attachments = input.calendar && [
    bookingCalendarAttachment({
      booking: input.calendar.booking,
      language: input.language,
      status: input.calendar.status,
      sequence: input.calendar.sequence,
      stampedAt: input.calendar.stampedAt,
      supportEmail: input.supportEmail,
      details: [`${t("now")}: ${summary(input.current)}`],
    }),
  ];
  return renderMail({
    subject: `${subject} (${input.reference})`,
    element: createElement(
      MailLayout,
      { language: input.language, preheader: intro, heading: subject, supportEmail: input.supportEmail },
      createElement(Paragraph, { text: intro }),
      createElement(Group, null, ...rows.map(([label, value], index) => createElement(Field, { key: index, label, value }))),
      createElement(Action, { href: link, label: t("open") }),
    ),
    attachments,
  });
}

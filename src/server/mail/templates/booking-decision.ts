import { formatDayRange } from "../../../shared/time.ts";
import { formatMoney, formatMoneyChange } from "../../../shared/money.ts";
import type { BuyerVat } from "../../../shared/buyer-vat.ts";
import type { BookingView } from "../../../shared/booking.ts";
import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { bookingCalendarAttachment, engagementRows } from "./booking-calendar-entry.ts";
import { createElement } from "react";
import { Action, Field, Group, Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail } from "./render-mail.ts";
import { priceWords } from "./price-words.ts";

// The operator's decision on a booking (ADR 070): confirmed (with the adjusted total, the
// operator's note and the lead operative when known), declined (with the reason) or cancelled.
// docs/product.md §2: a confirmed booking's guard contacts the customer 24 hours before the start.

export type BookingDecision = "confirmed" | "declined" | "cancelled";

export type BookingDecisionMail = {
  language: MailLanguage;
  decision: BookingDecision;
  reference: string;
  location: string;
  startDate: string;
  endDate: string;
  /** Cents, VAT included. */
  totalCents: number;
  /** The VAT part of the total, in cents. */
  vatCents: number;
  /** ADR 222, 246: the buyer the booking was priced for, whose VAT words the total carries. */
  buyerVat: BuyerVat;
  /** docs/money.md rule 4: the part of the total an operator set by hand, shown as a line of its own. */
  adjustmentCents?: number | undefined;
  note?: string | undefined;
  reason?: string | undefined;
  lead?: { firstName: string; phone: string } | undefined;
  /** What the decision did to the money (settlementSentence, ADR 139), in the mail's language. */
  money?: string | null | undefined;
  supportEmail: string;
  appUrl: string;
  /**
   * ADR 182: the stored booking (its protected person by codename only) and the calendar sequence
   * of this decision; with them the mail carries the updated calendar entry. Rows queued before
   * the entry existed have neither and go without it.
   */
  calendar?: { booking: BookingView; sequence: number; stampedAt: Date } | undefined;
};

const calendarStatus = { confirmed: "confirmed", declined: "declined", cancelled: "cancelled_by_operator" } as const;

const english = {
  subject: { confirmed: "Your booking is confirmed", declined: "We cannot take your booking", cancelled: "Your booking is cancelled" },
  intro: {
    confirmed: "Good news: we have confirmed your booking. Your guard contacts you 24 hours before the start.",
    declined: "We are sorry: we cannot take this booking. Nothing has been charged.",
    cancelled: "Your booking has been cancelled. Nothing more will be charged for it.",
  },
  reference: "Booking reference",
  location: "Location",
  dates: "Dates",
  money: "Payment",
  adjustment: "Agreed price adjustment",
  note: "A note from our team",
  reason: "Reason",
  lead: "Your lead guard",
  manage: "View your bookings",
};

const swedish: Catalogue<typeof english> = {
  subject: { confirmed: "Din bokning är bekräftad", declined: "Vi kan inte ta din bokning", cancelled: "Din bokning är avbokad" },
  intro: {
    confirmed: "Goda nyheter: vi har bekräftat din bokning. Din väktare kontaktar dig 24 timmar före start.",
    declined: "Vi beklagar: vi kan inte ta den här bokningen. Ingenting har debiterats.",
    cancelled: "Din bokning har avbokats. Inget mer debiteras för den.",
  },
  reference: "Bokningsnummer",
  location: "Plats",
  dates: "Datum",
  money: "Betalning",
  adjustment: "Överenskommen prisjustering",
  note: "Ett meddelande från oss",
  reason: "Anledning",
  lead: "Din ansvariga väktare",
  manage: "Se dina bokningar",
};

export const bookingDecisionCopy = { en: english, sv: swedish };

export function renderBookingDecisionMail(input: BookingDecisionMail) {
  const t = translator(bookingDecisionCopy, input.language);
  const dates = formatDayRange(input.startDate, input.endDate, input.language);
  const words = priceWords(input.buyerVat, input.vatCents, input.language);
  const total = `${formatMoney(input.totalCents, input.language)} (${words.vatLine})`;
  const subject = t(`subject.${input.decision}`);
  const intro = t(`intro.${input.decision}`);
  const rows: [string, string][] = [
    [t("reference"), input.reference],
    [t("location"), input.location],
    [t("dates"), dates],
    [words.total, total],
  ];
  if (input.adjustmentCents) rows.push([t("adjustment"), formatMoneyChange(input.adjustmentCents, input.language)]);
  if (input.money) rows.push([t("money"), input.money]);
  if (input.calendar) rows.push(...engagementRows(input.calendar.booking, input.language));
  if (input.decision === "confirmed" && input.lead) rows.push([t("lead"), `${input.lead.firstName}, ${input.lead.phone}`]);
  const extra: [string, string][] = [];
  if (input.note) extra.push([t("note"), input.note]);
  if (input.reason) extra.push([t("reason"), input.reason]);
  const link = `${input.appUrl}/customer-dashboard/bookings`;
  const attachments = input.calendar
    ? [
        bookingCalendarAttachment({
          booking: input.calendar.booking,
          language: input.language,
          status: calendarStatus[input.decision],
          sequence: input.calendar.sequence,
          stampedAt: input.calendar.stampedAt,
          supportEmail: input.supportEmail,
          details: input.reason ? [`${t("reason")}: ${input.reason}`] : [],
        }),
      ]
    : undefined;
  return renderMail({
    subject: `${subject} (${input.reference})`,
    element: createElement(
      MailLayout,
      { language: input.language, preheader: intro, heading: subject, supportEmail: input.supportEmail },
      createElement(Paragraph, { text: intro }),
      createElement(Group, null, ...rows.map(([label, value], index) => createElement(Field, { key: index, label, value }))),
      ...extra.map(([label, value], index) => createElement(Field, { key: `extra-${index}`, label, value, layout: "below" })),
      createElement(Action, { href: link, label: t("manage") }),
    ),
    attachments,
  });
}

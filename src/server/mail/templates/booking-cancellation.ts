import type { BookingView } from "../../../shared/booking.ts";
import { formatDayRange } from "../../../shared/time.ts";
import { formatMoney } from "../../../shared/money.ts";
import { bookingCalendarAttachment, engagementRows } from "./booking-calendar-entry.ts";
import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { createElement } from "react";
import { Action, DetailTable, Group, Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail } from "./render-mail.ts";
import { bookingReference } from "../../../shared/booking-reference.ts";
import { priceWords } from "./price-words.ts";

// The cancellation mail (docs/product.md §4, §9), queued in the cancel's own transaction and rendered when
// sent (ADR 037). It is essential (it records a change the customer made to a contract), so it is
// sent whatever the notification preferences. The refund line is the docs/product.md §9 rule as of the moment
// of cancelling: 'Fully refundable' before the start date minus 2 days, else 'Non-refundable booking'.

export type CancellationRefund = "fully_refundable" | "non_refundable";

const english = {
  subject: "Booking {{reference}} cancelled: {{location}}",
  heading: "Your booking is cancelled",
  greeting: "Dear {{name}},",
  intro: "As you asked, we have cancelled this booking. No guards will be sent.",
  reference: "Booking reference",
  location: "Location",
  dates: "Dates",
  refund: {
    fully_refundable: "Fully refundable: you cancelled more than 2 days before the start, so you owe nothing for this booking.",
    non_refundable:
      "Non-refundable booking: you cancelled less than 2 days before the start, so the quoted total of {{total}} remains payable.",
  },
  money: "Payment",
  manage: "View your bookings",
  questions: "If you did not cancel this booking, reply to this e-mail or contact us at once.",
};

const swedish: Catalogue<typeof english> = {
  subject: "Bokning {{reference}} avbokad: {{location}}",
  heading: "Din bokning är avbokad",
  greeting: "Hej {{name}},",
  intro: "Som du bad om har vi avbokat den här bokningen. Inga väktare skickas.",
  reference: "Bokningsnummer",
  location: "Plats",
  dates: "Datum",
  refund: {
    fully_refundable: "Full återbetalning: du avbokade mer än 2 dagar före starten, så du betalar ingenting för bokningen.",
    non_refundable:
      "Bokningen kan inte återbetalas: du avbokade mindre än 2 dagar före starten, så det offererade totalpriset {{total}} ska fortfarande betalas.",
  },
  money: "Betalning",
  manage: "Visa dina bokningar",
  questions: "Om det inte var du som avbokade, svara på det här mejlet eller kontakta oss genast.",
};

export const bookingCancellationCopy = { en: english, sv: swedish };

export type CancellationMailInput = {
  language: MailLanguage;
  booking: BookingView;
  refund: CancellationRefund;
  /** What the cancel did to the money (settlementSentence, ADR 139); replaces the rule's line when present. */
  money?: string | null | undefined;
  supportEmail: string;
  appUrl: string;
  /** ADR 182: the cancel's calendar sequence; the entry (METHOD:CANCEL) removes the booking from the customer's calendar. */
  calendarSequence: number;
  /** When the cancellation was mailed (the entry's DTSTAMP). */
  stampedAt: Date;
};

export function renderBookingCancellationMail(input: CancellationMailInput) {
  const { booking, language } = input;
  const t = translator(bookingCancellationCopy, language);
  const reference = bookingReference(booking.id);
  const dates = formatDayRange(booking.startDate, booking.endDate, language);
  const total = formatMoney(booking.totalCents, language);
  const refund = input.money ? `${t("money")}: ${input.money}` : t(`refund.${input.refund}`, { total });
  const bookingUrl = `${input.appUrl}/customer-dashboard/bookings/${encodeURIComponent(booking.id)}`;
  const rows: [string, string][] = [
    [t("reference"), reference],
    [t("location"), booking.location],
    [t("dates"), dates],
    ...engagementRows(booking, language),
    // ADR 246: the label says whether the total includes VAT, by the booking's buyer.
    [priceWords(booking.buyerVat, booking.vatCents, language).quotedTotal, total],
  ];
  const calendar = bookingCalendarAttachment({
    booking,
    language,
    status: "cancelled_by_customer",
    sequence: input.calendarSequence,
    stampedAt: input.stampedAt,
    supportEmail: input.supportEmail,
  });
  return renderMail({
    subject: t("subject", { reference, location: booking.location }),
    element: createElement(
      MailLayout,
      {
        language,
        preheader: `${t("reference")} ${reference} · ${booking.location} · ${dates}`,
        heading: t("heading"),
        supportEmail: input.supportEmail,
      },
      createElement(Paragraph, { text: t("greeting", { name: booking.customerName }) }),
      createElement(Paragraph, { text: t("intro") }),
      createElement(DetailTable, { rows }),
      createElement(Paragraph, { strong: true, text: refund }),
      createElement(
        Group,
        null,
        createElement(Action, { href: bookingUrl, label: t("manage") }),
        createElement(Paragraph, { tone: "muted", text: t("questions") }),
      ),
    ),
    attachments: [calendar],
  });
}

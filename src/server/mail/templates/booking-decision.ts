import { formatDayRange } from "../../../shared/time.ts";
import { formatMoney, vatPercent } from "../../../shared/money.ts";
import type { BookingView } from "../../../shared/booking.ts";
import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { bookingCalendarAttachment, engagementRows } from "./booking-calendar-entry.ts";
import { escapeHtml, mailStyles, renderLayout, textFooter, type MailLanguage } from "./layout.ts";

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
  total: "Total (incl. VAT)",
  money: "Payment",
  vat: "of which VAT {{percent}}%: {{amount}}",
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
  total: "Totalt (inkl. moms)",
  money: "Betalning",
  vat: "varav moms {{percent}} %: {{amount}}",
  note: "Ett meddelande från oss",
  reason: "Anledning",
  lead: "Din ansvariga väktare",
  manage: "Se dina bokningar",
};

export const bookingDecisionCopy = { en: english, sv: swedish };

export function renderBookingDecisionMail(input: BookingDecisionMail) {
  const t = translator(bookingDecisionCopy, input.language);
  const dates = formatDayRange(input.startDate, input.endDate, input.language);
  const vat = t("vat", { percent: vatPercent(), amount: formatMoney(input.vatCents, input.language) });
  const total = `${formatMoney(input.totalCents, input.language)} (${vat})`;
  const subject = t(`subject.${input.decision}`);
  const intro = t(`intro.${input.decision}`);
  const rows: [string, string][] = [
    [t("reference"), input.reference],
    [t("location"), input.location],
    [t("dates"), dates],
    [t("total"), total],
  ];
  if (input.money) rows.push([t("money"), input.money]);
  if (input.calendar) rows.push(...engagementRows(input.calendar.booking, input.language));
  if (input.decision === "confirmed" && input.lead) rows.push([t("lead"), `${input.lead.firstName}, ${input.lead.phone}`]);
  const extra: [string, string][] = [];
  if (input.note) extra.push([t("note"), input.note]);
  if (input.reason) extra.push([t("reason"), input.reason]);
  const link = `${input.appUrl}/customer-dashboard/bookings`;
  const html = renderLayout({
    language: input.language,
    preheader: intro,
    heading: subject,
    supportEmail: input.supportEmail,
    bodyHtml: [
      `<p style="${mailStyles.paragraph}">${escapeHtml(intro)}</p>`,
      ...rows.map(([label, value]) => `<p style="${mailStyles.paragraph}"><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</p>`),
      ...extra.map(
        ([label, value]) =>
          `<p style="${mailStyles.paragraph}"><strong>${escapeHtml(label)}:</strong><br>${escapeHtml(value).replace(/\n/g, "<br>")}</p>`,
      ),
      `<a href="${escapeHtml(link)}" style="${mailStyles.button}">${escapeHtml(t("manage"))}</a>`,
    ].join("\n"),
  });
  const plain = [
    subject,
    "",
    intro,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...extra.flatMap(([label, value]) => ["", `${label}:`, value]),
    "",
    `${t("manage")}: ${link}`,
    "",
    textFooter(input.language, input.supportEmail),
  ].join("\n");
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
  return { subject: `${subject} (${input.reference})`, html, text: plain, ...(attachments && { attachments }) };
}

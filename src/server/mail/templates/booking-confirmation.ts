import type { BookingView, ServiceOptions } from "../../../shared/booking.ts";
import { formatDayRange, formatInstant } from "../../../shared/time.ts";
import { formatMoney, vatPercent } from "../../../shared/money.ts";
import { paymentSentence } from "../../../shared/payments.ts";
import { defaultLanguage } from "../../../shared/languages.ts";
import { refundDeadline, refundNote } from "../../../shared/pricing.ts";
import { serviceTitleById } from "../../../shared/service-titles.ts";
import { bookingOptionTexts } from "../../../shared/booking-option-texts.ts";
import { bookingOptionTextsSwedish } from "../../../shared/booking-option-texts-sv.ts";
import { translator, type Translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { bookingCalendarAttachment, engagementRows } from "./booking-calendar-entry.ts";
import { escapeHtml, mailStyles, renderLayout, textFooter, type MailLanguage } from "./layout.ts";
import { bookingReference } from "../../../shared/booking-reference.ts";

// The confirmation mail, queued in the booking's own transaction (ADR 051) and rendered when sent
// (ADR 037, 053). docs/product.md §1: the operator confirms each booking within 24 hours; docs/product.md §9: fully
// refundable until 2 days before the start, else non-refundable; an .ics of the booking period.
// Nothing is charged at booking (the booking page says so), so the total is a quote paid after
// the operator confirms, as on the confirmation page.

const english = {
  subject: "Booking {{reference}} received, awaiting confirmation: {{location}}",
  // ADR 119: the subject says the booking is a request the firm still has to confirm.
  heading: "Thank you, we have your booking request",
  greeting: "Dear {{name}},",
  intro:
    "We have received your booking. A security coordinator reviews it and confirms it within 24 hours; until then its status is Pending.",
  reference: "Booking reference",
  location: "Location",
  dates: "Dates",
  days_one: "{{count}} day",
  days_other: "{{count}} days",
  services: "Services",
  perDay: "per day",
  total: "Quoted total (incl. VAT)",
  vat: "of which VAT {{percent}}%",
  payment: "Nothing has been charged: you pay this quoted total after we confirm your booking.",
  refundable: "Fully refundable if you cancel before {{deadline}} (Stockholm time). After that the booking is non-refundable.",
  nonRefundable: "Non-refundable booking: the start is less than 2 days away.",
  calendar: "The attached calendar file (booking.ics) adds the booking period to your calendar.",
  manage: "View your bookings",
  duration: "{{hours}} hours per day",
};

const swedish: Catalogue<typeof english> = {
  subject: "Bokning {{reference}} mottagen, inväntar bekräftelse: {{location}}",
  heading: "Tack, vi har tagit emot din bokningsförfrågan",
  greeting: "Hej {{name}},",
  intro:
    "Vi har tagit emot din bokning. En säkerhetssamordnare går igenom den och bekräftar den inom 24 timmar; fram till dess har den status Väntande.",
  reference: "Bokningsnummer",
  location: "Plats",
  dates: "Datum",
  days_one: "{{count}} dag",
  days_other: "{{count}} dagar",
  services: "Tjänster",
  perDay: "per dag",
  total: "Offererat totalpris (inkl. moms)",
  vat: "varav moms {{percent}} %",
  payment: "Inget har debiterats: du betalar det offererade totalpriset när vi har bekräftat bokningen.",
  refundable: "Full återbetalning om du avbokar före {{deadline}} (svensk tid). Därefter kan bokningen inte återbetalas.",
  nonRefundable: "Bokningen kan inte återbetalas: starten är mindre än 2 dagar bort.",
  calendar: "Den bifogade kalenderfilen (booking.ics) lägger in bokningsperioden i din kalender.",
  manage: "Visa dina bokningar",
  duration: "{{hours}} timmar per dag",
};

export const bookingConfirmationCopy = { en: english, sv: swedish };
/** The options' words, the booking page's own (ADR 209). */
export const bookingOptionCopy = { en: bookingOptionTexts, sv: bookingOptionTextsSwedish };

/** The options of a line in words, as the booking page words them: '2 guards · Day & Night · 12 hours per day · …'. */
function optionSummary(options: ServiceOptions, t: Translator<typeof english>, language: MailLanguage): string {
  const words = translator(bookingOptionCopy, language);
  // Option values are the catalogue's data (ADR 203): a value without wording is shown as it is.
  const word = (value: string) => (words.has(value) ? words(value) : value);
  const parts = [words("guardsValue", { count: options.guards })];
  if (options.timeOfDay) parts.push(word(options.timeOfDay));
  if (options.duration) parts.push(t("duration", { hours: options.duration.replace(/h$/, "") }));
  if (options.style) parts.push(word(options.style));
  if (options.car)
    parts.push(options.carClass && options.car === "with_car" ? `${word(options.car)} (${word(options.carClass)})` : word(options.car));
  return parts.join(" · ");
}

export type BookingMailInput = {
  language: MailLanguage;
  booking: BookingView;
  supportEmail: string;
  appUrl: string;
  now: Date;
};

export function renderBookingConfirmationMail(input: BookingMailInput) {
  const { booking, language } = input;
  const t = translator(bookingConfirmationCopy, language);
  const reference = bookingReference(booking.id);
  // The line's title is the English the booking stored; other languages name the service from its one definition.
  const title = (line: BookingView["services"][number]) =>
    language === defaultLanguage ? line.title : (serviceTitleById(line.serviceId, language) ?? line.title);
  const dates = formatDayRange(booking.startDate, booking.endDate, language);
  const vat = t("vat", { percent: vatPercent() });
  const vatText = `${vat}: ${formatMoney(booking.vatCents, language)}`;
  const daysText = t("days", { count: booking.totalDays });
  // docs/payments.md, ADR 130: what happened to the money, from the booking's and the payment's status.
  const paymentText =
    booking.payment && (booking.payment.status !== "none" || booking.payment.invoice)
      ? paymentSentence(booking.status, booking.payment, language)
      : t("payment");
  const refund =
    refundNote(booking.startDate, input.now) === "fully_refundable"
      ? t("refundable", { deadline: formatInstant(refundDeadline(booking.startDate), language) })
      : t("nonRefundable");
  const bookingsUrl = `${input.appUrl}/customer-dashboard/bookings`;

  const cell = "padding:8px 0;border-bottom:1px solid #e7e2d8;font-size:14px;line-height:1.5;vertical-align:top;";
  const detailRows = [
    [t("reference"), reference],
    [t("location"), booking.location],
    [t("dates"), `${dates} (${daysText})`],
    // docs/product.md §12: the times, meeting point and protected person (by codename, ADR 181).
    ...engagementRows(booking, language),
  ]
    .map(
      ([label, value]) =>
        `<tr><td style="${cell}color:#4a4a4f;width:40%;">${escapeHtml(label ?? "")}</td><td style="${cell}">${escapeHtml(value ?? "")}</td></tr>`,
    )
    .join("");
  const serviceRows = booking.services
    .map(
      (line) =>
        `<tr><td style="${cell}"><strong>${escapeHtml(title(line))}</strong><br><span style="color:#4a4a4f;font-size:13px;">${escapeHtml(optionSummary(line.options, t, language))}<br>${escapeHtml(
          `${formatMoney(line.dailyPriceCents, language)} ${t("perDay")} × ${daysText}`,
        )}</span></td><td style="${cell}text-align:right;white-space:nowrap;">${escapeHtml(formatMoney(line.totalCents, language))}</td></tr>`,
    )
    .join("");

  const html = renderLayout({
    language,
    preheader: `${t("reference")} ${reference} · ${booking.location} · ${dates}`,
    heading: t("heading"),
    supportEmail: input.supportEmail,
    bodyHtml: [
      `<p style="${mailStyles.paragraph}">${escapeHtml(t("greeting", { name: booking.customerName }))}</p>`,
      `<p style="${mailStyles.paragraph}">${escapeHtml(t("intro"))}</p>`,
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px 0;">${detailRows}</table>`,
      `<p style="margin:0 0 4px 0;font-size:12px;letter-spacing:2px;font-weight:bold;color:#4a4a4f;">${escapeHtml(t("services").toUpperCase())}</p>`,
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 12px 0;">${serviceRows}`,
      `<tr><td style="padding:12px 0;font-size:16px;font-weight:bold;">${escapeHtml(t("total").toUpperCase())}</td><td style="padding:12px 0;font-size:16px;font-weight:bold;text-align:right;white-space:nowrap;">${escapeHtml(formatMoney(booking.totalCents, language))}</td></tr>`,
      `<tr><td style="padding:0 0 12px 0;font-size:13px;color:#4a4a4f;">${escapeHtml(vat)}</td><td style="padding:0 0 12px 0;font-size:13px;color:#4a4a4f;text-align:right;white-space:nowrap;">${escapeHtml(formatMoney(booking.vatCents, language))}</td></tr></table>`,
      `<p style="${mailStyles.paragraph}" data-payment>${escapeHtml(paymentText)}</p>`,
      `<p style="${mailStyles.paragraph}">${escapeHtml(refund)}</p>`,
      `<a href="${escapeHtml(bookingsUrl)}" style="${mailStyles.button}">${escapeHtml(t("manage"))}</a>`,
      `<p style="${mailStyles.muted}">${escapeHtml(t("calendar"))}</p>`,
    ].join("\n"),
  });

  const plain = [
    t("heading"),
    "",
    t("greeting", { name: booking.customerName }),
    "",
    t("intro"),
    "",
    `${t("reference")}: ${reference}`,
    `${t("location")}: ${booking.location}`,
    `${t("dates")}: ${dates} (${daysText})`,
    ...engagementRows(booking, language).map(([label, value]) => `${label}: ${value}`),
    "",
    `${t("services")}:`,
    ...booking.services.map(
      (line) =>
        `- ${title(line)}: ${optionSummary(line.options, t, language)}; ${formatMoney(line.dailyPriceCents, language)} ${t("perDay")} × ${daysText} = ${formatMoney(line.totalCents, language)}`,
    ),
    "",
    `${t("total")}: ${formatMoney(booking.totalCents, language)}`,
    vatText,
    paymentText,
    "",
    refund,
    "",
    `${t("manage")}: ${bookingsUrl}`,
    t("calendar"),
    "",
    textFooter(language, input.supportEmail),
  ].join("\n");

  // ADR 182: the request's entry is tentative, sequence 0; each later change mails a higher one.
  const calendar = bookingCalendarAttachment({
    booking,
    language,
    status: "pending",
    sequence: 0,
    stampedAt: new Date(booking.createdAt),
    supportEmail: input.supportEmail,
    details: [
      ...booking.services.map((line) => `${title(line)}: ${optionSummary(line.options, t, language)}`),
      `${t("total")}: ${formatMoney(booking.totalCents, language)}`,
      vatText,
      refund,
    ],
  });

  return {
    subject: t("subject", { reference, location: booking.location }),
    html,
    text: plain,
    attachments: [calendar],
  };
}

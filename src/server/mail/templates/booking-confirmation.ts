import type { BookingView, ServiceOptions } from "../../../shared/booking.ts";
import { formatDayRange, formatInstant } from "../../../shared/dates.ts";
import { formatMoney, vatPercent } from "../../../shared/money.ts";
import { paymentSentence } from "../../../shared/payments.ts";
import { refundDeadline, refundNote } from "../../../shared/pricing.ts";
import { bookingCalendarAttachment, engagementRows } from "./booking-calendar-entry.ts";
import { escapeHtml, mailStyles, renderLayout, textFooter, type MailLanguage } from "./layout.ts";

// The confirmation mail, queued in the booking's own transaction (ADR 051) and rendered when sent
// (ADR 037, 053). docs/product.md §1: the operator confirms each booking within 24 hours; docs/product.md §9: fully
// refundable until 2 days before the start, else non-refundable; an .ics of the booking period.
// Nothing is charged at booking (the booking page says so), so the total is a quote paid after
// the operator confirms, as on the confirmation page.

const swedishTitles: Record<string, string> = {
  "svc-residential": "VIP-bostadsskydd",
  "svc-driver": "VIP-säkerhetschaufför",
  "svc-bodyguard": "VIP-livvakt",
  "svc-going-out": "VIP-säkerhet för utekvällar",
  "svc-event": "VIP-säkerhet för evenemang och fester",
};

const copy = {
  en: {
    locale: "en-GB",
    subject: (reference: string, location: string) => `Booking ${reference} received, awaiting confirmation: ${location}`,
    // ADR 119: the subject says the booking is a request the firm still has to confirm.
    heading: "Thank you, we have your booking request",
    greeting: (name: string) => `Dear ${name},`,
    intro:
      "We have received your booking. A security coordinator reviews it and confirms it within 24 hours; until then its status is Pending.",
    reference: "Booking reference",
    location: "Location",
    dates: "Dates",
    days: (count: number) => (count === 1 ? "1 day" : `${count} days`),
    services: "Services",
    perDay: "per day",
    total: "Quoted total (incl. VAT)",
    vat: (percent: number) => `of which VAT ${percent}%`,
    payment: "Nothing has been charged: you pay this quoted total after we confirm your booking.",
    refundable: (deadline: string) =>
      `Fully refundable if you cancel before ${deadline} (Stockholm time). After that the booking is non-refundable.`,
    nonRefundable: "Non-refundable booking: the start is less than 2 days away.",
    calendar: "The attached calendar file (booking.ics) adds the booking period to your calendar.",
    manage: "View your bookings",
    guards: (count: number) => (count === 1 ? "1 guard" : `${count} guards`),
    timeOfDay: { day: "Day", night: "Night", day_night: "Day & Night" },
    car: { with_car: "With car", without_car: "Without car" },
    duration: (label: string) => `${label.replace(/h$/, "")} hours per day`,
    styles: { Casual: "Casual", Formal: "Formal" } as Record<string, string>,
  },
  sv: {
    locale: "sv-SE",
    subject: (reference: string, location: string) => `Bokning ${reference} mottagen, inväntar bekräftelse: ${location}`,
    heading: "Tack, vi har tagit emot din bokningsförfrågan",
    greeting: (name: string) => `Hej ${name},`,
    intro:
      "Vi har tagit emot din bokning. En säkerhetssamordnare går igenom den och bekräftar den inom 24 timmar; fram till dess har den status Väntande.",
    reference: "Bokningsnummer",
    location: "Plats",
    dates: "Datum",
    days: (count: number) => (count === 1 ? "1 dag" : `${count} dagar`),
    services: "Tjänster",
    perDay: "per dag",
    total: "Offererat totalpris (inkl. moms)",
    vat: (percent: number) => `varav moms ${percent} %`,
    payment: "Inget har debiterats: du betalar det offererade totalpriset när vi har bekräftat bokningen.",
    refundable: (deadline: string) =>
      `Full återbetalning om du avbokar före ${deadline} (svensk tid). Därefter kan bokningen inte återbetalas.`,
    nonRefundable: "Bokningen kan inte återbetalas: starten är mindre än 2 dagar bort.",
    calendar: "Den bifogade kalenderfilen (booking.ics) lägger in bokningsperioden i din kalender.",
    manage: "Visa dina bokningar",
    guards: (count: number) => (count === 1 ? "1 vakt" : `${count} vakter`),
    timeOfDay: { day: "Dag", night: "Natt", day_night: "Dag & natt" },
    car: { with_car: "Med bil", without_car: "Utan bil" },
    duration: (label: string) => `${label.replace(/h$/, "")} timmar per dag`,
    styles: { Casual: "Vardaglig", Formal: "Formell" } as Record<string, string>,
  },
};

/** The booking's reference as customers quote it: the first 8 characters of its id. */
export function bookingReference(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

function optionSummary(options: ServiceOptions, language: MailLanguage): string {
  const text = copy[language];
  const parts = [text.guards(options.guards)];
  if (options.timeOfDay) parts.push(text.timeOfDay[options.timeOfDay]);
  if (options.duration) parts.push(text.duration(options.duration));
  if (options.style) parts.push(text.styles[options.style] ?? options.style);
  if (options.car)
    parts.push(options.carClass && options.car === "with_car" ? `${text.car.with_car} (${options.carClass})` : text.car[options.car]);
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
  const text = copy[language];
  const reference = bookingReference(booking.id);
  const title = (line: BookingView["services"][number]) => (language === "sv" ? (swedishTitles[line.serviceId] ?? line.title) : line.title);
  const dates = formatDayRange(booking.startDate, booking.endDate, language);
  const vatText = `${text.vat(vatPercent())}: ${formatMoney(booking.vatCents, language)}`;
  const daysText = text.days(booking.totalDays);
  // docs/payments.md, ADR 130: what happened to the money, from the booking's and the payment's status.
  const paymentText =
    booking.payment && (booking.payment.status !== "none" || booking.payment.invoice)
      ? paymentSentence(booking.status, booking.payment, language)
      : text.payment;
  const refund =
    refundNote(booking.startDate, input.now) === "fully_refundable"
      ? text.refundable(formatInstant(refundDeadline(booking.startDate), language))
      : text.nonRefundable;
  const bookingsUrl = `${input.appUrl}/customer-dashboard/bookings`;

  const cell = "padding:8px 0;border-bottom:1px solid #e7e2d8;font-size:14px;line-height:1.5;vertical-align:top;";
  const detailRows = [
    [text.reference, reference],
    [text.location, booking.location],
    [text.dates, `${dates} (${daysText})`],
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
        `<tr><td style="${cell}"><strong>${escapeHtml(title(line))}</strong><br><span style="color:#4a4a4f;font-size:13px;">${escapeHtml(optionSummary(line.options, language))}<br>${escapeHtml(
          `${formatMoney(line.dailyPriceCents, language)} ${text.perDay} × ${daysText}`,
        )}</span></td><td style="${cell}text-align:right;white-space:nowrap;">${escapeHtml(formatMoney(line.totalCents, language))}</td></tr>`,
    )
    .join("");

  const html = renderLayout({
    language,
    preheader: `${text.reference} ${reference} · ${booking.location} · ${dates}`,
    heading: text.heading,
    supportEmail: input.supportEmail,
    bodyHtml: [
      `<p style="${mailStyles.paragraph}">${escapeHtml(text.greeting(booking.customerName))}</p>`,
      `<p style="${mailStyles.paragraph}">${escapeHtml(text.intro)}</p>`,
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px 0;">${detailRows}</table>`,
      `<p style="margin:0 0 4px 0;font-size:12px;letter-spacing:2px;font-weight:bold;color:#4a4a4f;">${escapeHtml(text.services.toUpperCase())}</p>`,
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 12px 0;">${serviceRows}`,
      `<tr><td style="padding:12px 0;font-size:16px;font-weight:bold;">${escapeHtml(text.total.toUpperCase())}</td><td style="padding:12px 0;font-size:16px;font-weight:bold;text-align:right;white-space:nowrap;">${escapeHtml(formatMoney(booking.totalCents, language))}</td></tr>`,
      `<tr><td style="padding:0 0 12px 0;font-size:13px;color:#4a4a4f;">${escapeHtml(text.vat(vatPercent()))}</td><td style="padding:0 0 12px 0;font-size:13px;color:#4a4a4f;text-align:right;white-space:nowrap;">${escapeHtml(formatMoney(booking.vatCents, language))}</td></tr></table>`,
      `<p style="${mailStyles.paragraph}" data-payment>${escapeHtml(paymentText)}</p>`,
      `<p style="${mailStyles.paragraph}">${escapeHtml(refund)}</p>`,
      `<a href="${escapeHtml(bookingsUrl)}" style="${mailStyles.button}">${escapeHtml(text.manage)}</a>`,
      `<p style="${mailStyles.muted}">${escapeHtml(text.calendar)}</p>`,
    ].join("\n"),
  });

  const plain = [
    text.heading,
    "",
    text.greeting(booking.customerName),
    "",
    text.intro,
    "",
    `${text.reference}: ${reference}`,
    `${text.location}: ${booking.location}`,
    `${text.dates}: ${dates} (${daysText})`,
    ...engagementRows(booking, language).map(([label, value]) => `${label}: ${value}`),
    "",
    `${text.services}:`,
    ...booking.services.map(
      (line) =>
        `- ${title(line)}: ${optionSummary(line.options, language)}; ${formatMoney(line.dailyPriceCents, language)} ${text.perDay} × ${daysText} = ${formatMoney(line.totalCents, language)}`,
    ),
    "",
    `${text.total}: ${formatMoney(booking.totalCents, language)}`,
    vatText,
    paymentText,
    "",
    refund,
    "",
    `${text.manage}: ${bookingsUrl}`,
    text.calendar,
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
      ...booking.services.map((line) => `${title(line)}: ${optionSummary(line.options, language)}`),
      `${text.total}: ${formatMoney(booking.totalCents, language)}`,
      vatText,
      refund,
    ],
  });

  return {
    subject: text.subject(reference, booking.location),
    html,
    text: plain,
    attachments: [calendar],
  };
}

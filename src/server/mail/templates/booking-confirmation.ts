import type { BookingView, ServiceOptions } from "../../../shared/booking.ts";
import { formatDayRange, formatInstant } from "../../../shared/time.ts";
import { formatMoney, formatMoneyChange, priceAdjustmentCents } from "../../../shared/money.ts";
import { paymentSentence } from "../../../shared/payments.ts";
import { defaultLanguage } from "../../../shared/languages.ts";
import { refundDeadline, refundNote } from "../../../shared/pricing.ts";
import { serviceTitleById } from "../../../shared/service-titles.ts";
import { bookingOptionTexts } from "../../../shared/booking-option-texts.ts";
import { bookingOptionTextsSwedish } from "../../../shared/booking-option-texts-sv.ts";
import { translator, type Translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { bookingCalendarAttachment, engagementRows } from "./booking-calendar-entry.ts";
import { createElement, Fragment } from "react";
import { Action, blockStyles, DetailTable, Group, mailColours, Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail, useMailMedium } from "./render-mail.ts";
import { bookingReference } from "../../../shared/booking-reference.ts";
import { priceWords } from "./price-words.ts";

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
  adjustment: "Agreed price adjustment",
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
  adjustment: "Överenskommen prisjustering",
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

type PriceSummaryProps = {
  heading: string;
  lines: { title: string; options: string; price: string; total: string }[];
  adjustment?: { label: string; amount: string } | undefined;
  total: { label: string; amount: string };
  vatLine: string;
  /** What happened to the money so far; the text part lists it under the total. */
  payment: string;
};

/** The services with their prices, any agreed adjustment, the total with its VAT line, and the payment's state. */
function PriceSummary({ heading, lines, adjustment, total, vatLine, payment }: PriceSummaryProps) {
  if (useMailMedium() === "text")
    return createElement(
      Fragment,
      null,
      createElement(
        "section",
        null,
        createElement("div", null, `${heading}:`),
        ...lines.map((line, index) =>
          createElement("div", { key: index }, `- ${line.title}: ${line.options}; ${line.price} = ${line.total}`),
        ),
        adjustment && createElement("div", null, `- ${adjustment.label}: ${adjustment.amount}`),
      ),
      createElement(
        "section",
        null,
        createElement("div", null, `${total.label}: ${total.amount}`),
        createElement("div", null, vatLine),
        createElement("div", null, payment),
      ),
    );
  const cell = blockStyles.cell;
  const amountCell = { ...cell, textAlign: "right", whiteSpace: "nowrap" } as const;
  const totalCell = { padding: "12px 0", fontSize: "16px", fontWeight: "bold" } as const;
  return createElement(
    Fragment,
    null,
    createElement(
      "p",
      { style: { margin: "0 0 4px 0", fontSize: "12px", letterSpacing: "2px", fontWeight: "bold", color: mailColours.stone } },
      heading.toUpperCase(),
    ),
    createElement(
      "table",
      { role: "presentation", width: "100%", cellPadding: 0, cellSpacing: 0, style: { margin: "0 0 12px 0" } },
      createElement(
        "tbody",
        null,
        ...lines.map((line, index) =>
          createElement(
            "tr",
            { key: index },
            createElement(
              "td",
              { style: cell },
              createElement("strong", null, line.title),
              createElement("br"),
              createElement(
                "span",
                { style: { color: mailColours.stone, fontSize: "13px" } },
                line.options,
                createElement("br"),
                line.price,
              ),
            ),
            createElement("td", { style: amountCell }, line.total),
          ),
        ),
        adjustment &&
          createElement(
            "tr",
            null,
            createElement("td", { style: cell }, createElement("strong", null, adjustment.label)),
            createElement("td", { style: amountCell }, adjustment.amount),
          ),
        createElement(
          "tr",
          null,
          createElement("td", { style: totalCell }, total.label.toUpperCase()),
          createElement("td", { style: { ...totalCell, textAlign: "right", whiteSpace: "nowrap" } }, total.amount),
        ),
        createElement(
          "tr",
          null,
          createElement("td", { colSpan: 2, style: { padding: "0 0 12px 0", fontSize: "13px", color: mailColours.stone } }, vatLine),
        ),
      ),
    ),
    createElement(Paragraph, { text: payment }),
  );
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
  // ADR 246: the total's label and VAT line follow the buyer the booking was priced for.
  const words = priceWords(booking.buyerVat, booking.vatCents, language);
  // docs/money.md rule 4: a total set by hand (a mail sent after an approved change) lists its difference.
  const adjustment = priceAdjustmentCents(
    booking.totalCents,
    booking.services.map((line) => line.totalCents),
  );
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
      `${words.quotedTotal}: ${formatMoney(booking.totalCents, language)}`,
      words.vatLine,
      refund,
    ],
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
      createElement(DetailTable, {
        rows: [
          [t("reference"), reference],
          [t("location"), booking.location],
          [t("dates"), `${dates} (${daysText})`],
          // docs/product.md §12: the times, meeting point and protected person (by codename, ADR 181).
          ...engagementRows(booking, language),
        ],
      }),
      createElement(PriceSummary, {
        heading: t("services"),
        lines: booking.services.map((line) => ({
          title: title(line),
          options: optionSummary(line.options, t, language),
          price: `${formatMoney(line.dailyPriceCents, language)} ${t("perDay")} × ${daysText}`,
          total: formatMoney(line.totalCents, language),
        })),
        adjustment: adjustment === 0 ? undefined : { label: t("adjustment"), amount: formatMoneyChange(adjustment, language) },
        total: { label: words.quotedTotal, amount: formatMoney(booking.totalCents, language) },
        vatLine: words.vatLine,
        payment: paymentText,
      }),
      createElement(Paragraph, { text: refund }),
      createElement(
        Group,
        null,
        createElement(Action, { href: bookingsUrl, label: t("manage") }),
        createElement(Paragraph, { tone: "muted", text: t("calendar") }),
      ),
    ),
    attachments: [calendar],
  });
}

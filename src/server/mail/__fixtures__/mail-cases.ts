import { convert } from "html-to-text";
import type { BookingView } from "../../../shared/booking.ts";
import type { Language } from "../../../shared/languages.ts";
import type { SeriesOccurrenceView, SeriesView } from "../../../shared/series-schema.ts";
import type { DocumentForMail } from "../templates/accounting-document.ts";
import { renderMailData, type BookingForMail, type MailContext, type MailKind, type SeriesForMail } from "../registry.ts";
import type { RenderedMail } from "../templates/render-mail.ts";

// ADR 258: every mail kind, in both languages, with representative payloads (the shapes queued now
// and the older shapes still accepted), rendered through the registry from fixed records. The
// fixtures beside this file hold what the string-built templates rendered for these cases; the
// components must render the same subjects, text parts and attachments, and HTML with the same
// visible text and links (mail-rendering.test.ts).

const languages: Language[] = ["en", "sv"];

const customerBooking: BookingView = {
  id: "5f0c6a5e-1d9b-4a57-9a43-3c0c1b7f6a10",
  location: "Göteborg, Sweden",
  startDate: "2026-07-15",
  endDate: "2026-07-17",
  totalDays: 3,
  status: "pending",
  totalCents: 90_000,
  vatCents: 18_000,
  buyerVat: "consumer",
  customerName: "Anna <Svensson> & Co's",
  createdAt: "2026-07-01T10:20:30.456Z",
  services: [
    {
      serviceId: "svc-bodyguard",
      serviceType: "vip_outdoor",
      title: "VIP Bodyguard",
      description: "Close protection",
      options: { guards: 2, days: 3, timeOfDay: "day_night", duration: "12h", style: "Formal", car: "with_car", carClass: "S-class" },
      dailyPriceCents: 20_000,
      totalCents: 60_000,
      vatCents: 12_000,
      vatRateBasisPoints: 2500,
    },
    {
      serviceId: "svc-driver",
      serviceType: "vip_driver",
      title: "VIP Security Driver",
      description: "A trained security driver",
      options: { guards: 1, days: 3, car: "without_car" },
      dailyPriceCents: 10_000,
      totalCents: 30_000,
      vatCents: 6000,
      vatRateBasisPoints: 2500,
    },
  ],
};

/** A booking with its times, meeting point, a codenamed principal, a card payment and a total set by hand. */
const engagedBooking: BookingView = {
  ...customerBooking,
  id: "9a1b2c3d-0000-4000-8000-00000000beef",
  location: "Stockholm, Sweden",
  status: "confirmed",
  totalCents: 95_000,
  vatCents: 19_000,
  buyerVat: "eu_reverse_charge",
  startTime: "22:00",
  endTime: "06:00",
  meetingPoint: "Grand Hôtel, Stockholm",
  principal: { name: null, codename: "Falcon", phone: "+46 70 000 00 00", directContact: false },
  payment: {
    status: "paid",
    heldCents: 0,
    chargedCents: 95_000,
    refundedCents: 0,
    dueOnConfirmationCents: 0,
    approvalTotalCents: null,
    card: { brand: "visa", lastFour: "4242" },
  },
};

const bookings: Record<string, BookingForMail> = {
  [customerBooking.id]: { language: "en", booking: customerBooking, bookedAt: new Date("2026-07-01T12:00:00Z") },
  [engagedBooking.id]: { language: "en", booking: engagedBooking, bookedAt: new Date("2026-07-14T12:00:00Z"), calendarSequence: 3 },
};

/** A few bytes that stand for the document's PDF: the mail must carry them unchanged. */
const pdf = Buffer.from("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n", "latin1");

const invoice: DocumentForMail = {
  kind: "invoice",
  number: 42,
  totalCents: 31_840,
  vatCents: 6368,
  buyerVat: "consumer",
  paysFor: ["VIP Bodyguard", "VIP Security Driver"],
  dueDate: "2026-12-29",
  ocrReference: "10000428",
  bankgiro: "5050-1055",
  bankgiroTakesEuro: true,
  iban: "SE45 5000 0000 0583 9825 7466",
  bic: "ESSESESS",
  fileName: "invoice-42.pdf",
  pdf,
};

const documents: Record<string, DocumentForMail> = {
  "invoice-42": invoice,
  "invoice-43": {
    ...invoice,
    number: 43,
    bankgiroTakesEuro: false,
    buyerVat: "eu_reverse_charge",
    vatCents: 0,
    fileName: "invoice-43.pdf",
  },
  "receipt-7": { ...invoice, kind: "receipt", number: 7, dueDate: null, ocrReference: null, fileName: "receipt-7.pdf" },
  "credit-note-3": { ...invoice, kind: "credit-note", number: 3, dueDate: null, ocrReference: null, fileName: "credit-note-3.pdf" },
};

function occurrence(occurrenceDay: string, changed: Partial<SeriesOccurrenceView> = {}): SeriesOccurrenceView {
  return {
    occurrenceDay,
    day: occurrenceDay,
    lastDay: occurrenceDay,
    startTime: "08:00",
    endTime: "16:00",
    cancelled: false,
    bookingId: null,
    status: null,
    totalCents: 48_000,
    realHours: 8,
    wallClockHours: 8,
    ...changed,
  };
}

/** A weekly series on Wednesdays (docs/series.md): four occurrences, the third moved to the Thursday, the last cancelled. */
const seriesView: SeriesView = {
  id: "7c4e2a10-3b5d-4f6e-8a9b-0c1d2e3f4a5b",
  location: "Malmö, Sweden",
  rule: { frequency: "weekly", interval: 1, weekdays: [3], monthDay: null, firstDay: "2026-07-15", until: null, count: 4 },
  days: 1,
  startTime: "08:00",
  endTime: "16:00",
  confirmed: true,
  calendarSequence: 2,
  occurrences: [
    occurrence("2026-07-15", { bookingId: "a0000000-0000-4000-8000-000000000001", status: "confirmed" }),
    occurrence("2026-07-22", { bookingId: "a0000000-0000-4000-8000-000000000002", status: "confirmed" }),
    occurrence("2026-07-29", { day: "2026-07-30", lastDay: "2026-07-30" }),
    occurrence("2026-08-05", { cancelled: true }),
  ],
};

const series: Record<string, SeriesForMail> = {
  [seriesView.id]: {
    language: "en",
    rule: seriesView.rule,
    meetingPoint: "Hotel Duxiana, Malmö",
    codename: "Falcon",
    confirmed: true,
    view: seriesView,
  },
};

export const fixtureContext: MailContext = {
  supportEmail: "support@example.test",
  appUrl: "https://nordicshield.test",
  sources: {
    booking: (bookingId) => Promise.resolve(bookings[bookingId]),
    document: (documentId) => Promise.resolve(documents[documentId]),
    series: (seriesId) => Promise.resolve(series[seriesId]),
  },
};

/** `recordedAs`: a payload of a newer shape that must render what the recorded case of an older one did. */
export type MailCase = { name: string; kind: MailKind; payload: unknown; recordedAs?: string };

const version = (startDate: string, endDate: string, extra: Record<string, unknown> = {}) => ({
  startDate,
  endDate,
  totalCents: 90_000,
  guards: 2,
  ...extra,
});

/** The payloads of one language; the language-free kinds read it from their booking. */
function casesIn(language: Language): MailCase[] {
  const decision = {
    language,
    reference: "5F0C6A5E",
    location: "Göteborg, Sweden",
    startDate: "2026-07-15",
    endDate: "2026-07-17",
    totalCents: 90_000,
    vatCents: 18_000,
  };
  return [
    { name: "verification-code", kind: "verification-code", payload: { language, code: "0427", validityMinutes: 10 } },
    { name: "email-address-code", kind: "email-address-code", payload: { language, code: "5093", validityMinutes: 10 } },
    {
      name: "password-reset",
      kind: "password-reset",
      payload: { language, link: "https://nordicshield.test/reset-password?token=a&b=<c>" },
    },
    { name: "account-deleted", kind: "account-deleted", payload: { language } },
    ...Object.keys(documents).map((documentId): MailCase => ({
      name: documentId,
      kind: "accounting-document",
      payload: { language, documentId },
    })),
    {
      name: "booking-decision-confirmed",
      kind: "booking-decision",
      payload: {
        ...decision,
        decision: "confirmed",
        note: "We will meet you\nat the hotel's entrance & lobby.",
        lead: { firstName: "Erik", phone: "+46 70 123 45 67" },
        bookingId: engagedBooking.id,
        calendarSequence: 4,
        at: "2026-07-02T08:00:00.000Z",
      },
    },
    {
      name: "booking-decision-declined",
      kind: "booking-decision",
      payload: {
        ...decision,
        decision: "declined",
        reason: "No guards free\non those days.",
        bookingId: customerBooking.id,
        calendarSequence: 1,
        at: "2026-07-02T08:00:00.000Z",
      },
    },
    // An older row: the total in euros, no booking, no calendar entry.
    {
      name: "booking-decision-cancelled-euros",
      kind: "booking-decision",
      payload: { ...decision, totalCents: undefined, vatCents: undefined, total: 900, decision: "cancelled" },
    },
    {
      name: "payment-needed-authentication",
      kind: "payment-needed",
      payload: {
        language,
        reference: "5F0C6A5E",
        bookingId: customerBooking.id,
        amountCents: 90_000,
        reason: "authentication",
        dueAt: "2026-07-03T12:00:00.000Z",
      },
    },
    {
      name: "payment-needed-declined",
      kind: "payment-needed",
      payload: {
        language,
        reference: "9A1B2C3D",
        bookingId: engagedBooking.id,
        amountCents: 95_000,
        reason: "declined",
        dueAt: "2026-07-03T12:00:00.000Z",
      },
    },
    {
      name: "booking-change-proposed",
      kind: "booking-change",
      payload: {
        language,
        step: "proposed",
        reference: "9A1B2C3D",
        bookingId: engagedBooking.id,
        location: "Stockholm, Sweden",
        current: version("2026-07-15", "2026-07-17", { startTime: "22:00", endTime: "06:00", services: ["svc-bodyguard", "svc-driver"] }),
        proposed: version("2026-07-15", "2026-07-18", {
          startTime: "08:00",
          endTime: "20:00",
          services: ["svc-bodyguard"],
          totalCents: 120_000,
          adjustmentCents: -5000,
          guards: 3,
        }),
      },
    },
    {
      name: "booking-change-approved",
      kind: "booking-change",
      payload: {
        language,
        step: "approved",
        reference: "9A1B2C3D",
        bookingId: engagedBooking.id,
        location: "Stockholm, Sweden",
        current: version("2026-07-15", "2026-07-18", { guards: 1 }),
        previous: version("2026-07-15", "2026-07-17"),
        calendarSequence: 5,
        calendarStatus: "confirmed",
        at: "2026-07-05T09:30:00.000Z",
      },
    },
    {
      name: "booking-change-request-declined",
      kind: "booking-change",
      payload: {
        language,
        step: "request_declined",
        reference: "5F0C6A5E",
        bookingId: customerBooking.id,
        location: "Göteborg, Sweden",
        current: version("2026-07-15", "2026-07-17"),
        reason: "The team is fully booked\nthat week.",
      },
    },
    { name: "id-review-approved", kind: "id-review", payload: { language, decision: "approved", documentType: "passport" } },
    {
      name: "id-review-rejected",
      kind: "id-review",
      payload: { language, decision: "rejected", documentType: "residence_permit", reason: "The photo is blurred." },
    },
    {
      name: "booking-reply-alert-18",
      kind: "booking-reply-alert",
      payload: {
        language,
        hours: 18,
        reference: "5F0C6A5E",
        bookingId: customerBooking.id,
        startDate: "2026-07-15",
        endDate: "2026-07-17",
      },
    },
    {
      name: "booking-reply-alert-24",
      kind: "booking-reply-alert",
      payload: { language, hours: 24, reference: "5F0C6A5E", bookingId: "id with/slash", startDate: "2026-07-15", endDate: "2026-07-17" },
    },
    // ADR 258: the alert queued with the booking's id alone reads its reference and dates from the booking.
    {
      name: "booking-reply-alert-18-by-id",
      kind: "booking-reply-alert",
      payload: { language, hours: 18, bookingId: customerBooking.id },
      recordedAs: "booking-reply-alert-18",
    },
    {
      name: "booking-reminder-lead",
      kind: "booking-reminder",
      payload: {
        language,
        reference: "9A1B2C3D",
        location: "Stockholm, Sweden",
        startDate: "2026-07-15",
        endDate: "2026-07-17",
        lead: { firstName: "Erik", phone: "+46 70 123 45 67" },
      },
    },
    {
      name: "booking-reminder-no-lead",
      kind: "booking-reminder",
      payload: { language, reference: "5F0C6A5E", location: "Göteborg, Sweden", startDate: "2026-07-15", endDate: "2026-07-15" },
    },
    {
      name: "licence-expiry-alert",
      kind: "licence-expiry-alert",
      payload: { language, operativeName: "Lena Berg", licenceNumber: "V-12345", expiresOn: "2026-08-31" },
    },
    {
      name: "operative-invitation",
      kind: "operative-invitation",
      payload: {
        language,
        operativeName: "Lena Maria Berg",
        link: "https://nordicshield.test/reset-password/abc?callbackURL=%2Foperative",
      },
    },
    {
      name: "assignment-released",
      kind: "assignment-released",
      payload: {
        language,
        operativeName: "Lena Berg",
        bookingId: engagedBooking.id,
        location: "Stockholm, Sweden",
        startDate: "2026-07-15",
        endDate: "2026-07-17",
      },
    },
    {
      name: "assignment-released-by-id",
      kind: "assignment-released",
      payload: { language, operativeName: "Lena Berg", bookingId: engagedBooking.id },
      recordedAs: "assignment-released",
    },
    {
      name: "thread-messages-customer",
      kind: "thread-messages",
      payload: { language, audience: "customer", reference: "5F0C6A5E", bookingId: customerBooking.id, count: 1 },
    },
    {
      name: "thread-messages-staff",
      kind: "thread-messages",
      payload: { language, audience: "staff", reference: "5F0C6A5E", bookingId: customerBooking.id, count: 3 },
    },
    {
      name: "incident-alert",
      kind: "incident-alert",
      payload: {
        language,
        bookingId: engagedBooking.id,
        operativeName: "Lena Berg",
        occurredAt: "2026-07-15T21:40:00.000Z",
        text: "A car followed us <twice> & stopped.",
      },
    },
    {
      name: "company-approval-request",
      kind: "company-approval-request",
      payload: {
        language,
        bookingId: customerBooking.id,
        companyName: "Berg & <Söner> AB",
        bookerName: "Lena Berg",
        location: "Göteborg, Sweden",
        startDate: "2026-07-15",
        endDate: "2026-07-17",
        totalCents: 90_000,
      },
    },
    {
      name: "company-booking-declined",
      kind: "company-booking-declined",
      payload: {
        language,
        companyName: "Berg & <Söner> AB",
        location: "Göteborg, Sweden",
        startDate: "2026-07-15",
        endDate: "2026-07-17",
        reason: "Over this quarter's budget",
      },
    },
    {
      name: "company-booking-declined-without-reason",
      kind: "company-booking-declined",
      payload: {
        language,
        companyName: "Berg & <Söner> AB",
        location: "Göteborg, Sweden",
        startDate: "2026-07-15",
        endDate: "2026-07-17",
        reason: null,
      },
    },
    {
      name: "company-invitation",
      kind: "company-invitation",
      payload: { language, companyName: "Berg & <Söner> AB", role: "approver" },
    },
    // docs/series.md, ADR 283: one mail per change of a series, with the series' calendar entry.
    {
      name: "series-update-booked",
      kind: "series-update",
      payload: {
        seriesId: seriesView.id,
        change: "booked",
        occurrenceDays: ["2026-07-15", "2026-07-22", "2026-07-29", "2026-08-05"],
        calendarSequence: 0,
        at: "2026-07-01T12:00:00.000Z",
      },
    },
    {
      name: "series-update-cancelled",
      kind: "series-update",
      payload: {
        seriesId: seriesView.id,
        change: "cancelled",
        occurrenceDays: ["2026-08-05"],
        calendarSequence: 2,
        at: "2026-07-20T09:00:00.000Z",
        refund: "fully_refundable",
      },
    },
    // ADR 265, 268: a notification's e-mail channel, in the firm's frame, and discreet without it.
    {
      name: "notification-plain",
      kind: "notification",
      payload: {
        language,
        title: language === "sv" ? "LARM inte kvitterat: bokning 9A1B2C3D (nivå 2)" : "ALARM not acknowledged: booking 9A1B2C3D (level 2)",
        body:
          language === "sv"
            ? "Kunden larmade (SOS) 15 juli 2026 22:40. Ingen har kvitterat larmet ännu. Öppna konsolen och kvittera nu."
            : "The customer raised an alarm (SOS) at 15 July 2026, 22:40. Nobody has acknowledged it yet. Open the console and acknowledge it now.",
        url: "https://nordicshield.test/admin/alarms",
        linkLabel: language === "sv" ? "Öppna" : "Open",
        discreet: false,
      },
    },
    {
      name: "notification-discreet",
      kind: "notification",
      payload: {
        language,
        title: language === "sv" ? "Din tid den 15 juli" : "Your appointment on 15 Jul",
        body: language === "sv" ? "Börjar 15 juli 2026 22:00." : "Starts 15 July 2026, 22:00.",
        url: `https://nordicshield.test/customer-dashboard/bookings/${engagedBooking.id}`,
        linkLabel: language === "sv" ? "Öppna" : "Open",
        discreet: true,
      },
    },
  ];
}

/** The kinds whose payload carries no language: rendered in the booking's (English and Swedish bookings). */
function bookingCases(): MailCase[] {
  return [
    { name: "booking-confirmation", kind: "booking-confirmation", payload: { bookingId: customerBooking.id } },
    { name: "booking-confirmation-engaged", kind: "booking-confirmation", payload: { bookingId: engagedBooking.id } },
    {
      name: "booking-cancellation-refundable",
      kind: "booking-cancellation",
      payload: { bookingId: customerBooking.id, refund: "fully_refundable", calendarSequence: 2, at: "2026-07-03T10:00:00.000Z" },
    },
    {
      name: "booking-cancellation-paid",
      kind: "booking-cancellation",
      payload: { bookingId: engagedBooking.id, refund: "non_refundable", calendarSequence: 6, at: "2026-07-14T10:00:00.000Z" },
    },
  ];
}

const inLanguage = (language: Language) => (mailCase: MailCase) => ({
  ...mailCase,
  name: `${mailCase.name}.${language}`,
  ...(mailCase.recordedAs && { recordedAs: `${mailCase.recordedAs}.${language}` }),
  language,
});

export const mailCases: (MailCase & { language: Language })[] = languages.flatMap((language) => [
  ...casesIn(language).map(inLanguage(language)),
  ...bookingCases().map(inLanguage(language)),
]);

/** The context of a case: the booking-language kinds read their booking (or series) in the case's language. */
export function contextOf(language: Language): MailContext {
  return {
    ...fixtureContext,
    sources: {
      ...fixtureContext.sources,
      booking: async (bookingId) => {
        const found = await fixtureContext.sources.booking(bookingId);
        return found && { ...found, language };
      },
      series: async (seriesId) => {
        const found = await fixtureContext.sources.series?.(seriesId);
        return found && { ...found, language };
      },
    },
  };
}

/** What a reader sees of the HTML: its words in order (tags, styles and line breaks aside). */
export function visibleWords(html: string): string[] {
  const text = convert(html, {
    wordwrap: false,
    selectors: [
      { selector: "a", options: { ignoreHref: true } },
      { selector: "img", format: "skip" },
      { selector: "h1", options: { uppercase: false } },
      { selector: "table", format: "block" },
      { selector: "tr", format: "block" },
      { selector: "td", format: "block" },
      { selector: "th", format: "block" },
    ],
  });
  // Zero-width characters (a preview line's padding) are not seen.
  return text
    .replace(/[\u200b-\u200f\ufeff]/g, "")
    .split(/\s+/)
    .filter((word) => word !== "");
}

/** The links of the HTML, in order. */
export function links(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((match) => decodeEntities(match[1] ?? ""));
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export type MailFixture = {
  name: string;
  subject: string;
  text: string;
  htmlWords: string[];
  links: string[];
  attachments: RenderedMail["attachments"];
};

export async function renderFixture(mailCase: (typeof mailCases)[number]): Promise<MailFixture> {
  const mail = await renderMailData(mailCase.kind, mailCase.payload, contextOf(mailCase.language));
  return {
    name: mailCase.name,
    subject: mail.subject,
    text: mail.text,
    htmlWords: visibleWords(mail.html),
    links: links(mail.html),
    attachments: mail.attachments,
  };
}

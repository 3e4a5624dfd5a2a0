import { escapeHtml, mailStyles, renderLayout, textFooter, type MailLanguage } from "./layout.ts";

// docs/product.md §10: a pending booking must be answered within 24 hours. Operators are told when
// one has waited 18 hours and again at 24. It names the booking, never the customer (the console
// shows who it is to those allowed to see it).

export type BookingReplyAlertMail = {
  language: MailLanguage;
  hours: 18 | 24;
  reference: string;
  bookingId: string;
  startDate: string;
  endDate: string;
  supportEmail: string;
  appUrl: string;
};

const copy = {
  en: {
    subject: (reference: string, hours: number) => `Booking ${reference} has waited ${hours} hours for an answer`,
    intro: (hours: number) =>
      hours >= 24
        ? "This booking request has now waited 24 hours, the time the customer was promised an answer within."
        : "This booking request has waited 18 hours. The customer was promised an answer within 24 hours.",
    dates: "Dates",
    open: "Open the booking",
  },
  sv: {
    subject: (reference: string, hours: number) => `Bokning ${reference} har väntat ${hours} timmar på svar`,
    intro: (hours: number) =>
      hours >= 24
        ? "Den här bokningsförfrågan har nu väntat 24 timmar, den tid kunden lovades svar inom."
        : "Den här bokningsförfrågan har väntat 18 timmar. Kunden lovades svar inom 24 timmar.",
    dates: "Datum",
    open: "Öppna bokningen",
  },
};

export function renderBookingReplyAlertMail(input: BookingReplyAlertMail) {
  const text = copy[input.language];
  const subject = text.subject(input.reference, input.hours);
  const dates = `${input.startDate} – ${input.endDate}`;
  const link = `${input.appUrl}/admin/bookings/${encodeURIComponent(input.bookingId)}`;
  const html = renderLayout({
    language: input.language,
    preheader: text.intro(input.hours),
    heading: subject,
    supportEmail: input.supportEmail,
    bodyHtml: [
      `<p style="${mailStyles.paragraph}">${escapeHtml(text.intro(input.hours))}</p>`,
      `<p style="${mailStyles.paragraph}"><strong>${escapeHtml(text.dates)}:</strong> ${escapeHtml(dates)}</p>`,
      `<a href="${escapeHtml(link)}" style="${mailStyles.button}">${escapeHtml(text.open)}</a>`,
    ].join("\n"),
  });
  const plain = [
    subject,
    "",
    text.intro(input.hours),
    "",
    `${text.dates}: ${dates}`,
    "",
    `${text.open}: ${link}`,
    "",
    textFooter(input.language, input.supportEmail),
  ].join("\n");
  return { subject, html, text: plain };
}

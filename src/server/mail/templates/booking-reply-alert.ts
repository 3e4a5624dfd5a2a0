import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { createElement } from "react";
import { Action, Field, Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail } from "./render-mail.ts";

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

const english = {
  subject: "Booking {{reference}} has waited {{hours}} hours for an answer",
  intro: {
    late: "This booking request has now waited 24 hours, the time the customer was promised an answer within.",
    early: "This booking request has waited 18 hours. The customer was promised an answer within 24 hours.",
  },
  dates: "Dates",
  open: "Open the booking",
};

const swedish: Catalogue<typeof english> = {
  subject: "Bokning {{reference}} har väntat {{hours}} timmar på svar",
  intro: {
    late: "Den här bokningsförfrågan har nu väntat 24 timmar, den tid kunden lovades svar inom.",
    early: "Den här bokningsförfrågan har väntat 18 timmar. Kunden lovades svar inom 24 timmar.",
  },
  dates: "Datum",
  open: "Öppna bokningen",
};

export const bookingReplyAlertCopy = { en: english, sv: swedish };

export function renderBookingReplyAlertMail(input: BookingReplyAlertMail) {
  const t = translator(bookingReplyAlertCopy, input.language);
  const subject = t("subject", { reference: input.reference, hours: input.hours });
  const intro = t(input.hours >= 24 ? "intro.late" : "intro.early");
  const dates = `${input.startDate} – ${input.endDate}`;
  const link = `${input.appUrl}/admin/bookings/${encodeURIComponent(input.bookingId)}`;
  return renderMail({
    subject,
    element: createElement(
      MailLayout,
      { language: input.language, preheader: intro, heading: subject, supportEmail: input.supportEmail },
      createElement(Paragraph, { text: intro }),
      createElement(Field, { label: t("dates"), value: dates }),
      createElement(Action, { href: link, label: t("open") }),
    ),
  });
}

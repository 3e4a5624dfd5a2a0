import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { createElement } from "react";
import { Action, Field, Group, Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail } from "./render-mail.ts";

// docs/product.md §12: the customer is reminded 24 hours before the service starts, with the first
// name and phone number of the lead operative once one is assigned.

export type BookingReminderMail = {
  language: MailLanguage;
  reference: string;
  location: string;
  startDate: string;
  endDate: string;
  lead?: { firstName: string; phone: string } | undefined;
  supportEmail: string;
  appUrl: string;
};

const english = {
  subject: "Reminder: your protection starts tomorrow ({{reference}})",
  intro: "This is a reminder that your booked security service starts within 24 hours.",
  where: "Where",
  dates: "Dates",
  lead: "Your lead operative is {{name}}, who can be reached on {{phone}}.",
  noLead: "We will tell you who your lead operative is as soon as they are assigned.",
  manage: "View your booking",
};

const swedish: Catalogue<typeof english> = {
  subject: "Påminnelse: ditt skydd börjar i morgon ({{reference}})",
  intro: "Det här är en påminnelse om att din bokade säkerhetstjänst börjar inom 24 timmar.",
  where: "Plats",
  dates: "Datum",
  lead: "Din ansvariga väktare är {{name}}, som nås på {{phone}}.",
  noLead: "Vi meddelar dig vem din ansvariga väktare är så snart hen är utsedd.",
  manage: "Visa din bokning",
};

export const bookingReminderCopy = { en: english, sv: swedish };

export function renderBookingReminderMail(input: BookingReminderMail) {
  const t = translator(bookingReminderCopy, input.language);
  const subject = t("subject", { reference: input.reference });
  const dates = `${input.startDate} – ${input.endDate}`;
  const lead = input.lead ? t("lead", { name: input.lead.firstName, phone: input.lead.phone }) : t("noLead");
  const link = `${input.appUrl}/customer-dashboard/bookings`;
  return renderMail({
    subject,
    element: createElement(
      MailLayout,
      { language: input.language, preheader: t("intro"), heading: subject, supportEmail: input.supportEmail },
      createElement(Paragraph, { text: t("intro") }),
      createElement(
        Group,
        null,
        createElement(Field, { label: t("where"), value: input.location }),
        createElement(Field, { label: t("dates"), value: dates }),
      ),
      createElement(Paragraph, { text: lead }),
      createElement(Action, { href: link, label: t("manage") }),
    ),
  });
}

import { escapeHtml, mailStyles, renderLayout, textFooter, type MailLanguage } from "./layout.ts";

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

const copy = {
  en: {
    subject: (reference: string) => `Reminder: your protection starts tomorrow (${reference})`,
    intro: "This is a reminder that your booked security service starts within 24 hours.",
    where: "Where",
    dates: "Dates",
    lead: (name: string, phone: string) => `Your lead operative is ${name}, who can be reached on ${phone}.`,
    noLead: "We will tell you who your lead operative is as soon as they are assigned.",
    manage: "View your booking",
  },
  sv: {
    subject: (reference: string) => `Påminnelse: ditt skydd börjar i morgon (${reference})`,
    intro: "Det här är en påminnelse om att din bokade säkerhetstjänst börjar inom 24 timmar.",
    where: "Plats",
    dates: "Datum",
    lead: (name: string, phone: string) => `Din ansvariga väktare är ${name}, som nås på ${phone}.`,
    noLead: "Vi meddelar dig vem din ansvariga väktare är så snart hen är utsedd.",
    manage: "Visa din bokning",
  },
};

export function renderBookingReminderMail(input: BookingReminderMail) {
  const text = copy[input.language];
  const subject = text.subject(input.reference);
  const dates = `${input.startDate} – ${input.endDate}`;
  const lead = input.lead ? text.lead(input.lead.firstName, input.lead.phone) : text.noLead;
  const link = `${input.appUrl}/customer-dashboard/bookings`;
  const html = renderLayout({
    language: input.language,
    preheader: text.intro,
    heading: subject,
    supportEmail: input.supportEmail,
    bodyHtml: [
      `<p style="${mailStyles.paragraph}">${escapeHtml(text.intro)}</p>`,
      `<p style="${mailStyles.paragraph}"><strong>${escapeHtml(text.where)}:</strong> ${escapeHtml(input.location)}<br><strong>${escapeHtml(text.dates)}:</strong> ${escapeHtml(dates)}</p>`,
      `<p style="${mailStyles.paragraph}">${escapeHtml(lead)}</p>`,
      `<a href="${escapeHtml(link)}" style="${mailStyles.button}">${escapeHtml(text.manage)}</a>`,
    ].join("\n"),
  });
  const plain = [
    subject,
    "",
    text.intro,
    "",
    `${text.where}: ${input.location}`,
    `${text.dates}: ${dates}`,
    "",
    lead,
    "",
    `${text.manage}: ${link}`,
    "",
    textFooter(input.language, input.supportEmail),
  ].join("\n");
  return { subject, html, text: plain };
}

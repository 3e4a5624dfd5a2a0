import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { createElement } from "react";
import { Action, Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail } from "./render-mail.ts";

// docs/product.md §12, ADR 184: one mail per burst of thread messages, in the recipient's
// language, with a link to the thread. It says how many messages wait, never what they say nor
// who the booking protects: a mailbox is read on more devices than the account (and a discreet
// booking stays discreet there); the text is read signed in.

export type ThreadMessagesMail = {
  language: MailLanguage;
  audience: "customer" | "staff";
  reference: string;
  bookingId: string;
  count: number;
  supportEmail: string;
  appUrl: string;
};

const english = {
  subject_one: "A new message about booking {{reference}}",
  subject_other: "{{count}} new messages about booking {{reference}}",
  customerIntro: "Nordic Shield has written to you about your booking. Sign in to read and answer.",
  staffIntro: "The customer has written about this booking and is waiting for an answer.",
  open: "Read the messages",
};

const swedish: Catalogue<typeof english> = {
  subject_one: "Ett nytt meddelande om bokning {{reference}}",
  subject_other: "{{count}} nya meddelanden om bokning {{reference}}",
  customerIntro: "Nordic Shield har skrivit till dig om din bokning. Logga in för att läsa och svara.",
  staffIntro: "Kunden har skrivit om den här bokningen och väntar på svar.",
  open: "Läs meddelandena",
};

export const threadMessagesCopy = { en: english, sv: swedish };

export function threadLink(appUrl: string, audience: "customer" | "staff", bookingId: string): string {
  const path = audience === "customer" ? "/customer-dashboard/bookings/" : "/admin/bookings/";
  return `${appUrl}${path}${encodeURIComponent(bookingId)}#messages`;
}

export function renderThreadMessagesMail(input: ThreadMessagesMail) {
  const t = translator(threadMessagesCopy, input.language);
  const subject = t("subject", { reference: input.reference, count: input.count });
  const intro = input.audience === "customer" ? t("customerIntro") : t("staffIntro");
  const link = threadLink(input.appUrl, input.audience, input.bookingId);
  return renderMail({
    subject,
    element: createElement(
      MailLayout,
      { language: input.language, preheader: intro, heading: subject, supportEmail: input.supportEmail },
      createElement(Paragraph, { text: intro }),
      createElement(Action, { href: link, label: t("open") }),
    ),
  });
}

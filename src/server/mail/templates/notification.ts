import { createElement } from "react";
import { Action, Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail } from "./render-mail.ts";

// ADR 265: the e-mail channel of a notification (src/server/notifications/). The words are the
// notification's own, the same on every channel; this only frames them. ADR 268: a discreet
// booking's mail has no frame that names the firm or its trade: a plain page, no footer, and the
// worker sends it without the sender's display name.

export type NotificationMail = {
  language: MailLanguage;
  title: string;
  body: string;
  url: string;
  linkLabel: string;
  discreet: boolean;
  supportEmail: string;
};

export async function renderNotificationMail(input: NotificationMail) {
  const rendered = await renderMail({
    subject: input.title,
    element: createElement(
      MailLayout,
      { language: input.language, preheader: input.body, heading: input.title, supportEmail: input.supportEmail, discreet: input.discreet },
      createElement(Paragraph, { text: input.body }),
      createElement(Action, { href: input.url, label: input.linkLabel }),
    ),
  });
  return input.discreet ? { ...rendered, anonymousSender: true } : rendered;
}

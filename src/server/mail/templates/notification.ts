import { escapeHtml, mailStyles, renderLayout, textFooter, type MailLanguage } from "./layout.ts";

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

export function renderNotificationMail(input: NotificationMail) {
  const paragraph = `<p style="${mailStyles.paragraph}">${escapeHtml(input.body)}</p>`;
  const link = `<a href="${escapeHtml(input.url)}" style="${mailStyles.button}">${escapeHtml(input.linkLabel)}</a>`;
  if (input.discreet) {
    const html = `<!doctype html>
<html lang="${input.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(input.title)}</title></head>
<body style="margin:0;padding:24px;font-family:Helvetica,Arial,sans-serif;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(input.body)}</div>
<h1 style="margin:0 0 16px 0;font-size:20px;">${escapeHtml(input.title)}</h1>
${paragraph}
${link}
</body>
</html>`;
    return {
      subject: input.title,
      html,
      text: [input.title, "", input.body, "", `${input.linkLabel}: ${input.url}`].join("\n"),
      anonymousSender: true,
    };
  }
  const html = renderLayout({
    language: input.language,
    preheader: input.body,
    heading: input.title,
    supportEmail: input.supportEmail,
    bodyHtml: [paragraph, link].join("\n"),
  });
  const text = [
    input.title,
    "",
    input.body,
    "",
    `${input.linkLabel}: ${input.url}`,
    "",
    textFooter(input.language, input.supportEmail),
  ].join("\n");
  return { subject: input.title, html, text };
}

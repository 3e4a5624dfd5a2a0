import { escapeHtml, mailStyles, renderLayout, textFooter, type MailLanguage } from "./layout.ts";

// The result of an identity document review (ADR 070). docs/product.md §2 ID verification: the customer's
// ID status shows approved once an operator has checked the document.

export type IdReviewMail = {
  language: MailLanguage;
  decision: "approved" | "rejected";
  documentType: string;
  reason?: string | undefined;
  supportEmail: string;
  appUrl: string;
};

const documentNames = {
  en: { passport: "passport", id_card: "ID card", drivers_license: "driver's licence" } as Record<string, string>,
  sv: { passport: "pass", id_card: "id-kort", drivers_license: "körkort" } as Record<string, string>,
};

const copy = {
  en: {
    subject: { approved: "Your identity is verified", rejected: "We could not verify your identity document" },
    intro: {
      approved: (document: string) => `We have checked your ${document} and your identity is now verified.`,
      rejected: (document: string) => `We could not accept the ${document} you uploaded. Please upload a new one from your dashboard.`,
    },
    reason: "Reason",
    manage: "Open your dashboard",
  },
  sv: {
    subject: { approved: "Din identitet är verifierad", rejected: "Vi kunde inte verifiera din id-handling" },
    intro: {
      approved: (document: string) => `Vi har kontrollerat ditt ${document} och din identitet är nu verifierad.`,
      rejected: (document: string) => `Vi kunde inte godta ${document} du laddade upp. Ladda gärna upp en ny från din översikt.`,
    },
    reason: "Anledning",
    manage: "Öppna din översikt",
  },
};

export function renderIdReviewMail(input: IdReviewMail) {
  const text = copy[input.language];
  const document = documentNames[input.language][input.documentType] ?? input.documentType;
  const intro = text.intro[input.decision](document);
  const link = `${input.appUrl}/customer-dashboard`;
  const html = renderLayout({
    language: input.language,
    preheader: intro,
    heading: text.subject[input.decision],
    supportEmail: input.supportEmail,
    bodyHtml: [
      `<p style="${mailStyles.paragraph}">${escapeHtml(intro)}</p>`,
      input.reason ? `<p style="${mailStyles.paragraph}"><strong>${escapeHtml(text.reason)}:</strong> ${escapeHtml(input.reason)}</p>` : "",
      `<a href="${escapeHtml(link)}" style="${mailStyles.button}">${escapeHtml(text.manage)}</a>`,
    ].join("\n"),
  });
  const plain = [
    text.subject[input.decision],
    "",
    intro,
    ...(input.reason ? ["", `${text.reason}: ${input.reason}`] : []),
    "",
    `${text.manage}: ${link}`,
    "",
    textFooter(input.language, input.supportEmail),
  ].join("\n");
  return { subject: text.subject[input.decision], html, text: plain };
}

import { escapeHtml, mailStyles, renderLayout, textFooter, type MailLanguage } from "./layout.ts";

// The sign-up code mail, a one-time secret (ADR 032, 037) (SPEC §4 verification, §9: 4 digits, 10 minutes).

const copy = {
  en: {
    subject: "Your Nordic Shield verification code",
    heading: "Confirm your email address",
    intro: "Use this code to finish creating your Nordic Shield account:",
    validity: (minutes: number) => `The code is valid for ${minutes} minutes and can be used once.`,
    ignore: "If you did not try to create an account, you can ignore this email; no account is created without the code.",
  },
  sv: {
    subject: "Din verifieringskod från Nordic Shield",
    heading: "Bekräfta din e-postadress",
    intro: "Använd den här koden för att slutföra ditt konto hos Nordic Shield:",
    validity: (minutes: number) => `Koden gäller i ${minutes} minuter och kan användas en gång.`,
    ignore: "Om du inte försökte skapa ett konto kan du bortse från det här mejlet; inget konto skapas utan koden.",
  },
};

export function renderVerificationCodeMail(input: { language: MailLanguage; code: string; validityMinutes: number; supportEmail: string }) {
  const text = copy[input.language];
  const html = renderLayout({
    language: input.language,
    preheader: text.intro,
    heading: text.heading,
    supportEmail: input.supportEmail,
    bodyHtml: [
      `<p style="${mailStyles.paragraph}">${escapeHtml(text.intro)}</p>`,
      `<div style="${mailStyles.code}">${escapeHtml(input.code)}</div>`,
      `<p style="${mailStyles.paragraph}">${escapeHtml(text.validity(input.validityMinutes))}</p>`,
      `<p style="${mailStyles.muted}">${escapeHtml(text.ignore)}</p>`,
    ].join("\n"),
  });
  const plain = [
    text.heading,
    "",
    text.intro,
    "",
    `    ${input.code}`,
    "",
    text.validity(input.validityMinutes),
    "",
    text.ignore,
    "",
    textFooter(input.language, input.supportEmail),
  ].join("\n");
  return { subject: text.subject, html, text: plain };
}

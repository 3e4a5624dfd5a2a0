import { escapeHtml, mailStyles, renderLayout, textFooter, type MailLanguage } from "./layout.ts";

// The code that confirms an additional address of a profile, a one-time secret (ADR 032, 037): 4 digits, valid
// 10 minutes (SPEC §9), like the sign-up code.

const copy = {
  en: {
    subject: "Your Nordic Shield verification code for this address",
    heading: "Confirm your email address",
    intro: "Someone added this address to a Nordic Shield account. Enter this code in the profile to confirm it:",
    validity: (minutes: number) => `The code is valid for ${minutes} minutes and can be used once.`,
    ignore: "If you did not add this address, you can ignore this email; the address is not confirmed without the code.",
  },
  sv: {
    subject: "Din verifieringskod från Nordic Shield för den här adressen",
    heading: "Bekräfta din e-postadress",
    intro: "Någon har lagt till den här adressen i ett konto hos Nordic Shield. Ange koden i profilen för att bekräfta den:",
    validity: (minutes: number) => `Koden gäller i ${minutes} minuter och kan användas en gång.`,
    ignore: "Om du inte lade till adressen kan du bortse från det här mejlet; adressen bekräftas inte utan koden.",
  },
};

export function renderEmailAddressCodeMail(input: { language: MailLanguage; code: string; validityMinutes: number; supportEmail: string }) {
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

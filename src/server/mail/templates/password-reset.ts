import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { escapeHtml, mailStyles, renderLayout, textFooter, type MailLanguage } from "./layout.ts";

// The reset-link mail (single use, valid one hour; ADR 031). A one-time secret (ADR 032, 037).

const english = {
  subject: "Reset your Nordic Shield password",
  heading: "Reset your password",
  intro: "We received a request to reset the password of your Nordic Shield account. Choose a new password with the button below:",
  button: "Choose a new password",
  fallback: "If the button does not work, copy this link into your browser:",
  validity: "The link is valid for 1 hour and can be used once. Afterwards, every device signed in to your account is signed out.",
  ignore: "If you did not ask for this, you can ignore this email; your password stays as it is.",
};

const swedish: Catalogue<typeof english> = {
  subject: "Återställ ditt lösenord hos Nordic Shield",
  heading: "Återställ ditt lösenord",
  intro: "Vi har fått en begäran om att återställa lösenordet till ditt konto hos Nordic Shield. Välj ett nytt lösenord med knappen nedan:",
  button: "Välj ett nytt lösenord",
  fallback: "Om knappen inte fungerar, kopiera den här länken till din webbläsare:",
  validity: "Länken gäller i 1 timme och kan användas en gång. Därefter loggas alla enheter som är inloggade på ditt konto ut.",
  ignore: "Om du inte har begärt detta kan du bortse från mejlet; ditt lösenord förblir oförändrat.",
};

export const passwordResetCopy = { en: english, sv: swedish };

export function renderPasswordResetMail(input: { language: MailLanguage; link: string; supportEmail: string }) {
  const t = translator(passwordResetCopy, input.language);
  const link = escapeHtml(input.link);
  const html = renderLayout({
    language: input.language,
    preheader: t("intro"),
    heading: t("heading"),
    supportEmail: input.supportEmail,
    bodyHtml: [
      `<p style="${mailStyles.paragraph}">${escapeHtml(t("intro"))}</p>`,
      `<a href="${link}" style="${mailStyles.button}">${escapeHtml(t("button"))}</a>`,
      `<p style="${mailStyles.muted}">${escapeHtml(t("fallback"))}<br><a href="${link}" style="color:#7a5d1e;word-break:break-all;">${link}</a></p>`,
      `<p style="${mailStyles.paragraph}">${escapeHtml(t("validity"))}</p>`,
      `<p style="${mailStyles.muted}">${escapeHtml(t("ignore"))}</p>`,
    ].join("\n"),
  });
  const plain = [
    t("heading"),
    "",
    t("intro"),
    "",
    input.link,
    "",
    t("validity"),
    "",
    t("ignore"),
    "",
    textFooter(input.language, input.supportEmail),
  ].join("\n");
  return { subject: t("subject"), html, text: plain };
}

import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { createElement } from "react";
import { Action, Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail } from "./render-mail.ts";

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
  return renderMail({
    subject: t("subject"),
    element: createElement(
      MailLayout,
      { language: input.language, preheader: t("intro"), heading: t("heading"), supportEmail: input.supportEmail },
      createElement(Paragraph, { text: t("intro") }),
      // The text part carries the bare link: in plain text the link is the button.
      createElement(Action, { href: input.link, label: t("button"), fallback: t("fallback") }),
      createElement(Paragraph, { text: t("validity") }),
      createElement(Paragraph, { tone: "muted", text: t("ignore") }),
    ),
  });
}

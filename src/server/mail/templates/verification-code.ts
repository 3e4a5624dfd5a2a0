import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { createElement } from "react";
import { Code, Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail } from "./render-mail.ts";

// The 4-digit code mails, one-time secrets (ADR 032, 037; docs/product.md §4 verification, §9: 4 digits, 10
// minutes): the sign-up code, and the code that confirms an additional address of a profile. They
// differ only in what the code is for.

export type CodePurpose = "sign-up" | "additional-address";

const english = {
  validity: "The code is valid for {{minutes}} minutes and can be used once.",
  "sign-up": {
    subject: "Your Nordic Shield verification code",
    heading: "Confirm your email address",
    intro: "Use this code to finish creating your Nordic Shield account:",
    ignore: "If you did not try to create an account, you can ignore this email; no account is created without the code.",
  },
  "additional-address": {
    subject: "Your Nordic Shield verification code for this address",
    heading: "Confirm your email address",
    intro: "Someone added this address to a Nordic Shield account. Enter this code in the profile to confirm it:",
    ignore: "If you did not add this address, you can ignore this email; the address is not confirmed without the code.",
  },
} satisfies Record<CodePurpose, object> & { validity: string };

const swedish: Catalogue<typeof english> = {
  validity: "Koden gäller i {{minutes}} minuter och kan användas en gång.",
  "sign-up": {
    subject: "Din verifieringskod från Nordic Shield",
    heading: "Bekräfta din e-postadress",
    intro: "Använd den här koden för att slutföra ditt konto hos Nordic Shield:",
    ignore: "Om du inte försökte skapa ett konto kan du bortse från det här mejlet; inget konto skapas utan koden.",
  },
  "additional-address": {
    subject: "Din verifieringskod från Nordic Shield för den här adressen",
    heading: "Bekräfta din e-postadress",
    intro: "Någon har lagt till den här adressen i ett konto hos Nordic Shield. Ange koden i profilen för att bekräfta den:",
    ignore: "Om du inte lade till adressen kan du bortse från det här mejlet; adressen bekräftas inte utan koden.",
  },
};

export const verificationCodeCopy = { en: english, sv: swedish };

export function renderVerificationCodeMail(
  purpose: CodePurpose,
  input: { language: MailLanguage; code: string; validityMinutes: number; supportEmail: string },
) {
  const t = translator(verificationCodeCopy, input.language);
  const text = {
    subject: t(`${purpose}.subject`),
    heading: t(`${purpose}.heading`),
    intro: t(`${purpose}.intro`),
    ignore: t(`${purpose}.ignore`),
  };
  const valid = t("validity", { minutes: input.validityMinutes });
  return renderMail({
    subject: text.subject,
    element: createElement(
      MailLayout,
      { language: input.language, preheader: text.intro, heading: text.heading, supportEmail: input.supportEmail },
      createElement(Paragraph, { text: text.intro }),
      createElement(Code, { code: input.code }),
      createElement(Paragraph, { text: valid }),
      createElement(Paragraph, { tone: "muted", text: text.ignore }),
    ),
  });
}

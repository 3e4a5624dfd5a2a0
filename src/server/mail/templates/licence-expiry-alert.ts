import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { createElement } from "react";
import { Action, Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail } from "./render-mail.ts";

// docs/product.md §13: operators are told 30 days before an operative's security licence runs out,
// so the operative is not assigned past that day and the licence can be renewed in time.

export type LicenceExpiryAlertMail = {
  language: MailLanguage;
  operativeName: string;
  licenceNumber: string;
  expiresOn: string;
  supportEmail: string;
  appUrl: string;
};

const english = {
  subject: "Security licence of {{name}} expires on {{date}}",
  intro:
    "The security licence {{number}} of {{name}} is valid until {{date}}. Please make sure it is renewed; {{name}} cannot be assigned to bookings after that day.",
  open: "Open the operatives",
};

const swedish: Catalogue<typeof english> = {
  subject: "Väktarlicensen för {{name}} går ut {{date}}",
  intro:
    "Väktarlicensen {{number}} för {{name}} gäller till och med {{date}}. Se till att den förnyas; {{name}} kan inte tilldelas bokningar efter den dagen.",
  open: "Öppna väktarlistan",
};

export const licenceExpiryAlertCopy = { en: english, sv: swedish };

export function renderLicenceExpiryAlertMail(input: LicenceExpiryAlertMail) {
  const t = translator(licenceExpiryAlertCopy, input.language);
  const values = { name: input.operativeName, number: input.licenceNumber, date: input.expiresOn };
  const subject = t("subject", values);
  const intro = t("intro", values);
  const link = `${input.appUrl}/admin/operatives`;
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

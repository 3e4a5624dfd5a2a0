import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { createElement } from "react";
import { Action, Field, Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail } from "./render-mail.ts";

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

const english = {
  documents: { passport: "passport", id_card: "ID card", drivers_license: "driver's licence" },
  subject: { approved: "Your identity is verified", rejected: "We could not verify your identity document" },
  intro: {
    approved: "We have checked your {{document}} and your identity is now verified.",
    rejected: "We could not accept the {{document}} you uploaded. Please upload a new one from your dashboard.",
  },
  reason: "Reason",
  manage: "Open your dashboard",
};

const swedish: Catalogue<typeof english> = {
  documents: { passport: "pass", id_card: "id-kort", drivers_license: "körkort" },
  subject: { approved: "Din identitet är verifierad", rejected: "Vi kunde inte verifiera din id-handling" },
  intro: {
    approved: "Vi har kontrollerat ditt {{document}} och din identitet är nu verifierad.",
    rejected: "Vi kunde inte godta {{document}} du laddade upp. Ladda gärna upp en ny från din översikt.",
  },
  reason: "Anledning",
  manage: "Öppna din översikt",
};

export const idReviewCopy = { en: english, sv: swedish };

export function renderIdReviewMail(input: IdReviewMail) {
  const t = translator(idReviewCopy, input.language);
  // The document type is data (the upload's); a type without wording is named as it came.
  const documentKey = `documents.${input.documentType}`;
  const document = t.has(documentKey) ? t(documentKey) : input.documentType;
  const intro = t(`intro.${input.decision}`, { document });
  const subject = t(`subject.${input.decision}`);
  const link = `${input.appUrl}/customer-dashboard`;
  return renderMail({
    subject,
    element: createElement(
      MailLayout,
      { language: input.language, preheader: intro, heading: subject, supportEmail: input.supportEmail },
      createElement(Paragraph, { text: intro }),
      input.reason && createElement(Field, { label: t("reason"), value: input.reason }),
      createElement(Action, { href: link, label: t("manage") }),
    ),
  });
}

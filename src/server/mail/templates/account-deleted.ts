import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { createElement } from "react";
import { Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail } from "./render-mail.ts";

// docs/product.md §2 DELETE ACCOUNT: the essential notice that the account is gone (GDPR Art. 12(3): the
// customer is told what was done with the request). No link: there is nothing left to sign in to.

const english = {
  subject: "Your Nordic Shield account has been deleted",
  heading: "Your account has been deleted",
  intro: "As you asked, your Nordic Shield account and the personal data it held have been deleted.",
  kept: "Past bookings are kept without your name for the accounting records the law requires.",
  notYou: "If you did not delete your account, please contact us right away.",
};

const swedish: Catalogue<typeof english> = {
  subject: "Ditt konto hos Nordic Shield har raderats",
  heading: "Ditt konto har raderats",
  intro: "Som du begärde har ditt konto hos Nordic Shield och personuppgifterna i det raderats.",
  kept: "Tidigare bokningar sparas utan ditt namn för den bokföring som lagen kräver.",
  notYou: "Om det inte var du som raderade kontot, kontakta oss genast.",
};

export const accountDeletedCopy = { en: english, sv: swedish };

export function renderAccountDeletedMail(input: { language: MailLanguage; supportEmail: string }) {
  const t = translator(accountDeletedCopy, input.language);
  return renderMail({
    subject: t("subject"),
    element: createElement(
      MailLayout,
      { language: input.language, preheader: t("intro"), heading: t("heading"), supportEmail: input.supportEmail },
      createElement(Paragraph, { text: t("intro") }),
      createElement(Paragraph, { text: t("kept") }),
      createElement(Paragraph, { tone: "muted", text: t("notYou") }),
    ),
  });
}

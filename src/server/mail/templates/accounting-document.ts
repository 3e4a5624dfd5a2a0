import { formatDay } from "../../../shared/time.ts";
import type { BuyerVat } from "../../../shared/buyer-vat.ts";
import { priceWords } from "./price-words.ts";
import { formatMoney } from "../../../shared/money.ts";
import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { createElement } from "react";
import { Group, Paragraph } from "./blocks.ts";
import { MailLayout, type MailLanguage } from "./layout.ts";
import { renderMail } from "./render-mail.ts";

// docs/invoices.md: an invoice, receipt or credit note sent as a PDF attachment, in the booking's
// language, with what the customer must do (pay by the due date to the Bankgiro with the OCR
// reference) written in the mail too.

/** What the template needs of a stored document (MailSources.document). */
export type DocumentForMail = {
  kind: "invoice" | "receipt" | "credit-note";
  number: number;
  totalCents: number;
  vatCents: number;
  /** ADR 222, 246: the booking's buyer, whose VAT words the amount carries. */
  buyerVat: BuyerVat;
  /** docs/invoices.md "What a receipt pays": the document's lines, so the mail names what it pays. */
  paysFor: string[];
  dueDate: string | null;
  ocrReference: string | null;
  bankgiro: string;
  /** docs/invoices.md "Paying an invoice in euro": the Bankgiro is named only where its account takes euro. */
  bankgiroTakesEuro: boolean;
  iban?: string;
  bic?: string;
  fileName: string;
  pdf: Buffer;
};

const english = {
  names: { invoice: "Invoice", receipt: "Receipt", "credit-note": "Credit note" },
  subject: "{{name}} {{number}} from Nordic Shield",
  attached: "{{name}} {{number}} is attached as a PDF.",
  amount: { invoice: "Amount due: {{amount}}.", receipt: "Paid: {{amount}}.", "credit-note": "Credited: {{amount}}." },
  paysFor: { invoice: "For: {{lines}}.", receipt: "For: {{lines}}.", "credit-note": "For: {{lines}}." },
  pay: "Please pay by {{due}} to Bankgiro {{bankgiro}} with OCR reference {{ocr}}.",
  payBySepa: "To pay in euro by SEPA credit transfer{{by}}: IBAN {{iban}}, BIC {{bic}}, reference {{ocr}}.",
  by: " by {{due}}",
  keep: "Keep it for your records; you can also download it from the booking in your dashboard.",
};

const swedish: Catalogue<typeof english> = {
  names: { invoice: "Faktura", receipt: "Kvitto", "credit-note": "Kreditfaktura" },
  subject: "{{name}} {{number}} från Nordic Shield",
  attached: "{{name}} {{number}} bifogas som PDF.",
  amount: { invoice: "Att betala: {{amount}}.", receipt: "Betalt: {{amount}}.", "credit-note": "Krediterat: {{amount}}." },
  paysFor: { invoice: "Avser: {{lines}}.", receipt: "Avser: {{lines}}.", "credit-note": "Avser: {{lines}}." },
  pay: "Betala senast {{due}} till bankgiro {{bankgiro}} med OCR-nummer {{ocr}}.",
  payBySepa: "Betala i euro med SEPA-överföring{{by}}: IBAN {{iban}}, BIC {{bic}}, referens {{ocr}}.",
  by: " senast {{due}}",
  keep: "Spara den för din bokföring; du kan också ladda ned den från bokningen i din översikt.",
};

export const accountingDocumentCopy = { en: english, sv: swedish };

export function renderAccountingDocumentMail(input: { language: MailLanguage; supportEmail: string; document: DocumentForMail }) {
  const t = translator(accountingDocumentCopy, input.language);
  const { document } = input;
  const name = t(`names.${document.kind}`);
  // ADR 246: the amount's VAT words are the booking's buyer's, as on the PDF.
  const words = priceWords(document.buyerVat, document.vatCents, input.language);
  const lines = [
    t("attached", { name, number: document.number }),
    t(`amount.${document.kind}`, { amount: `${formatMoney(document.totalCents, input.language)} (${words.note})` }),
    t(`paysFor.${document.kind}`, { lines: document.paysFor.join("; ") }),
    words.vatLine,
  ];
  if (document.kind === "invoice" && document.dueDate && document.ocrReference) {
    const due = formatDay(document.dueDate, input.language);
    if (document.bankgiroTakesEuro) lines.push(t("pay", { due, bankgiro: document.bankgiro, ocr: document.ocrReference }));
    if (document.iban && document.bic) {
      const by = document.bankgiroTakesEuro ? "" : t("by", { due });
      lines.push(t("payBySepa", { by, iban: document.iban, bic: document.bic, ocr: document.ocrReference }));
    }
  }
  lines.push(t("keep"));
  return renderMail({
    subject: t("subject", { name, number: document.number }),
    element: createElement(
      MailLayout,
      { language: input.language, preheader: lines[0] ?? "", heading: `${name} ${document.number}`, supportEmail: input.supportEmail },
      createElement(Group, null, ...lines.map((line, index) => createElement(Paragraph, { key: index, text: line }))),
    ),
    attachments: [
      {
        filename: document.fileName,
        contentType: "application/pdf",
        content: document.pdf.toString("base64"),
        encoding: "base64",
      },
    ],
  });
}

import { formatDay } from "../../../shared/time.ts";
import { formatMoney } from "../../../shared/money.ts";
import { translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { escapeHtml, mailStyles, renderLayout, textFooter, type MailLanguage } from "./layout.ts";

// docs/invoices.md: an invoice, receipt or credit note sent as a PDF attachment, in the booking's
// language, with what the customer must do (pay by the due date to the Bankgiro with the OCR
// reference) written in the mail too.

/** What the template needs of a stored document (MailSources.document). */
export type DocumentForMail = {
  kind: "invoice" | "receipt" | "credit-note";
  number: number;
  totalCents: number;
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
  const lines = [
    t("attached", { name, number: document.number }),
    t(`amount.${document.kind}`, { amount: formatMoney(document.totalCents, input.language) }),
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
  const html = renderLayout({
    language: input.language,
    preheader: lines[0] ?? "",
    heading: `${name} ${document.number}`,
    supportEmail: input.supportEmail,
    bodyHtml: lines.map((line) => `<p style="${mailStyles.paragraph}">${escapeHtml(line)}</p>`).join("\n"),
  });
  const plain = [`${name} ${document.number}`, "", ...lines, "", textFooter(input.language, input.supportEmail)].join("\n");
  return {
    subject: t("subject", { name, number: document.number }),
    html,
    text: plain,
    attachments: [
      {
        filename: document.fileName,
        contentType: "application/pdf",
        content: document.pdf.toString("base64"),
        encoding: "base64" as const,
      },
    ],
  };
}

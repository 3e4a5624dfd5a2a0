import { formatDay } from "../../../shared/dates.ts";
import { formatMoney } from "../../../shared/money.ts";
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
  fileName: string;
  pdf: Buffer;
};

const copy = {
  en: {
    names: { invoice: "Invoice", receipt: "Receipt", "credit-note": "Credit note" },
    subject: (name: string, number: number) => `${name} ${number} from Nordic Shield`,
    attached: (name: string, number: number) => `${name} ${number} is attached as a PDF.`,
    amount: (kind: string, amount: string) =>
      kind === "credit-note" ? `Credited: ${amount}.` : kind === "receipt" ? `Paid: ${amount}.` : `Amount due: ${amount}.`,
    pay: (due: string, bankgiro: string, ocr: string) => `Please pay by ${due} to Bankgiro ${bankgiro} with OCR reference ${ocr}.`,
    keep: "Keep it for your records; you can also download it from the booking in your dashboard.",
  },
  sv: {
    names: { invoice: "Faktura", receipt: "Kvitto", "credit-note": "Kreditfaktura" },
    subject: (name: string, number: number) => `${name} ${number} från Nordic Shield`,
    attached: (name: string, number: number) => `${name} ${number} bifogas som PDF.`,
    amount: (kind: string, amount: string) =>
      kind === "credit-note" ? `Krediterat: ${amount}.` : kind === "receipt" ? `Betalt: ${amount}.` : `Att betala: ${amount}.`,
    pay: (due: string, bankgiro: string, ocr: string) => `Betala senast ${due} till bankgiro ${bankgiro} med OCR-nummer ${ocr}.`,
    keep: "Spara den för din bokföring; du kan också ladda ned den från bokningen i din översikt.",
  },
};

export function renderAccountingDocumentMail(input: { language: MailLanguage; supportEmail: string; document: DocumentForMail }) {
  const text = copy[input.language];
  const { document } = input;
  const name = text.names[document.kind];
  const lines = [text.attached(name, document.number), text.amount(document.kind, formatMoney(document.totalCents, input.language))];
  if (document.kind === "invoice" && document.dueDate && document.ocrReference) {
    lines.push(text.pay(formatDay(document.dueDate, input.language), document.bankgiro, document.ocrReference));
  }
  lines.push(text.keep);
  const html = renderLayout({
    language: input.language,
    preheader: lines[0] ?? "",
    heading: `${name} ${document.number}`,
    supportEmail: input.supportEmail,
    bodyHtml: lines.map((line) => `<p style="${mailStyles.paragraph}">${escapeHtml(line)}</p>`).join("\n"),
  });
  const plain = [`${name} ${document.number}`, "", ...lines, "", textFooter(input.language, input.supportEmail)].join("\n");
  return {
    subject: text.subject(name, document.number),
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

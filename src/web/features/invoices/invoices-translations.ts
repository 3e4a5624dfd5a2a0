import { businessValidationMessages, validationTexts } from "../../../shared/validation-messages.ts";
import { registerTranslations } from "../../lib/i18n.ts";

// docs/invoices.md: the company's fields, invoice payment, the booking's documents and the
// console's invoicing, in English (Swedish in its own module, ADR 210).

export const english = {
  business: {
    heading: "COMPANY AND INVOICING",
    intro: "Book for your company and pay by invoice. Our team approves a company before its first invoice.",
    companyName: "Company name",
    organisationNumber: "Organisation number",
    organisationHint: "Swedish companies: NNNNNN-NNNN. Other EU companies: your registration number, if any.",
    vatNumber: "VAT number",
    vatHint: "With the country prefix, e.g. SE556012579001 or DE123456789.",
    billingAddress: "Billing address",
    save: "Save company details",
    saved: "Company details saved",
    saveFailed: "The company details could not be saved",
    loadFailed: "The company details could not be loaded",
    loading: "Loading company details…",
    status: {
      none: "Not requested",
      pending: "Awaiting approval",
      approved: "Approved for invoice payment",
      refused: "Invoice payment not available",
    },
    reverseCharge: "Reverse charge: invoices carry no Swedish VAT (Omvänd betalningsskyldighet).",
  },
  validation: validationTexts(businessValidationMessages),
  payment: {
    heading: "Payment",
    payByInvoice: "Pay by invoice",
    invoiceChosen: "Paid by invoice: your invoice is issued when we confirm the booking, due in 30 days.",
    chooseFailed: "Invoice payment could not be chosen",
    notApproved: "Invoice payment is available once our team has approved your company (Profile → Company and invoicing).",
  },
  documents: {
    heading: "Invoices and receipts",
    empty: "No documents yet",
    emptyBody: "Invoices, receipts and credit notes appear here once they are issued.",
    loading: "Loading documents…",
    loadFailed: "The documents could not be loaded",
    kind: { invoice: "Invoice", receipt: "Receipt", "credit-note": "Credit note" },
    download: "Download {{kind}} {{number}} (PDF)",
    due: "Due {{date}}",
    ocr: "OCR {{reference}}",
    status: {
      unpaid: "Unpaid",
      paid: "Paid",
      "partly-paid": "Partly paid",
      overpaid: "Overpaid",
      credited: "Credited",
      settled: "Settled",
    },
  },
  console: {
    title: "Invoicing",
    companies: "Companies awaiting approval",
    companiesEmpty: "No company is waiting for approval",
    approve: "Approve",
    refuse: "Refuse",
    approved: "{{company}} may now pay by invoice",
    refused: "{{company}} was refused invoice payment",
    decisionFailed: "The decision could not be saved",
    bank: "Bank payments (BgMax)",
    upload: "Upload BgMax file",
    uploadHint: "The file of incoming payments from your bank (BgMax, one file per day).",
    uploading: "Reconciling…",
    uploaded: "{{payments}} payments read: {{matched}} matched, {{partial}} partial, {{overpaid}} overpaid, {{unknown}} unknown",
    uploadFailed: "The file could not be imported",
    open: "Payments to resolve",
    openEmpty: "Every payment is matched",
    reference: "Reference",
    amount: "Amount",
    date: "Date",
    outcome: "Outcome",
    invoice: "Invoice",
    outcomes: {
      matched: "Matched",
      partial: "Partial",
      overpaid: "Overpaid",
      unknown: "Unknown",
      deduction: "Deduction",
      resolved: "Resolved",
    },
    resolve: "Mark resolved",
    resolveNote: "Resolved by hand from the console",
    resolved: "Payment marked resolved",
    documents: "Documents",
    from: "From",
    to: "To",
    export: "Export CSV",
    exportSie: "Export SIE 4 (accounting)",
    number: "Number",
    buyer: "Buyer",
    total: "Total",
    status: "Status",
    documentsEmpty: "No documents in this period",
    loadFailed: "Invoicing could not be loaded",
    retry: "Try again",
  },
  creditNote: {
    heading: "Credit note",
    intro: "Credits part of the invoice and lowers what the customer must pay. The customer gets the credit note by e-mail.",
    amount: "Amount (€)",
    amountHint: "For example 25 or 25.50",
    reason: "Reason (the customer sees it on the credit note)",
    submit: "Issue credit note",
    cancel: "Cancel",
    confirmTitle: "Credit {{amount}} on the invoice?",
    confirmBody: "The credit note is numbered, mailed to the customer and exported with the accounts. It cannot be withdrawn.",
    issued: "Credit note of {{amount}} issued",
    failed: "The credit note was not issued",
    amountInvalid: "Enter an amount in euros, at most two decimals",
    reasonShort: "Write a reason",
    reasonLong: "Keep the reason under 500 characters",
    byRefund: "This booking was paid by card: a credit note is issued by refunding the amount, which returns the money to the card.",
    openRefund: "Refund and credit",
    nothing: "Nothing was charged or invoiced on this booking, so there is nothing to credit.",
  },
};

export const invoicesNamespace = "invoices";
registerTranslations(invoicesNamespace, { en: english, sv: () => import("./invoices-sv.ts").then((module) => module.swedish) });

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    invoices: typeof english;
  }
}

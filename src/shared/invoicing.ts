import type { BuyerVat } from "./buyer-vat.ts";
import { z } from "zod";
import { calendarDaySchema } from "./calendar-day-schema.ts";
import { isPrintableText, printablePattern } from "./text.ts";
import { normaliseOrganisationNumber, parseVatNumber } from "./accounting-identifiers.ts";

// Business customers and invoices (docs/invoices.md): the company's profile, documents and how they
// are listed. The identifiers (organisation and VAT numbers, IBAN, BIC, OCR) are pure functions in
// accounting-identifiers.ts, shared by the profile form, the server and the PDFs, so a value is
// checked the same way everywhere.

export const invoiceApprovalStatuses = ["none", "pending", "approved", "refused"] as const;
export type InvoiceApprovalStatus = (typeof invoiceApprovalStatuses)[number];

/**
 * The business fields of a customer's profile (PUT /api/invoices/business). Messages are i18n
 * keys. A Swedish company (SE VAT number) gives its organisation number, checked and matching the
 * VAT number; a company of another member state may give its national registration as written.
 */
export const businessProfileSchema = z
  .object({
    // The company and its address are printed on every invoice: only what the documents' faces draw (ADR 241).
    companyName: z
      .string()
      .trim()
      .min(2, "validation.companyName")
      .max(120, "validation.companyName")
      .regex(printablePattern, "validation.unsupportedCharacters"),
    organisationNumber: z.string().trim().max(30, "validation.organisationNumber").default(""),
    vatNumber: z
      .string()
      .trim()
      .refine((value) => parseVatNumber(value) !== null, "validation.vatNumber")
      .transform((value) => parseVatNumber(value)?.value ?? value),
    billingAddress: z
      .string()
      .trim()
      .min(5, "validation.billingAddress")
      .max(300, "validation.billingAddress")
      .refine(isPrintableText, "validation.unsupportedCharacters"),
  })
  .transform((value, context) => {
    const swedish = value.vatNumber.startsWith("SE");
    const organisationNumber = normaliseOrganisationNumber(value.organisationNumber);
    if (swedish && (!organisationNumber || organisationNumber.replace("-", "") !== value.vatNumber.slice(2, 12))) {
      context.addIssue({ code: "custom", path: ["organisationNumber"], message: "validation.organisationNumber" });
      return z.NEVER;
    }
    return { ...value, organisationNumber: organisationNumber ?? value.organisationNumber };
  });
export type BusinessProfileInput = z.input<typeof businessProfileSchema>;

export type BusinessProfileView = {
  companyName: string;
  organisationNumber: string;
  vatNumber: string;
  billingAddress: string;
  status: InvoiceApprovalStatus;
  reverseCharge: boolean;
  /** ADR 222: how a booking made now is priced (the booking page shows its prices so, ADR 246). */
  buyerVat: BuyerVat;
};

export const documentKinds = ["invoice", "receipt", "credit-note"] as const;
export type DocumentKind = (typeof documentKinds)[number];

export type InvoiceStatus = "unpaid" | "paid" | "partly-paid" | "overpaid" | "credited" | "settled";

/** A document as the dashboard and the console list it. */
export type AccountingDocumentView = {
  id: string;
  number: number;
  kind: DocumentKind;
  bookingId: string;
  issuedAt: string;
  totalCents: number;
  vatCents: number;
  reverseCharge: boolean;
  ocrReference: string | null;
  dueDate: string | null;
  status: InvoiceStatus | null;
  paidCents: number;
  buyerName: string;
};

/** Operator decision on a company's invoice payment. */
export const invoiceApprovalSchema = z.object({ decision: z.enum(["approved", "refused"]) });

/** How an operator settles a bank payment the reconciliation could not match. */
export const bankPaymentResolutionSchema = z.object({
  documentId: z.string().min(1).max(64).optional(),
  note: z.string().trim().min(2).max(500),
});

export const exportPeriodSchema = z.object({
  from: calendarDaySchema(),
  to: calendarDaySchema(),
});

/**
 * The payload of the `documents.issue` job (docs/jobs.md), also what the one issuing function
 * takes: the document follows from the booking and these amounts alone.
 */
export const issueDocumentPayload = z.object({
  bookingId: z.string().min(1).max(64),
  paymentEventId: z.string().min(1).max(128).optional(),
  kind: z.enum(documentKinds),
  amountCents: z.number().int().positive().max(10_000_000_000).optional(),
  reason: z.string().trim().max(500).refine(isPrintableText, "validation.unsupportedCharacters").optional(),
});
export type IssueDocumentRequest = z.infer<typeof issueDocumentPayload>;

/**
 * POST /api/admin/invoicing/bookings/:id/credit-notes: an operator's credit note on an invoice, with
 * its reason (docs/invoices.md "Credit notes"; a card booking's credit note is its refund's, ADR 216).
 */
export const operatorCreditNoteSchema = z.object({
  amountCents: z.number().int().positive().max(10_000_000_000),
  reason: z.string().trim().min(2).max(500),
});

/**
 * The console's credit note form: the amount as typed in euros ("25", "25.50", "25,50"), made cents
 * for operatorCreditNoteSchema. Messages are translation keys of the invoicing screens (ADR 027).
 */
export const operatorCreditNoteFormSchema = z
  .object({
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,7}([.,]\d{1,2})?$/, "creditNote.amountInvalid"),
    reason: z.string().trim().min(2, "creditNote.reasonShort").max(500, "creditNote.reasonLong"),
  })
  .transform(({ amount, reason }) => ({ amountCents: Math.round(Number(amount.replace(",", ".")) * 100), reason }))
  .pipe(operatorCreditNoteSchema.extend({ amountCents: z.number().int().positive("creditNote.amountInvalid") }));
export type OperatorCreditNoteForm = z.input<typeof operatorCreditNoteFormSchema>;

import { z } from "zod";
import { calendarDaySchema } from "./calendar-day-schema.ts";
import { luhnCheckDigit, passesLuhn } from "./luhn.ts";
import { isPrintableText, printablePattern } from "./text.ts";

// Accounting identifiers of business customers and invoices (docs/invoices.md): the Swedish
// organisation number, EU VAT numbers and Bankgirot's OCR reference. Pure functions, shared by the
// profile form, the server and the PDFs, so a value is checked the same way everywhere.

/**
 * A Swedish organisation number (Skatteverket SKV 709): ten digits, written NNNNNN-NNNN, whose last
 * digit is the Luhn check digit and whose third digit is 2 or more for a legal person. Returns the
 * normalised form with the hyphen, or null.
 */
export function normaliseOrganisationNumber(value: string): string | null {
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d{10}$/.test(digits)) return null;
  if (Number(digits[2]) < 2 || !passesLuhn(digits)) return null;
  return `${digits.slice(0, 6)}-${digits.slice(6)}`;
}

/**
 * VAT identification numbers of the EU member states (the European Commission's VIES format
 * rules): the country prefix (EL for Greece) and the national part. A Swedish number is SE, the
 * organisation number's ten digits and "01".
 */
const vatFormats: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d{7}[A-W][A-I]?$|^\d[A-Z+*]\d{5}[A-W]$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

export type VatNumber = { value: string; country: string };

/**
 * An IBAN (ISO 13616): country, two check digits and the account, checked by MOD 97-10 (ISO 7064);
 * written in groups of four as banks print it, or null. A euro invoice names it, with the BIC, so a
 * buyer in another member state can pay by SEPA credit transfer (docs/invoices.md).
 */
export function parseIban(input: string): string | null {
  const compact = input.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return null;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const value = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1 ? compact.replace(/(.{4})(?=.)/g, "$1 ") : null;
}

/** A BIC (ISO 9362): bank, country, location and an optional branch, 8 or 11 characters. */
export const bicPattern = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** The VAT number in its normal form (upper case, no spaces or dots), or null when it is not one. */
export function parseVatNumber(input: string): VatNumber | null {
  const value = input.replace(/[\s.-]/g, "").toUpperCase();
  const country = value.slice(0, 2);
  const format = vatFormats[country];
  if (!format || !format.test(value.slice(2))) return null;
  if (country === "SE" && !normaliseOrganisationNumber(value.slice(2, 12))) return null;
  return { value, country };
}

/**
 * Mervärdesskattelag (2023:200) ch. 5 §4 and Council Directive 2006/112/EC art. 196: a service to a
 * business customer registered for VAT in another member state is taxed with the buyer (reverse
 * charge), so the invoice carries no Swedish VAT.
 */
export function isReverseCharge(vatNumber: string | null | undefined): boolean {
  if (!vatNumber) return false;
  const parsed = parseVatNumber(vatNumber);
  return parsed !== null && parsed.country !== "SE";
}

/**
 * Bankgirot's OCR reference with a length digit and a check digit ("OCR-referenskontroll",
 * variable length with length digit): the base, then the total length's last digit, then the
 * Luhn check digit over all that precedes it.
 */
export function ocrReferenceFor(base: string): string {
  if (!/^\d{1,23}$/.test(base)) throw new RangeError(`An OCR base must be 1 to 23 digits: ${base}`);
  const withLength = `${base}${(base.length + 2) % 10}`;
  return `${withLength}${luhnCheckDigit(withLength)}`;
}

/** True for a reference made by ocrReferenceFor: 3 to 25 digits, right length digit and check digit. */
export function isValidOcrReference(reference: string): boolean {
  if (!/^\d{3,25}$/.test(reference)) return false;
  return Number(reference.at(-2)) === reference.length % 10 && passesLuhn(reference);
}

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

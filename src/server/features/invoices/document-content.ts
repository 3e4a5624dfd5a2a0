import type { BuyerVat } from "../../../shared/buyer-vat.ts";
import { z } from "zod";
import { documentKinds } from "../../../shared/invoicing.ts";

// What an accounting document says, stored as JSON with the document (ADR 142) and rendered to PDF
// from it alone: a document reads the same forever, whatever happens to the booking, the
// catalogue or the customer's account afterwards.

export const sellerSchema = z.object({
  name: z.string(),
  address: z.string(),
  organisationNumber: z.string(),
  vatNumber: z.string(),
  bankgiro: z.string(),
  // Documents issued before euro payment details were stored read as before: Bankgiro only.
  bankgiroTakesEuro: z.boolean().default(true),
  iban: z.string().optional(),
  bic: z.string().optional(),
});
export type Seller = z.infer<typeof sellerSchema>;

/** The buyer: a company's fields are accounting records; a person's name, address and e-mail are personal data. */
export const buyerSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  companyName: z.string().nullable(),
  organisationNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  /** docs/companies.md: a company booking's cost centre and the company's reference (PO number); documents before them read null. */
  costCentre: z.string().nullable().default(null),
  reference: z.string().nullable().default(null),
});
/** As a document is built (the company fields optional, as documents before companies were). */
export type Buyer = z.input<typeof buyerSchema>;

export const documentLineSchema = z.object({
  description: z.string(),
  /** Days × guards as booked, or null for an amount line (an adjustment, a refund). */
  days: z.number().int().nullable(),
  guards: z.number().int().nullable(),
  /** VAT included unless the document is reverse charged (then net, and VAT 0). */
  totalCents: z.number().int().nonnegative(),
  vatRateBasisPoints: z.number().int().min(0).max(10_000),
  vatCents: z.number().int().nonnegative(),
});
export type DocumentLine = z.infer<typeof documentLineSchema>;

/** Everything the PDF shows. */
export type DocumentContent = {
  kind: (typeof documentKinds)[number];
  number: number;
  language: "en" | "sv";
  issueDate: string;
  dueDate: string | null;
  ocrReference: string | null;
  bookingId: string;
  bookingPeriod: { startDate: string; endDate: string };
  seller: Seller;
  buyer: Buyer;
  lines: DocumentLine[];
  totalCents: number;
  vatCents: number;
  reverseCharge: boolean;
  /** ADR 222: the buyer the booking was priced for; ADR 246: one outside the EU is told the supply is outside Sweden. */
  buyerVat: BuyerVat;
  reason: string | null;
  /** The invoice a credit note corrects, or the payment a receipt confirms. */
  refersTo: string | null;
};

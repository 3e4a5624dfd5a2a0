import type { ColumnType } from "kysely";

// Row types of migration 0018 (docs/invoices.md). Money in integer euro cents; times UTC ISO-8601
// text; JSON stored as text.

export type BusinessAccountsTable = {
  user_id: string;
  company_name: string;
  organisation_number: string;
  vat_number: string;
  billing_address: string;
  /** "pending" until an operator decides, then "approved" or "refused" (ADR 140). */
  invoice_status: string;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
  updated_at: string;
};

export type InvoiceBookingsTable = { booking_id: string; chosen_at: string };

/** ADR 141: the last number given in each series, raised in the document's own transaction. */
export type DocumentSeriesTable = { series: string; last_number: number };

export type AccountingDocumentsTable = {
  id: string;
  series: string;
  number: number;
  /** "invoice", "receipt" or "credit-note". */
  kind: string;
  booking_id: string;
  /** The buyer's account; null once it is deleted (the document stays, ADR 143). */
  user_id: string | null;
  /** One document per cause: `invoice:<booking>`, `receipt:<payment event>`, `credit-note:<payment event>`. */
  idempotency_key: string;
  payment_event_id: string | null;
  language: string;
  issued_at: string;
  /** The issue date in Europe/Stockholm, YYYY-MM-DD. */
  issue_date: string;
  currency: string;
  /** VAT included; negative amounts never: a credit note's amount is positive and reads as a credit. */
  total_cents: number;
  vat_cents: number;
  reverse_charge: ColumnType<number, number, number>;
  /** JSON snapshots: what the document says, so it reads the same forever (ADR 142). */
  seller: string;
  buyer: string;
  lines: string;
  ocr_reference: string | null;
  due_date: string | null;
  /** Invoices only: unpaid, paid, partly-paid, overpaid, credited. */
  status: string | null;
  paid_cents: ColumnType<number, number | undefined, number>;
  paid_at: string | null;
  reason: string | null;
};

export type BgMaxImportsTable = {
  id: string;
  file_sha256: string;
  file_name: string;
  uploaded_by: string | null;
  uploaded_at: string;
  payment_count: number;
  total_cents: number;
  test_file: number;
};

export type BankPaymentsTable = {
  id: string;
  import_id: string;
  line: number;
  /** "payment" (TK20) or "deduction" (TK21). */
  kind: string;
  reference: string;
  amount_cents: number;
  currency: string;
  deposit_date: string;
  bgc_serial: string;
  /** matched, partial, overpaid, unknown, deduction; "resolved" once an operator settled it. */
  outcome: string;
  document_id: string | null;
  resolved_by: string | null;
  resolved_at: string | null;
  resolution_note: string | null;
};

export type InvoiceTables = {
  business_accounts: BusinessAccountsTable;
  invoice_bookings: InvoiceBookingsTable;
  document_series: DocumentSeriesTable;
  accounting_documents: AccountingDocumentsTable;
  bgmax_imports: BgMaxImportsTable;
  bank_payments: BankPaymentsTable;
};

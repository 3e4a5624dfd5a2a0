import type { Kysely } from "kysely";
import { toCsv, type CsvCell } from "../../../shared/csv.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { buyerSchema } from "./document-content.ts";
import { documentsInPeriod } from "./documents-access.ts";

// docs/invoices.md "Export": the period's documents and bank payments as one CSV (RFC 4180: CRLF
// line ends, fields quoted when they hold a comma, quote or line end), amounts in cents and in
// euros with a point, so a spreadsheet or an accounting import reads it without guessing. Written by
// the one CSV writer (src/shared/csv.ts), which makes a field starting with = + - @ inert (OWASP CSV
// injection).

const euros = (cents: number) => (cents / 100).toFixed(2);

/** The export's columns, in order; each section fills the ones it has and leaves the rest empty. */
const columns = [
  "record",
  "number",
  "kind",
  "date",
  "due_date",
  "booking",
  "buyer",
  "organisation_number",
  "vat_number",
  "reverse_charge",
  "net_eur",
  "vat_eur",
  "total_eur",
  "total_cents",
  "ocr_reference",
  "status",
  "paid_cents",
  // docs/companies.md: the buying company's cost centre and reference, last so earlier imports keep their columns.
  "cost_centre",
  "buyer_reference",
] as const;
type CsvRecord = Partial<Record<(typeof columns)[number], CsvCell>>;
const line = (record: CsvRecord) => columns.map((column) => record[column] ?? null);

export async function periodCsv(db: Kysely<DatabaseSchema>, from: string, to: string): Promise<string> {
  const rows: CsvCell[][] = [[...columns]];
  for (const document of await documentsInPeriod(db, from, to)) {
    const buyer = buyerSchema.parse(JSON.parse(document.buyer));
    const total = Number(document.total_cents);
    const vat = Number(document.vat_cents);
    // A credit note reduces revenue: its amounts are negative in the ledger's terms.
    const sign = document.kind === "credit-note" ? -1 : 1;
    rows.push(
      line({
        record: "document",
        number: Number(document.number),
        kind: document.kind,
        date: document.issue_date,
        due_date: document.due_date,
        booking: document.booking_id,
        buyer: buyer.companyName ?? buyer.name,
        organisation_number: buyer.organisationNumber,
        vat_number: buyer.vatNumber,
        reverse_charge: Number(document.reverse_charge) === 1 ? "yes" : "no",
        net_eur: euros(sign * (total - vat)),
        vat_eur: euros(sign * vat),
        total_eur: euros(sign * total),
        total_cents: sign * total,
        ocr_reference: document.ocr_reference,
        status: document.status,
        paid_cents: Number(document.paid_cents),
        cost_centre: buyer.costCentre,
        buyer_reference: buyer.reference,
      }),
    );
  }
  const payments = await db
    .selectFrom("bank_payments")
    .leftJoin("accounting_documents", "accounting_documents.id", "bank_payments.document_id")
    .select([
      "bank_payments.reference",
      "bank_payments.amount_cents",
      "bank_payments.kind",
      "bank_payments.deposit_date",
      "bank_payments.outcome",
      "accounting_documents.number",
    ])
    .where("bank_payments.deposit_date", ">=", from)
    .where("bank_payments.deposit_date", "<=", to)
    .orderBy("bank_payments.deposit_date")
    .orderBy("bank_payments.line")
    .execute();
  for (const payment of payments) {
    const amount = Number(payment.amount_cents) * (payment.kind === "deduction" ? -1 : 1);
    rows.push(
      line({
        record: "bank-payment",
        number: payment.number === null ? null : Number(payment.number),
        kind: payment.kind,
        date: payment.deposit_date,
        total_eur: euros(amount),
        total_cents: amount,
        ocr_reference: payment.reference,
        status: payment.outcome,
      }),
    );
  }
  // The card money of the period as the ledger recorded it (ADR 131): captures and refunds, the
  // refunds negative, each with its provider's reference, so the acquirer's payouts can be matched.
  const nextDay = new Date(Date.parse(`${to}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const cardEvents = await db
    .selectFrom("payment_events")
    .innerJoin("payments", "payments.id", "payment_events.payment_id")
    .select([
      "payment_events.type",
      "payment_events.amount_cents",
      "payment_events.created_at",
      "payment_events.booking_id",
      "payment_events.provider_reference",
      "payments.provider",
    ])
    .where("payment_events.type", "in", ["captured", "refunded"])
    .where("payment_events.created_at", ">=", from)
    .where("payment_events.created_at", "<", nextDay)
    .orderBy("payment_events.created_at")
    .orderBy("payment_events.id")
    .execute();
  for (const event of cardEvents) {
    const amount = Number(event.amount_cents) * (event.type === "refunded" ? -1 : 1);
    rows.push(
      line({
        record: "card-payment",
        kind: event.type,
        date: event.created_at.slice(0, 10),
        booking: event.booking_id,
        total_eur: euros(amount),
        total_cents: amount,
        ocr_reference: event.provider_reference,
        status: event.provider,
      }),
    );
  }
  return toCsv(rows);
}

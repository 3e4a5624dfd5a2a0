import type { Kysely } from "kysely";

// Accounting documents and invoice payment (docs/invoices.md):
// - business_accounts: a customer's company, organisation and VAT numbers and the operator's
//   decision on paying by invoice (ADR 140); deleted with the account.
// - invoice_bookings: the bookings whose customer chose to pay by invoice.
// - document_series + accounting_documents: one series numbered without gaps; the counter row is
//   raised in the transaction that writes the document (ADR 141). A document keeps a snapshot of
//   what it says (seller, buyer, lines, totals) and is rendered to PDF from it (ADR 142); it has no
//   foreign key to users so it outlives the account (Bokföringslagen (1999:1078) ch. 7 §2).
// - bgmax_imports + bank_payments: the bank's files of incoming payments and each payment's
//   outcome (ADR 144).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("business_accounts")
    .addColumn("user_id", "text", (column) => column.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("company_name", "text", (column) => column.notNull())
    .addColumn("organisation_number", "text", (column) => column.notNull())
    .addColumn("vat_number", "text", (column) => column.notNull())
    .addColumn("billing_address", "text", (column) => column.notNull())
    .addColumn("invoice_status", "text", (column) => column.notNull().defaultTo("pending"))
    .addColumn("decided_by", "text")
    .addColumn("decided_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("business_accounts_status").on("business_accounts").columns(["invoice_status", "updated_at"]).execute();

  await db.schema
    .createTable("invoice_bookings")
    .addColumn("booking_id", "text", (column) => column.primaryKey().references("bookings.id").onDelete("cascade"))
    .addColumn("chosen_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("document_series")
    .addColumn("series", "text", (column) => column.primaryKey())
    .addColumn("last_number", "integer", (column) => column.notNull())
    .execute();
  await db
    .insertInto("document_series" as never)
    .values({ series: "main", last_number: 0 } as never)
    .execute();

  await db.schema
    .createTable("accounting_documents")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("series", "text", (column) => column.notNull())
    .addColumn("number", "integer", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("booking_id", "text", (column) => column.notNull().references("bookings.id"))
    .addColumn("user_id", "text")
    .addColumn("idempotency_key", "text", (column) => column.notNull().unique())
    .addColumn("payment_event_id", "text")
    .addColumn("language", "text", (column) => column.notNull())
    .addColumn("issued_at", "text", (column) => column.notNull())
    .addColumn("issue_date", "text", (column) => column.notNull())
    .addColumn("currency", "text", (column) => column.notNull())
    .addColumn("total_cents", "integer", (column) => column.notNull())
    .addColumn("vat_cents", "integer", (column) => column.notNull())
    .addColumn("reverse_charge", "integer", (column) => column.notNull())
    .addColumn("seller", "text", (column) => column.notNull())
    .addColumn("buyer", "text", (column) => column.notNull())
    .addColumn("lines", "text", (column) => column.notNull())
    .addColumn("ocr_reference", "text", (column) => column.unique())
    .addColumn("due_date", "text")
    .addColumn("status", "text")
    .addColumn("paid_cents", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("paid_at", "text")
    .addColumn("reason", "text")
    .addUniqueConstraint("accounting_documents_number", ["series", "number"])
    .execute();
  await db.schema.createIndex("accounting_documents_booking").on("accounting_documents").columns(["booking_id", "number"]).execute();
  await db.schema.createIndex("accounting_documents_user").on("accounting_documents").columns(["user_id", "number"]).execute();
  await db.schema.createIndex("accounting_documents_issued").on("accounting_documents").columns(["issue_date", "number"]).execute();

  await db.schema
    .createTable("bgmax_imports")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("file_sha256", "text", (column) => column.notNull().unique())
    .addColumn("file_name", "text", (column) => column.notNull())
    .addColumn("uploaded_by", "text")
    .addColumn("uploaded_at", "text", (column) => column.notNull())
    .addColumn("payment_count", "integer", (column) => column.notNull())
    .addColumn("total_cents", "integer", (column) => column.notNull())
    .addColumn("test_file", "integer", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("bank_payments")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("import_id", "text", (column) => column.notNull().references("bgmax_imports.id"))
    .addColumn("line", "integer", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("reference", "text", (column) => column.notNull())
    .addColumn("amount_cents", "integer", (column) => column.notNull())
    .addColumn("currency", "text", (column) => column.notNull())
    .addColumn("deposit_date", "text", (column) => column.notNull())
    .addColumn("bgc_serial", "text", (column) => column.notNull())
    .addColumn("outcome", "text", (column) => column.notNull())
    .addColumn("document_id", "text", (column) => column.references("accounting_documents.id"))
    .addColumn("resolved_by", "text")
    .addColumn("resolved_at", "text")
    .addColumn("resolution_note", "text")
    .execute();
  await db.schema.createIndex("bank_payments_outcome").on("bank_payments").columns(["outcome", "deposit_date"]).execute();
  await db.schema.createIndex("bank_payments_document").on("bank_payments").column("document_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "bank_payments",
    "bgmax_imports",
    "accounting_documents",
    "document_series",
    "invoice_bookings",
    "business_accounts",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

import type { Kysely } from "kysely";

// docs/payments.md, ADR 131: the payments ledger. A `payments` row is one money movement agreed
// with the customer (a hold at booking, a charge on confirmation, the charge of an approved
// difference); its `payment_events` are appended, never updated or deleted, each with its actor and
// time, and the sum of the captured minus refunded amounts is what the customer was charged.
// `idempotency_key` is unique: the job that made a provider call records its answer once, however
// often it runs (ADR 132).
//
// Bookings already have a payment status of their own beside the booking status (migration 0013,
// ADR 130); they get the total waiting for the customer's approval when an operator confirms a
// higher price (ADR 133).
//
// ADR 134: the simulated card processor keeps its own records, apart from the ledger, as a real
// processor would: the cards it issued tokens for (the behaviour of the test number, never the
// number), its payment intents and the answer it gave to each idempotency key.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payments")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("booking_id", "text", (column) => column.notNull().references("bookings.id"))
    .addColumn("user_id", "text")
    .addColumn("provider", "text", (column) => column.notNull())
    .addColumn("purpose", "text", (column) => column.notNull())
    .addColumn("amount_cents", "integer", (column) => column.notNull())
    .addColumn("currency", "text", (column) => column.notNull())
    .addColumn("method_token", "text", (column) => column.notNull())
    .addColumn("card_brand", "text")
    .addColumn("card_last_four", "text")
    .addColumn("provider_payment_id", "text")
    .addColumn("hold_expires_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("payments_booking").on("payments").columns(["booking_id", "created_at"]).execute();
  await db.schema
    .createTable("payment_events")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("payment_id", "text", (column) => column.notNull().references("payments.id"))
    .addColumn("booking_id", "text", (column) => column.notNull())
    .addColumn("type", "text", (column) => column.notNull())
    .addColumn("amount_cents", "integer", (column) => column.notNull())
    .addColumn("reason", "text")
    .addColumn("provider_reference", "text")
    .addColumn("idempotency_key", "text", (column) => column.notNull().unique())
    .addColumn("actor_user_id", "text")
    .addColumn("actor_role", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("payment_events_payment").on("payment_events").columns(["payment_id", "created_at"]).execute();
  await db.schema.createIndex("payment_events_created").on("payment_events").columns(["created_at"]).execute();
  await db.schema.alterTable("bookings").addColumn("approval_total_cents", "integer").execute();

  await db.schema
    .createTable("simulated_cards")
    .addColumn("token", "text", (column) => column.primaryKey())
    .addColumn("behaviour", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("simulated_intents")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("card_token", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("amount_cents", "integer", (column) => column.notNull())
    .addColumn("captured_cents", "integer", (column) => column.notNull())
    .addColumn("refunded_cents", "integer", (column) => column.notNull())
    .addColumn("expires_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("simulated_answers")
    .addColumn("idempotency_key", "text", (column) => column.primaryKey())
    .addColumn("operation", "text", (column) => column.notNull())
    .addColumn("answer", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["simulated_answers", "simulated_intents", "simulated_cards", "payment_events", "payments"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable("bookings").dropColumn("approval_total_cents").execute();
}

import type { Kysely } from "kysely";

// ADR 272: BankID orders while they run (the QR secret stays here, never in a response; the
// browser that started one holds a key whose hash is `browser_key_hash`), and the BankID identity
// linked to an account: the personal identity number encrypted (AES-256-GCM) with a keyed hash to
// find it by, and the name BankID gave. Times are ISO-8601 text on both engines, as our tables are.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("bankid_orders")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("order_ref", "text", (column) => column.notNull().unique())
    .addColumn("purpose", "text", (column) => column.notNull())
    .addColumn("user_id", "text", (column) => column.references("users.id").onDelete("cascade"))
    .addColumn("browser_key_hash", "text", (column) => column.notNull())
    .addColumn("qr_start_token", "text", (column) => column.notNull())
    .addColumn("qr_start_secret", "text", (column) => column.notNull())
    .addColumn("started_by", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("hint_code", "text")
    .addColumn("started_at", "text", (column) => column.notNull())
    .addColumn("last_collected_at", "text")
    // A sign-in whose BankID is linked to no account keeps the person here, encrypted, for ten
    // minutes: the same browser may then prove an account (password or e-mailed code) and link it.
    .addColumn("unlinked_personal_number", "text")
    .addColumn("unlinked_name", "text")
    .addColumn("unlinked_given_name", "text")
    .addColumn("unlinked_surname", "text")
    .execute();
  await db.schema.createIndex("bankid_orders_started_index").on("bankid_orders").column("started_at").execute();

  await db.schema
    .createTable("bankid_identities")
    .addColumn("user_id", "text", (column) => column.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("personal_number_encrypted", "text", (column) => column.notNull())
    .addColumn("personal_number_lookup", "text", (column) => column.notNull().unique())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("given_name", "text", (column) => column.notNull())
    .addColumn("surname", "text", (column) => column.notNull())
    .addColumn("linked_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("bankid_identities").execute();
  await db.schema.dropTable("bankid_orders").execute();
}

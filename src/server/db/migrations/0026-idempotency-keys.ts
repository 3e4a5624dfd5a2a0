import type { Kysely } from "kysely";

// ADR 217: each Idempotency-Key a person sent with a request that moves money (an operator's
// refund), bound to the SHA-256 of that request's method, path and body. The same key with another
// request answers 422; the key is the person's own (another person's equal key is another key).
// A key goes with its person's account.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("owner_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("key", "text", (column) => column.notNull())
    .addColumn("request_hash", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pkey", ["owner_id", "key"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("idempotency_keys").execute();
}

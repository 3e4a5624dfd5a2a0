import type { Kysely } from "kysely";

// ADR 293: the operative app sends writes it kept on the phone while offline with an
// Idempotency-Key made on the phone. The key's row (ADR 217) also keeps the time the phone made the
// write, and the answer given the first time, so a write sent again is answered as it was and
// applied once. Both columns are empty for the keys of money requests.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("idempotency_keys").addColumn("device_time", "text").execute();
  await db.schema.alterTable("idempotency_keys").addColumn("response_status", "integer").execute();
  await db.schema.alterTable("idempotency_keys").addColumn("response_body", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("idempotency_keys").dropColumn("response_body").execute();
  await db.schema.alterTable("idempotency_keys").dropColumn("response_status").execute();
  await db.schema.alterTable("idempotency_keys").dropColumn("device_time").execute();
}

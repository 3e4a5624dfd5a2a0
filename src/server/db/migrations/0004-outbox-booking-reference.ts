import type { Kysely } from "kysely";

// ADR 053: a booking confirmation is queued as a reference to its booking and rendered by the
// outbox worker when it is sent, so creating a booking writes a small row instead of the whole
// mail. The rendered subject and bodies are stored on the row once it has been delivered.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox").addColumn("booking_id", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox").dropColumn("booking_id").execute();
}

import type { Kysely } from "kysely";

// ADR 225: a booking whose charge at confirmation failed waits in `payment_needed` until this
// instant (the firm's deadline, PAYMENT_DEADLINE_HOURS, extended by an operator); null otherwise.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("bookings").addColumn("payment_due_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("bookings").dropColumn("payment_due_at").execute();
}

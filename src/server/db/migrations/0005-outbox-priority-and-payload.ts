import { sql, type Kysely } from "kysely";

// ADR 036: codes and reset links are sent ahead of every other mail: `priority` 0 is claimed
// before 1, and the index serves the claim's order. ADR 037: a mail is queued as its kind and a
// JSON payload and rendered from the template registry when it is sent; a booking confirmation's
// booking_id (migration 0004) becomes its payload `{"bookingId": …}`. Rows queued before this
// migration with their content already rendered keep it (payload null) and are sent as stored.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox").addColumn("payload", "text").execute();
  await db.schema
    .alterTable("outbox")
    .addColumn("priority", "integer", (column) => column.notNull().defaultTo(1))
    .execute();
  await sql`update outbox set priority = 0 where kind in ('verification-code', 'password-reset')`.execute(db);
  await sql`update outbox set payload = '{"bookingId":"' || booking_id || '"}' where booking_id is not null`.execute(db);
  await db.schema.alterTable("outbox").dropColumn("booking_id").execute();
  await db.schema.dropIndex("outbox_due_index").execute();
  await db.schema.createIndex("outbox_due_index").on("outbox").columns(["status", "priority", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("outbox_due_index").execute();
  await db.schema.createIndex("outbox_due_index").on("outbox").columns(["status", "next_attempt_at"]).execute();
  await db.schema.alterTable("outbox").addColumn("booking_id", "text").execute();
  // Mails of other kinds rendered from a payload cannot be rendered by the older worker: those
  // still waiting are lost to it, so a rollback is done with an empty queue.
  await sql`update outbox set booking_id = substr(payload, 15, length(payload) - 16) where kind = 'booking-confirmation' and payload like '{"bookingId":"%"}'`.execute(
    db,
  );
  await db.schema.alterTable("outbox").dropColumn("priority").execute();
  await db.schema.alterTable("outbox").dropColumn("payload").execute();
}

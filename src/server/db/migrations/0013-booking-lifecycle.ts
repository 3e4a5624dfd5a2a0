import { PostgresAdapter, sql, type Kysely } from "kysely";

// The booking lifecycle (docs/booking-lifecycle.md, ADR 090–092): the statuses of the state
// machine, the payment status beside them, and the append-only domain events table that live
// updates read.
//
// Old rows: a declined booking was stored as cancelled with declined_at set (ADR 070); a booking
// an operator cancelled has a `booking.cancel` row in the audit log; every other cancelled booking
// was cancelled by its customer.

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await sql`update bookings set status = 'declined' where status = 'cancelled' and declined_at is not null`.execute(db);
  await sql`update bookings set status = 'cancelled_by_operator' where status = 'cancelled' and exists (
    select 1 from audit_log where audit_log.subject_type = 'booking' and audit_log.subject_id = bookings.id
    and audit_log.action = 'booking.cancel')`.execute(db);
  await sql`update bookings set status = 'cancelled_by_customer' where status = 'cancelled'`.execute(db);

  // Orthogonal to the status (ADR 090): the payments work owns its values.
  await db.schema
    .alterTable("bookings")
    .addColumn("payment_status", "text", (column) => column.notNull().defaultTo("none"))
    .execute();

  // ADR 091: a monotonic id that the SSE stream uses as its event id and resume point.
  await db.schema
    .createTable("events")
    .addColumn("id", isPostgres ? "bigserial" : "integer", (column) =>
      isPostgres ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn("type", "text", (column) => column.notNull())
    .addColumn("booking_id", "text")
    // Kept after the actor's account is deleted, like the audit log.
    .addColumn("actor_user_id", "text")
    .addColumn("actor_role", "text", (column) => column.notNull())
    .addColumn("payload", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("events_booking").on("events").columns(["booking_id", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("events").execute();
  await db.schema.alterTable("bookings").dropColumn("payment_status").execute();
  await sql`update bookings set status = 'cancelled', declined_at = coalesce(declined_at, cancelled_at) where status = 'declined'`.execute(
    db,
  );
  await sql`update bookings set status = 'cancelled' where status in ('cancelled_by_customer', 'cancelled_by_operator')`.execute(db);
  await sql`update bookings set status = 'confirmed' where status in ('in_progress', 'completed')`.execute(db);
}

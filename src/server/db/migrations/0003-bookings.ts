import type { Kysely } from "kysely";

// docs/product.md §3 bookings (ADR 051): the client's bookingId is the primary key and (user_id,
// idempotency_key) is unique, so "insert … on conflict do nothing" makes a replay a no-op.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("bookings")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("customer_name", "text", (column) => column.notNull())
    .addColumn("location", "text", (column) => column.notNull())
    .addColumn("start_time", "text", (column) => column.notNull())
    .addColumn("end_time", "text", (column) => column.notNull())
    .addColumn("start_date", "text", (column) => column.notNull())
    .addColumn("end_date", "text", (column) => column.notNull())
    .addColumn("price", "integer", (column) => column.notNull())
    .addColumn("service_type", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull().defaultTo("pending"))
    .addColumn("time_of_day", "text")
    .addColumn("guard_count", "integer", (column) => column.notNull())
    .addColumn("style", "text")
    .addColumn("car_option", "text")
    .addColumn("duration", "text")
    .addColumn("total_days", "integer", (column) => column.notNull())
    .addColumn("notes", "text", (column) => column.notNull())
    .addColumn("customer_note", "text")
    .addColumn("language", "text", (column) => column.notNull())
    .addColumn("idempotency_key", "text")
    .addColumn("request_hash", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addUniqueConstraint("bookings_user_idempotency_key", ["user_id", "idempotency_key"])
    .execute();
  // docs/product.md §7: the user's bookings ordered by start; upcoming-booking check (start after now).
  await db.schema.createIndex("bookings_user_start").on("bookings").columns(["user_id", "start_time"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("bookings").execute();
}

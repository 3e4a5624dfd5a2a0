import { sql, type Kysely } from "kysely";

// The operator console (ADR 070): an append-only audit log of every operator action, the
// operator's fields on a booking, the operatives roster and their assignment to bookings, and the
// indexes of the bookings queue (status + waiting time, start, customer search).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (column) => column.primaryKey())
    // Kept after the actor's account is deleted: the log outlives the people in it.
    .addColumn("actor_user_id", "text")
    .addColumn("action", "text", (column) => column.notNull())
    .addColumn("subject_type", "text", (column) => column.notNull())
    .addColumn("subject_id", "text", (column) => column.notNull())
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("audit_log_subject").on("audit_log").columns(["subject_type", "subject_id", "created_at"]).execute();

  for (const column of ["operator_note", "decline_reason", "confirmed_at", "declined_at"]) {
    await db.schema.alterTable("bookings").addColumn(column, "text").execute();
  }

  await db.schema
    .createTable("operatives")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("phone", "text", (column) => column.notNull())
    .addColumn("licence_number", "text", (column) => column.notNull())
    .addColumn("licence_expires_on", "text", (column) => column.notNull())
    .addColumn("languages", "text", (column) => column.notNull().defaultTo("[]"))
    .addColumn("skills", "text", (column) => column.notNull().defaultTo("[]"))
    .addColumn("active", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("operatives_name").on("operatives").columns(["active", "name"]).execute();

  await db.schema
    .createTable("booking_assignments")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("booking_id", "text", (column) => column.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("operative_id", "text", (column) => column.notNull().references("operatives.id").onDelete("cascade"))
    .addColumn("is_lead", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "text", (column) => column.notNull())
    .addUniqueConstraint("booking_assignments_pair", ["booking_id", "operative_id"])
    .execute();
  // The overlap check walks one operative's assignments.
  await db.schema.createIndex("booking_assignments_operative").on("booking_assignments").columns(["operative_id", "booking_id"]).execute();

  // The queue (bench/admin-queue.ts, ADR 072): a status sorted by time waiting, with the id as
  // the cursor's tie-breaker; all statuses by time waiting.
  await db.schema.createIndex("bookings_queue").on("bookings").columns(["status", "created_at", "id"]).execute();
  await db.schema.createIndex("bookings_waiting").on("bookings").columns(["created_at", "id"]).execute();
  // A date range: bookings starting between (from − the longest booking) and to, with or without
  // a status; the longest booking is read from the total_days index.
  await db.schema.createIndex("bookings_start").on("bookings").columns(["start_time"]).execute();
  await db.schema.createIndex("bookings_start_date").on("bookings").columns(["start_date"]).execute();
  await db.schema.createIndex("bookings_status_start_date").on("bookings").columns(["status", "start_date"]).execute();
  await db.schema.createIndex("bookings_total_days").on("bookings").columns(["total_days"]).execute();
  // Text search (case-insensitive substring of the customer's name and the location): a narrow
  // expression index holding the searched text and the id, scanned instead of the wide rows.
  await sql`create index bookings_search_text on bookings (lower(customer_name || ' ' || location), id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const indexes = ["bookings_queue", "bookings_waiting", "bookings_start", "bookings_start_date", "bookings_status_start_date"];
  for (const index of [...indexes, "bookings_total_days", "bookings_search_text"]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.dropTable("booking_assignments").execute();
  await db.schema.dropTable("operatives").execute();
  for (const column of ["operator_note", "decline_reason", "confirmed_at", "declined_at"]) {
    await db.schema.alterTable("bookings").dropColumn(column).execute();
  }
  await db.schema.dropTable("audit_log").execute();
}

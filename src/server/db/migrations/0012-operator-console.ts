import { PostgresAdapter, sql, type Kysely } from "kysely";

// The operator console (ADR 070): an append-only audit log of every operator action, the
// operator's fields on a booking, the operatives roster and their assignment to bookings, and the
// indexes of the bookings queue (status + waiting time, start, customer search).

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

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

  // The queue: status filter sorted by time waiting, with the id as the cursor's tie-breaker.
  await db.schema.createIndex("bookings_queue").on("bookings").columns(["status", "created_at", "id"]).execute();
  await db.schema.createIndex("bookings_waiting").on("bookings").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("bookings_start").on("bookings").columns(["start_time"]).execute();
  await db.schema.createIndex("bookings_start_date").on("bookings").columns(["start_date", "created_at"]).execute();
  // Case-insensitive search by customer name and location (lower(...) like '%…%'): the expression
  // indexes let a prefix search use them; a substring search scans only these narrow columns.
  await sql`create index bookings_customer_name_lower on bookings (lower(customer_name))`.execute(db);
  await sql`create index bookings_location_lower on bookings (lower(location))`.execute(db);
  await sql`create index users_email_lower on users (lower(email))`.execute(db);
  if (isPostgres) {
    // Nothing engine-specific beyond the shared indexes; pg_trgm is not assumed to be installed.
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    "bookings_queue",
    "bookings_waiting",
    "bookings_start",
    "bookings_start_date",
    "bookings_customer_name_lower",
    "bookings_location_lower",
    "users_email_lower",
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.dropTable("booking_assignments").execute();
  await db.schema.dropTable("operatives").execute();
  for (const column of ["operator_note", "decline_reason", "confirmed_at", "declined_at"]) {
    await db.schema.alterTable("bookings").dropColumn(column).execute();
  }
  await db.schema.dropTable("audit_log").execute();
}

import { sql, type Kysely } from "kysely";

// The operatives' side (docs/operatives.md): an operative's own account, assignments that are
// offered and answered before a deadline, the lead's status during the service, incident reports
// and the customer's rating.
//
// ADR 160: an operative signs in with an ordinary Better Auth account of role "operative",
// linked from the roster row (operatives.user_id).
// ADR 161: an assignment has a state (offered, accepted, declined, released) and a deadline;
// assignments made before this migration were made by an operator who spoke to the operative, so
// they count as accepted.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("operatives")
    .addColumn("user_id", "text", (column) => column.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("operatives").addColumn("email", "text").execute();
  await db.schema.alterTable("operatives").addColumn("invited_at", "text").execute();
  await db.schema.createIndex("operatives_user_id").unique().on("operatives").column("user_id").execute();

  await db.schema
    .alterTable("booking_assignments")
    .addColumn("state", "text", (column) => column.notNull().defaultTo("accepted"))
    .execute();
  for (const column of ["respond_by", "responded_at", "decline_reason", "on_the_way_at", "on_duty_at", "completed_at"]) {
    await db.schema.alterTable("booking_assignments").addColumn(column, "text").execute();
  }
  await sql`update booking_assignments set responded_at = created_at`.execute(db);
  await db.schema.createIndex("booking_assignments_operative_state").on("booking_assignments").columns(["operative_id", "state"]).execute();

  await db.schema
    .createTable("incident_reports")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("booking_id", "text", (column) => column.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("operative_id", "text", (column) => column.notNull().references("operatives.id"))
    .addColumn("occurred_at", "text", (column) => column.notNull())
    .addColumn("severity", "text", (column) => column.notNull())
    .addColumn("text", "text", (column) => column.notNull())
    .addColumn("reviewed_at", "text")
    .addColumn("shared_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("incident_reports_booking").on("incident_reports").column("booking_id").execute();

  await db.schema
    .createTable("booking_ratings")
    .addColumn("booking_id", "text", (column) => column.primaryKey().references("bookings.id").onDelete("cascade"))
    .addColumn("user_id", "text", (column) => column.references("users.id").onDelete("set null"))
    .addColumn("stars", "integer", (column) => column.notNull())
    .addColumn("comment", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();

  await db.schema.alterTable("bookings").addColumn("cancel_reason", "text").execute();
  await db.schema.createIndex("audit_log_created_at").on("audit_log").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("audit_log_created_at").execute();
  await db.schema.alterTable("bookings").dropColumn("cancel_reason").execute();
  await db.schema.dropTable("booking_ratings").execute();
  await db.schema.dropTable("incident_reports").execute();
  await db.schema.dropIndex("booking_assignments_operative_state").execute();
  for (const column of ["completed_at", "on_duty_at", "on_the_way_at", "decline_reason", "responded_at", "respond_by", "state"]) {
    await db.schema.alterTable("booking_assignments").dropColumn(column).execute();
  }
  await db.schema.dropIndex("operatives_user_id").execute();
  for (const column of ["invited_at", "email", "user_id"]) await db.schema.alterTable("operatives").dropColumn(column).execute();
}

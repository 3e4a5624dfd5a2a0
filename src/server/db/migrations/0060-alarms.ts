import type { Kysely } from "kysely";

// docs/on-duty.md: alarms raised during a booking's active window (ADR 285), the steps of their
// escalation ladder, one row per level so a step runs exactly once whichever process runs it
// (ADR 286), the staff's on-call list in order, and the principal's personal links (ADR 288).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("alarms")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("booking_id", "text", (column) => column.notNull().references("bookings.id").onDelete("cascade"))
    // "sos", "duress" (silent, staff only) or "missed_check_in".
    .addColumn("kind", "text", (column) => column.notNull())
    // "customer", "principal", "operative" or "system".
    .addColumn("raised_by", "text", (column) => column.notNull())
    .addColumn("raised_by_user_id", "text")
    // The raiser's first name or the principal's codename, as the console shows it.
    .addColumn("raised_by_name", "text", (column) => column.notNull())
    // The device's position if allowed; cleared with the booking's other positions (ADR 289).
    .addColumn("latitude", "real")
    .addColumn("longitude", "real")
    .addColumn("accuracy", "real")
    .addColumn("state", "text", (column) => column.notNull())
    .addColumn("acknowledged_by_user_id", "text")
    .addColumn("acknowledged_by_name", "text")
    .addColumn("acknowledged_at", "text")
    .addColumn("resolved_by_user_id", "text")
    .addColumn("resolved_at", "text")
    .addColumn("outcome", "text")
    .addColumn("note", "text")
    .addColumn("shared_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("alarms_booking").on("alarms").columns(["booking_id", "created_at"]).execute();
  await db.schema.createIndex("alarms_state").on("alarms").columns(["state", "created_at"]).execute();

  await db.schema
    .createTable("alarm_escalations")
    .addColumn("alarm_id", "text", (column) => column.notNull().references("alarms.id").onDelete("cascade"))
    .addColumn("level", "integer", (column) => column.notNull())
    // JSON: the names of the people notified at this level.
    .addColumn("recipients", "text", (column) => column.notNull())
    .addColumn("notified_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("alarm_escalations_pk", ["alarm_id", "level"])
    .execute();

  await db.schema
    .createTable("on_call_members")
    .addColumn("user_id", "text", (column) => column.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("principal_links")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("booking_id", "text", (column) => column.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("principal_links_booking").on("principal_links").column("booking_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("principal_links").execute();
  await db.schema.dropTable("on_call_members").execute();
  await db.schema.dropTable("alarm_escalations").execute();
  await db.schema.dropTable("alarms").execute();
}

import type { Kysely } from "kysely";

// docs/on-duty.md: the lone worker's check-ins (ADR 287): the plan staff set per booking, the
// operative's two PINs (hashed by Better Auth's hasher), each check-in, the reminders and alerts
// sent for a due check-in (one row per due time and stage, so each is sent once), and the shared
// position of a booking's operatives, one row per operative, never a history (ADR 289).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("check_in_plans")
    .addColumn("booking_id", "text", (column) => column.primaryKey().references("bookings.id").onDelete("cascade"))
    .addColumn("interval_minutes", "integer", (column) => column.notNull())
    .addColumn("grace_minutes", "integer", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("check_in_pins")
    .addColumn("user_id", "text", (column) => column.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("pin_hash", "text", (column) => column.notNull())
    .addColumn("duress_pin_hash", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("check_ins")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("booking_id", "text", (column) => column.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("operative_id", "text", (column) => column.notNull())
    // 1 when given with the duress PIN: staff see it, the phone shows a normal check-in.
    .addColumn("duress", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("latitude", "real")
    .addColumn("longitude", "real")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("check_ins_booking").on("check_ins").columns(["booking_id", "created_at"]).execute();

  await db.schema
    .createTable("check_in_notices")
    .addColumn("booking_id", "text", (column) => column.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("due_at", "text", (column) => column.notNull())
    // "reminder" (5 minutes before) or "missed" (the grace passed).
    .addColumn("stage", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("check_in_notices_pk", ["booking_id", "due_at", "stage"])
    .execute();

  await db.schema
    .createTable("shared_positions")
    .addColumn("booking_id", "text", (column) => column.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("user_id", "text", (column) => column.notNull())
    .addColumn("first_name", "text", (column) => column.notNull())
    .addColumn("latitude", "real", (column) => column.notNull())
    .addColumn("longitude", "real", (column) => column.notNull())
    .addColumn("accuracy", "real")
    .addColumn("updated_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("shared_positions_pk", ["booking_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("shared_positions").execute();
  await db.schema.dropTable("check_in_notices").execute();
  await db.schema.dropTable("check_ins").execute();
  await db.schema.dropTable("check_in_pins").execute();
  await db.schema.dropTable("check_in_plans").execute();
}

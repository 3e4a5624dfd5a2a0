import type { Kysely } from "kysely";

// docs/on-duty.md "Guard tours" (ADR 288): a site's checkpoints in their order, each with the
// interval it is expected to be visited at; the site a booking's tour follows and whether its
// report is shared with the customer; and every scan with the device's time, the server's time and
// the position if allowed (cleared with the booking's other positions, ADR 289).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tour_sites")
    .addColumn("id", "text", (column) => column.primaryKey())
    // 8 characters printed in each of its checkpoints' codes.
    .addColumn("code", "text", (column) => column.notNull().unique())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("tour_checkpoints")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("site_id", "text", (column) => column.notNull().references("tour_sites.id").onDelete("cascade"))
    .addColumn("code", "text", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("interval_minutes", "integer", (column) => column.notNull())
    .addUniqueConstraint("tour_checkpoints_site_code", ["site_id", "code"])
    .execute();
  await db.schema
    .createTable("booking_tours")
    .addColumn("booking_id", "text", (column) => column.primaryKey().references("bookings.id").onDelete("cascade"))
    .addColumn("site_id", "text", (column) => column.notNull().references("tour_sites.id"))
    .addColumn("shared_at", "text")
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("tour_scans")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("booking_id", "text", (column) => column.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("checkpoint_id", "text", (column) => column.notNull().references("tour_checkpoints.id").onDelete("cascade"))
    .addColumn("operative_first_name", "text", (column) => column.notNull())
    .addColumn("device_time", "text")
    .addColumn("server_time", "text", (column) => column.notNull())
    .addColumn("latitude", "real")
    .addColumn("longitude", "real")
    .execute();
  await db.schema.createIndex("tour_scans_booking").on("tour_scans").columns(["booking_id", "checkpoint_id", "server_time"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("tour_scans").execute();
  await db.schema.dropTable("booking_tours").execute();
  await db.schema.dropTable("tour_checkpoints").execute();
  await db.schema.dropTable("tour_sites").execute();
}

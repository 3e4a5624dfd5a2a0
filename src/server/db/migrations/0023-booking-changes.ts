import type { Kysely } from "kysely";

// Quote versions and change requests of a booking (docs/product.md §12, ADR 187, 188).
//
// booking_versions: every priced state a booking has been offered in. Version 1 is the booking as
// booked, written when the first change is proposed or requested; an operator's proposal is a new
// version waiting for the customer. A version's `snapshot` is the booking's pricing input and its
// priced lines as JSON (the same shape the booking is priced from), so columns added to the booking
// later join the snapshot without a migration. Rows are written once and only a proposed row's
// status ever changes (ADR 187): an approved version is locked.
//
// booking_change_requests: what a customer asked to change, answered by an operator (ADR 188).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("booking_change_requests")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("booking_id", "text", (column) => column.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("requested_by_user_id", "text", (column) => column.references("users.id").onDelete("set null"))
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("request", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("decided_at", "text")
    .addColumn("decided_by_user_id", "text", (column) => column.references("users.id").onDelete("set null"))
    .addColumn("decline_reason", "text")
    .execute();
  await db.schema
    .createIndex("booking_change_requests_booking")
    .on("booking_change_requests")
    .columns(["booking_id", "created_at"])
    .execute();
  // The queue's "waiting for us" filter reads the pending requests alone.
  await db.schema.createIndex("booking_change_requests_status").on("booking_change_requests").columns(["status", "booking_id"]).execute();

  await db.schema
    .createTable("booking_versions")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("booking_id", "text", (column) => column.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("number", "integer", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("snapshot", "text", (column) => column.notNull())
    .addColumn("total_cents", "integer", (column) => column.notNull())
    .addColumn("vat_cents", "integer", (column) => column.notNull())
    .addColumn("reason", "text")
    .addColumn("change_request_id", "text", (column) => column.references("booking_change_requests.id").onDelete("set null"))
    .addColumn("proposed_by_user_id", "text", (column) => column.references("users.id").onDelete("set null"))
    .addColumn("proposed_by_role", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("decided_at", "text")
    .addColumn("decided_by_user_id", "text", (column) => column.references("users.id").onDelete("set null"))
    .addColumn("decline_reason", "text")
    .execute();
  // Two proposals at once cannot take the same number.
  await db.schema.createIndex("booking_versions_number").unique().on("booking_versions").columns(["booking_id", "number"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("booking_versions").execute();
  await db.schema.dropTable("booking_change_requests").execute();
}

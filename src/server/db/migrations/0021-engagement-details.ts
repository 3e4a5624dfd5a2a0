import type { Kysely } from "kysely";

// docs/product.md §12 Engagement. ADR 180: the start time on the first day and the end time on the
// last, as Stockholm wall-clock 'HH:MM' beside the booked days (which stay the pricing and
// scheduling inputs); the meeting point. ADR 181: the protected person when it is not the customer
// (a real name and/or a codename, a phone, whether the team may call them directly). ADR 182: the
// calendar entry's SEQUENCE, raised by every transition whose mail carries an updated entry.

export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column per ALTER TABLE.
  for (const column of ["start_clock", "end_clock", "meeting_point", "principal_name", "principal_codename", "principal_phone"]) {
    await db.schema.alterTable("bookings").addColumn(column, "text").execute();
  }
  await db.schema.alterTable("bookings").addColumn("principal_direct_contact", "integer").execute();
  await db.schema
    .alterTable("bookings")
    .addColumn("calendar_sequence", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    "calendar_sequence",
    "principal_direct_contact",
    "principal_phone",
    "principal_codename",
    "principal_name",
    "meeting_point",
    "end_clock",
    "start_clock",
  ]) {
    await db.schema.alterTable("bookings").dropColumn(column).execute();
  }
}

import type { Kysely } from "kysely";

// Recurring engagements (docs/series.md, ADR 280).
//
// booking_series: what the customer booked once: the rule of days (JSON SeriesRule of
// src/shared/series.ts), the days each occurrence covers, the Stockholm start and end times, and the
// request every occurrence is made from (services, meeting point, note, principal, how it pays; JSON
// of the shared series schema). `calendar_sequence` is the SEQUENCE of the series' one calendar
// entry (ADR 283); `confirmed_at` is set once the firm confirms the whole series.
//
// booking_series_occurrences: every occurrence the rule gives, written with the series (a series is
// bounded, ADR 280). `occurrence_day` is the day the rule gave (the calendar's RECURRENCE-ID);
// `day`, `start_clock` and `end_clock` where and when it is now. `booking_id` is its booking once
// the rolling window has created it; `cancelled` marks one taken out of the series (an EXDATE).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("booking_series")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("user_id", "text", (column) => column.references("users.id").onDelete("set null"))
    .addColumn("language", "text", (column) => column.notNull())
    .addColumn("location", "text", (column) => column.notNull())
    .addColumn("rule", "text", (column) => column.notNull())
    .addColumn("days", "integer", (column) => column.notNull())
    .addColumn("start_clock", "text", (column) => column.notNull())
    .addColumn("end_clock", "text", (column) => column.notNull())
    .addColumn("request", "text", (column) => column.notNull())
    .addColumn("calendar_sequence", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("confirmed_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("booking_series_user").on("booking_series").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("booking_series_occurrences")
    .addColumn("series_id", "text", (column) => column.notNull().references("booking_series.id").onDelete("cascade"))
    .addColumn("occurrence_day", "text", (column) => column.notNull())
    .addColumn("day", "text", (column) => column.notNull())
    .addColumn("start_clock", "text", (column) => column.notNull())
    .addColumn("end_clock", "text", (column) => column.notNull())
    .addColumn("cancelled", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("booking_id", "text", (column) => column.references("bookings.id").onDelete("set null"))
    .addPrimaryKeyConstraint("booking_series_occurrences_key", ["series_id", "occurrence_day"])
    .execute();
  await db.schema.createIndex("booking_series_occurrences_booking").on("booking_series_occurrences").column("booking_id").execute();
  // The rolling window's job reads the occurrences without a booking, by day.
  await db.schema.createIndex("booking_series_occurrences_due").on("booking_series_occurrences").columns(["booking_id", "day"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("booking_series_occurrences").execute();
  await db.schema.dropTable("booking_series").execute();
}

import type { Kysely } from "kysely";

// The insights page (docs/insights.md, ADR 151). Its demand and money figures read the events of
// one type in a range of time and join their booking: without events_type_time both engines scan
// every event. Its reply, conversion and request figures read the requests of a range with their
// status, service and decision times: bookings_insights holds all of them, so the range is read
// from the index alone instead of one table row per request.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("events_type_time").on("events").columns(["type", "created_at", "booking_id"]).execute();
  await db.schema
    .createIndex("bookings_insights")
    .on("bookings")
    .columns(["created_at", "status", "service_type", "confirmed_at", "declined_at", "cancelled_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("bookings_insights").execute();
  await db.schema.dropIndex("events_type_time").execute();
}

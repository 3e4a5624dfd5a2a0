import type { Kysely } from "kysely";

// The insights page (docs/insights.md, ADR 151): its demand and money figures read the events of
// one type in a range of time and join their booking; without this index both engines scan every
// event. The type, the time and the booking in one index answer those reads from the index alone.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("events_type_time").on("events").columns(["type", "created_at", "booking_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("events_type_time").execute();
}

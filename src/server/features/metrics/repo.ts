import type { Database } from "../../db/database.ts";

// The gauges read from the database at scrape time (ADR 080): what every app process shares, so
// each scrape of each process gives the same figures. Both queries read an index
// (jobs_due_index through the outbox view's job_status, bookings_queue) and group a handful of values.

/** Mails waiting to be sent or being sent, by template kind and priority. */
export function countWaitingMail(db: Database) {
  return db
    .selectFrom("outbox")
    .select((select) => ["kind", "priority", select.fn.countAll<number | string>().as("count"), select.fn.min("created_at").as("oldest")])
    .where("job_status", "in", ["pending", "running"])
    .groupBy(["kind", "priority"])
    .execute();
}

export function countBookingsByStatus(db: Database) {
  return db
    .selectFrom("bookings")
    .select((select) => ["status", select.fn.countAll<number | string>().as("count")])
    .groupBy("status")
    .execute();
}

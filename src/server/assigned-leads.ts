import type { Kysely } from "kysely";
import type { AssignedLead } from "../shared/operator.ts";
import type { DatabaseSchema } from "./db/schema.ts";

// Outside the features because two read it (features never import each other): the operator
// console, and the customer's bookings, which show the lead once confirmed.
// docs/product.md §2: a confirmed upcoming booking tells the customer to expect their guard's contact; the
// customer sees the lead operative's first name and phone once the booking is confirmed (ADR 070),
// never the operative's full name, licence or other bookings.

function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/**
 * The lead operatives of the given bookings that are confirmed, by booking id; a booking that is
 * not confirmed or has no lead is absent. One query for a whole list of bookings.
 */
export async function assignedLeadsFor(db: Kysely<DatabaseSchema>, bookingIds: readonly string[]): Promise<Map<string, AssignedLead>> {
  const leads = new Map<string, AssignedLead>();
  if (bookingIds.length === 0) return leads;
  const rows = await db
    .selectFrom("booking_assignments")
    .innerJoin("bookings", "bookings.id", "booking_assignments.booking_id")
    .innerJoin("operatives", "operatives.id", "booking_assignments.operative_id")
    .select(["booking_assignments.booking_id", "operatives.name", "operatives.phone"])
    .where("booking_assignments.booking_id", "in", [...bookingIds])
    .where("booking_assignments.is_lead", "=", 1)
    .where("bookings.status", "=", "confirmed")
    .execute();
  for (const row of rows) leads.set(row.booking_id, { firstName: firstNameOf(row.name), phone: row.phone });
  return leads;
}

/** The lead operative of one booking once it is confirmed, else null. */
export async function assignedLeadFor(db: Kysely<DatabaseSchema>, bookingId: string): Promise<AssignedLead | null> {
  return (await assignedLeadsFor(db, [bookingId])).get(bookingId) ?? null;
}

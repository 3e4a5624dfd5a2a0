import type { BookingView } from "../../../shared/booking.ts";
import type { Database } from "../../db/database.ts";
import type { BookingsTable } from "../../db/tables/bookings.ts";
import { enqueueMail, type OutgoingMail } from "../../mail/outbox.ts";

// Queries of the bookings feature. Every read for a customer filters by the signed-in user's id
// (ARCHITECTURE.md): another user's booking id finds nothing and answers 404.

export function toBookingView(row: BookingsTable): BookingView {
  return {
    id: row.id,
    location: row.location,
    startDate: row.start_date,
    endDate: row.end_date,
    totalDays: row.total_days,
    status: row.status,
    total: row.price / 100,
    customerName: row.customer_name,
    services: JSON.parse(row.notes) as BookingView["services"],
    createdAt: row.created_at,
  };
}

/**
 * Inserts the booking unless its id (or the user's idempotency key) exists, and in the same
 * transaction writes the confirmation mail to the outbox, so exactly one mail exists per booking
 * (ADR 051). `mail` is called only when this request created the row.
 */
export async function insertBookingOnce(db: Database, row: BookingsTable, mail: () => OutgoingMail): Promise<boolean> {
  return db.transaction().execute(async (transaction) => {
    const inserted = await transaction
      .insertInto("bookings")
      .values(row)
      .onConflict((conflict) => conflict.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return false;
    await enqueueMail(transaction, mail());
    return true;
  });
}

/** Any user's booking by id: only for the idempotency check, never answered as is. */
export async function findBookingById(db: Database, id: string) {
  return db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findBookingByKey(db: Database, userId: string, idempotencyKey: string) {
  return db
    .selectFrom("bookings")
    .selectAll()
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirst();
}

export async function findOwnBooking(db: Database, userId: string, id: string) {
  return db.selectFrom("bookings").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
}

/** SPEC §7: the user's bookings ordered by start ascending. */
export async function listOwnBookings(db: Database, userId: string) {
  return db
    .selectFrom("bookings")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("start_time", "asc")
    .orderBy("created_at", "asc")
    .execute();
}

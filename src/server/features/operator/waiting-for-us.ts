import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import type { DatabaseSchema } from "../../db/schema.ts";

// The queue's "waiting for us" filter (`?waiting=us`, docs/product.md §12): bookings where the
// customer waits for an operator's answer. Each reason is one disjunct below, kept apart so that
// each kind of waiting (a change request here; unanswered messages beside it) is added on its own.

type Bookings = ExpressionBuilder<DatabaseSchema, "bookings">;

/** ADR 188: a change request the customer sent that no operator has answered. */
function pendingChangeRequest(eb: Bookings): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom("booking_change_requests")
      .select("booking_change_requests.id")
      .whereRef("booking_change_requests.booking_id", "=", "bookings.id")
      .where("booking_change_requests.status", "=", "pending"),
  );
}

/** ADR 184: a customer's message in the booking's thread that no operator has answered. */
function unansweredMessage(eb: Bookings): Expression<SqlBool> {
  return eb(
    "bookings.id",
    "in",
    eb.selectFrom("booking_threads").select("booking_threads.booking_id").where("booking_threads.customer_waiting_since", "is not", null),
  );
}

/** Every reason a booking waits for us, as one condition on `bookings`. */
export function waitingForUs(eb: Bookings): Expression<SqlBool> {
  return eb.or([pendingChangeRequest(eb), unansweredMessage(eb)]);
}

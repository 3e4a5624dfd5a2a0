import type { Kysely, Transaction } from "kysely";
import { systemActor, type BookingActor } from "../access/booking-access.ts";
import { assignedLeadFor } from "../assigned-leads.ts";
import { TransitionRefused, type BookingLifecycle, type BookingRow } from "../booking-lifecycle/state-machine.ts";
import type { DatabaseSchema } from "../db/schema.ts";
import { lockBookingRow } from "../db/row-locks.ts";
import { nextCalendarSequence } from "../engagement.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { ledgerOf } from "./ledger.ts";
import { moneyUnsecured } from "./payments-service.ts";
import { bookingReference } from "../../shared/booking-reference.ts";

// ADR 225: a booking the operator said yes to whose card could not be charged waits in
// `payment_needed`. The charge's job follows its answer here: money taken moves the booking to
// confirmed (with the confirmation mail and calendar entry, which went nowhere before); a refusal
// starts the customer's deadline and mails them. Both are steps of the state machine, audited.

type Db = Kysely<DatabaseSchema>;

async function customerEmail(executor: Db, booking: BookingRow): Promise<string | null> {
  if (!booking.user_id) return null;
  const user = await executor.selectFrom("users").select("email").where("id", "=", booking.user_id).executeTakeFirst();
  return user?.email ?? null;
}

/** The operator's confirmation mail, sent when the money is secured (the `booking-decision` template, ADR 070, 182). */
export async function queueConfirmationMail(transaction: Transaction<DatabaseSchema>, booking: BookingRow, now: Date): Promise<void> {
  const to = await customerEmail(transaction, booking);
  if (!to) return;
  const lead = await assignedLeadFor(transaction, booking.id);
  const calendarSequence = await nextCalendarSequence(transaction, booking.id);
  await enqueueMail(transaction, {
    kind: "booking-decision",
    to,
    payload: {
      language: booking.language,
      decision: "confirmed",
      reference: bookingReference(booking.id),
      bookingId: booking.id,
      location: booking.location,
      startDate: booking.start_date,
      endDate: booking.end_date,
      totalCents: Number(booking.price),
      vatCents: Number(booking.vat_cents),
      ...(booking.operator_note && { note: booking.operator_note }),
      ...(lead && { lead }),
      calendarSequence,
      at: now.toISOString(),
    },
  });
}

/**
 * Moves a `payment_needed` booking to confirmed once its money is secured; a booking already moved
 * (by a concurrent answer, or cancelled meanwhile) is left alone.
 */
export async function confirmWhenSecured(
  lifecycle: BookingLifecycle,
  bookingId: string,
  actor: BookingActor,
  now: Date,
  effects: Parameters<BookingLifecycle["transition"]>[0]["effects"] = [],
): Promise<BookingRow | null> {
  try {
    return await lifecycle.transition({
      bookingId,
      transition: "paymentSecured",
      actor,
      now,
      changes: { payment_due_at: null },
      effects: [...effects, (transaction, { after }) => queueConfirmationMail(transaction, after, now)],
    });
  } catch (error) {
    if (error instanceof TransitionRefused && (error.reason === "wrong_status" || error.reason === "check")) return null;
    throw error;
  }
}

/**
 * The follow-up of a recorded charge of a booking (the `payment` job, also when it finds its answer
 * recorded already after a crash): confirmed when nothing is left to charge, or the deadline started
 * and the customer mailed once when the charge failed.
 */
export async function followCharge(
  db: Db,
  lifecycle: BookingLifecycle,
  deadlineMs: number,
  bookingId: string,
  idempotencyKey: string,
  now: Date,
): Promise<void> {
  const booking = await db.selectFrom("bookings").select("status").where("id", "=", bookingId).executeTakeFirst();
  const event = await db
    .selectFrom("payment_events")
    .select(["type", "amount_cents", "reason"])
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirst();
  if (!booking || !event) return;
  if (event.type === "failed") {
    // Normally taken already in the commit that recorded the failure (below); this is the way back
    // for a failure recorded by a process that stopped before it.
    await db
      .transaction()
      .execute((transaction) =>
        chargeFailed(transaction, lifecycle, deadlineMs, bookingId, { amountCents: Number(event.amount_cents), reason: event.reason }, now),
      );
    return;
  }
  if (booking.status === "payment_needed" && event.type === "captured") {
    if (!moneyUnsecured(await ledgerOf(db, bookingId))) await confirmWhenSecured(lifecycle, bookingId, systemActor, now);
  }
}

/**
 * ADR 225, 242, 264: what a failed charge of a booking does to it, in the transaction that records
 * the failure, so no one (an approval, a second process) ever sees the failed charge beside a
 * booking still standing confirmed. A confirmed booking goes back to `payment_needed`
 * (`chargeFailed`); then, once per booking, the deadline starts and the customer is mailed
 * (`paymentFailed`). A booking already in progress keeps its status (the service is under way) and
 * gets the same deadline and mail. Anything else (pending, ended) is left as it is.
 */
export async function chargeFailed(
  transaction: Transaction<DatabaseSchema>,
  lifecycle: BookingLifecycle,
  deadlineMs: number,
  bookingId: string,
  failure: { amountCents: number; reason: string | null },
  now: Date,
): Promise<void> {
  await lockBookingRow(transaction, bookingId);
  let booking = await transaction.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
  if (!booking) return;
  if (booking.status === "confirmed") {
    try {
      booking = await lifecycle.transition({ bookingId, transition: "chargeFailed", actor: systemActor, now, transaction });
    } catch (error) {
      if (!(error instanceof TransitionRefused)) throw error;
      return;
    }
  }
  if ((booking.status !== "payment_needed" && booking.status !== "in_progress") || booking.payment_due_at !== null) return;
  const dueAt = new Date(now.getTime() + deadlineMs).toISOString();
  try {
    await lifecycle.amend({
      bookingId,
      amendment: "paymentFailed",
      actor: systemActor,
      now,
      transaction,
      details: { dueAt, reason: failure.reason },
      changes: { payment_due_at: dueAt },
      // Once per booking: a repeated job finds the deadline set.
      check: (current) => (current.payment_due_at === null ? null : "The customer was told already."),
      effects: [
        async (inner, { after }) => {
          const to = await customerEmail(inner, after);
          if (!to) return;
          await enqueueMail(inner, {
            kind: "payment-needed",
            to,
            payload: {
              language: after.language,
              reference: bookingReference(after.id),
              bookingId: after.id,
              amountCents: failure.amountCents,
              reason: /authenticat/i.test(failure.reason ?? "") ? "authentication" : "declined",
              dueAt,
              ...(after.status === "in_progress" && { underWay: true }),
            },
          });
        },
      ],
    });
  } catch (error) {
    if (!(error instanceof TransitionRefused)) throw error;
  }
}

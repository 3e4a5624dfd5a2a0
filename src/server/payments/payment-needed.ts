import type { Kysely, Transaction } from "kysely";
import { systemActor, type BookingActor } from "../access/booking-access.ts";
import { assignedLeadFor } from "../assigned-leads.ts";
import { TransitionRefused, type BookingLifecycle, type BookingRow } from "../booking-lifecycle/state-machine.ts";
import type { DatabaseSchema } from "../db/schema.ts";
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
  let booking = await db.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
  const event = await db
    .selectFrom("payment_events")
    .select(["type", "amount_cents", "reason"])
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirst();
  if (!booking || !event) return;
  // ADR 242: a confirmed booking whose charge failed (the saved card charged for a hold the
  // processor let go, or an approved higher total) is not left confirmed with its money unsecured:
  // it waits in payment_needed, and the customer is told below, as after a failed charge at the
  // confirmation. A repeated job finds it moved already.
  if (booking.status === "confirmed" && event.type === "failed") {
    try {
      booking = await lifecycle.transition({ bookingId, transition: "chargeFailed", actor: systemActor, now });
    } catch (error) {
      if (!(error instanceof TransitionRefused)) throw error;
      return;
    }
  }
  if (booking.status !== "payment_needed") return;
  if (event.type === "captured") {
    if (!moneyUnsecured(await ledgerOf(db, bookingId))) await confirmWhenSecured(lifecycle, bookingId, systemActor, now);
    return;
  }
  if (event.type !== "failed" || booking.payment_due_at !== null) return;
  const dueAt = new Date(now.getTime() + deadlineMs).toISOString();
  try {
    await lifecycle.amend({
      bookingId,
      amendment: "paymentFailed",
      actor: systemActor,
      now,
      details: { dueAt, reason: event.reason },
      changes: { payment_due_at: dueAt },
      // Once per booking: a repeated job finds the deadline set.
      check: (current) => (current.payment_due_at === null ? null : "The customer was told already."),
      effects: [
        async (transaction, { after }) => {
          const to = await customerEmail(transaction, after);
          if (!to) return;
          await enqueueMail(transaction, {
            kind: "payment-needed",
            to,
            payload: {
              language: after.language,
              reference: bookingReference(after.id),
              bookingId: after.id,
              amountCents: Number(event.amount_cents),
              reason: /authenticat/i.test(event.reason ?? "") ? "authentication" : "declined",
              dueAt,
            },
          });
        },
      ],
    });
  } catch (error) {
    if (!(error instanceof TransitionRefused)) throw error;
  }
}

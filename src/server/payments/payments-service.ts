import { randomUUID } from "node:crypto";
import type { Insertable, Kysely, Transaction } from "kysely";
import { currency } from "../../shared/money.ts";
import { refundNote } from "../../shared/pricing.ts";
import type { DeclineCode } from "../../shared/payments.ts";
import { systemClock, type Clock } from "../clock.ts";
import type { DatabaseSchema } from "../db/schema.ts";
import type { PaymentsTable } from "../db/tables/payments.ts";
import type { TransitionContext, TransitionEffect } from "../booking-lifecycle/state-machine.ts";
import { enqueueJob, type Executor } from "../jobs/queue.ts";
import type { PaymentGateway } from "./gateway.ts";
import {
  ledgerOf,
  recordPaymentEvent,
  systemActor,
  writePaymentStatus,
  type BookingLedger,
  type LedgerActor,
  type NewPaymentEvent,
  type PaymentRow,
} from "./ledger.ts";
import type { PaymentJobPayload } from "./payment-job-payload.ts";

// docs/payments.md "The flow". What the booking, the lifecycle and the operator ask of payments.
// Provider calls are made here only at booking, outside any transaction and before the booking's
// commit, because the customer waits for the bank's answer and a refused card must leave no booking
// (ADR 132); every later call is a `payment` job queued in the transaction that causes it.

/** The card a booking is paid with: a saved card of the customer's wallet, or one just saved at the provider. */
export type PaymentCard = { token: string; brand: string; lastFour: string };

/** What prepare() decided; `write` is inserted in the booking's own transaction. */
export type PreparedPayment =
  | { outcome: "ready"; write: PaymentWrite }
  | { outcome: "declined"; code: DeclineCode }
  | { outcome: "requires_action"; challengeUrl: string | null; clientSecret: string | null };

export type PaymentWrite = { payment: Insertable<PaymentsTable>; authorised?: Omit<NewPaymentEvent, "now"> };

export type PaymentsService = {
  gateway: PaymentGateway;
  /** Whether a booking starting at `startTime` is authorised now (true) or charged on confirmation. */
  authorisesNow: (startTime: string, now: Date) => boolean;
  prepare: (request: {
    bookingId: string;
    userId: string;
    amountCents: number;
    startTime: string;
    card: PaymentCard;
    now: Date;
    returnUrl?: string;
    /**
     * ADR 225: a payment the customer makes for a `payment_needed` booking — held now whatever the
     * start (`holdNow`, captured at once), under the attempt's own key. ADR 244: a card chosen
     * instead of the invoice has its attempt's key too (the booking's own key may have held a card
     * already, released when the invoice was chosen), and is held or saved as at booking.
     */
    attempt?: { key: string; holdNow: boolean };
  }) => Promise<PreparedPayment>;
  /** The lifecycle-wide effect: capture on confirm, void on decline, refund on cancel (ADR 133). */
  effect: TransitionEffect;
  /** Queues a provider call as a job inside the caller's transaction. */
  enqueue: (executor: Executor, payload: PaymentJobPayload) => Promise<void>;
  clock: Clock;
  /** Called after a ledger change commits outside a booking transition (the event hub's wake-up, ADR 092). */
  committed: () => void;
  /** ADR 225: how long a booking whose charge failed waits for its money (PAYMENT_DEADLINE_HOURS). */
  paymentDeadlineMs: number;
};

/**
 * ADR 225: the money of a confirmation is secured when no card is left to charge (an `open`
 * payment): what is captured or held is taken at once, and a failed charge needs the customer.
 */
export function moneyUnsecured(ledger: BookingLedger): boolean {
  return ledger.payments.some((payment) => payment.position.state === "open");
}

export function paymentReference(paymentId: string) {
  return `payment:${paymentId}`;
}

export async function enqueuePaymentJob(executor: Executor, payload: PaymentJobPayload, clock: Clock = systemClock): Promise<void> {
  await enqueueJob(executor, { kind: "payment", payload, referenceKey: paymentReference(payload.paymentId) }, clock);
}

function actorOf(context: TransitionContext): LedgerActor {
  return context.actor.kind === "user" ? { userId: context.actor.id, role: context.actor.role ?? "customer" } : systemActor;
}

/**
 * Payments with a release (void) queued and not yet answered. A release that finds the payment
 * captured gives back everything captured (payment-jobs.ts), so nothing is left to refund on top.
 */
export async function releasesInFlight(executor: Executor, paymentIds: readonly string[]): Promise<Set<string>> {
  if (paymentIds.length === 0) return new Set();
  const jobs = await executor
    .selectFrom("jobs")
    .select("payload")
    .where("kind", "=", "payment")
    .where("status", "in", ["pending", "running"])
    .where("reference_key", "in", paymentIds.map(paymentReference))
    .execute();
  const released = new Set<string>();
  for (const job of jobs) {
    const payload = JSON.parse(job.payload ?? "{}") as Partial<PaymentJobPayload>;
    if (payload.action === "void" && payload.paymentId) released.add(payload.paymentId);
  }
  return released;
}

/** Refunds queued but not yet answered, per payment: counted so that two refunds never exceed what was captured. */
export async function refundsInFlight(executor: Executor, paymentIds: readonly string[]): Promise<Map<string, number>> {
  const amounts = new Map<string, number>();
  if (paymentIds.length === 0) return amounts;
  const jobs = await executor
    .selectFrom("jobs")
    .select(["payload", "reference_key"])
    .where("kind", "=", "payment")
    .where("status", "in", ["pending", "running"])
    .where("reference_key", "in", paymentIds.map(paymentReference))
    .execute();
  for (const job of jobs) {
    const payload = JSON.parse(job.payload ?? "{}") as Partial<PaymentJobPayload>;
    if (payload.action !== "refund" || !payload.paymentId) continue;
    amounts.set(payload.paymentId, (amounts.get(payload.paymentId) ?? 0) + (payload.amountCents ?? 0));
  }
  return amounts;
}

export function createPaymentsService(options: {
  db: Kysely<DatabaseSchema>;
  gateway: PaymentGateway;
  clock?: Clock;
  committed?: () => void;
  paymentDeadlineMs?: number;
}): PaymentsService {
  const { gateway } = options;
  const clock = options.clock ?? systemClock;
  const enqueue = (executor: Executor, payload: PaymentJobPayload) => enqueuePaymentJob(executor, payload, clock);

  const authorisesNow = (startTime: string, now: Date) =>
    new Date(startTime).getTime() - now.getTime() <= gateway.capabilities.longestHoldMs;

  async function prepare(request: Parameters<PaymentsService["prepare"]>[0]): Promise<PreparedPayment> {
    const paymentId = randomUUID();
    const payment: Insertable<PaymentsTable> = {
      id: paymentId,
      booking_id: request.bookingId,
      user_id: request.userId,
      provider: gateway.name,
      purpose: "charge_on_confirmation",
      amount_cents: request.amountCents,
      currency,
      method_token: request.card.token,
      card_brand: request.card.brand,
      card_last_four: request.card.lastFour,
      provider_payment_id: null,
      hold_expires_at: null,
      created_at: request.now.toISOString(),
    };
    // docs/payments.md: beyond the longest hold the card is saved (with the customer's consent) and
    // charged when the operator confirms.
    if (!request.attempt?.holdNow && !authorisesNow(request.startTime, request.now)) return { outcome: "ready", write: { payment } };

    // The key is the booking request's: a double click, a retry or a replay after a crash gets the
    // first answer and the same hold (ADR 132). A payment for a `payment_needed` booking has its
    // attempt's own key (ADR 225).
    const idempotencyKey = request.attempt
      ? `authorise:${request.userId}:${request.bookingId}:${request.attempt.key}`
      : `authorise:${request.userId}:${request.bookingId}`;
    let answer = await gateway.authorise({
      amountCents: request.amountCents,
      methodToken: request.card.token,
      idempotencyKey,
      returnUrl: request.returnUrl,
    });
    if (answer.outcome === "requires_action") {
      // Back from the bank's check, the same request finds the hold completed or abandoned.
      const state = await gateway.paymentState(answer.providerPaymentId);
      if (state === "requires_action")
        return { outcome: "requires_action", challengeUrl: answer.challengeUrl, clientSecret: answer.clientSecret };
      if (state !== "authorised") return { outcome: "declined", code: "authentication_abandoned" };
      answer = {
        outcome: "succeeded",
        providerPaymentId: answer.providerPaymentId,
        amountCents: request.amountCents,
        holdExpiresAt: new Date(request.now.getTime() + gateway.capabilities.longestHoldMs).toISOString(),
      };
    }
    if (answer.outcome === "declined") return { outcome: "declined", code: answer.code };
    return {
      outcome: "ready",
      write: {
        payment: {
          ...payment,
          purpose: "hold",
          provider_payment_id: answer.providerPaymentId,
          hold_expires_at: answer.holdExpiresAt ?? null,
        },
        authorised: {
          paymentId,
          bookingId: request.bookingId,
          type: "authorised",
          amountCents: answer.amountCents,
          idempotencyKey,
          actor: { userId: request.userId, role: "customer" },
        },
      },
    };
  }

  const effect: TransitionEffect = async (transaction, context) => {
    const { transition, after, before, now } = context;
    // ADR 242: a charge that failed after the confirmation moves nothing more: the customer pays.
    if (transition === "start" || transition === "complete" || transition === "chargeFailed") return;
    const ledger = await ledgerOf(transaction, after.id);
    if (ledger.payments.length === 0) return;
    const actor = actorOf(context);
    const base = { bookingId: after.id, actorUserId: actor.userId, actorRole: actor.role };

    // ADR 225: the operator's yes to a booking still to be charged takes the money as a confirmation
    // does, and the booking is confirmed once it is secured; a payment the customer made for a
    // `payment_needed` booking (a hold) is captured the same way.
    if (transition === "confirm" || transition === "awaitPayment" || transition === "paymentSecured") {
      // ADR 221: a booking paid by invoice takes no card money, even while a released hold waits for its void job.
      if (await paysByInvoice(transaction, after.id)) return;
      // ADR 242: once the money is secured, the charges that failed are made up for: closed in the
      // ledger, so a failed charge always means money still owed (an approval counts it as agreed).
      if (transition === "paymentSecured") {
        for (const payment of ledger.payments) {
          if (payment.position.state !== "failed") continue;
          await recordPaymentEvent(transaction, {
            bookingId: after.id,
            paymentId: payment.id,
            type: "voided",
            amountCents: 0,
            reason: "Made up for by the customer's payment",
            idempotencyKey: `void:${payment.id}`,
            actor,
            now,
          });
        }
      }
      // ADR 133: the confirmed total is taken up to what the customer agreed to; a higher total
      // waits for the customer's approval, and only then is the difference charged.
      const price = Number(after.price);
      // ADR 242: money already taken (an approved difference, before the booking waited for the
      // rest in payment_needed) counts towards the total, so the rest is what is captured.
      const taken = ledger.payments.reduce(
        (sum, payment) =>
          sum + (payment.position.state === "captured" ? payment.position.capturedCents - payment.position.refundedCents : 0),
        0,
      );
      let agreed = taken;
      let remaining = price - taken;
      // ADR 244: a hold released when the invoice was chosen, its void job still waiting, is not
      // the money of a card chosen again afterwards.
      const released = await releasesInFlight(
        transaction,
        ledger.payments.map((payment) => payment.id),
      );
      for (const payment of ledger.payments) {
        const { state } = payment.position;
        if (state !== "authorised" && state !== "open") continue;
        if (released.has(payment.id)) continue;
        const limit = state === "authorised" ? payment.position.authorisedCents : payment.amount_cents;
        agreed += limit;
        const amount = Math.min(limit, remaining);
        remaining -= amount;
        if (amount <= 0) {
          if (state === "authorised")
            await enqueue(transaction, { ...base, action: "void", paymentId: payment.id, idempotencyKey: `void:${payment.id}` });
          continue;
        }
        const action = state === "authorised" ? "capture" : "charge";
        await enqueue(transaction, {
          ...base,
          action,
          paymentId: payment.id,
          amountCents: amount,
          idempotencyKey: `${action}:${payment.id}`,
        });
      }
      if (agreed > 0 && price > agreed) {
        await transaction.updateTable("bookings").set({ approval_total_cents: price }).where("id", "=", after.id).execute();
      }
      return;
    }

    // Decline, the operator's cancel, or the customer's: holds are released; money taken is given
    // back in full, except a customer's cancel after the refund deadline (docs/product.md §9).
    const refundAll = transition !== "cancelByCustomer" || refundNote(before.start_date, now) === "fully_refundable";
    const reason =
      transition === "decline"
        ? "Booking declined"
        : transition === "cancelByOperator"
          ? "Booking cancelled by Nordic Shield"
          : "Cancelled by the customer before the refund deadline";
    const inFlight = await refundsInFlight(
      transaction,
      ledger.payments.map((payment) => payment.id),
    );
    for (const payment of ledger.payments) {
      const { state, capturedCents, refundedCents } = payment.position;
      if (state === "authorised") {
        await enqueue(transaction, { ...base, action: "void", paymentId: payment.id, idempotencyKey: `void:${payment.id}` });
      } else if (state === "captured" && refundAll) {
        const left = capturedCents - refundedCents - (inFlight.get(payment.id) ?? 0);
        if (left > 0) {
          await enqueue(transaction, {
            ...base,
            action: "refund",
            paymentId: payment.id,
            amountCents: left,
            reason,
            idempotencyKey: `refund:${payment.id}:${transition}`,
          });
        }
      }
    }
    await transaction.updateTable("bookings").set({ approval_total_cents: null }).where("id", "=", after.id).execute();
  };

  return {
    gateway,
    authorisesNow,
    prepare,
    effect,
    enqueue,
    clock,
    committed: options.committed ?? (() => {}),
    paymentDeadlineMs: options.paymentDeadlineMs ?? 48 * 3_600_000,
  };
}

/**
 * ADR 135, 242: a card hold the processor let go, or is about to, is replaced by a charge of the
 * same saved card (`charge_on_confirmation`, charged off-session) for what the hold stood for. One
 * replacement per hold: a replacement made already (by the sweep, or an earlier run) is reused.
 * Resolves with the replacement's id.
 */
export async function replaceHold(
  transaction: Executor,
  hold: PaymentRow,
  amountCents: number,
  now: Date,
): Promise<{ paymentId: string; created: boolean }> {
  const made = await transaction
    .selectFrom("payments")
    .select("id")
    .where("booking_id", "=", hold.booking_id)
    .where("purpose", "=", "charge_on_confirmation")
    .where("method_token", "=", hold.method_token)
    .where("created_at", ">=", hold.created_at)
    .orderBy("created_at")
    .executeTakeFirst();
  if (made) return { paymentId: made.id, created: false };
  const paymentId = randomUUID();
  await transaction
    .insertInto("payments")
    .values({
      id: paymentId,
      booking_id: hold.booking_id,
      user_id: hold.user_id,
      provider: hold.provider,
      purpose: "charge_on_confirmation",
      amount_cents: amountCents,
      currency: hold.currency,
      method_token: hold.method_token,
      card_brand: hold.card_brand,
      card_last_four: hold.card_last_four,
      provider_payment_id: null,
      hold_expires_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return { paymentId, created: true };
}

/** Whether the booking is paid by invoice (docs/invoices.md): its row in invoice_bookings. */
export async function paysByInvoice(executor: Executor, bookingId: string): Promise<boolean> {
  const row = await executor.selectFrom("invoice_bookings").select("booking_id").where("booking_id", "=", bookingId).executeTakeFirst();
  return row !== undefined;
}

/** Whether the customer's company is approved for invoice payment (ADR 140). */
export async function invoiceApproved(executor: Executor, userId: string): Promise<boolean> {
  const business = await executor.selectFrom("business_accounts").select("invoice_status").where("user_id", "=", userId).executeTakeFirst();
  return business?.invoice_status === "approved";
}

/**
 * ADR 221: a booking moved to invoice lets go of its card, in the amendment's transaction: a hold
 * is voided at the provider by a `payment` job, a card saved to be charged on confirmation is
 * marked voided in the ledger (the provider holds nothing for it).
 */
export async function releaseCardPayments(
  transaction: Transaction<DatabaseSchema>,
  bookingId: string,
  actor: LedgerActor,
  now: Date,
  clock: Clock = systemClock,
): Promise<void> {
  const ledger = await ledgerOf(transaction, bookingId);
  for (const payment of ledger.payments) {
    const idempotencyKey = `void:${payment.id}`;
    if (payment.position.state === "authorised") {
      await enqueuePaymentJob(
        transaction,
        { action: "void", paymentId: payment.id, bookingId, actorUserId: actor.userId, actorRole: actor.role, idempotencyKey },
        clock,
      );
    } else if (payment.position.state === "open") {
      await recordPaymentEvent(transaction, {
        paymentId: payment.id,
        bookingId,
        type: "voided",
        amountCents: 0,
        idempotencyKey,
        actor,
        now,
      });
    }
  }
}

/**
 * ADR 244: the invoice choice undone, in the transaction of the amendment that writes the card
 * instead. Nothing else of it exists before the confirmation: the invoice is issued only then
 * (ADR 145), so no document, OCR reference or open balance is left behind. Whether a row was there.
 */
export async function undoInvoiceChoice(transaction: Transaction<DatabaseSchema>, bookingId: string): Promise<boolean> {
  const deleted = await transaction.deleteFrom("invoice_bookings").where("booking_id", "=", bookingId).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** Writes a prepared payment in the booking's own transaction (the booking writer calls it). */
export async function writePreparedPayment(transaction: Transaction<DatabaseSchema>, write: PaymentWrite, now: Date): Promise<void> {
  await transaction.insertInto("payments").values(write.payment).execute();
  if (write.authorised) {
    await recordPaymentEvent(transaction, { ...write.authorised, now });
  } else {
    await writePaymentStatus(transaction, String(write.payment.booking_id));
  }
}

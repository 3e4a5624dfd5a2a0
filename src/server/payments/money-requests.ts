import { createHash, randomUUID } from "node:crypto";
import { formatMoney } from "../../shared/money.ts";
import type { PaymentEventView, PaymentStatus } from "../../shared/payments.ts";
import { canAccessBooking, type BookingActor } from "../access/booking-access.ts";
import type { Database } from "../db/database.ts";
import { lockBookingRow } from "../db/row-locks.ts";
import { bindIdempotencyKey } from "../http/idempotency-key.ts";
import { HttpError, notFound } from "../http-error.ts";
import type { Transaction } from "kysely";
import type { DatabaseSchema } from "../db/schema.ts";
import { ledgerOf, paymentViewOf, paymentViewsFor, type BookingLedger } from "./ledger.ts";
import { refundsInFlight, releasesInFlight, type PaymentsService } from "./payments-service.ts";
import { bookingReference } from "../../shared/booking-reference.ts";

// docs/payments.md: the requests people make of the money after booking — the customer approving a
// higher confirmed total (ADR 133), an operator refunding part or all with a reason — and the
// operator's ledger and payments list. Each request only queues `payment` jobs in its transaction.

const notAllowed = (reason: "noNewTotalWaiting" | "nothingLeftToRefund") => HttpError.because(409, "payment_not_allowed", reason);

/** The customer approves the higher total the operator confirmed: the difference is charged to the same card. */
export async function approveNewTotal(db: Database, payments: PaymentsService, actor: BookingActor & { kind: "user" }, bookingId: string) {
  await db.transaction().execute(async (transaction) => {
    const booking = await transaction.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
    if (!booking || booking.user_id !== actor.id) throw notFound("noSuchBooking");
    const approval = booking.approval_total_cents === null ? null : Number(booking.approval_total_cents);
    if (approval === null || (booking.status !== "confirmed" && booking.status !== "in_progress")) {
      throw notAllowed("noNewTotalWaiting");
    }
    // Conditional on the approval still waiting: of two clicks, one charges.
    const cleared = await transaction
      .updateTable("bookings")
      .set({ approval_total_cents: null })
      .where("id", "=", bookingId)
      .where("approval_total_cents", "=", approval)
      .executeTakeFirst();
    if (Number(cleared.numUpdatedRows) !== 1) throw notAllowed("noNewTotalWaiting");
    const ledger = await ledgerOf(transaction, bookingId);
    // ADR 242: what the customer owes already, taken or not: a failed charge is still owed (a
    // charge made up for by the customer's payment is voided), a released hold is not.
    const agreed = ledger.payments
      .filter((payment) => payment.position.state !== "voided")
      .reduce((sum, payment) => sum + payment.amount_cents, 0);
    await chargeDifference(transaction, payments, ledger, bookingId, approval - agreed, { userId: actor.id, role: "customer" }, true);
  });
}

/**
 * ADR 133: the difference of an approved higher total, as a `difference` payment on the booking's
 * last card — charged now (`chargeNow`), or left open for the confirmation to charge with the rest
 * (a booking not yet confirmed, ADR 189).
 */
export async function chargeDifference(
  transaction: Transaction<DatabaseSchema>,
  payments: PaymentsService,
  ledger: BookingLedger,
  bookingId: string,
  difference: number,
  actor: { userId: string; role: string },
  chargeNow: boolean,
): Promise<void> {
  const card = ledger.payments.at(-1);
  if (difference <= 0 || !card) return;
  const paymentId = randomUUID();
  await transaction
    .insertInto("payments")
    .values({
      id: paymentId,
      booking_id: bookingId,
      user_id: card.user_id,
      provider: card.provider,
      purpose: "difference",
      amount_cents: difference,
      currency: card.currency,
      method_token: card.method_token,
      card_brand: card.card_brand,
      card_last_four: card.card_last_four,
      provider_payment_id: null,
      hold_expires_at: null,
      created_at: payments.clock.now().toISOString(),
    })
    .execute();
  if (!chargeNow) return;
  await payments.enqueue(transaction, {
    action: "charge",
    paymentId,
    bookingId,
    amountCents: difference,
    idempotencyKey: `charge:${paymentId}`,
    actorUserId: actor.userId,
    actorRole: actor.role,
  });
}

/** An operator refunds part or all of what was charged, with a reason; never more than is left. */
export async function refundByOperator(
  db: Database,
  payments: PaymentsService,
  actor: BookingActor & { kind: "user" },
  bookingId: string,
  request: { amountCents: number; reason: string },
  idempotency: { key: string; fingerprint: string } | null,
): Promise<void> {
  // The provider calls' keys name the operator's key without its length (ADR 217: a key is the operator's own).
  const requestKey = idempotency ? createHash("sha256").update(`${actor.id}\n${idempotency.key}`).digest("hex").slice(0, 40) : randomUUID();
  await db.transaction().execute(async (transaction) => {
    // Two refunds at once: the booking row is locked before the ledger is read (ADR 215), so the
    // second waits and then reads the first one's queued job.
    await lockBookingRow(transaction, bookingId);
    const booking = await transaction.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
    if (!booking || !canAccessBooking(actor, booking, "decide")) throw notFound("noSuchBooking");
    // ADR 217: the same key and request again queues nothing more; another request under the key is refused.
    if (idempotency) {
      const bound = await bindIdempotencyKey(transaction, { ownerId: actor.id, ...idempotency, now: payments.clock.now() });
      if (bound === "repeat") return;
    }
    const ledger = await ledgerOf(transaction, bookingId);
    const inFlight = await refundsInFlight(
      transaction,
      ledger.payments.map((payment) => payment.id),
    );
    const released = await releasesInFlight(
      transaction,
      ledger.payments.map((payment) => payment.id),
    );
    const available = ledger.payments.map((payment) => ({
      payment,
      left:
        payment.position.state === "captured" && !released.has(payment.id)
          ? payment.position.capturedCents - payment.position.refundedCents - (inFlight.get(payment.id) ?? 0)
          : 0,
    }));
    const total = available.reduce((sum, entry) => sum + Math.max(0, entry.left), 0);
    if (request.amountCents > total) {
      throw total === 0
        ? notAllowed("nothingLeftToRefund")
        : HttpError.because(409, "payment_not_allowed", "refundAtMost", { values: { amount: formatMoney(total, "en") } });
    }
    let remaining = request.amountCents;
    for (const entry of [...available].reverse()) {
      if (remaining <= 0) break;
      const amount = Math.min(remaining, Math.max(0, entry.left));
      if (amount <= 0) continue;
      remaining -= amount;
      await payments.enqueue(transaction, {
        action: "refund",
        paymentId: entry.payment.id,
        bookingId,
        amountCents: amount,
        reason: request.reason,
        idempotencyKey: `refund:${entry.payment.id}:${requestKey}`,
        actorUserId: actor.id,
        actorRole: actor.role ?? "operator",
      });
    }
  });
}

export type LedgerView = {
  bookingId: string;
  /** The booking's status: the ledger's sentence is made from it and the payment status (ADR 130). */
  bookingStatus: string;
  payment: ReturnType<typeof paymentViewOf>;
  payments: {
    id: string;
    purpose: string;
    provider: string;
    amountCents: number;
    card: string | null;
    holdExpiresAt: string | null;
    state: string;
    events: PaymentEventView[];
  }[];
  /** Σ captured − Σ refunded: what the customer was charged (ADR 131). */
  chargedCents: number;
};

export async function ledgerView(db: Database, actor: BookingActor, bookingId: string): Promise<LedgerView> {
  const booking = await db.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
  if (!booking || !canAccessBooking(actor, booking, "view")) throw notFound("noSuchBooking");
  const ledger = await ledgerOf(db, bookingId);
  const payment = paymentViewOf(ledger, booking.approval_total_cents === null ? null : Number(booking.approval_total_cents));
  return {
    bookingId,
    bookingStatus: booking.status,
    payment,
    payments: ledger.payments.map((entry) => ({
      id: entry.id,
      purpose: entry.purpose,
      provider: entry.provider,
      amountCents: entry.amount_cents,
      card: entry.card_last_four ? `${entry.card_brand ?? "card"} •••• ${entry.card_last_four}` : null,
      holdExpiresAt: entry.hold_expires_at,
      state: entry.position.state,
      events: entry.events,
    })),
    chargedCents: payment.chargedCents - payment.refundedCents,
  };
}

export type PaymentsListFilter = { status?: PaymentStatus; from?: string; to?: string; holdsExpiringBeforeReply?: boolean };

/**
 * The operator's payments list: bookings with a payment, newest first, by payment status and
 * booking day; or the holds that run out before the 24-hour reply is due (docs/product.md §10).
 */
export async function paymentsList(db: Database, filter: PaymentsListFilter, now: Date) {
  let query = db
    .selectFrom("bookings")
    .select(["id", "customer_name", "status", "payment_status", "start_date", "created_at", "approval_total_cents", "price"])
    .where("payment_status", "!=", "none");
  if (filter.status) query = query.where("payment_status", "=", filter.status);
  if (filter.from) query = query.where("start_date", ">=", filter.from);
  if (filter.to) query = query.where("start_date", "<=", filter.to);
  if (filter.holdsExpiringBeforeReply) {
    const replyWindow = new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString();
    query = query
      .where("status", "=", "pending")
      .where((where) =>
        where.exists(
          where
            .selectFrom("payments")
            .select("payments.id")
            .whereRef("payments.booking_id", "=", "bookings.id")
            .where("payments.purpose", "=", "hold")
            .where("payments.hold_expires_at", "<", replyWindow),
        ),
      );
  }
  const rows = await query.orderBy("created_at", "desc").limit(200).execute();
  const views = await paymentViewsFor(db, rows);
  const holds = await db
    .selectFrom("payments")
    .select(["booking_id", "hold_expires_at"])
    .where("purpose", "=", "hold")
    .where("booking_id", "in", rows.length > 0 ? rows.map((row) => row.id) : [""])
    .execute();
  return rows.map((row) => ({
    bookingId: row.id,
    reference: bookingReference(row.id),
    customerName: row.customer_name,
    status: row.status,
    startDate: row.start_date,
    totalCents: Number(row.price),
    payment: views.get(row.id),
    holdExpiresAt:
      holds
        .filter((hold) => hold.booking_id === row.id)
        .map((hold) => hold.hold_expires_at)
        .sort()
        .at(-1) ?? null,
  }));
}

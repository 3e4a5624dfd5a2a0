import { randomUUID } from "node:crypto";
import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { z } from "zod";
import {
  bookingMoney,
  foldPayment,
  paymentStatusOf,
  type BookingPaymentView,
  type PaymentEventType,
  type PaymentEventView,
  type PaymentPosition,
  type PaymentStatus,
} from "../../shared/payments.ts";
import type { DatabaseSchema } from "../db/schema.ts";
import type { PaymentsTable } from "../db/tables/payments.ts";
import { appendEvent, engineOf } from "../events/events-repo.ts";
import { enqueueJob, type Executor } from "../jobs/queue.ts";
import type { issueDocumentPayload } from "../../shared/invoicing.ts";

// ADR 131: the append-only payments ledger. Rows of payment_events are inserted, never updated or
// deleted; the booking's payment status (ADR 130) is written again from the whole ledger with every
// row, in the same transaction. An event carries the idempotency key of the provider call it
// records, unique in the table: a job that runs twice (a retry, a crash after the provider's answer)
// records its answer once (ADR 132).

export type PaymentRow = Selectable<PaymentsTable>;

export type LedgerActor = { userId: string | null; role: string };
export const systemActor: LedgerActor = { userId: null, role: "system" };

export type NewPaymentEvent = {
  paymentId: string;
  bookingId: string;
  type: PaymentEventType;
  amountCents: number;
  reason?: string | null;
  providerReference?: string | null;
  idempotencyKey: string;
  actor: LedgerActor;
  now: Date;
};

export async function insertPayment(executor: Executor, payment: Insertable<PaymentsTable>): Promise<void> {
  await executor.insertInto("payments").values(payment).execute();
}

function toEventView(row: Selectable<DatabaseSchema["payment_events"]>): PaymentEventView {
  return {
    id: row.id,
    paymentId: row.payment_id,
    type: row.type,
    amountCents: Number(row.amount_cents),
    reason: row.reason,
    actorRole: row.actor_role,
    actorUserId: row.actor_user_id,
    createdAt: row.created_at,
  };
}

export type BookingLedger = { payments: (PaymentRow & { events: PaymentEventView[]; position: PaymentPosition })[] };

/** A booking's payments with their events, oldest first, each folded to its position. */
export async function ledgerOf(executor: Executor, bookingId: string): Promise<BookingLedger> {
  const payments = await executor
    .selectFrom("payments")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const events = await executor
    .selectFrom("payment_events")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return {
    payments: payments.map((payment) => {
      const own = events.filter((event) => event.payment_id === payment.id).map(toEventView);
      return { ...payment, amount_cents: Number(payment.amount_cents), events: own, position: foldPayment(own) };
    }),
  };
}

/** The payment part of a booking as its customer and the mails see it. */
export function paymentViewOf(ledger: BookingLedger, approvalTotalCents: number | null): BookingPaymentView {
  const positions = ledger.payments.map((payment) => payment.position);
  const money = bookingMoney(positions);
  const open = ledger.payments.filter((payment) => payment.position.state === "open");
  const card = ledger.payments.at(-1);
  return {
    status: paymentStatusOf(positions),
    ...money,
    dueOnConfirmationCents: open.reduce((sum, payment) => sum + payment.amount_cents, 0),
    approvalTotalCents,
    card: card?.card_last_four ? { brand: card.card_brand ?? "card", lastFour: card.card_last_four } : null,
  };
}

/**
 * Appends one event unless its idempotency key is recorded already, then writes the booking's
 * payment status from the whole ledger; resolves with the new event's id, or null for a repeat.
 * Must run inside the caller's transaction.
 */
export async function recordPaymentEvent(transaction: Transaction<DatabaseSchema>, event: NewPaymentEvent): Promise<string | null> {
  const id = randomUUID();
  // The ledger is read oldest first and folded in that order (ADR 131); ids are random, so two
  // events of one booking in the same millisecond (a hold and the provider's capture) would fold in
  // either order. Each event is recorded at least a millisecond after the booking's latest one.
  const latest = await transaction
    .selectFrom("payment_events")
    .select((eb) => eb.fn.max("created_at").as("at"))
    .where("booking_id", "=", event.bookingId)
    .executeTakeFirst();
  const latestMs = latest?.at ? Date.parse(latest.at) : Number.NEGATIVE_INFINITY;
  const recordedAt = new Date(Math.max(event.now.getTime(), latestMs + 1));
  const inserted = await transaction
    .insertInto("payment_events")
    .values({
      id,
      payment_id: event.paymentId,
      booking_id: event.bookingId,
      type: event.type,
      amount_cents: event.amountCents,
      reason: event.reason ?? null,
      provider_reference: event.providerReference ?? null,
      idempotency_key: event.idempotencyKey,
      actor_user_id: event.actor.userId,
      actor_role: event.actor.role,
      created_at: recordedAt.toISOString(),
    })
    .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return null;
  const paymentStatus = await writePaymentStatus(transaction, event.bookingId);
  // docs/payments.md "Live updates": the booking's open pages (the customer's and the console's
  // money view) hear of every ledger change through the live stream, as of a status change; the
  // event commits with the ledger row or not at all (ADR 091). The amount is the row's; the pages
  // read everything else again.
  await appendEvent(
    transaction,
    engineOf(transaction),
    {
      type: `payment.${event.type}`,
      bookingId: event.bookingId,
      actorUserId: event.actor.userId,
      actorRole: event.actor.role,
      payload: { paymentId: event.paymentId, amountCents: event.amountCents, paymentStatus },
    },
    recordedAt.toISOString(),
  );
  if (event.type === "captured" || event.type === "refunded") {
    await moneyMovementRecorded(transaction, {
      bookingId: event.bookingId,
      paymentEventId: id,
      kind: event.type === "captured" ? "receipt" : "credit-note",
      amountCents: event.amountCents,
      ...(event.reason ? { reason: event.reason } : {}),
    });
  }
  return id;
}

/**
 * THE writer of `bookings.payment_status` (ADR 262): the status is always derived again from what
 * is recorded — the card ledger, the invoice choice and the invoice's bank payments — so no caller
 * names a status and no two callers can disagree. `src/server/payment-status-writer.test.ts` fails
 * when any other file writes the column.
 */
export async function writePaymentStatus(executor: Executor, bookingId: string): Promise<PaymentStatus | "invoice" | "invoice_paid"> {
  const ledger = await ledgerOf(executor, bookingId);
  let status: PaymentStatus | "invoice" | "invoice_paid" = paymentStatusOf(ledger.payments.map((payment) => payment.position));
  // ADR 221: a booking moved to invoice before any card money was taken reads as paid by invoice;
  // ADR 144: once the bank payments matched to its invoice reach what is due, as paid.
  if (status === "none" || status === "released" || status === "card_saved" || status === "failed") {
    const invoice = await executor
      .selectFrom("invoice_bookings")
      .select("booking_id")
      .where("booking_id", "=", bookingId)
      .executeTakeFirst();
    if (invoice) {
      const settled = await executor
        .selectFrom("accounting_documents")
        .select("id")
        .where("booking_id", "=", bookingId)
        .where("kind", "=", "invoice")
        .where("status", "in", ["paid", "overpaid"])
        .executeTakeFirst();
      status = settled ? "invoice_paid" : "invoice";
    }
  }
  await executor.updateTable("bookings").set({ payment_status: status }).where("id", "=", bookingId).execute();
  return status;
}

/**
 * THE place receipts and credit notes are issued from: called in the transaction that records a
 * capture or a refund, it queues a `documents.issue` job (docs/payments.md "Documents"). A receipt
 * for each capture, a credit note for each refund; the job's handler belongs to the invoices.
 */
export async function moneyMovementRecorded(
  transaction: Transaction<DatabaseSchema> | Kysely<DatabaseSchema>,
  document: z.input<typeof issueDocumentPayload>,
): Promise<void> {
  await enqueueJob(transaction, { kind: "documents.issue", payload: document, referenceKey: `documents:${document.bookingId}` });
}

/** The payment views of many bookings in two queries (the dashboard's list). */
export async function paymentViewsFor(
  executor: Executor,
  bookings: readonly { id: string; approval_total_cents?: number | null }[],
): Promise<Map<string, BookingPaymentView>> {
  const views = new Map<string, BookingPaymentView>();
  if (bookings.length === 0) return views;
  const ids = bookings.map((booking) => booking.id);
  const payments = await executor
    .selectFrom("payments")
    .selectAll()
    .where("booking_id", "in", ids)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const events = await executor
    .selectFrom("payment_events")
    .selectAll()
    .where("booking_id", "in", ids)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  // docs/invoices.md: a booking paid by invoice has no card payment; its invoice says what is owed.
  const chosen = new Set(
    (await executor.selectFrom("invoice_bookings").select("booking_id").where("booking_id", "in", ids).execute()).map(
      (row) => row.booking_id,
    ),
  );
  const invoices = await executor
    .selectFrom("accounting_documents")
    .select(["booking_id", "due_date", "total_cents", "status"])
    .where("booking_id", "in", ids)
    .where("kind", "=", "invoice")
    .orderBy("number")
    .execute();
  for (const booking of bookings) {
    const invoice = invoices.filter((row) => row.booking_id === booking.id).at(-1);
    const ledger: BookingLedger = {
      payments: payments
        .filter((payment) => payment.booking_id === booking.id)
        .map((payment) => {
          const own = events.filter((event) => event.payment_id === payment.id).map(toEventView);
          return { ...payment, amount_cents: Number(payment.amount_cents), events: own, position: foldPayment(own) };
        }),
    };
    const view = paymentViewOf(ledger, booking.approval_total_cents == null ? null : Number(booking.approval_total_cents));
    if (invoice) {
      view.invoice = {
        issued: true,
        dueDate: invoice.due_date ?? "",
        totalCents: Number(invoice.total_cents),
        status: invoice.status ?? "unpaid",
      };
    } else if (chosen.has(booking.id)) view.invoice = { issued: false };
    views.set(booking.id, view);
  }
  return views;
}

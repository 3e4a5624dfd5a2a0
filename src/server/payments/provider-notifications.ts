import type { Kysely } from "kysely";
import type { PaymentEventType } from "../../shared/payments.ts";
import type { DatabaseSchema } from "../db/schema.ts";
import { lockBookingRow } from "../db/row-locks.ts";
import type { GatewayWebhookEvent } from "./gateway.ts";
import { ledgerOf, recordPaymentEvent, writePaymentStatus, type LedgerActor } from "./ledger.ts";
import { paymentReference, replaceHold } from "./payments-service.ts";

// ADR 137: a signed notification from the provider brings the ledger level with what the provider
// says of one payment — a hold placed or released, money taken or given back outside our own calls
// (Stripe's dashboard, a hold Stripe cancelled after 7 days). It is read as running totals and only
// the difference to the ledger is recorded, each row keyed by the event's id: a duplicate finds its
// keys taken, a late or out-of-order one finds nothing missing. While one of our own provider calls
// for the payment is queued or running, the notification is deferred (the provider sends it again):
// that call's answer records the movement under its own key (ADR 132), and recording it here as
// well would count it twice.

export const providerActor: LedgerActor = { userId: null, role: "provider" };

export type NotificationOutcome = "recorded" | "unchanged" | "deferred" | "unknown_payment" | "ignored";

export async function applyProviderNotification(
  db: Kysely<DatabaseSchema>,
  event: GatewayWebhookEvent,
  now: Date,
): Promise<{ outcome: NotificationOutcome; recorded: PaymentEventType[] }> {
  const report = event.report;
  if (!report || !event.providerPaymentId) return { outcome: "ignored", recorded: [] };
  const providerPaymentId = event.providerPaymentId;
  return db.transaction().execute(async (transaction) => {
    const payment = await transaction
      .selectFrom("payments")
      .selectAll()
      .where("provider_payment_id", "=", providerPaymentId)
      .executeTakeFirst();
    if (!payment) return { outcome: "unknown_payment" as const, recorded: [] };
    // The booking row's lock (ADR 215): two notifications for one booking, or a notification and a
    // job's answer, record one after the other, each reading the other's rows.
    await lockBookingRow(transaction, payment.booking_id);
    const inFlight = await transaction
      .selectFrom("jobs")
      .select("id")
      .where("kind", "=", "payment")
      .where("status", "in", ["pending", "running"])
      .where("reference_key", "=", paymentReference(payment.id))
      .executeTakeFirst();
    if (inFlight) return { outcome: "deferred" as const, recorded: [] };
    const ledger = await ledgerOf(transaction, payment.booking_id);
    const position = ledger.payments.find((entry) => entry.id === payment.id)?.position;
    if (!position) return { outcome: "unknown_payment" as const, recorded: [] };

    const recorded: PaymentEventType[] = [];
    // Rows of one notification a millisecond apart, so the ledger reads them in the order they happened.
    let at = now.getTime();
    const record = async (type: PaymentEventType, amountCents: number, reason: string) => {
      const id = await recordPaymentEvent(transaction, {
        paymentId: payment.id,
        bookingId: payment.booking_id,
        type,
        amountCents,
        reason,
        providerReference: event.id,
        idempotencyKey: `webhook:${event.id}:${type}`,
        actor: providerActor,
        now: new Date(at++),
      });
      if (id) recorded.push(type);
    };
    const state = position.state;
    if (report.state === "authorised" && state === "open" && (report.authorisedCents ?? 0) > 0) {
      await record("authorised", report.authorisedCents ?? 0, `Held at the provider (${event.type})`);
    }
    if (report.state === "captured" && (state === "open" || state === "authorised" || state === "captured")) {
      const missing = (report.capturedCents ?? 0) - position.capturedCents;
      // Only the first capture: a payment is captured once (ADR 133); a larger total later is no second capture.
      if (missing > 0 && state !== "captured") await record("captured", missing, `Captured at the provider (${event.type})`);
      const refunded = position.refundedCents;
      const capturedNow = state === "captured" ? position.capturedCents : Math.max(position.capturedCents, report.capturedCents ?? 0);
      const refundMissing = Math.min(report.refundedCents ?? 0, capturedNow) - refunded;
      if (refundMissing > 0) await record("refunded", refundMissing, `Refunded at the provider (${event.type})`);
    }
    if (report.state === "canceled" && state === "authorised") {
      await record("voided", position.authorisedCents, `Released at the provider (${event.type})`);
      // ADR 264: a hold the processor let go while the booking waits for its answer is replaced by
      // the same saved card, charged on confirmation, as the sweep replaces one about to lapse
      // (ADR 135, 242). `replaceHold` reuses a replacement made already, so the sweep and this
      // notification, in either order and however often, leave one. A confirmed booking's hold
      // is replaced by its capture job instead, which is in flight (the notification waits).
      if (payment.purpose === "hold" && recorded.includes("voided")) {
        const booking = await transaction.selectFrom("bookings").select("status").where("id", "=", payment.booking_id).executeTakeFirst();
        if (booking?.status === "pending") {
          await replaceHold(transaction, payment, position.authorisedCents, now);
          await writePaymentStatus(transaction, payment.booking_id);
        }
      }
    }
    if (report.state === "failed" && state === "open") {
      await record("failed", Number(payment.amount_cents), `The provider refused the payment: ${report.failure ?? "payment_failed"}`);
    }
    return { outcome: recorded.length > 0 ? ("recorded" as const) : ("unchanged" as const), recorded };
  });
}

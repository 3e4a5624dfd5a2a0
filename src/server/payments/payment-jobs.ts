import type { Kysely } from "kysely";
import type { Clock } from "../clock.ts";
import type { DatabaseSchema } from "../db/schema.ts";
import { PermanentJobError } from "../jobs/errors.ts";
import type { JobHandler } from "../jobs/types.ts";
import { GatewayRefusal, type GatewayAnswer } from "./gateway.ts";
import { ledgerOf, recordPaymentEvent, systemActor } from "./ledger.ts";
import type { PaymentJobPayload } from "./payment-job-payload.ts";
import { paymentReference, replaceHold, type PaymentsService } from "./payments-service.ts";
import type { Executor } from "../jobs/queue.ts";
import type { BookingLifecycle } from "../booking-lifecycle/state-machine.ts";
import { chargeFailed, followCharge } from "./payment-needed.ts";

// ADR 132: a `payment` job makes one provider call outside any transaction, with the job's
// idempotency key, and records the answer in the ledger in a transaction of its own. A timeout or
// an outage throws and the queue retries; the provider answers a repeated key with its first answer,
// and the ledger's unique key records it once — so a process killed between the provider's answer
// and our commit, once restarted, records the same answer and moves no money twice.

/** The key of the refund that gives back money captured for a booking that had already ended. */
const giveBackKey = (paymentId: string) => `refund:${paymentId}:ended`;

/** Bookings that ended without the service: no money is taken for them. */
const endedWithoutService = new Set(["declined", "cancelled_by_customer", "cancelled_by_operator"]);

export function createPaymentJobHandlers(
  db: Kysely<DatabaseSchema>,
  payments: PaymentsService | undefined,
  clock: Clock,
  lifecycle?: BookingLifecycle,
): Record<"payment" | "payment-holds-sweep", JobHandler> {
  const service = () => {
    if (!payments) throw new PermanentJobError("This job worker was started without the payments service");
    return payments;
  };
  /** ADR 225: a charge of a `payment_needed` booking decides its next step, also when found recorded after a crash. */
  const follow = async (payload: PaymentJobPayload) => {
    if (payload.action !== "charge" || !lifecycle) return;
    await followCharge(db, lifecycle, service().paymentDeadlineMs, payload.bookingId, payload.idempotencyKey, clock.now());
  };
  /**
   * Money taken for a booking that ended without the service goes back in full: by the release the
   * cancel queued (it refunds a payment it finds captured), or else by a refund.
   */
  async function giveBackInFull(transaction: Executor, paymentId: string, bookingId: string, amountCents: number) {
    const queued = await transaction
      .selectFrom("jobs")
      .select("payload")
      .where("kind", "=", "payment")
      // Only a release still waiting is sure to find this capture (it refunds what it finds
      // captured); one running now may have read the ledger before it. If both give back, the
      // second finds nothing left and does nothing (below).
      .where("status", "=", "pending")
      .where("reference_key", "=", paymentReference(paymentId))
      .execute();
    const releaseQueued = queued.some((row) => {
      const other = JSON.parse(row.payload ?? "{}") as Partial<PaymentJobPayload>;
      return other.action === "void" || other.action === "refund";
    });
    if (releaseQueued) return;
    await service().enqueue(transaction, {
      action: "refund",
      paymentId,
      bookingId,
      amountCents,
      reason: "Booking ended before the payment was recorded",
      idempotencyKey: giveBackKey(paymentId),
      actorUserId: null,
      actorRole: "system",
    });
  }

  return {
    payment: {
      async run(job, parsed) {
        const payload = parsed as PaymentJobPayload;
        const { gateway } = service();
        const payment = await db.selectFrom("payments").selectAll().where("id", "=", payload.paymentId).executeTakeFirst();
        if (!payment) throw new PermanentJobError("There is no such payment");
        const ledger = await ledgerOf(db, payment.booking_id);
        const position = ledger.payments.find((entry) => entry.id === payment.id)?.position;
        // Read after the ledger: a run of this job whose lease lapsed on a loaded host (another
        // process took it meanwhile) may commit between the two reads. Its answer is then recorded
        // under this key, and seen here, rather than the ledger's new position refusing this run.
        const already = await db
          .selectFrom("payment_events")
          .select("id")
          .where("idempotency_key", "=", payload.idempotencyKey)
          .executeTakeFirst();
        if (already) {
          await follow(payload);
          return undefined;
        }
        // docs/payments.md: money is taken only for a booking that still stands. A capture or charge
        // queued by the confirmation and run after a cancel or decline takes nothing; the cancel's
        // own job releases the hold.
        // ADR 233: unless an earlier run of this job may have reached the provider (its answer lost
        // to a timeout, or the process killed before our commit): then the money may be taken
        // already. The call is repeated with the same key (the provider answers with its first
        // answer), recorded, and given back in full in the same commit.
        let giveBack = false;
        if (payload.action === "capture" || payload.action === "charge") {
          const booking = await db.selectFrom("bookings").select("status").where("id", "=", payment.booking_id).executeTakeFirst();
          if (!booking || endedWithoutService.has(booking.status)) {
            if (job.attempts <= 1) return undefined;
            const providerId = payment.provider_payment_id;
            // A hold not captured is released by the cancel's own job: nothing to record.
            if (payload.action === "capture" && (!providerId || (await gateway.paymentState(providerId)) !== "captured")) return undefined;
            giveBack = true;
          }
        }
        // A give-back (below) racing the cancel's release: whichever runs second finds the money
        // already returned, and has nothing left to do (ADR 233).
        if (payload.action === "refund" && payload.idempotencyKey === giveBackKey(payment.id)) {
          const left = (position?.capturedCents ?? 0) - (position?.refundedCents ?? 0);
          if (left <= 0) return undefined;
        }
        // A release queued while the capture was already in flight finds the money taken: it is
        // given back in full instead (ADR 132: the ledger follows what the provider did).
        const action = payload.action === "void" && position?.state === "captured" ? "refund" : payload.action;
        const amount =
          action === "refund" && payload.action === "void"
            ? (position?.capturedCents ?? 0) - (position?.refundedCents ?? 0)
            : (payload.amountCents ?? 0);
        const providerPaymentId = payment.provider_payment_id;
        // A release that finds the hold released already (the processor let it go before its
        // capture, recorded by that capture, ADR 242) has nothing left to do.
        if (action === "void" && position?.state === "voided") return undefined;
        // ADR 242: a capture refused because the processor let the hold go (its life ended) takes
        // the money from the saved card instead; set below, recorded with the release.
        let lapsed = false;
        // The ledger refuses an illegal step before the provider is asked (the provider refuses it too).
        const refuse = (message: string) => {
          throw new PermanentJobError(message);
        };
        let answer: GatewayAnswer;
        try {
          switch (action) {
            case "capture":
              if (position?.state !== "authorised" || !providerPaymentId)
                refuse(`A ${position?.state ?? "missing"} payment cannot be captured`);
              if (amount > (position?.authorisedCents ?? 0)) refuse("A capture cannot exceed the authorised amount");
              answer = await gateway.capture({
                providerPaymentId: providerPaymentId ?? "",
                amountCents: amount,
                idempotencyKey: payload.idempotencyKey,
              });
              break;
            case "void":
              if (position?.state !== "authorised" || !providerPaymentId)
                refuse(`A ${position?.state ?? "missing"} payment cannot be voided`);
              answer = await gateway.void({ providerPaymentId: providerPaymentId ?? "", idempotencyKey: payload.idempotencyKey });
              break;
            case "refund":
              if (position?.state !== "captured" || !providerPaymentId)
                refuse(`A ${position?.state ?? "missing"} payment cannot be refunded`);
              if (amount > (position?.capturedCents ?? 0) - (position?.refundedCents ?? 0))
                refuse("A refund cannot exceed what was captured");
              answer = await gateway.refund({
                providerPaymentId: providerPaymentId ?? "",
                amountCents: amount,
                idempotencyKey: payload.idempotencyKey,
                reason: payload.reason ?? "",
              });
              break;
            case "charge":
              if (position?.state !== "open") refuse(`A ${position?.state ?? "missing"} payment cannot be charged`);
              answer = await gateway.chargeSaved({
                amountCents: amount,
                methodToken: payment.method_token,
                idempotencyKey: payload.idempotencyKey,
              });
              break;
          }
        } catch (error) {
          if (!(error instanceof GatewayRefusal)) throw error;
          answer = { outcome: "declined", code: "card_declined", providerMessage: `${error.code}: ${error.message}` };
          if (action === "capture" && providerPaymentId) {
            const state = await gateway.paymentState(providerPaymentId);
            lapsed = state === "expired" || state === "canceled";
          }
        }
        const now = clock.now();
        const actor = { userId: payload.actorUserId, role: payload.actorRole };
        await db.transaction().execute(async (transaction) => {
          if (lapsed) {
            // ADR 242: the hold is gone at the processor; the ledger says so, and the confirmed
            // amount is charged to the same saved card, as a hold about to expire is (ADR 135).
            await recordPaymentEvent(transaction, {
              paymentId: payment.id,
              bookingId: payment.booking_id,
              type: "voided",
              amountCents: position?.authorisedCents ?? 0,
              reason: "The hold was released by the processor before its capture",
              idempotencyKey: payload.idempotencyKey,
              actor: systemActor,
              now,
            });
            const replacement = await replaceHold(transaction, payment, amount, now);
            await service().enqueue(transaction, {
              action: "charge",
              paymentId: replacement.paymentId,
              bookingId: payment.booking_id,
              amountCents: amount,
              idempotencyKey: `charge:${replacement.paymentId}`,
              actorUserId: payload.actorUserId,
              actorRole: payload.actorRole,
            });
          } else if (answer.outcome === "succeeded") {
            if (payload.action === "charge") {
              await transaction
                .updateTable("payments")
                .set({ provider_payment_id: answer.providerPaymentId })
                .where("id", "=", payment.id)
                .execute();
            }
            const type = action === "capture" || action === "charge" ? "captured" : action === "void" ? "voided" : "refunded";
            await recordPaymentEvent(transaction, {
              paymentId: payment.id,
              bookingId: payment.booking_id,
              type,
              amountCents: action === "void" ? (position?.authorisedCents ?? 0) : answer.amountCents,
              reason: payload.reason ?? null,
              providerReference: answer.providerReference ?? answer.providerPaymentId,
              idempotencyKey: payload.idempotencyKey,
              actor,
              now,
            });
            if (giveBack) await giveBackInFull(transaction, payment.id, payment.booking_id, answer.amountCents);
          } else {
            const reason = answer.outcome === "declined" ? answer.providerMessage : "The provider asked for the customer's authentication";
            const recorded = await recordPaymentEvent(transaction, {
              paymentId: payment.id,
              bookingId: payment.booking_id,
              type: "failed",
              amountCents: amount,
              reason,
              idempotencyKey: payload.idempotencyKey,
              actor,
              now,
            });
            // ADR 264: the booking's answer to a failed charge commits with the failure itself.
            if (recorded && payload.action === "charge" && lifecycle) {
              await chargeFailed(
                transaction,
                lifecycle,
                service().paymentDeadlineMs,
                payment.booking_id,
                { amountCents: amount, reason },
                now,
              );
            }
          }
        });
        await follow(payload);
        // docs/payments.md "Live updates": the event is in the table; this process's streams read it now.
        service().committed();
        return undefined;
      },
    },
    "payment-holds-sweep": {
      // ADR 135: a hold of a booking still waiting for its answer that would expire within a day is
      // released and replaced by the saved card, charged on confirmation.
      async run() {
        if (!payments) return undefined;
        const now = clock.now();
        const soon = new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString();
        const expiring = await db
          .selectFrom("payments")
          .innerJoin("bookings", "bookings.id", "payments.booking_id")
          .selectAll("payments")
          .where("payments.purpose", "=", "hold")
          .where("payments.hold_expires_at", "<", soon)
          .where("bookings.status", "=", "pending")
          .execute();
        for (const payment of expiring) {
          await db.transaction().execute(async (transaction) => {
            const ledger = await ledgerOf(transaction, payment.booking_id);
            const entry = ledger.payments.find((row) => row.id === payment.id);
            if (entry?.position.state !== "authorised") return;
            // Replaced already by an earlier run whose void is still queued.
            if (ledger.payments.some((row) => row.purpose === "charge_on_confirmation" && row.created_at >= payment.created_at)) return;
            await payments.enqueue(transaction, {
              action: "void",
              paymentId: payment.id,
              bookingId: payment.booking_id,
              idempotencyKey: `void:${payment.id}`,
              actorUserId: null,
              actorRole: "system",
            });
            await replaceHold(transaction, payment, entry.position.authorisedCents, now);
          });
        }
        return undefined;
      },
    },
  };
}

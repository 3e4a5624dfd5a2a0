import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, operatorToday } from "../../shared/time.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { insertBooking } from "../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { recordPaymentEvent, systemActor } from "./ledger.ts";
import { paymentReference } from "./payments-service.ts";
import { createPaymentJobHandlers } from "./payment-jobs.ts";
import { systemClock } from "../clock.ts";
import type { JobHandler } from "../jobs/types.ts";

// ADR 137: Stripe's signed notifications through the real route, signed with the SDK's own
// stripe.webhooks.generateTestHeaderString. Each brings the ledger level with the provider's totals
// once: a duplicate or a late event changes nothing, events out of order give the same ledger, a
// notification while one of our own calls is in flight is deferred (503), and a forged one is
// refused and changes nothing.

const webhookSecret = "whsec_notificationtest000000000";
const stripe = new Stripe("sk_test_51Notificationtest");

describeEachEngine("the provider's notifications and the ledger", (engine) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp(engine, {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_51Notificationtest",
      STRIPE_PUBLISHABLE_KEY: "pk_test_51Notificationtest",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    });
  });
  afterAll(() => test.close());

  /** A booking with one Stripe payment, authorised (a hold) or open (charged on confirmation). */
  async function stripePayment(state: "authorised" | "open", amountCents = 10_000) {
    const bookingId = await insertBooking(test, { startDate: addDays(operatorToday(new Date()), 3), priceCents: amountCents });
    const paymentId = randomUUID();
    const providerPaymentId = `pi_${randomUUID().replaceAll("-", "")}`;
    await test.db.transaction().execute(async (transaction) => {
      await transaction
        .insertInto("payments")
        .values({
          id: paymentId,
          booking_id: bookingId,
          user_id: null,
          provider: "stripe",
          purpose: state === "authorised" ? "hold" : "charge_on_confirmation",
          amount_cents: amountCents,
          currency: "eur",
          method_token: "cus_1:pm_1",
          card_brand: "visa",
          card_last_four: "4242",
          provider_payment_id: providerPaymentId,
          hold_expires_at: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      if (state === "authorised") {
        await recordPaymentEvent(transaction, {
          paymentId,
          bookingId,
          type: "authorised",
          amountCents,
          idempotencyKey: `authorise:${paymentId}`,
          actor: systemActor,
          now: new Date(),
        });
      }
    });
    return { bookingId, paymentId, providerPaymentId };
  }

  async function send(id: string, type: string, object: Record<string, unknown>, secret = webhookSecret) {
    const payload = JSON.stringify({ id, object: "event", api_version: "2025-01-01", type, data: { object } });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    const response = await test.app.request("/api/payments/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": header },
      body: payload,
    });
    return { status: response.status, body: (await response.json()) as { outcome?: string; error?: { code: string } } };
  }

  const ledger = async (bookingId: string) =>
    (
      await test.db
        .selectFrom("payment_events")
        .select(["type", "amount_cents", "actor_role"])
        .where("booking_id", "=", bookingId)
        .orderBy("created_at")
        .orderBy("id")
        .execute()
    ).map((row) => `${row.type} ${Number(row.amount_cents)} ${row.actor_role}`);
  const paymentStatus = async (bookingId: string) =>
    (await test.db.selectFrom("bookings").select("payment_status").where("id", "=", bookingId).executeTakeFirstOrThrow()).payment_status;

  const charge = (providerPaymentId: string, captured: number, refunded: number) => ({
    object: "charge",
    id: `ch_${providerPaymentId}`,
    payment_intent: providerPaymentId,
    amount_captured: captured,
    amount_refunded: refunded,
  });
  const intent = (providerPaymentId: string, fields: Record<string, unknown>) => ({
    object: "payment_intent",
    id: providerPaymentId,
    ...fields,
  });

  it("records a refund made at the provider once, whatever the order and however often the events come", async () => {
    const { bookingId, providerPaymentId } = await stripePayment("authorised");
    // The refund's event arrives before the capture's: its charge carries both totals.
    expect((await send("evt_r1", "charge.refunded", charge(providerPaymentId, 8_000, 2_000))).body.outcome).toBe("recorded");
    expect(await ledger(bookingId)).toEqual(["authorised 10000 system", "captured 8000 provider", "refunded 2000 provider"]);
    // The late capture event and a duplicate of the refund change nothing.
    expect((await send("evt_c1", "payment_intent.succeeded", intent(providerPaymentId, { amount_received: 8_000 }))).body.outcome).toBe(
      "unchanged",
    );
    expect((await send("evt_r1", "charge.refunded", charge(providerPaymentId, 8_000, 2_000))).body.outcome).toBe("unchanged");
    // A second refund: the charge's total grows to 3 000, one more 1 000 is recorded.
    expect((await send("evt_r2", "charge.refunded", charge(providerPaymentId, 8_000, 3_000))).body.outcome).toBe("recorded");
    // An older event after the newer one: nothing goes back.
    expect((await send("evt_r1b", "charge.refunded", charge(providerPaymentId, 8_000, 2_000))).body.outcome).toBe("unchanged");
    expect(await ledger(bookingId)).toEqual([
      "authorised 10000 system",
      "captured 8000 provider",
      "refunded 2000 provider",
      "refunded 1000 provider",
    ]);
    expect(await paymentStatus(bookingId)).toBe("partially_refunded");
    // Each capture and refund recorded here queues its receipt or credit note, as our own calls do.
    const documents = await test.db
      .selectFrom("jobs")
      .select("payload")
      .where("kind", "=", "documents.issue")
      .where("reference_key", "=", `documents:${bookingId}`)
      .execute();
    expect(documents.map((job) => (JSON.parse(job.payload ?? "{}") as { kind: string }).kind).sort()).toEqual([
      "credit-note",
      "credit-note",
      "receipt",
    ]);
  });

  /** The waiting booking's replacements of its hold: charges of the same saved card on confirmation. */
  const replacements = (bookingId: string) =>
    test.db
      .selectFrom("payments")
      .select(["amount_cents", "method_token"])
      .where("booking_id", "=", bookingId)
      .where("purpose", "=", "charge_on_confirmation")
      .execute();
  const sweep = async () => {
    const handlers = createPaymentJobHandlers(test.db, test.services.payments, systemClock, test.services.bookingLifecycle);
    await handlers["payment-holds-sweep"].run({} as Parameters<JobHandler["run"]>[0], undefined);
  };
  const expireSoon = (paymentId: string) =>
    test.db
      .updateTable("payments")
      .set({ hold_expires_at: new Date(Date.now() + 3_600_000).toISOString() })
      .where("id", "=", paymentId)
      .execute();

  it("replaces a hold the processor let go of a waiting booking once, as the sweep does, in either order (ADR 242, 264)", async () => {
    // The notification first, twice, then the sweep: one replacement, for the hold's amount.
    const first = await stripePayment("authorised");
    await expireSoon(first.paymentId);
    expect(
      (await send("evt_lapse1", "payment_intent.canceled", intent(first.providerPaymentId, { status: "canceled" }))).body.outcome,
    ).toBe("recorded");
    await send("evt_lapse1b", "payment_intent.canceled", intent(first.providerPaymentId, { status: "canceled" }));
    await sweep();
    expect(await replacements(first.bookingId)).toEqual([{ amount_cents: 10_000, method_token: "cus_1:pm_1" }]);
    expect(await paymentStatus(first.bookingId)).toBe("card_saved");

    // The sweep first: while its release is queued the notification waits (503); once that job is
    // out of the way the notification records the release and reuses the sweep's replacement.
    const second = await stripePayment("authorised");
    await expireSoon(second.paymentId);
    await sweep();
    expect((await send("evt_lapse2", "payment_intent.canceled", intent(second.providerPaymentId, { status: "canceled" }))).status).toBe(
      503,
    );
    await test.db.updateTable("jobs").set({ status: "done" }).where("reference_key", "=", paymentReference(second.paymentId)).execute();
    await send("evt_lapse2", "payment_intent.canceled", intent(second.providerPaymentId, { status: "canceled" }));
    await sweep();
    expect(await replacements(second.bookingId)).toHaveLength(1);

    // A booking no longer waiting (declined) gets no replacement: nothing is to be charged.
    const ended = await stripePayment("authorised");
    await test.db.updateTable("bookings").set({ status: "declined" }).where("id", "=", ended.bookingId).execute();
    await send("evt_lapse3", "payment_intent.canceled", intent(ended.providerPaymentId, { status: "canceled" }));
    expect(await replacements(ended.bookingId)).toEqual([]);
  });

  it("records a capture, a hold, a release and a failure from the intent's events, each once", async () => {
    const captured = await stripePayment("authorised");
    await send("evt_s1", "payment_intent.succeeded", intent(captured.providerPaymentId, { amount_received: 9_000 }));
    await send("evt_s1", "payment_intent.succeeded", intent(captured.providerPaymentId, { amount_received: 9_000 }));
    expect(await ledger(captured.bookingId)).toEqual(["authorised 10000 system", "captured 9000 provider"]);
    expect(await paymentStatus(captured.bookingId)).toBe("paid");

    const released = await stripePayment("authorised");
    await send("evt_x1", "payment_intent.canceled", intent(released.providerPaymentId, { status: "canceled" }));
    await send("evt_x2", "payment_intent.canceled", intent(released.providerPaymentId, { status: "canceled" }));
    expect(await ledger(released.bookingId)).toEqual(["authorised 10000 system", "voided 10000 provider"]);
    // ADR 264: the waiting booking's card is then charged on confirmation instead (below).
    expect(await paymentStatus(released.bookingId)).toBe("card_saved");

    const held = await stripePayment("open");
    await send("evt_h1", "payment_intent.amount_capturable_updated", intent(held.providerPaymentId, { amount_capturable: 10_000 }));
    await send("evt_h1", "payment_intent.amount_capturable_updated", intent(held.providerPaymentId, { amount_capturable: 10_000 }));
    expect(await ledger(held.bookingId)).toEqual(["authorised 10000 provider"]);
    expect(await paymentStatus(held.bookingId)).toBe("authorised");

    const failed = await stripePayment("open");
    const failure = { last_payment_error: { code: "card_declined", decline_code: "insufficient_funds", message: "Insufficient funds" } };
    await send("evt_f1", "payment_intent.payment_failed", intent(failed.providerPaymentId, failure));
    await send("evt_f2", "payment_intent.payment_failed", intent(failed.providerPaymentId, failure));
    expect(await ledger(failed.bookingId)).toEqual(["failed 10000 provider"]);
    expect(await paymentStatus(failed.bookingId)).toBe("failed");
  });

  it("keeps a hold before its capture in the ledger when both are recorded in the same millisecond", async () => {
    const now = new Date();
    for (let round = 0; round < 12; round += 1) {
      const { bookingId, paymentId } = await stripePayment("open");
      await test.db.transaction().execute(async (transaction) => {
        for (const [type, key] of [
          ["authorised", "authorise"],
          ["captured", "capture"],
        ] as const) {
          await recordPaymentEvent(transaction, {
            paymentId,
            bookingId,
            type,
            amountCents: 10_000,
            idempotencyKey: `${key}:${paymentId}`,
            actor: systemActor,
            now,
          });
        }
      });
      expect(await ledger(bookingId)).toEqual(["authorised 10000 system", "captured 10000 system"]);
      expect(await paymentStatus(bookingId)).toBe("paid");
    }
  });

  it("defers while our own call for the payment is in flight, and refuses a forged or unknown notification", async () => {
    const { bookingId, paymentId, providerPaymentId } = await stripePayment("authorised");
    await enqueueJob(test.db, {
      kind: "payment",
      payload: {
        action: "capture",
        paymentId,
        bookingId,
        amountCents: 10_000,
        idempotencyKey: `capture:${paymentId}`,
        actorUserId: null,
        actorRole: "system",
      },
      referenceKey: paymentReference(paymentId),
    });
    const deferred = await send("evt_d1", "payment_intent.succeeded", intent(providerPaymentId, { amount_received: 10_000 }));
    expect(deferred.status).toBe(503);
    expect(deferred.body.error?.code).toBe("try_again_later");
    expect(await ledger(bookingId)).toEqual(["authorised 10000 system"]);

    const forged = await send("evt_f9", "charge.refunded", charge(providerPaymentId, 10_000, 10_000), "whsec_someoneelse0000000000");
    expect(forged.status).toBe(400);
    expect(await ledger(bookingId)).toEqual(["authorised 10000 system"]);

    const unknown = await send("evt_u1", "charge.refunded", charge("pi_nobodyknows", 100, 100));
    expect(unknown).toMatchObject({ status: 200, body: { outcome: "unknown_payment" } });
    const ignored = await send("evt_i1", "customer.created", { object: "customer", id: "cus_1" });
    expect(ignored).toMatchObject({ status: 200, body: { outcome: "ignored" } });
  });

  it("tells the payment step to use Stripe's field, with the publishable key only (ADR 192)", async () => {
    const config = await test.request("GET", "/api/payments/config");
    expect(config.body).toEqual({ provider: "stripe", publishableKey: "pk_test_51Notificationtest", invoiceDueDays: 30 });
  });
});

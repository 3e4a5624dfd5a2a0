import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, operatorToday } from "../../shared/time.ts";
import { manualClock } from "../clock.ts";
import { startJobWorker } from "../jobs/worker.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { createStaff } from "../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import type { PaymentGateway } from "./gateway.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { waitFor } from "../test-support/wait-for.ts";
import { paymentsList } from "./money-requests.ts";
import { createPaymentsService } from "./payments-service.ts";

// ADR 132: a provider call that fails or times out after the provider acted is retried by the
// queue with the same idempotency key and charges once; a step the ledger does not allow (a second
// capture, a refund above what was captured, a capture after a void) is refused before the provider
// is asked and leaves the ledger as it was.

describeEachEngine("payment jobs", (engine) => {
  let test: TestApp;
  let operator: Awaited<ReturnType<typeof createStaff>>;
  let customer: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    test = await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" });
    operator = await createStaff(test, "operator");
    customer = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  async function authorisedBooking() {
    const card = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber: "4242424242424242", expiry: "12/34", cvv: "123" },
      headers: { cookie: customer.cookie },
    });
    const today = operatorToday(new Date());
    const body = {
      ...bookingRequest(),
      startDate: addDays(today, 2),
      endDate: addDays(today, 2),
      services: [{ serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "day" } }],
      payment: { paymentMethodId: (card.body.paymentMethod as { id: string }).id },
    };
    const created = await test.request("POST", "/api/bookings", { body, headers: { cookie: customer.cookie } });
    expect(created.status).toBe(201);
    const payment = await test.db.selectFrom("payments").selectAll().where("booking_id", "=", body.bookingId).executeTakeFirstOrThrow();
    return { bookingId: body.bookingId, total: Number(created.body.totalCents), payment };
  }

  const eventsOf = async (bookingId: string) =>
    (
      await test.db
        .selectFrom("payment_events")
        .select(["type", "amount_cents"])
        .where("booking_id", "=", bookingId)
        .orderBy("created_at")
        .execute()
    ).map((row) => `${row.type}:${Number(row.amount_cents)}`);

  /** The provider captures, and the answer is lost on the way back (a timeout) the first `times` times. */
  function losingCaptureAnswers(times: number): PaymentGateway {
    let lost = times;
    const real = test.services.payments.gateway;
    return {
      ...real,
      capture: async (request) => {
        const answer = await real.capture(request);
        if (lost-- > 0) throw new Error("timeout: no answer from the provider");
        return answer;
      },
    };
  }

  it("retries a capture whose answer was lost, and captures once", async () => {
    const { bookingId, total, payment } = await authorisedBooking();
    const payments = createPaymentsService({ db: test.db, gateway: losingCaptureAnswers(2) });
    await test.request("POST", `/api/admin/bookings/${bookingId}/confirm`, { body: {}, headers: { cookie: operator.cookie } });
    const clock = manualClock(new Date(Date.now() + 1000));
    for (let run = 0; run < 3; run += 1) {
      const worker = startJobWorker(test.deps, { pollIntervalMs: 60_000, batchSize: 100, payments, clock, baseBackoffMs: 1000 });
      await worker.runOnce();
      await worker.stop();
      clock.advance(60_000);
    }
    const job = await test.db
      .selectFrom("jobs")
      .select(["status", "attempts", "last_error"])
      .where("reference_key", "=", `payment:${payment.id}`)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: "done", attempts: 3 });
    expect(await eventsOf(bookingId)).toEqual([`authorised:${total}`, `captured:${total}`]);
    const intent = await test.db
      .selectFrom("simulated_intents")
      .selectAll()
      .where("id", "=", payment.provider_payment_id ?? "")
      .executeTakeFirstOrThrow();
    expect(Number(intent.captured_cents)).toBe(total);
  });

  it("records a capture whose answer was lost before the booking was cancelled, and gives the money back", async () => {
    // Found by the money model (ADR 231): the provider captured, the answer was lost (a timeout, or a
    // process killed before our commit); the operator cancelled; the capture's retry saw the
    // cancelled booking and took "nothing", the release found the hold captured and failed, and the
    // processor kept money our ledger never recorded.
    const { bookingId, total, payment } = await authorisedBooking();
    const payments = createPaymentsService({ db: test.db, gateway: losingCaptureAnswers(1) });
    const clock = manualClock(new Date(Date.now() + 1000));
    const runJobs = async () => {
      const worker = startJobWorker(test.deps, { pollIntervalMs: 60_000, batchSize: 100, payments, clock, baseBackoffMs: 1000 });
      await worker.runOnce();
      await worker.stop();
      clock.advance(60_000);
    };
    await test.request("POST", `/api/admin/bookings/${bookingId}/confirm`, { body: {}, headers: { cookie: operator.cookie } });
    await runJobs();
    const cancelled = await test.request("POST", `/api/admin/bookings/${bookingId}/cancel`, {
      body: { reason: "Event called off" },
      headers: { cookie: operator.cookie },
    });
    expect(cancelled.status).toBe(200);
    for (let run = 0; run < 4; run += 1) await runJobs();
    const intent = await test.db
      .selectFrom("simulated_intents")
      .selectAll()
      .where("id", "=", payment.provider_payment_id ?? "")
      .executeTakeFirstOrThrow();
    const events = await eventsOf(bookingId);
    expect(events).toContain(`captured:${total}`);
    expect(events).toContain(`refunded:${total}`);
    expect([Number(intent.captured_cents), Number(intent.refunded_cents)]).toEqual([total, total]);
    const booking = await test.db.selectFrom("bookings").select("payment_status").where("id", "=", bookingId).executeTakeFirstOrThrow();
    expect(booking.payment_status).toBe("refunded");
  });

  it("refuses an operator's refund while the cancel's release is about to give the captured money back", async () => {
    // Found by the money model (ADR 231): the capture landed while the operator cancelled, so the
    // cancel queued a release, which refunds in full what it finds captured. A refund asked for
    // meanwhile was accepted (202), then could not run ("A refund cannot exceed what was captured").
    const { bookingId, total } = await authorisedBooking();
    let captureReached!: () => void;
    const reached = new Promise<void>((resolve) => (captureReached = resolve));
    let letAnswer!: () => void;
    const answerHeld = new Promise<void>((resolve) => (letAnswer = resolve));
    const real = test.services.payments.gateway;
    const slow: PaymentGateway = {
      ...real,
      capture: async (request) => {
        const answer = await real.capture(request);
        captureReached();
        await answerHeld;
        return answer;
      },
    };
    const payments = createPaymentsService({ db: test.db, gateway: slow });
    await test.request("POST", `/api/admin/bookings/${bookingId}/confirm`, { body: {}, headers: { cookie: operator.cookie } });
    const worker = startJobWorker(test.deps, { pollIntervalMs: 60_000, batchSize: 1, payments });
    const capturing = worker.runOnce();
    await reached;
    const cancelled = await test.request("POST", `/api/admin/bookings/${bookingId}/cancel`, {
      body: { reason: "Event called off" },
      headers: { cookie: operator.cookie },
    });
    expect(cancelled.status).toBe(200);
    letAnswer();
    await capturing;
    // The worker may run the cancel's release in the same pass: the capture is in, and perhaps its refund already.
    await waitFor(async () => ((await eventsOf(bookingId)).length >= 2 ? true : undefined), { what: "the capture in the ledger" });
    expect((await eventsOf(bookingId)).slice(0, 2)).toEqual([`authorised:${total}`, `captured:${total}`]);

    const refund = await test.request("POST", `/api/admin/bookings/${bookingId}/refunds`, {
      body: { amountCents: 1000, reason: "Goodwill" },
      headers: { cookie: operator.cookie },
    });
    expect(refund.status).toBe(409);
    await worker.runOnce();
    await worker.stop();
    expect(await eventsOf(bookingId)).toEqual([`authorised:${total}`, `captured:${total}`, `refunded:${total}`]);
    const failed = await test.db
      .selectFrom("jobs")
      .select("last_error")
      .where("kind", "=", "payment")
      .where("status", "=", "failed")
      .execute();
    expect(failed).toEqual([]);
  });

  it("refuses a second capture, a refund above the capture and a capture after a void, before asking the provider", async () => {
    const { bookingId, total, payment } = await authorisedBooking();
    const calls: string[] = [];
    const real = test.services.payments.gateway;
    const watched: PaymentGateway = {
      ...real,
      capture: (request) => (calls.push("capture"), real.capture(request)),
      refund: (request) => (calls.push("refund"), real.refund(request)),
      void: (request) => (calls.push("void"), real.void(request)),
    };
    const payments = createPaymentsService({ db: test.db, gateway: watched });
    const run = async (action: "capture" | "refund" | "void", amountCents?: number) => {
      const key = `${action}:${randomUUID()}`;
      await payments.enqueue(test.db, {
        action,
        paymentId: payment.id,
        bookingId,
        amountCents,
        idempotencyKey: key,
        actorUserId: null,
        actorRole: "system",
      });
      const worker = startJobWorker(test.deps, { pollIntervalMs: 60_000, batchSize: 100, payments });
      await worker.runOnce();
      await worker.stop();
      return test.db.selectFrom("jobs").select(["status", "last_error"]).where("payload", "like", `%${key}%`).executeTakeFirstOrThrow();
    };
    expect((await run("capture", total)).status).toBe("done");
    const second = await run("capture", total);
    expect(second.status).toBe("failed");
    expect(second.last_error).toMatch(/captured payment cannot be captured/);
    const tooMuch = await run("refund", total + 1);
    expect(tooMuch.last_error).toMatch(/cannot exceed what was captured/);
    expect(calls).toEqual(["capture"]);
    expect(await eventsOf(bookingId)).toEqual([`authorised:${total}`, `captured:${total}`]);

    const other = await authorisedBooking();
    await payments.enqueue(test.db, {
      action: "void",
      paymentId: other.payment.id,
      bookingId: other.bookingId,
      idempotencyKey: `void:${other.payment.id}`,
      actorUserId: null,
      actorRole: "system",
    });
    const worker = startJobWorker(test.deps, { pollIntervalMs: 60_000, batchSize: 100, payments });
    await worker.runOnce();
    await worker.stop();
    const afterVoid = await (async () => {
      const key = `capture:${randomUUID()}`;
      await payments.enqueue(test.db, {
        action: "capture",
        paymentId: other.payment.id,
        bookingId: other.bookingId,
        amountCents: other.total,
        idempotencyKey: key,
        actorUserId: null,
        actorRole: "system",
      });
      const again = startJobWorker(test.deps, { pollIntervalMs: 60_000, batchSize: 100, payments });
      await again.runOnce();
      await again.stop();
      return test.db.selectFrom("jobs").select(["status", "last_error"]).where("payload", "like", `%${key}%`).executeTakeFirstOrThrow();
    })();
    expect(afterVoid.last_error).toMatch(/voided payment cannot be captured/);
    expect(await eventsOf(other.bookingId)).toEqual([`authorised:${other.total}`, `voided:${other.total}`]);
  });

  it("replaces a hold that would expire before the answer by a charge on confirmation, and shows it to operators first", async () => {
    const { bookingId, total, payment } = await authorisedBooking();
    const expiresAt = new Date(payment.hold_expires_at ?? "");
    const beforeExpiry = new Date(expiresAt.getTime() - 12 * 60 * 60 * 1000);
    const listed = await paymentsList(test.db, { holdsExpiringBeforeReply: true }, beforeExpiry);
    expect(listed.map((row) => row.bookingId)).toContain(bookingId);
    await enqueueJob(test.db, { kind: "payment-holds-sweep", payload: {} });
    for (let run = 0; run < 2; run += 1) {
      const worker = startJobWorker(test.deps, {
        pollIntervalMs: 60_000,
        batchSize: 100,
        payments: test.services.payments,
        clock: manualClock(beforeExpiry),
      });
      await worker.runOnce();
      await worker.stop();
    }
    expect(await eventsOf(bookingId)).toEqual([`authorised:${total}`, `voided:${total}`]);
    const payments = await test.db
      .selectFrom("payments")
      .select(["purpose", "amount_cents"])
      .where("booking_id", "=", bookingId)
      .orderBy("created_at")
      .execute();
    expect(payments.map((row) => `${row.purpose}:${Number(row.amount_cents)}`)).toEqual([
      `hold:${total}`,
      `charge_on_confirmation:${total}`,
    ]);
    const booking = await test.db.selectFrom("bookings").select("payment_status").where("id", "=", bookingId).executeTakeFirstOrThrow();
    expect(booking.payment_status).toBe("card_saved");
    // Confirmed later, the saved card is charged.
    await test.request("POST", `/api/admin/bookings/${bookingId}/confirm`, { body: {}, headers: { cookie: operator.cookie } });
    const later = manualClock(new Date(beforeExpiry.getTime() + 60_000));
    const worker = startJobWorker(test.deps, { pollIntervalMs: 60_000, batchSize: 100, payments: test.services.payments, clock: later });
    await worker.runOnce();
    await worker.stop();
    expect(await eventsOf(bookingId)).toEqual([`authorised:${total}`, `voided:${total}`, `captured:${total}`]);
  });
});

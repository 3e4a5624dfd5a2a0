import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, operatorToday } from "../../shared/time.ts";
import { startJobWorker } from "../jobs/worker.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { createStaff } from "../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { swedishCompany } from "../features/invoices/test-support.ts";

// docs/money.md "Invariants the writes hold", under concurrency: requests fired at once (20 with
// Promise.all, spread over two app instances on one PostgreSQL schema) and jobs run by two workers
// at once. Whatever the interleaving, what is credited never exceeds what is creditable, the ledger's
// refunds equal the processor's, and each success answer is exactly one recorded movement and one
// document.

type Person = Awaited<ReturnType<typeof createSignedInUser>>;

describeEachEngine("money under concurrency", (engine) => {
  let first: TestApp;
  let second: TestApp;
  let operator: Person;
  let customer: Person;

  beforeAll(async () => {
    first = await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" });
    // A second process behind the load balancer; SQLite is one process's file, so there it is the same app.
    second =
      engine === "postgres"
        ? await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" }, { sharedWith: first })
        : first;
    operator = await createStaff(first, "operator");
    customer = await createSignedInUser(first);
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
  });

  const as = (cookie: string, headers: Record<string, string> = {}) => ({ headers: { cookie, ...headers } });
  const app = (index: number) => (index % 2 === 0 ? first : second);

  /** Every due job, run by one worker per app at the same time, until none is left. */
  async function runJobsOnBothApps() {
    const workers = [...new Set([first, second])].flatMap((test) =>
      [0, 1].map(() =>
        startJobWorker(test.deps, {
          pollIntervalMs: 60_000,
          batchSize: 100,
          parallelSends: 5,
          payments: test.services.payments,
          bookingLifecycle: test.services.bookingLifecycle,
        }),
      ),
    );
    try {
      for (let round = 0; round < 10; round += 1) {
        const handled = await Promise.all(workers.map((worker) => worker.runOnce()));
        if (handled.every((count) => count === 0)) break;
      }
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  }

  async function paidCardBooking(): Promise<{ bookingId: string; totalCents: number }> {
    const added = await first.request("POST", "/api/account/payment-methods", {
      body: { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvv: "123" },
      ...as(customer.cookie),
    });
    expect(added.status).toBe(201);
    const today = operatorToday(new Date());
    const body = {
      ...bookingRequest(),
      startDate: addDays(today, 3),
      endDate: addDays(today, 4),
      services: [{ serviceId: "svc-residential", options: { guards: 2, days: 2, timeOfDay: "night" } }],
      payment: { paymentMethodId: (added.body.paymentMethod as { id: string }).id },
    };
    const booked = await first.request("POST", "/api/bookings", { body, ...as(customer.cookie) });
    expect(booked.status).toBe(201);
    const confirmed = await first.request("POST", `/api/admin/bookings/${body.bookingId}/confirm`, { body: {}, ...as(operator.cookie) });
    expect(confirmed.status).toBe(200);
    await runJobsOnBothApps();
    return { bookingId: body.bookingId, totalCents: Number(booked.body.totalCents) };
  }

  /** What the ledger, the processor and the documents say of one booking. */
  async function moneyOf(bookingId: string) {
    const events = await first.db
      .selectFrom("payment_events")
      .select(["type", "amount_cents"])
      .where("booking_id", "=", bookingId)
      .execute();
    const sum = (type: string) => events.filter((row) => row.type === type).reduce((total, row) => total + Number(row.amount_cents), 0);
    const intents = await first.db
      .selectFrom("simulated_intents")
      .select(["captured_cents", "refunded_cents"])
      .where(
        "id",
        "in",
        first.db
          .selectFrom("payments")
          .select("provider_payment_id")
          .where("booking_id", "=", bookingId)
          .where("provider_payment_id", "is not", null),
      )
      .execute();
    const documents = await first.db
      .selectFrom("accounting_documents")
      .select(["kind", "total_cents", "payment_event_id"])
      .where("booking_id", "=", bookingId)
      .execute();
    const ofKind = (kind: string) => documents.filter((row) => row.kind === kind);
    return {
      ledgerCaptured: sum("captured"),
      ledgerRefunded: sum("refunded"),
      refundEvents: events.filter((row) => row.type === "refunded").length,
      processorCaptured: intents.reduce((total, row) => total + Number(row.captured_cents), 0),
      processorRefunded: intents.reduce((total, row) => total + Number(row.refunded_cents), 0),
      creditNotes: ofKind("credit-note").length,
      credited: ofKind("credit-note").reduce((total, row) => total + Number(row.total_cents), 0),
      charged: documents.filter((row) => row.kind !== "credit-note").reduce((total, row) => total + Number(row.total_cents), 0),
    };
  }

  it("twenty refunds at once on two apps: each accepted refund is one movement at the processor, one ledger row and one credit note", async () => {
    const { bookingId, totalCents } = await paidCardBooking();
    // Each refund a sixth of the total: five fit, and the refusals show that nothing more is given back.
    const part = Math.floor(totalCents / 6);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        app(index).request("POST", `/api/admin/bookings/${bookingId}/refunds`, {
          body: { amountCents: part, reason: `Refund ${index}` },
          ...as(operator.cookie, { "Idempotency-Key": randomUUID() }),
        }),
      ),
    );
    const accepted = answers.filter((answer) => answer.status === 202).length;
    expect(answers.filter((answer) => answer.status !== 202).map((answer) => answer.status)).toEqual(Array(20 - accepted).fill(409));
    expect(accepted).toBe(6);
    await runJobsOnBothApps();
    const money = await moneyOf(bookingId);
    expect(money.processorCaptured).toBe(totalCents);
    expect(money.ledgerCaptured).toBe(totalCents);
    expect(money.processorRefunded).toBe(accepted * part);
    expect(money.ledgerRefunded).toBe(money.processorRefunded);
    expect(money.refundEvents).toBe(accepted);
    expect(money.creditNotes).toBe(accepted);
    expect(money.credited).toBe(money.ledgerRefunded);
    expect(money.credited).toBeLessThanOrEqual(money.charged);
  });

  it("refund jobs racing at the processor: the ledger refunds what the processor refunded, never more", async () => {
    const { bookingId, totalCents } = await paidCardBooking();
    const payment = await first.db
      .selectFrom("payments")
      .select("id")
      .where("booking_id", "=", bookingId)
      .where("provider_payment_id", "is not", null)
      .executeTakeFirstOrThrow();
    // Twelve refunds of a fifth each, queued past the request's own check: the job reads the ledger
    // before the processor is asked, so only the processor can settle which five fit (ADR 215).
    const amounts = Array.from({ length: 12 }, () => Math.floor(totalCents / 5));
    for (const [index, amountCents] of amounts.entries()) {
      await first.services.payments.enqueue(first.db, {
        action: "refund",
        paymentId: payment.id,
        bookingId,
        amountCents,
        reason: `Race ${index}`,
        idempotencyKey: `refund:${payment.id}:race-${index}`,
        actorUserId: operator.user.id,
        actorRole: "operator",
      });
    }
    await runJobsOnBothApps();
    const money = await moneyOf(bookingId);
    expect(money.ledgerRefunded).toBe(money.processorRefunded);
    expect(money.processorRefunded).toBeLessThanOrEqual(totalCents);
    expect(money.creditNotes).toBe(money.refundEvents);
    expect(money.credited).toBe(money.ledgerRefunded);
  });

  it("an Idempotency-Key sent again with another amount answers 422 and moves nothing; the same request again queues nothing more", async () => {
    const { bookingId, totalCents } = await paidCardBooking();
    const key = randomUUID();
    const refund = (amountCents: number, index = 0) =>
      app(index).request("POST", `/api/admin/bookings/${bookingId}/refunds`, {
        body: { amountCents, reason: "Goodwill" },
        ...as(operator.cookie, { "Idempotency-Key": key }),
      });
    expect((await refund(1_000)).status).toBe(202);
    const answers = await Promise.all([refund(1_000, 1), refund(1_000, 0), refund(2_000, 1), refund(2_000, 0)]);
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 422, 422]);
    expect(answers[2]!.body.error?.code).toBe("idempotency_key_reused");
    expect(answers[2]!.body.error?.message).toMatch(/already used with another request/);
    const queued = await first.db
      .selectFrom("jobs")
      .select("id")
      .where("kind", "=", "payment")
      .where("payload", "like", '%"action":"refund"%')
      .where("payload", "like", `%${bookingId}%`)
      .execute();
    expect(queued).toHaveLength(1);
    await runJobsOnBothApps();
    const money = await moneyOf(bookingId);
    expect(money.processorRefunded).toBe(1_000);
    expect(money.ledgerRefunded).toBe(1_000);
    expect(money.creditNotes).toBe(1);
    expect(money.ledgerCaptured).toBe(totalCents);
    // Another operator's equal key is another key.
    const colleague = await createStaff(first, "operator");
    const theirs = await first.request("POST", `/api/admin/bookings/${bookingId}/refunds`, {
      body: { amountCents: 2_000, reason: "Goodwill" },
      ...as(colleague.cookie, { "Idempotency-Key": key }),
    });
    expect(theirs.status).toBe(202);
  });

  it("a booking's Idempotency-Key sent again with other details answers 422 and holds nothing", async () => {
    const key = randomUUID();
    const body = bookingRequest();
    const booked = await first.request("POST", "/api/bookings", { body, ...as(customer.cookie, { "Idempotency-Key": key }) });
    expect(booked.status).toBe(201);
    const before = { bookings: await first.countRows("bookings"), intents: await first.countRows("simulated_intents") };
    const other = await first.request("POST", "/api/bookings", {
      body: { ...bookingRequest(), location: "Malmö, Sweden" },
      ...as(customer.cookie, { "Idempotency-Key": key }),
    });
    expect(other.status).toBe(422);
    expect(other.body.error?.code).toBe("idempotency_key_reused");
    expect({ bookings: await first.countRows("bookings"), intents: await first.countRows("simulated_intents") }).toEqual(before);
    const again = await first.request("POST", "/api/bookings", { body, ...as(customer.cookie, { "Idempotency-Key": key }) });
    expect(again.status).toBe(200);
  });

  it("the simulated processor refunds and captures each cent once when calls race", async () => {
    const gateway = first.services.payments.gateway;
    const card = await gateway.saveCard(
      { kind: "typed", card: { cardNumber: "4242424242424242", cvv: "123", brand: "visa", expiryMonth: 12, expiryYear: 2034 } },
      { userId: customer.user.id, email: customer.user.email },
    );
    if (!("token" in card)) throw new Error("the test card was refused");
    const held = await gateway.authorise({ amountCents: 150_100, methodToken: card.token, idempotencyKey: `authorise:${randomUUID()}` });
    if (held.outcome !== "succeeded") throw new Error("the hold was refused");
    const captures = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        (second.services.payments.gateway ?? gateway).capture({
          providerPaymentId: held.providerPaymentId,
          amountCents: 150_100,
          idempotencyKey: `capture:${randomUUID()}`,
        }),
      ),
    );
    expect(captures.filter((capture) => capture.status === "fulfilled")).toHaveLength(1);
    // €1,500 and €1 at once, then twenty cents at once: every accepted refund is counted.
    const refunds = await Promise.allSettled(
      [150_000, 100, ...Array.from({ length: 20 }, () => 1)].map((amountCents, index) =>
        (index % 2 === 0 ? gateway : second.services.payments.gateway).refund({
          providerPaymentId: held.providerPaymentId,
          amountCents,
          idempotencyKey: `refund:${randomUUID()}`,
          reason: "race",
        }),
      ),
    );
    const refunded = refunds
      .map((refund) => (refund.status === "fulfilled" && refund.value.outcome === "succeeded" ? refund.value.amountCents : 0))
      .reduce((total, amount) => total + amount, 0);
    const intent = await first.db
      .selectFrom("simulated_intents")
      .select(["captured_cents", "refunded_cents"])
      .where("id", "=", held.providerPaymentId)
      .executeTakeFirstOrThrow();
    expect(Number(intent.captured_cents)).toBe(150_100);
    expect(Number(intent.refunded_cents)).toBe(refunded);
    expect(refunded).toBeLessThanOrEqual(150_100);
  });

  it("twenty credit notes at once on an invoice: at most what is left is credited, each 201 one numbered document", async () => {
    const company = await createSignedInUser(first);
    expect((await first.request("PUT", "/api/invoices/business", { body: swedishCompany, ...as(company.cookie) })).status).toBe(200);
    const decided = await first.request("POST", `/api/admin/invoicing/business-accounts/${company.user.id}/decision`, {
      body: { decision: "approved" },
      ...as(operator.cookie),
    });
    expect(decided.status).toBe(200);
    const request = bookingRequest();
    expect((await first.request("POST", "/api/bookings", { body: request, ...as(company.cookie) })).status).toBe(201);
    expect((await first.request("POST", `/api/invoices/bookings/${request.bookingId}/invoice`, as(company.cookie))).status).toBe(200);
    expect(
      (await first.request("POST", `/api/admin/bookings/${request.bookingId}/confirm`, { body: {}, ...as(operator.cookie) })).status,
    ).toBe(200);
    await runJobsOnBothApps();
    const invoiced = (await moneyOf(request.bookingId)).charged;
    expect(invoiced).toBeGreaterThan(89_500);
    // €895 left to credit, then twenty credit notes of €600 at once.
    const before = await first.request("POST", `/api/admin/invoicing/bookings/${request.bookingId}/credit-notes`, {
      body: { amountCents: invoiced - 89_500, reason: "Shorter assignment" },
      ...as(operator.cookie),
    });
    expect(before.status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        app(index).request("POST", `/api/admin/invoicing/bookings/${request.bookingId}/credit-notes`, {
          body: { amountCents: 60_000, reason: `Goodwill ${index}` },
          ...as(operator.cookie),
        }),
      ),
    );
    const created = answers.filter((answer) => answer.status === 201);
    expect(created).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 201).every((answer) => answer.status === 409)).toBe(true);
    const money = await moneyOf(request.bookingId);
    expect(money.credited).toBe(invoiced - 89_500 + 60_000);
    expect(money.creditNotes).toBe(2);
    expect(money.credited).toBeLessThanOrEqual(money.charged);
  });
});

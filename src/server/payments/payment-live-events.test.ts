import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, operatorToday } from "../../shared/time.ts";
import { startJobWorker } from "../jobs/worker.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { openEventStream, type EventStreamClient, type ReceivedEvent } from "../test-support/event-stream.ts";
import { createStaff } from "../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";

// docs/payments.md "Live updates" (ADR 092, ADR 131): every change of a booking's ledger — a hold, a
// capture, a refund, a failure — and every document issued for it reaches the open pages of the
// customer and of staff through the live stream, as a booking's status changes do, so no money on
// screen is stale. The event is written in the ledger row's transaction (ADR 091).

type Payload = { type: string; bookingId: string; payload: Record<string, unknown> };
const parsed = (event: ReceivedEvent) => JSON.parse(event.data) as Payload;
const ofType = (bookingId: string, type: string) => (event: ReceivedEvent) =>
  event.event === "message" && parsed(event).bookingId === bookingId && parsed(event).type === type;

describeEachEngine("payment events on the live stream", (engine) => {
  let test: TestApp;
  let operator: Awaited<ReturnType<typeof createStaff>>;
  let customer: Awaited<ReturnType<typeof createSignedInUser>>;
  let other: Awaited<ReturnType<typeof createSignedInUser>>;
  const streams: EventStreamClient[] = [];

  beforeAll(async () => {
    test = await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" });
    operator = await createStaff(test, "operator");
    customer = await createSignedInUser(test);
    other = await createSignedInUser(test);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await test.close();
  });

  const open = async (cookie: string) => {
    const stream = await openEventStream(test.app, "/api/events/stream", { cookie });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === "ready");
    return stream;
  };

  /** The job worker, as the server runs it, until nothing is due (captures, refunds, documents). */
  async function runJobs() {
    const worker = startJobWorker(test.deps, {
      pollIntervalMs: 60_000,
      batchSize: 100,
      payments: test.services.payments,
      bookingLifecycle: test.services.bookingLifecycle,
    });
    try {
      for (let round = 0; round < 10; round += 1) if ((await worker.runOnce()) === 0) break;
    } finally {
      await worker.stop();
    }
  }

  async function heldBooking() {
    const card = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber: "4242424242424242", expiry: "12/34", cvv: "123" },
      headers: { cookie: customer.cookie },
    });
    expect(card.status).toBe(201);
    const day = addDays(operatorToday(new Date()), 3);
    const request = {
      ...bookingRequest(),
      startDate: day,
      endDate: day,
      payment: { paymentMethodId: (card.body.paymentMethod as { id: string }).id },
    };
    expect((await test.request("POST", "/api/bookings", { body: request, headers: { cookie: customer.cookie } })).status).toBe(201);
    return request.bookingId;
  }

  it("sends the customer and staff the hold, the capture and its receipt, then the refund and its credit note, and nobody else", async () => {
    const customerStream = await open(customer.cookie);
    const staffStream = await open(operator.cookie);
    const otherStream = await open(other.cookie);
    const bookingId = await heldBooking();
    for (const stream of [customerStream, staffStream]) {
      expect(parsed(await stream.next(ofType(bookingId, "payment.authorised"), 2000)).payload).toMatchObject({
        amountCents: expect.any(Number),
      });
    }

    const confirmed = await test.request("POST", `/api/admin/bookings/${bookingId}/confirm`, {
      body: {},
      headers: { cookie: operator.cookie },
    });
    expect(confirmed.status).toBe(200);
    await runJobs();
    for (const stream of [customerStream, staffStream]) {
      const captured = parsed(await stream.next(ofType(bookingId, "payment.captured"), 2000));
      expect(captured.payload).toMatchObject({ amountCents: expect.any(Number), paymentStatus: "paid" });
      expect(parsed(await stream.next(ofType(bookingId, "document.issued"), 2000)).payload).toMatchObject({ kind: "receipt" });
    }

    const refund = await test.request("POST", `/api/admin/bookings/${bookingId}/refunds`, {
      body: { amountCents: 2_500, reason: "One hour shorter" },
      headers: { cookie: operator.cookie },
    });
    expect(refund.status).toBe(202);
    await runJobs();
    for (const stream of [customerStream, staffStream]) {
      expect(parsed(await stream.next(ofType(bookingId, "payment.refunded"), 2000)).payload).toMatchObject({ amountCents: 2_500 });
      const credit = await stream.next(
        (event) => ofType(bookingId, "document.issued")(event) && parsed(event).payload.kind === "credit-note",
        2000,
      );
      expect(credit.id).toMatch(/^\d+$/);
    }
    expect(otherStream.events.filter((event) => event.event === "message" && parsed(event).bookingId === bookingId)).toEqual([]);
  });
});

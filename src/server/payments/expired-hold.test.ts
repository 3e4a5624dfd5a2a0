import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, operatorToday } from "../../shared/time.ts";
import { systemActor } from "../access/booking-access.ts";
import { startJobWorker } from "../jobs/worker.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { createStaff } from "../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";

// ADR 242, docs/payments.md "A hold the processor let go": a card hold the processor released
// before we captured it (Stripe cancels an uncaptured hold after 7 days) is replaced by a charge of
// the same saved card for what the hold would have captured, so the customer ends up charged exactly
// the total agreed to — also when a higher total is approved on top. When that charge fails the
// booking waits in `payment_needed` (ADR 225) instead of standing confirmed with nothing taken.

type Account = Awaited<ReturnType<typeof createSignedInUser>>;

describeEachEngine("a card hold released by the processor before its capture", (engine) => {
  let test: TestApp;
  let operator: Account;
  let customer: Account;

  beforeAll(async () => {
    test = await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" });
    operator = await createStaff(test, "operator");
    customer = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  /** Runs the queue until no payment or document job is left to run (a job may queue the next). */
  async function settle() {
    for (let round = 0; round < 6; round += 1) {
      const worker = startJobWorker(test.deps, {
        pollIntervalMs: 60_000,
        batchSize: 100,
        payments: test.services.payments,
        bookingLifecycle: test.services.bookingLifecycle,
      });
      await worker.runOnce();
      await worker.stop();
      const due = await test.db
        .selectFrom("jobs")
        .select("id")
        .where("kind", "in", ["payment", "documents.issue"])
        .where("status", "=", "pending")
        .execute();
      if (due.length === 0) return;
    }
  }

  async function savedCard(cardNumber: string): Promise<string> {
    const response = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber, expiry: "12/34", cvv: "123" },
      headers: { cookie: customer.cookie },
    });
    expect(response.status).toBe(201);
    return (response.body.paymentMethod as { id: string }).id;
  }

  /** A booking three days ahead, held on the card (the bank's check completed where the card asks for it). */
  async function bookWithHold(cardNumber: string) {
    const card = await savedCard(cardNumber);
    const today = operatorToday(new Date());
    const body = { ...bookingRequest(), startDate: addDays(today, 3), endDate: addDays(today, 4), payment: { paymentMethodId: card } };
    let created = await test.request("POST", "/api/bookings", { body, headers: { cookie: customer.cookie } });
    if (created.status === 402) {
      const challengeUrl = created.body.error?.fields?.challengeUrl ?? "";
      await test.app.request(challengeUrl.split("?")[0] ?? "", {
        method: "POST",
        body: new URLSearchParams({ decision: "complete", return: "/secure-booking" }),
      });
      created = await test.request("POST", "/api/bookings", { body, headers: { cookie: customer.cookie } });
    }
    expect(created.status).toBe(201);
    expect((created.body.payment as { status: string }).status).toBe("authorised");
    return { id: body.bookingId, totalCents: Number(created.body.totalCents) };
  }

  /** The processor lets the hold go (its life ended): what Stripe does to a hold not captured in 7 days. */
  async function holdExpires(bookingId: string) {
    const hold = await test.db
      .selectFrom("payments")
      .select("provider_payment_id")
      .where("booking_id", "=", bookingId)
      .where("purpose", "=", "hold")
      .executeTakeFirstOrThrow();
    await test.db
      .updateTable("simulated_intents")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", hold.provider_payment_id ?? "")
      .execute();
  }

  const confirm = (id: string, body: Record<string, unknown> = {}) =>
    test.request("POST", `/api/admin/bookings/${id}/confirm`, { body, headers: { cookie: operator.cookie } });
  const approve = (id: string) => test.request("POST", `/api/bookings/${id}/payment/approve`, { headers: { cookie: customer.cookie } });
  const booking = (id: string) => test.db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  /** What the customer was charged, as the ledger, the processor and the receipts each say it. */
  async function money(bookingId: string) {
    const payments = await test.db.selectFrom("payments").selectAll().where("booking_id", "=", bookingId).execute();
    const events = await test.db.selectFrom("payment_events").selectAll().where("booking_id", "=", bookingId).execute();
    const sum = (type: string) =>
      events.filter((event) => event.type === type).reduce((total, event) => total + Number(event.amount_cents), 0);
    const intentIds = payments.map((payment) => payment.provider_payment_id).filter((id): id is string => id !== null);
    const intents =
      intentIds.length === 0 ? [] : await test.db.selectFrom("simulated_intents").selectAll().where("id", "in", intentIds).execute();
    const documents = await test.db.selectFrom("accounting_documents").selectAll().where("booking_id", "=", bookingId).execute();
    const documented = (kind: string) =>
      documents.filter((document) => document.kind === kind).reduce((total, document) => total + Number(document.total_cents), 0);
    const failingJobs = await test.db
      .selectFrom("jobs")
      .select(["kind", "last_error"])
      .where("kind", "in", ["payment", "documents.issue"])
      .where("payload", "like", `%${bookingId}%`)
      .where((where) => where.or([where("status", "=", "failed"), where("last_error", "is not", null)]))
      .execute();
    return {
      ledgerCents: sum("captured") - sum("refunded"),
      processorCents: intents.reduce((total, intent) => total + Number(intent.captured_cents) - Number(intent.refunded_cents), 0),
      receiptsCents: documented("receipt") - documented("credit-note"),
      stillHeld: intents.filter((intent) => intent.status === "authorised").length,
      failingJobs,
    };
  }

  async function expectCharged(bookingId: string, cents: number) {
    expect(await money(bookingId)).toEqual({
      ledgerCents: cents,
      processorCents: cents,
      receiptsCents: cents,
      stillHeld: 0,
      failingJobs: [],
    });
  }

  it("charges exactly the approved higher total when the hold lapsed before the capture", async () => {
    const { id, totalCents } = await bookWithHold("4242 4242 4242 4242");
    const higherCents = totalCents + 1_100;
    expect((await confirm(id, { adjustedTotal: higherCents / 100 })).status).toBe(200);
    await holdExpires(id);
    await settle();
    expect((await approve(id)).status).toBe(200);
    await settle();
    const row = await booking(id);
    expect(row).toMatchObject({ status: "confirmed", payment_status: "paid", approval_total_cents: null });
    await expectCharged(id, higherCents);
    // The customer's page says what was charged: the whole approved total.
    const page = await test.request("GET", `/api/bookings/${id}`, { headers: { cookie: customer.cookie } });
    expect(page.body.payment).toMatchObject({ status: "paid", chargedCents: higherCents, heldCents: 0, approvalTotalCents: null });
  });

  it("charges the whole approved total when the approval comes before the capture found the hold gone", async () => {
    const { id, totalCents } = await bookWithHold("4242 4242 4242 4242");
    const higherCents = totalCents + 25_000;
    expect((await confirm(id, { adjustedTotal: higherCents / 100 })).status).toBe(200);
    await holdExpires(id);
    expect((await approve(id)).status).toBe(200);
    await settle();
    expect(await booking(id)).toMatchObject({ status: "confirmed", payment_status: "paid" });
    await expectCharged(id, higherCents);
  });

  it("charges the confirmed total when the hold lapsed before a plain confirmation", async () => {
    const { id, totalCents } = await bookWithHold("4242 4242 4242 4242");
    await holdExpires(id);
    expect((await confirm(id)).status).toBe(200);
    await settle();
    expect(await booking(id)).toMatchObject({ status: "confirmed", payment_status: "paid" });
    await expectCharged(id, totalCents);
  });

  it("waits for the money in payment_needed when the card cannot be charged without the customer, then confirms once paid", async () => {
    const { id, totalCents } = await bookWithHold("4000 0025 0000 3155");
    expect((await confirm(id)).status).toBe(200);
    await holdExpires(id);
    await settle();
    const waiting = await booking(id);
    expect(waiting.status).toBe("payment_needed");
    expect(waiting.payment_due_at).not.toBeNull();
    await expectCharged(id, 0);
    const mails = await test.db
      .selectFrom("outbox")
      .select("payload")
      .where("recipient", "=", customer.user.email)
      .where("kind", "=", "payment-needed")
      .execute();
    expect(mails.filter((mail) => (mail.payload ?? "").includes(id))).toHaveLength(1);
    // Another card pays what the hold stood for; the booking is confirmed again and charged once.
    const other = await savedCard("4242 4242 4242 4242");
    const paid = await test.request("POST", `/api/bookings/${id}/payment`, {
      body: { paymentMethodId: other, attemptId: randomUUID() },
      headers: { cookie: customer.cookie },
    });
    expect(paid.status).toBe(200);
    await settle();
    expect(await booking(id)).toMatchObject({ status: "confirmed", payment_status: "paid" });
    await expectCharged(id, totalCents);
  });

  it("records a failed charge only together with the booking's return to payment needed (ADR 264)", async () => {
    const { id } = await bookWithHold("4000 0025 0000 3155");
    expect((await confirm(id)).status).toBe(200);
    await holdExpires(id);
    // The booking's step back fails once (a lost connection, a crash in the middle): the failure
    // of the charge must not stay recorded beside a booking still standing confirmed.
    const breakOnce = async (_transaction: unknown, context: { transition: string }) => {
      if (context.transition !== "chargeFailed") return;
      test.services.bookingLifecycle.effects.splice(test.services.bookingLifecycle.effects.indexOf(breakOnce), 1);
      throw new Error("The connection was lost");
    };
    test.services.bookingLifecycle.effects.push(breakOnce);
    await settle();
    const failedCharges = () =>
      test.db.selectFrom("payment_events").select("id").where("booking_id", "=", id).where("type", "=", "failed").execute();
    expect(test.services.bookingLifecycle.effects).not.toContain(breakOnce);
    expect({ status: (await booking(id)).status, failed: (await failedCharges()).length }).toEqual({ status: "confirmed", failed: 0 });
    // The retried job records both, once.
    await test.db
      .updateTable("jobs")
      .set({ run_at: new Date().toISOString() })
      .where("kind", "=", "payment")
      .where("status", "=", "pending")
      .execute();
    await settle();
    expect({ status: (await booking(id)).status, failed: (await failedCharges()).length }).toEqual({ status: "payment_needed", failed: 1 });
    expect((await booking(id)).payment_due_at).not.toBeNull();
  });

  it("keeps a booking under way in progress when its charge fails, and tells the customer and the console (ADR 264)", async () => {
    const { id, totalCents } = await bookWithHold("4000 0025 0000 3155");
    const higherCents = totalCents + 5_000;
    expect((await confirm(id, { adjustedTotal: higherCents / 100 })).status).toBe(200);
    await settle();
    await test.services.bookingLifecycle.transition({ bookingId: id, transition: "start", actor: systemActor });
    // The approved difference is charged off-session to a card that needs the bank's check: refused.
    expect((await approve(id)).status).toBe(200);
    await settle();
    const row = await booking(id);
    expect(row.status).toBe("in_progress");
    expect(row.payment_due_at).not.toBeNull();
    const events = await test.db.selectFrom("events").select("type").where("booking_id", "=", id).execute();
    expect(events.filter((event) => event.type === "booking.payment_failed")).toHaveLength(1);
    const mails = await test.db.selectFrom("outbox").select("payload").where("kind", "=", "payment-needed").execute();
    const mine = mails.filter((mail) => (mail.payload ?? "").includes(id));
    expect(mine).toHaveLength(1);
    expect(JSON.parse(mine[0]?.payload ?? "{}")).toMatchObject({ underWay: true, amountCents: 5_000 });
    // The customer's page and the console's queue carry the deadline.
    const page = await test.request("GET", `/api/bookings/${id}`, { headers: { cookie: customer.cookie } });
    expect(page.body).toMatchObject({ status: "in_progress", paymentDueAt: row.payment_due_at });
    const queue = await test.request("GET", "/api/admin/bookings?status=in_progress", { headers: { cookie: operator.cookie } });
    const listed = (queue.body.bookings as { id: string; paymentDueAt: string | null }[]).find((entry) => entry.id === id);
    expect(listed?.paymentDueAt).toBe(row.payment_due_at);
  });

  it("takes nothing and leaves no failing job when a booking whose hold lapsed is cancelled", async () => {
    const { id } = await bookWithHold("4242 4242 4242 4242");
    await holdExpires(id);
    const cancelled = await test.request("POST", `/api/admin/bookings/${id}/cancel`, {
      body: { reason: "Client travelled elsewhere" },
      headers: { cookie: operator.cookie },
    });
    expect(cancelled.status).toBe(200);
    await settle();
    expect(await booking(id)).toMatchObject({ status: "cancelled_by_operator", payment_status: "released" });
    await expectCharged(id, 0);
  });

  it("gives everything back when the booking is cancelled after the lapsed hold was replaced by a charge", async () => {
    const { id, totalCents } = await bookWithHold("4242 4242 4242 4242");
    expect((await confirm(id)).status).toBe(200);
    await holdExpires(id);
    await settle();
    await expectCharged(id, totalCents);
    const cancelled = await test.request("POST", `/api/admin/bookings/${id}/cancel`, {
      body: { reason: "Client travelled elsewhere" },
      headers: { cookie: operator.cookie },
    });
    expect(cancelled.status).toBe(200);
    await settle();
    expect(await booking(id)).toMatchObject({ status: "cancelled_by_operator", payment_status: "refunded" });
    await expectCharged(id, 0);
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { manualClock } from "../clock.ts";
import { startJobWorker } from "../jobs/worker.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { createStaff } from "../test-support/operator.ts";
import { latestQueuedMail } from "../test-support/queued-mail.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";

// ADR 225: a card saved for a booking beyond the longest hold is charged when the operator says yes.
// When the charge fails (the bank's extra check, 4000 0025 0000 3155; insufficient funds,
// 4000 0000 0000 9995) the booking is not confirmed: it waits in `payment_needed` with a deadline,
// the customer is mailed, and the confirmation mail and calendar entry go out only once the money
// is secured — by the bank's check completed on its page, or another card. After the deadline the
// operator cancels (nothing was charged) or gives more time.

type Account = Awaited<ReturnType<typeof createSignedInUser>>;

describeEachEngine("a booking whose charge at confirmation failed", (engine) => {
  let test: TestApp;
  let operator: Account;
  let customer: Account;
  const clock = manualClock(new Date());

  beforeAll(async () => {
    test = await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" }, { clock });
    operator = await createStaff(test, "operator");
    customer = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  /** Runs the due jobs on the test's clock, brought up to the wall clock the queue stamps jobs with. */
  async function runJobs() {
    clock.set(new Date(Math.max(Date.now(), clock.now().getTime())));
    const worker = startJobWorker(test.deps, {
      pollIntervalMs: 60_000,
      batchSize: 100,
      clock,
      payments: test.services.payments,
      bookingLifecycle: test.services.bookingLifecycle,
    });
    await worker.runOnce();
    await worker.stop();
  }

  async function savedCard(cardNumber: string): Promise<string> {
    const response = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber, expiry: "12/34", cvv: "123" },
      headers: { cookie: customer.cookie },
    });
    expect(response.status).toBe(201);
    return (response.body.paymentMethod as { id: string }).id;
  }

  /** A booking more than 7 days ahead (bookingRequest's default) with its card saved for the confirmation. */
  async function bookLater(cardNumber: string) {
    const card = await savedCard(cardNumber);
    const body = { ...bookingRequest(), payment: { paymentMethodId: card, chargeLaterConsent: true } };
    const created = await test.request("POST", "/api/bookings", { body, headers: { cookie: customer.cookie } });
    expect(created.status).toBe(201);
    return { id: body.bookingId, card, totalCents: Number(created.body.totalCents) };
  }

  const confirm = (id: string) =>
    test.request("POST", `/api/admin/bookings/${id}/confirm`, { body: {}, headers: { cookie: operator.cookie } });
  const booking = (id: string) => test.db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const own = (id: string) => test.request("GET", `/api/bookings/${id}`, { headers: { cookie: customer.cookie } });
  const pay = (id: string, body: { paymentMethodId: string; attemptId: string }) =>
    test.request("POST", `/api/bookings/${id}/payment`, { body, headers: { cookie: customer.cookie } });
  const mails = (id: string, kind: string) =>
    test.db
      .selectFrom("outbox")
      .select("payload")
      .where("recipient", "=", customer.user.email)
      .where("kind", "=", kind)
      .execute()
      .then((rows) => rows.filter((row) => (row.payload ?? "").includes(id)));
  const auditActions = async (id: string) =>
    (await test.db.selectFrom("audit_log").select("action").where("subject_id", "=", id).orderBy("created_at").execute()).map(
      (row) => row.action,
    );
  const ledgerEvents = async (id: string) =>
    (
      await test.db
        .selectFrom("payment_events")
        .select(["type", "amount_cents"])
        .where("booking_id", "=", id)
        .orderBy("created_at")
        .execute()
    ).map((row) => `${row.type}:${Number(row.amount_cents)}`);

  /** The booking confirmed by the operator and its charge answered by the processor. */
  async function failedAtConfirmation(cardNumber: string) {
    const booked = await bookLater(cardNumber);
    const confirmed = await confirm(booked.id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe("payment_needed");
    await runJobs();
    return booked;
  }

  it("waits for the money when the bank asks for its check: payment needed, a deadline, no confirmation mail", async () => {
    const { id, totalCents } = await failedAtConfirmation("4000 0025 0000 3155");
    const row = await booking(id);
    expect(row.status).toBe("payment_needed");
    const due = Date.parse(row.payment_due_at ?? "");
    expect(due - clock.now().getTime()).toBe(test.deps.env.paymentDeadlineMs);
    expect(await mails(id, "booking-decision")).toHaveLength(0);
    expect(await mails(id, "payment-needed")).toHaveLength(1);
    const mail = await latestQueuedMail(test, customer.user.email, "payment-needed");
    expect(mail.subject).toBe(`Payment needed for booking ${id.slice(0, 8).toUpperCase()}`);
    expect(mail.text).toContain("complete the bank's check");
    expect(await ledgerEvents(id)).toEqual([`failed:${totalCents}`]);
    expect(await auditActions(id)).toEqual(["booking.await_payment", "booking.payment_failed"]);
    const page = await own(id);
    expect(page.body).toMatchObject({ status: "payment_needed", paymentDueAt: row.payment_due_at, payment: { status: "failed" } });
    // The operative side does not take it for confirmed: no start and completion jobs were queued.
    const jobs = await test.db.selectFrom("jobs").select("kind").where("reference_key", "like", `%${id}%`).execute();
    expect(jobs.map((job) => job.kind)).not.toContain("booking-start");
    // A repeated run of the failed charge mails nothing more.
    await runJobs();
    expect(await mails(id, "payment-needed")).toHaveLength(1);
  });

  it("confirms once the customer completes the bank's check, with the confirmation mail and its calendar entry", async () => {
    const { id, card, totalCents } = await failedAtConfirmation("4000 0025 0000 3155");
    const attempt = { paymentMethodId: card, attemptId: randomUUID() };
    const first = await pay(id, attempt);
    expect(first.status).toBe(402);
    expect(first.body.error?.code).toBe("payment_requires_action");
    const challengeUrl = first.body.error?.fields?.challengeUrl ?? "";
    expect(challengeUrl).toMatch(/^\/payments\/challenge\/sim_pi_.*return=%2Fcustomer-dashboard%2Fbookings%2F/);
    const answer = await test.app.request(challengeUrl.split("?")[0] ?? "", {
      method: "POST",
      body: new URLSearchParams({ decision: "complete", return: `/customer-dashboard/bookings/${id}` }),
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`/customer-dashboard/bookings/${id}?bank=done`);
    const again = await pay(id, attempt);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("confirmed");
    await runJobs();
    // ADR 242: the failed charge is closed once made up for, so it is no longer owed.
    expect(await ledgerEvents(id)).toEqual([`failed:${totalCents}`, `authorised:${totalCents}`, "voided:0", `captured:${totalCents}`]);
    expect((await booking(id)).payment_status).toBe("paid");
    expect(await mails(id, "booking-decision")).toHaveLength(1);
    const mail = await latestQueuedMail(test, customer.user.email, "booking-decision");
    expect(mail.subject).toMatch(/confirmed/i);
    expect(mail.attachments?.some((attachment) => attachment.filename.endsWith(".ics"))).toBe(true);
    expect(await auditActions(id)).toEqual(["booking.await_payment", "booking.payment_failed", "booking.payment_secured"]);
    // The same attempt sent again takes nothing more.
    expect((await pay(id, attempt)).status).toBe(409);
  });

  it("confirms with another card when the saved one has insufficient funds", async () => {
    const { id, totalCents } = await failedAtConfirmation("4000 0000 0000 9995");
    expect((await booking(id)).status).toBe("payment_needed");
    expect(await mails(id, "booking-decision")).toHaveLength(0);
    const mail = await latestQueuedMail(test, customer.user.email, "payment-needed");
    expect(mail.text).toContain("refused");
    const other = await savedCard("4242 4242 4242 4242");
    const paid = await pay(id, { paymentMethodId: other, attemptId: randomUUID() });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe("confirmed");
    await runJobs();
    // ADR 242: the failed charge is closed once made up for, so it is no longer owed.
    expect(await ledgerEvents(id)).toEqual([`failed:${totalCents}`, `authorised:${totalCents}`, "voided:0", `captured:${totalCents}`]);
    expect(await mails(id, "booking-decision")).toHaveLength(1);
  });

  it("after the deadline the customer cannot pay; the operator gives more time or cancels, and nothing was charged", async () => {
    const { id, card } = await failedAtConfirmation("4000 0000 0000 9995");
    const due = (await booking(id)).payment_due_at ?? "";
    clock.set(new Date(Date.parse(due) + 1));
    try {
      const late = await pay(id, { paymentMethodId: card, attemptId: randomUUID() });
      expect(late.status).toBe(409);
      expect(late.body.error?.message).toMatch(/time to pay/);
      // Confirming without the money is not a step the operator can take.
      expect((await confirm(id)).status).toBe(409);
      const extended = await test.request("POST", `/api/admin/bookings/${id}/payment-deadline`, {
        body: { hours: 24 },
        headers: { cookie: operator.cookie },
      });
      expect(extended.status).toBe(200);
      expect(Date.parse((await booking(id)).payment_due_at ?? "")).toBe(clock.now().getTime() + 24 * 3_600_000);
      const cancelled = await test.request("POST", `/api/admin/bookings/${id}/cancel`, {
        body: { reason: "No payment" },
        headers: { cookie: operator.cookie },
      });
      expect(cancelled.status).toBe(200);
      await runJobs();
      const row = await booking(id);
      expect(row.status).toBe("cancelled_by_operator");
      const ledger = await test.request("GET", `/api/admin/bookings/${id}/ledger`, { headers: { cookie: operator.cookie } });
      expect(ledger.body.chargedCents).toBe(0);
      // (The console's decisions are stamped by the wall clock, the extension by the test's clock, ahead of it.)
      expect((await auditActions(id)).sort()).toEqual(
        ["booking.await_payment", "booking.payment_failed", "booking.payment_deadline_extended", "booking.cancel"].sort(),
      );
    } finally {
      clock.set(new Date());
    }
  });

  it("charges once when the operator confirms twice at the same time", async () => {
    const { id, totalCents } = await bookLater("4242 4242 4242 4242");
    const answers = await Promise.all([confirm(id), confirm(id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    await Promise.all([runJobs(), runJobs()]);
    expect((await booking(id)).status).toBe("confirmed");
    expect(await ledgerEvents(id)).toEqual([`captured:${totalCents}`]);
    const charges = await test.db.selectFrom("simulated_answers").select("idempotency_key").where("operation", "=", "charge").execute();
    const ours = await test.db.selectFrom("payments").select("id").where("booking_id", "=", id).execute();
    expect(charges.filter((charge) => ours.some((payment) => charge.idempotency_key.includes(payment.id)))).toHaveLength(1);
    expect(await mails(id, "booking-decision")).toHaveLength(1);
    expect(await auditActions(id)).toEqual(["booking.await_payment", "booking.payment_secured"]);
  });
});

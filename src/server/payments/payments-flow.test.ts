import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, operatorToday } from "../../shared/time.ts";
import { formatMoney } from "../../shared/money.ts";
import { startJobWorker } from "../jobs/worker.ts";
import { latestQueuedMail } from "../test-support/queued-mail.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { enqueuePaymentJob } from "./payments-service.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { createStaff } from "../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";

// docs/payments.md through the API, with the simulated provider: a booking within the longest hold
// is authorised in the booking's own commit; a refused card leaves no booking and says why; the
// operator's confirmation captures (a lower price captures less; a higher one waits for the
// customer's approval and then charges the difference); a decline voids; a cancellation before the
// deadline refunds; an operator refunds part with a reason, never more than is left. The ledger's
// sum is what the customer was charged, and every capture and refund queues its document.

type Customer = Awaited<ReturnType<typeof createSignedInUser>>;

describeEachEngine("the money path of a booking", (engine) => {
  let test: TestApp;
  let operator: Customer;
  let customer: Customer;

  beforeAll(async () => {
    test = await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" });
    operator = await createStaff(test, "operator");
    customer = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  async function runJobs() {
    const worker = startJobWorker(test.deps, {
      pollIntervalMs: 60_000,
      batchSize: 100,
      payments: test.services.payments,
      bookingLifecycle: test.services.bookingLifecycle,
    });
    await worker.runOnce();
    await worker.stop();
  }

  async function addCard(cardNumber: string) {
    const response = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber, expiry: "12/34", cvv: "123" },
      headers: { cookie: customer.cookie },
    });
    return response;
  }

  async function savedCard(cardNumber: string): Promise<string> {
    const response = await addCard(cardNumber);
    expect(response.status).toBe(201);
    return (response.body.paymentMethod as { id: string }).id;
  }

  function soonBooking(paymentMethodId: string, daysAhead = 3) {
    const today = operatorToday(new Date());
    return {
      ...bookingRequest(),
      startDate: addDays(today, daysAhead),
      endDate: addDays(today, daysAhead + 1),
      services: [{ serviceId: "svc-residential", options: { guards: 2, days: 2, timeOfDay: "night" } }],
      payment: { paymentMethodId },
    };
  }

  const book = (body: unknown, key?: string) =>
    test.request("POST", "/api/bookings", { body, headers: { cookie: customer.cookie, ...(key && { "Idempotency-Key": key }) } });
  const ledger = (bookingId: string) =>
    test.request("GET", `/api/admin/bookings/${bookingId}/ledger`, { headers: { cookie: operator.cookie } });
  const events = async (bookingId: string) =>
    (
      await test.db
        .selectFrom("payment_events")
        .select(["type", "amount_cents", "reason", "actor_role"])
        .where("booking_id", "=", bookingId)
        .orderBy("created_at")
        .execute()
    ).map((row) => `${row.type}:${Number(row.amount_cents)}`);
  const documents = async (bookingId: string) =>
    (
      await test.db
        .selectFrom("jobs")
        .select("payload")
        .where("kind", "=", "documents.issue")
        .where("reference_key", "=", `documents:${bookingId}`)
        .execute()
    ).map((row) => (JSON.parse(row.payload ?? "{}") as { kind: string }).kind);
  const paymentStatus = async (bookingId: string) =>
    (await test.db.selectFrom("bookings").select("payment_status").where("id", "=", bookingId).executeTakeFirstOrThrow()).payment_status;

  it("authorises within the hold, says so, and a double click authorises once", async () => {
    const card = await savedCard("4242 4242 4242 4242");
    const body = soonBooking(card);
    const [first, second] = await Promise.all([book(body, `key-${body.bookingId}`), book(body, `key-${body.bookingId}`)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const payment = first.body.payment as { status: string; heldCents: number };
    expect(payment.status).toBe("authorised");
    expect(payment.heldCents).toBe(first.body.totalCents);
    expect(await events(body.bookingId)).toEqual([`authorised:${String(first.body.totalCents)}`]);
    expect(
      await test.db.selectFrom("simulated_intents").select("id").where("amount_cents", "=", Number(first.body.totalCents)).execute(),
    ).toHaveLength(1);
    const mail = await latestQueuedMail(test, customer.user.email, "booking-confirmation");
    expect(mail.text).toContain(`Authorised ${formatMoney(Number(first.body.totalCents), "en")} — charged when we confirm`);
    expect(mail.text).not.toContain("Nothing has been charged");
  });

  it("tells the payment step to use our own card form with the simulated processor (ADR 192)", async () => {
    expect((await test.request("GET", "/api/payments/config")).body).toEqual({
      provider: "simulated",
      publishableKey: null,
      invoiceDueDays: 30,
    });
  });

  it("leaves no booking when the bank refuses, and says why", async () => {
    const card = await savedCard("4000 0000 0000 9995");
    const body = soonBooking(card);
    const response = await book(body);
    expect(response.status).toBe(402);
    expect(response.body.error?.code).toBe("payment_declined");
    expect(response.body.error?.message).toMatch(/insufficient funds.*No booking was made/);
    expect(await test.db.selectFrom("bookings").select("id").where("id", "=", body.bookingId).execute()).toHaveLength(0);
    expect(await test.db.selectFrom("payments").select("id").where("booking_id", "=", body.bookingId).execute()).toHaveLength(0);
  });

  it("after a decline another card is a new attempt; the declined attempt's id with another card holds nothing (ADR 191)", async () => {
    const poor = await savedCard("4000 0000 0000 9995");
    const good = await savedCard("4242 4242 4242 4242");
    const body = soonBooking(poor);
    expect((await book(body)).status).toBe(402);
    // The same booking id with another card is not the first request again: refused, nothing held.
    const switched = await book({ ...body, payment: { paymentMethodId: good } });
    expect(switched.status).toBe(409);
    expect(switched.body.error?.code).toBe("payment_not_allowed");
    expect(await test.db.selectFrom("payments").select("id").where("booking_id", "=", body.bookingId).execute()).toHaveLength(0);
    // The page drops a declined attempt's id: the next try is a new booking, and it books.
    const retry = { ...soonBooking(good) };
    const booked = await book(retry);
    expect(booked.status).toBe(201);
    expect(await events(retry.bookingId)).toEqual([`authorised:${String(booked.body.totalCents)}`]);
    // A card that is not in the wallet has a code of its own, which the page words in both languages.
    const foreign = await book({ ...soonBooking(good), payment: { paymentMethodId: "00000000-0000-4000-8000-000000000000" } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error?.code).toBe("card_not_in_wallet");
  });

  it("refuses to save a declined or an expired card, in plain words", async () => {
    const declined = await addCard("4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    expect(declined.body.error?.message).toMatch(/Your bank declined this card, so it could not be saved/);
    const expired = await addCard("4000 0000 0000 0069");
    expect(expired.status).toBe(402);
    expect(expired.body.error?.message).toMatch(/expired/);
  });

  it("sends the extra-check card to the bank's page; completed it books, abandoned it books nothing", async () => {
    const card = await savedCard("4000 0025 0000 3155");
    for (const decision of ["complete", "abandon"] as const) {
      const body = soonBooking(card);
      const first = await book(body);
      expect(first.status).toBe(402);
      expect(first.body.error?.code).toBe("payment_requires_action");
      const challengeUrl = first.body.error?.fields?.challengeUrl ?? "";
      expect(challengeUrl).toMatch(/^\/payments\/challenge\/sim_pi_/);
      const page = await test.app.request(challengeUrl);
      expect(await page.text()).toContain("Confirm this payment with your bank");
      const answer = await test.app.request(challengeUrl.split("?")[0] ?? "", {
        method: "POST",
        body: new URLSearchParams({ decision, return: "/secure-booking" }),
      });
      expect(answer.status).toBe(303);
      const again = await book(body);
      if (decision === "complete") {
        expect(again.status).toBe(201);
        expect((again.body.payment as { status: string }).status).toBe("authorised");
      } else {
        expect(again.status).toBe(402);
        expect(again.body.error?.message).toMatch(/check was not completed/);
        expect(await test.db.selectFrom("bookings").select("id").where("id", "=", body.bookingId).execute()).toHaveLength(0);
      }
    }
  });

  it("captures a lower confirmed price, refunds part with a reason, and refuses a refund above what is left", async () => {
    const card = await savedCard("4242424242424242");
    const body = soonBooking(card);
    const created = await book(body);
    expect(created.status).toBe(201);
    const total = Number(created.body.totalCents);
    const lower = total - 10_000;
    const confirmed = await test.request("POST", `/api/admin/bookings/${body.bookingId}/confirm`, {
      body: { adjustedTotal: lower / 100 },
      headers: { cookie: operator.cookie },
    });
    expect(confirmed.status).toBe(200);
    await runJobs();
    expect(await events(body.bookingId)).toEqual([`authorised:${total}`, `captured:${lower}`]);
    expect(await paymentStatus(body.bookingId)).toBe("paid");
    const own = await test.request("GET", `/api/bookings/${body.bookingId}`, { headers: { cookie: customer.cookie } });
    expect(own.body.payment).toMatchObject({ status: "paid", chargedCents: lower });

    const tooMuch = await test.request("POST", `/api/admin/bookings/${body.bookingId}/refunds`, {
      body: { amountCents: lower + 1, reason: "Goodwill" },
      headers: { cookie: operator.cookie },
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error?.code).toBe("payment_not_allowed");
    const part = await test.request("POST", `/api/admin/bookings/${body.bookingId}/refunds`, {
      body: { amountCents: 2_500, reason: "One guard arrived late" },
      headers: { cookie: operator.cookie },
    });
    expect(part.status).toBe(202);
    await runJobs();
    expect(await events(body.bookingId)).toEqual([`authorised:${total}`, `captured:${lower}`, "refunded:2500"]);
    expect(await paymentStatus(body.bookingId)).toBe("partially_refunded");
    const view = await ledger(body.bookingId);
    expect(view.body.chargedCents).toBe(lower - 2_500);
    expect(await documents(body.bookingId)).toEqual(["receipt", "credit-note"]);
  });

  it("asks the customer to approve a higher total, then charges only the difference", async () => {
    const card = await savedCard("4242424242424242");
    const body = soonBooking(card);
    const created = await book(body);
    const total = Number(created.body.totalCents);
    await test.request("POST", `/api/admin/bookings/${body.bookingId}/confirm`, {
      body: { adjustedTotal: (total + 5_000) / 100 },
      headers: { cookie: operator.cookie },
    });
    await runJobs();
    expect(await events(body.bookingId)).toEqual([`authorised:${total}`, `captured:${total}`]);
    const waiting = await test.request("GET", `/api/bookings/${body.bookingId}`, { headers: { cookie: customer.cookie } });
    expect(waiting.body.payment).toMatchObject({ status: "paid", approvalTotalCents: total + 5_000 });
    const approved = await test.request("POST", `/api/bookings/${body.bookingId}/payment/approve`, {
      headers: { cookie: customer.cookie },
    });
    expect(approved.status).toBe(200);
    const twice = await test.request("POST", `/api/bookings/${body.bookingId}/payment/approve`, { headers: { cookie: customer.cookie } });
    expect(twice.status).toBe(409);
    await runJobs();
    expect(await events(body.bookingId)).toEqual([`authorised:${total}`, `captured:${total}`, "captured:5000"]);
    expect((await ledger(body.bookingId)).body.chargedCents).toBe(total + 5_000);
  });

  it("voids the hold when the operator declines", async () => {
    const card = await savedCard("4242424242424242");
    const body = soonBooking(card);
    const created = await book(body);
    await test.request("POST", `/api/admin/bookings/${body.bookingId}/decline`, {
      body: { reason: "No team free" },
      headers: { cookie: operator.cookie },
    });
    await runJobs();
    expect(await events(body.bookingId)).toEqual([
      `authorised:${Number(created.body.totalCents)}`,
      `voided:${Number(created.body.totalCents)}`,
    ]);
    expect(await paymentStatus(body.bookingId)).toBe("released");
    expect((await ledger(body.bookingId)).body.chargedCents).toBe(0);
  });

  it("saves the card with consent beyond the hold, charges it on confirmation and refunds an early cancel in full", async () => {
    const card = await savedCard("4242424242424242");
    const body = { ...bookingRequest(), payment: { paymentMethodId: card } };
    const refused = await book(body);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fields?.["payment.chargeLaterConsent"]).toMatch(/charge it when we confirm/);
    const created = await book({ ...body, payment: { paymentMethodId: card, chargeLaterConsent: true } });
    expect(created.status).toBe(201);
    expect(created.body.payment).toMatchObject({ status: "card_saved", dueOnConfirmationCents: created.body.totalCents });
    await test.request("POST", `/api/admin/bookings/${body.bookingId}/confirm`, { body: {}, headers: { cookie: operator.cookie } });
    await runJobs();
    const total = Number(created.body.totalCents);
    expect(await events(body.bookingId)).toEqual([`captured:${total}`]);
    const cancelled = await test.request("POST", `/api/bookings/${body.bookingId}/cancel`, { headers: { cookie: customer.cookie } });
    expect(cancelled.status).toBe(200);
    await runJobs();
    expect(await events(body.bookingId)).toEqual([`captured:${total}`, `refunded:${total}`]);
    expect(await paymentStatus(body.bookingId)).toBe("refunded");
    expect(await documents(body.bookingId)).toEqual(["receipt", "credit-note"]);
  });

  it("answers 404 for another customer's booking ledger approval and a customer's look at the ledger", async () => {
    const stranger = await createSignedInUser(test);
    const card = await savedCard("4242424242424242");
    const body = soonBooking(card);
    await book(body);
    const approve = await test.request("POST", `/api/bookings/${body.bookingId}/payment/approve`, { headers: { cookie: stranger.cookie } });
    expect(approve.status).toBe(404);
    const look = await test.request("GET", `/api/admin/bookings/${body.bookingId}/ledger`, { headers: { cookie: customer.cookie } });
    expect(look.status).toBe(403);
    const otherCard = await test.request("POST", "/api/bookings", {
      body: { ...soonBooking(card), bookingId: randomUUID() },
      headers: { cookie: stranger.cookie },
    });
    expect(otherCard.status).toBe(400);
  });

  it("lists payments by status and the holds that run out before the reply is due", async () => {
    const list = await test.request("GET", "/api/admin/payments?status=paid", { headers: { cookie: operator.cookie } });
    expect(list.status).toBe(200);
    const rows = list.body.payments as { payment: { status: string } }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.payment.status === "paid")).toBe(true);
    const expiring = await test.request("GET", "/api/admin/payments?holdsExpiringBeforeReply=true", {
      headers: { cookie: operator.cookie },
    });
    expect(expiring.body.payments).toEqual([]);
  });

  it("gives the money back when a hold's release runs after its capture had already landed", async () => {
    const own = await createSignedInUser(test);
    const saved = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber: "4242424242424242", expiry: "12/34", cvv: "123" },
      headers: { cookie: own.cookie },
    });
    const body = soonBooking((saved.body.paymentMethod as { id: string }).id);
    const created = await test.request("POST", "/api/bookings", { body, headers: { cookie: own.cookie } });
    const total = Number(created.body.totalCents);
    await test.request("POST", `/api/admin/bookings/${body.bookingId}/confirm`, { body: {}, headers: { cookie: operator.cookie } });
    await runJobs();
    // The release a cancel queued while the capture was still at the provider.
    const payment = await test.db.selectFrom("payments").select("id").where("booking_id", "=", body.bookingId).executeTakeFirstOrThrow();
    await enqueuePaymentJob(test.db, {
      action: "void",
      paymentId: payment.id,
      bookingId: body.bookingId,
      idempotencyKey: `void:${payment.id}`,
      actorUserId: null,
      actorRole: "system",
    });
    await runJobs();
    expect(await events(body.bookingId)).toEqual([`authorised:${total}`, `captured:${total}`, `refunded:${total}`]);
    expect((await ledger(body.bookingId)).body.chargedCents).toBe(0);
  });

  it("takes no money for a booking cancelled after its confirmation but before the capture ran", async () => {
    const own = await createSignedInUser(test);
    const saved = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber: "4242424242424242", expiry: "12/34", cvv: "123" },
      headers: { cookie: own.cookie },
    });
    expect(saved.status).toBe(201);
    const body = soonBooking((saved.body.paymentMethod as { id: string }).id);
    const created = await test.request("POST", "/api/bookings", { body, headers: { cookie: own.cookie } });
    expect(created.status).toBe(201);
    const total = Number(created.body.totalCents);
    await test.request("POST", `/api/admin/bookings/${body.bookingId}/confirm`, { body: {}, headers: { cookie: operator.cookie } });
    const cancelled = await test.request("POST", `/api/bookings/${body.bookingId}/cancel`, { headers: { cookie: own.cookie } });
    expect(cancelled.status).toBe(200);
    await runJobs();
    await runJobs();
    const ledgerEvents = await events(body.bookingId);
    const charged = ledgerEvents.reduce((sum, event) => {
      const [type, amount] = event.split(":");
      return sum + (type === "captured" ? Number(amount) : type === "refunded" ? -Number(amount) : 0);
    }, 0);
    expect(ledgerEvents[0]).toBe(`authorised:${total}`);
    expect(charged).toBe(0);
    expect((await ledger(body.bookingId)).body.chargedCents).toBe(0);
  });
});

describe("simulated test cards documented in the README", () => {
  it("uses Stripe's public test numbers", async () => {
    const { testCards } = await import("./simulated-provider.ts");
    expect(testCards).toEqual({
      "4242424242424242": "success",
      "4000000000000002": "card_declined",
      "4000000000009995": "insufficient_funds",
      "4000000000000069": "expired_card",
      "4000002500003155": "authentication",
    });
  });
});

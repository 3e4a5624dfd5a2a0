import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, operatorToday } from "../../../shared/time.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { bookingRequest } from "../../test-support/booking-request.ts";
import { createStaff } from "../../test-support/operator.ts";
import { latestQueuedMail } from "../../test-support/queued-mail.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { approvedCompany, runDueJobs } from "./test-support.ts";

// ADR 244 and 245 through the API on both engines. A pending booking paid by invoice moves back to
// a card (held as at booking, the bank's check included) and nothing of the invoice is left; a
// booking whose charge at confirmation failed moves to invoice for an approved company, which
// confirms it with one confirmation mail and its invoice, and is refused to a consumer.

type Account = Awaited<ReturnType<typeof createSignedInUser>>;

describeEachEngine("switching the way of paying before the confirmation", (engine) => {
  let test: TestApp;
  let operator: Account;

  beforeAll(async () => {
    test = await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" });
    operator = await createStaff(test, "operator");
  });
  afterAll(() => test.close());

  const as = (cookie: string) => ({ headers: { cookie } });

  async function savedCard(customer: Account, cardNumber = "4242424242424242") {
    const response = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber, expiry: "12/34", cvv: "123" },
      ...as(customer.cookie),
    });
    expect(response.status).toBe(201);
    return (response.body.paymentMethod as { id: string }).id;
  }

  /** A booking three days ahead: within the longest hold, so a card is authorised at once. */
  function soonBooking() {
    const today = operatorToday(new Date());
    return { ...bookingRequest(), startDate: addDays(today, 3), endDate: addDays(today, 5) };
  }

  async function book(customer: Account, request: ReturnType<typeof bookingRequest> & { payment: unknown }) {
    const booked = await test.request("POST", "/api/bookings", { body: request, ...as(customer.cookie) });
    expect(booked.status).toBe(201);
    return { id: request.bookingId, totalCents: Number(booked.body.totalCents) };
  }

  const confirm = (id: string) => test.request("POST", `/api/admin/bookings/${id}/confirm`, { body: {}, ...as(operator.cookie) });
  const byCard = (customer: Account, id: string, body: Record<string, unknown>) =>
    test.request("POST", `/api/bookings/${id}/card-payment`, { body, ...as(customer.cookie) });
  const byInvoice = (customer: Account, id: string) => test.request("POST", `/api/invoices/bookings/${id}/invoice`, as(customer.cookie));
  const row = (id: string) => test.db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const invoiceRow = (id: string) =>
    test.db.selectFrom("invoice_bookings").select("booking_id").where("booking_id", "=", id).executeTakeFirst();
  const ledgerEvents = async (id: string) =>
    (
      await test.db
        .selectFrom("payment_events")
        .select(["type", "amount_cents"])
        .where("booking_id", "=", id)
        .orderBy("created_at")
        .orderBy("id")
        .execute()
    ).map((event) => `${event.type}:${Number(event.amount_cents)}`);
  const documentKinds = async (customer: Account, id: string) =>
    ((await test.request("GET", `/api/invoices/bookings/${id}/documents`, as(customer.cookie))).body.documents as { kind: string }[]).map(
      (document) => document.kind,
    );
  const auditActions = async (id: string) =>
    (await test.db.selectFrom("audit_log").select("action").where("subject_id", "=", id).orderBy("created_at").orderBy("id").execute()).map(
      (entry) => entry.action,
    );
  const mails = async (customer: Account, id: string, kind: string) =>
    (
      await test.db.selectFrom("outbox").select("payload").where("recipient", "=", customer.user.email).where("kind", "=", kind).execute()
    ).filter((mail) => (mail.payload ?? "").includes(id));

  it("moves a booking paid by invoice to a saved card: held as at booking, the invoice undone, and the confirmation captures the card", async () => {
    const customer = await approvedCompany(test, operator.cookie);
    const card = await savedCard(customer);
    const { id, totalCents } = await book(customer, { ...soonBooking(), payment: { invoice: true } });

    const moved = await byCard(customer, id, { paymentMethodId: card, attemptId: randomUUID() });
    expect(moved.status).toBe(200);
    expect(moved.body.payment).toMatchObject({ status: "authorised", heldCents: totalCents });
    expect((moved.body.payment as { invoice?: unknown }).invoice).toBeUndefined();
    expect(await invoiceRow(id)).toBeUndefined();
    expect((await row(id)).payment_status).toBe("authorised");
    expect(await auditActions(id)).toEqual(["booking.payment_method_changed"]);
    const stream = await test.db.selectFrom("events").select(["type", "payload"]).where("booking_id", "=", id).execute();
    expect(stream.find((event) => event.type === "booking.payment_method_changed")?.payload).toContain('"paymentMethod":"card"');

    expect((await confirm(id)).status).toBe(200);
    await runDueJobs(test);
    expect(await ledgerEvents(id)).toEqual([`authorised:${totalCents}`, `captured:${totalCents}`]);
    // A receipt for the card's money; no invoice, so no open balance on the booking.
    expect(await documentKinds(customer, id)).toEqual(["receipt"]);
    expect((await row(id)).payment_status).toBe("paid");
  });

  it("card, then invoice, then a card again before the jobs run: the first hold is released, only the new one is captured", async () => {
    const customer = await approvedCompany(test, operator.cookie);
    const first = await savedCard(customer);
    const second = await savedCard(customer, "5555555555554444");
    const { id, totalCents } = await book(customer, { ...soonBooking(), payment: { paymentMethodId: first } });
    expect((await byInvoice(customer, id)).status).toBe(200);
    const back = await byCard(customer, id, { paymentMethodId: second, attemptId: randomUUID() });
    expect(back.status).toBe(200);
    expect(back.body.payment).toMatchObject({ status: "authorised", card: { lastFour: "4444" } });

    expect((await confirm(id)).status).toBe(200);
    await runDueJobs(test);
    const events = await ledgerEvents(id);
    expect(events.filter((event) => event.startsWith("captured"))).toEqual([`captured:${totalCents}`]);
    expect(events.filter((event) => event.startsWith("voided"))).toHaveLength(1);
    const payments = await test.db.selectFrom("payments").select(["id", "card_last_four"]).where("booking_id", "=", id).execute();
    const captured = await test.db
      .selectFrom("payment_events")
      .select("payment_id")
      .where("booking_id", "=", id)
      .where("type", "=", "captured")
      .executeTakeFirstOrThrow();
    expect(payments.find((payment) => payment.id === captured.payment_id)?.card_last_four).toBe("4444");
    expect(await documentKinds(customer, id)).toEqual(["receipt"]);
  });

  it("asks for the bank's check when the card needs it, and takes the same hold once it is completed", async () => {
    const customer = await approvedCompany(test, operator.cookie);
    const card = await savedCard(customer, "4000002500003155");
    const { id, totalCents } = await book(customer, { ...soonBooking(), payment: { invoice: true } });
    const attempt = { paymentMethodId: card, attemptId: randomUUID() };
    const first = await byCard(customer, id, attempt);
    expect(first.status).toBe(402);
    expect(first.body.error?.code).toBe("payment_requires_action");
    // Until the check is done the booking is still paid by invoice.
    expect(await invoiceRow(id)).toBeDefined();
    const challengeUrl = first.body.error?.fields?.challengeUrl ?? "";
    expect(challengeUrl).toMatch(/^\/payments\/challenge\/sim_pi_.*return=%2Fcustomer-dashboard%2Fbookings%2F/);
    const answer = await test.app.request(challengeUrl.split("?")[0] ?? "", {
      method: "POST",
      body: new URLSearchParams({ decision: "complete", return: `/customer-dashboard/bookings/${id}` }),
    });
    expect(answer.status).toBe(303);
    const again = await byCard(customer, id, attempt);
    expect(again.status).toBe(200);
    expect(again.body.payment).toMatchObject({ status: "authorised", heldCents: totalCents });
    // Sent once more, the same attempt takes nothing more.
    expect((await byCard(customer, id, attempt)).status).toBe(200);
    expect(await ledgerEvents(id)).toEqual([`authorised:${totalCents}`]);
    expect(await invoiceRow(id)).toBeUndefined();
  });

  it("beyond the longest hold asks the consent, then saves the card to be charged on confirmation", async () => {
    const customer = await approvedCompany(test, operator.cookie);
    const card = await savedCard(customer);
    const { id, totalCents } = await book(customer, { ...bookingRequest(), payment: { invoice: true } });
    const refused = await byCard(customer, id, { paymentMethodId: card, attemptId: randomUUID() });
    expect(refused.status).toBe(400);
    expect(await invoiceRow(id)).toBeDefined();
    const moved = await byCard(customer, id, { paymentMethodId: card, attemptId: randomUUID(), chargeLaterConsent: true });
    expect(moved.status).toBe(200);
    expect(moved.body.payment).toMatchObject({ status: "card_saved" });
    expect((await confirm(id)).status).toBe(200);
    await runDueJobs(test);
    expect((await row(id)).status).toBe("confirmed");
    expect(await ledgerEvents(id)).toEqual([`captured:${totalCents}`]);
    expect(await documentKinds(customer, id)).toEqual(["receipt"]);
  });

  it("refuses a card instead of the invoice once the booking is confirmed, and the invoice stands", async () => {
    const customer = await approvedCompany(test, operator.cookie);
    const card = await savedCard(customer);
    const { id } = await book(customer, { ...soonBooking(), payment: { invoice: true } });
    expect((await confirm(id)).status).toBe(200);
    const refused = await byCard(customer, id, { paymentMethodId: card, attemptId: randomUUID() });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe("The way of paying can be changed only until the booking is confirmed.");
    await runDueJobs(test);
    expect(await documentKinds(customer, id)).toEqual(["invoice"]);
    expect(await ledgerEvents(id)).toEqual([]);
  });

  /** A booking beyond the longest hold whose charge at confirmation asked for the bank's check (ADR 225). */
  async function paymentNeeded(customer: Account) {
    const card = await savedCard(customer, "4000002500003155");
    const booked = await book(customer, { ...bookingRequest(), payment: { paymentMethodId: card, chargeLaterConsent: true } });
    const confirmed = await confirm(booked.id);
    expect(confirmed.body.status).toBe("payment_needed");
    await runDueJobs(test);
    expect((await row(booked.id)).payment_due_at).not.toBeNull();
    return booked;
  }

  it("confirms a booking whose payment is needed once an approved company moves it to invoice: one confirmation mail, the invoice issued", async () => {
    const customer = await approvedCompany(test, operator.cookie);
    const { id, totalCents } = await paymentNeeded(customer);
    expect(await mails(customer, id, "booking-decision")).toHaveLength(0);

    const moved = await byInvoice(customer, id);
    expect(moved.status).toBe(200);
    const after = await row(id);
    expect(after.status).toBe("confirmed");
    expect(after.payment_status).toBe("invoice");
    expect(after.payment_due_at).toBeNull();
    // The change and the confirmation share one instant: their order among themselves is not asserted.
    expect((await auditActions(id)).sort()).toEqual([
      "booking.await_payment",
      "booking.payment_failed",
      "booking.payment_method_changed",
      "booking.payment_secured",
    ]);
    // Sent again (a double click), the same answer and nothing more happens (ADR 221).
    expect((await byInvoice(customer, id)).status).toBe(200);
    await runDueJobs(test);
    expect(await mails(customer, id, "booking-decision")).toHaveLength(1);
    const mail = await latestQueuedMail(test, customer.user.email, "booking-decision");
    expect(mail.subject).toMatch(/confirmed/i);
    expect(mail.attachments?.filter((attachment) => attachment.filename.endsWith(".ics"))).toHaveLength(1);
    expect(await documentKinds(customer, id)).toEqual(["invoice"]);
    expect(await ledgerEvents(id)).toEqual([`failed:${totalCents}`]);
    const view = await test.request("GET", `/api/bookings/${id}`, as(customer.cookie));
    expect(view.body).toMatchObject({ status: "confirmed", payment: { invoice: { issued: true } } });
  });

  it("refuses invoice to a consumer whose payment is needed, in plain words, and the booking keeps waiting", async () => {
    const consumer = await createSignedInUser(test);
    const { id } = await paymentNeeded(consumer);
    const refused = await byInvoice(consumer, id);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: "forbidden",
      message: "Invoice payment is available to business accounts our team has approved.",
    });
    expect((await row(id)).status).toBe("payment_needed");
    expect(await invoiceRow(id)).toBeUndefined();
    expect(await mails(consumer, id, "booking-decision")).toHaveLength(0);
  });
});

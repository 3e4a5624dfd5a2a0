import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, operatorToday } from "../../../shared/time.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { bookingRequest } from "../../test-support/booking-request.ts";
import { createStaff } from "../../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { approvedCompany, runDueJobs, swedishCompany } from "./test-support.ts";

// ADR 221 through the API on both engines: an approved business customer books paying by invoice
// (no card, no hold); a booking paid by card moves to invoice until it is confirmed, through the
// state machine's amendment (audited, its event), which releases the hold; after the confirmation
// the change is refused in plain words.

type Customer = Awaited<ReturnType<typeof createSignedInUser>>;

describeEachEngine("choosing to pay a booking by invoice", (engine) => {
  let test: TestApp;
  let operator: Customer;

  beforeAll(async () => {
    test = await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" });
    operator = await createStaff(test, "operator");
  });
  afterAll(() => test.close());

  const as = (cookie: string) => ({ headers: { cookie } });

  async function savedCard(customer: Customer) {
    const response = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber: "4242424242424242", expiry: "12/34", cvv: "123" },
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

  const paymentEvents = async (bookingId: string) =>
    (
      await test.db
        .selectFrom("payment_events")
        .select(["type", "amount_cents"])
        .where("booking_id", "=", bookingId)
        .orderBy("created_at")
        .execute()
    ).map((row) => `${row.type}:${Number(row.amount_cents)}`);

  it("books an approved company's booking by invoice without any card or hold, and refuses it to a company not approved", async () => {
    const customer = await approvedCompany(test, operator.cookie);
    const request = { ...soonBooking(), payment: { invoice: true } };
    const booked = await test.request("POST", "/api/bookings", { body: request, ...as(customer.cookie) });
    expect(booked.status).toBe(201);
    expect(booked.body.payment).toMatchObject({ status: "none", heldCents: 0, invoice: { issued: false } });
    expect(await test.db.selectFrom("payments").select("id").where("booking_id", "=", request.bookingId).execute()).toEqual([]);
    const row = await test.db.selectFrom("bookings").select("payment_status").where("id", "=", request.bookingId).executeTakeFirstOrThrow();
    expect(row.payment_status).toBe("invoice");

    // The confirmation issues the invoice and charges nothing.
    expect(
      (await test.request("POST", `/api/admin/bookings/${request.bookingId}/confirm`, { body: {}, ...as(operator.cookie) })).status,
    ).toBe(200);
    await runDueJobs(test);
    const documents = await test.request("GET", `/api/invoices/bookings/${request.bookingId}/documents`, as(customer.cookie));
    expect((documents.body.documents as { kind: string }[]).map((document) => document.kind)).toEqual(["invoice"]);
    expect(await paymentEvents(request.bookingId)).toEqual([]);

    const unapproved = await createSignedInUser(test);
    await test.request("PUT", "/api/invoices/business", { body: swedishCompany, ...as(unapproved.cookie) });
    const refused = { ...soonBooking(), payment: { invoice: true } };
    const answer = await test.request("POST", "/api/bookings", { body: refused, ...as(unapproved.cookie) });
    expect(answer.status).toBe(403);
    expect(answer.body.error?.message).toMatch(/approved/);
    expect(await test.db.selectFrom("bookings").select("id").where("id", "=", refused.bookingId).executeTakeFirst()).toBeUndefined();
  });

  it("moves a card booking to invoice before the confirmation: the hold is released, audited, with its event; the confirmation captures nothing", async () => {
    const customer = await approvedCompany(test, operator.cookie);
    const request = { ...soonBooking(), payment: { paymentMethodId: await savedCard(customer) } };
    const booked = await test.request("POST", "/api/bookings", { body: request, ...as(customer.cookie) });
    expect(booked.status).toBe(201);
    expect(booked.body.payment).toMatchObject({ status: "authorised" });

    const moved = await test.request("POST", `/api/invoices/bookings/${request.bookingId}/invoice`, as(customer.cookie));
    expect(moved.status).toBe(200);
    // The confirmation comes before the release job has run: the hold is not captured.
    expect(
      (await test.request("POST", `/api/admin/bookings/${request.bookingId}/confirm`, { body: {}, ...as(operator.cookie) })).status,
    ).toBe(200);
    await runDueJobs(test);
    const events = await paymentEvents(request.bookingId);
    expect(events[0]).toMatch(/^authorised:/);
    expect(events.slice(1).map((event) => event.split(":")[0])).toEqual(["voided"]);
    const view = await test.request("GET", `/api/bookings/${request.bookingId}`, as(customer.cookie));
    expect(view.body.payment).toMatchObject({ heldCents: 0, chargedCents: 0, invoice: { issued: true } });
    const row = await test.db.selectFrom("bookings").select("payment_status").where("id", "=", request.bookingId).executeTakeFirstOrThrow();
    expect(row.payment_status).toBe("invoice");

    const audit = await test.db.selectFrom("audit_log").select("action").where("subject_id", "=", request.bookingId).execute();
    expect(audit.map((entry) => entry.action)).toContain("booking.payment_method_changed");
    const stream = await test.db.selectFrom("events").select("type").where("booking_id", "=", request.bookingId).execute();
    expect(stream.map((event) => event.type)).toContain("booking.payment_method_changed");
  });

  it("refuses the change after the confirmation in plain words, and the card stays charged", async () => {
    const customer = await approvedCompany(test, operator.cookie);
    const request = { ...soonBooking(), payment: { paymentMethodId: await savedCard(customer) } };
    expect((await test.request("POST", "/api/bookings", { body: request, ...as(customer.cookie) })).status).toBe(201);
    expect(
      (await test.request("POST", `/api/admin/bookings/${request.bookingId}/confirm`, { body: {}, ...as(operator.cookie) })).status,
    ).toBe(200);
    const refused = await test.request("POST", `/api/invoices/bookings/${request.bookingId}/invoice`, as(customer.cookie));
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe("Invoice payment can be chosen only while the booking awaits confirmation.");
    await runDueJobs(test);
    expect((await paymentEvents(request.bookingId)).map((event) => event.split(":")[0])).toEqual(["authorised", "captured"]);
    expect(await test.db.selectFrom("invoice_bookings").select("booking_id").where("booking_id", "=", request.bookingId).execute()).toEqual(
      [],
    );
  });
});

import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, operatorToday } from "../../../shared/time.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { bookingRequest } from "../../test-support/booking-request.ts";
import { createStaff } from "../../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { bgMaxRecords as record } from "./bgmax.ts";
import { approvedCompany, runDueJobs } from "./test-support.ts";

// docs/invoices.md "Credit notes" (ADR 216): no credit note without money. On a card booking the
// credit note is the refund's, for its amount; on an invoice booking it lowers what is due; on a
// booking with nothing charged or invoiced it is refused, and nothing is numbered, mailed or exported.

type Person = Awaited<ReturnType<typeof createSignedInUser>>;

describeEachEngine("credit notes follow the money", (engine) => {
  let test: TestApp;
  let operator: Person;

  beforeAll(async () => {
    test = await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" });
    operator = await createStaff(test, "operator");
  });
  afterAll(() => test.close());

  const as = (cookie: string) => ({ headers: { cookie } });
  const credit = (bookingId: string, amountCents: number, reason = "Goodwill") =>
    test.request("POST", `/api/admin/invoicing/bookings/${bookingId}/credit-notes`, {
      body: { amountCents, reason },
      ...as(operator.cookie),
    });
  const documentsOf = (bookingId: string) =>
    test.db
      .selectFrom("accounting_documents")
      .select(["kind", "total_cents", "status", "ocr_reference"])
      .where("booking_id", "=", bookingId)
      .orderBy("number")
      .execute();

  it("refuses a credit note on a declined booking that was never charged, and issues nothing", async () => {
    const customer = await createSignedInUser(test);
    const request = bookingRequest();
    expect((await test.request("POST", "/api/bookings", { body: request, ...as(customer.cookie) })).status).toBe(201);
    const declined = await test.request("POST", `/api/admin/bookings/${request.bookingId}/decline`, {
      body: { reason: "No team free" },
      ...as(operator.cookie),
    });
    expect(declined.status).toBe(200);
    const before = await test.countRows("accounting_documents");
    const refused = await credit(request.bookingId, 100);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "payment_not_allowed", reason: "nothingToCredit" });
    expect(refused.body.error?.message).toMatch(/nothing to credit/);
    expect(await test.countRows("accounting_documents")).toBe(before);
  });

  it("on a card booking sends the operator to the refund, whose credit note is for the refunded amount", async () => {
    const customer = await createSignedInUser(test);
    const added = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvv: "123" },
      ...as(customer.cookie),
    });
    const today = operatorToday(new Date());
    const request = {
      ...bookingRequest(),
      startDate: addDays(today, 3),
      endDate: addDays(today, 4),
      services: [{ serviceId: "svc-residential", options: { guards: 2, days: 2, timeOfDay: "night" } }],
      payment: { paymentMethodId: (added.body.paymentMethod as { id: string }).id },
    };
    const booked = await test.request("POST", "/api/bookings", { body: request, ...as(customer.cookie) });
    expect(booked.status).toBe(201);
    expect(
      (await test.request("POST", `/api/admin/bookings/${request.bookingId}/confirm`, { body: {}, ...as(operator.cookie) })).status,
    ).toBe(200);
    await runDueJobs(test);

    const refused = await credit(request.bookingId, 2_500);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "payment_not_allowed", reason: "creditNoteByRefund" });
    expect((await documentsOf(request.bookingId)).map((row) => row.kind)).toEqual(["receipt"]);

    const refund = await test.request("POST", `/api/admin/bookings/${request.bookingId}/refunds`, {
      body: { amountCents: 2_500, reason: "One guard arrived late" },
      ...as(operator.cookie),
    });
    expect(refund.status).toBe(202);
    await runDueJobs(test);
    const documents = await documentsOf(request.bookingId);
    expect(documents.map((row) => `${row.kind}:${Number(row.total_cents)}`)).toEqual([
      `receipt:${Number(booked.body.totalCents)}`,
      "credit-note:2500",
    ]);
    const refunded = await test.db
      .selectFrom("simulated_intents")
      .select("refunded_cents")
      .where(
        "id",
        "in",
        test.db
          .selectFrom("payments")
          .select("provider_payment_id")
          .where("booking_id", "=", request.bookingId)
          .where("provider_payment_id", "is not", null),
      )
      .executeTakeFirstOrThrow();
    expect(Number(refunded.refunded_cents)).toBe(2_500);
  });

  it("on an invoice booking lowers what is due: the rest paid through the bank settles the invoice", async () => {
    const company = await approvedCompany(test, operator.cookie);
    const request = bookingRequest();
    expect((await test.request("POST", "/api/bookings", { body: request, ...as(company.cookie) })).status).toBe(201);
    expect((await test.request("POST", `/api/invoices/bookings/${request.bookingId}/invoice`, as(company.cookie))).status).toBe(200);
    expect(
      (await test.request("POST", `/api/admin/bookings/${request.bookingId}/confirm`, { body: {}, ...as(operator.cookie) })).status,
    ).toBe(200);
    await runDueJobs(test);
    const [invoice] = await documentsOf(request.bookingId);
    const total = Number(invoice!.total_cents);

    const credited = await credit(request.bookingId, 10_000, "Shorter assignment");
    expect(credited.status).toBe(201);
    // A double click is the same credit note.
    expect((await credit(request.bookingId, 10_000, "Shorter assignment")).status).toBe(200);
    const tooMuch = await credit(request.bookingId, total - 10_000 + 1, "More");
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error).toMatchObject({ reason: "creditAboveCharged" });

    const file = [
      record.opening(),
      record.section("5050-1055"),
      record.payment({ reference: invoice!.ocr_reference ?? "", amountCents: total - 10_000, serial: "1" }),
      record.deposit({ date: "2026-12-01", amountCents: total - 10_000, count: 1 }),
      record.end({ payments: 1, deposits: 1 }),
    ].join("\r\n");
    const imported = await test.app.request("/api/admin/invoicing/bgmax", {
      method: "POST",
      body: file,
      headers: { cookie: operator.cookie, "Content-Type": "text/plain", "X-File-Name": "bgmax.txt" },
    });
    expect(imported.status).toBe(201);
    expect(await imported.json()).toMatchObject({ payments: 1, matched: 1, partial: 0 });
    expect((await documentsOf(request.bookingId))[0]!.status).toBe("paid");
  });
});

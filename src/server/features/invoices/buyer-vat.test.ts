import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, operatorToday } from "../../../shared/time.ts";
import { vatOfInclusive } from "../../../shared/money.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { bookingRequest } from "../../test-support/booking-request.ts";
import { createStaff } from "../../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { approvedCompany, downloadPdf, germanCompany, pdfText, runDueJobs } from "./test-support.ts";

// ADR 222 through the API on both engines: an approved company of another EU member state (reverse
// charge) is priced, held, charged and documented the net amount — the hold, the capture, the
// receipt, the CSV and the SIE voucher hold the same figure, with no VAT and the reverse-charge
// sentence on the PDF.

type Customer = Awaited<ReturnType<typeof createSignedInUser>>;

describeEachEngine("the price rule of a reverse-charge buyer", (engine) => {
  let test: TestApp;
  let operator: Customer;

  beforeAll(async () => {
    test = await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" });
    operator = await createStaff(test, "operator");
  });
  afterAll(() => test.close());

  const as = (cookie: string) => ({ headers: { cookie } });

  it("holds, captures and documents the net amount, with 0 VAT and the reverse-charge wording, the same in the receipt, the CSV and the SIE", async () => {
    const customer = await approvedCompany(test, operator.cookie, germanCompany);
    const card = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber: "4242424242424242", expiry: "12/34", cvv: "123" },
      ...as(customer.cookie),
    });
    const today = operatorToday(new Date());
    const request = {
      ...bookingRequest(),
      startDate: addDays(today, 3),
      endDate: addDays(today, 4),
      services: [{ serviceId: "svc-residential", options: { guards: 2, days: 2, timeOfDay: "night" } }],
      payment: { paymentMethodId: (card.body.paymentMethod as { id: string }).id },
    };
    const quote = await test.request("POST", "/api/bookings/quote", { body: request, ...as(customer.cookie) });
    const gross = Number(quote.body.totalCents);
    const net = gross - vatOfInclusive(gross);

    const booked = await test.request("POST", "/api/bookings", { body: request, ...as(customer.cookie) });
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ totalCents: net, vatCents: 0 });
    expect(
      await test.request("POST", `/api/admin/bookings/${request.bookingId}/confirm`, { body: {}, ...as(operator.cookie) }),
    ).toMatchObject({
      status: 200,
    });
    await runDueJobs(test);

    const events = await test.db
      .selectFrom("payment_events")
      .select(["type", "amount_cents"])
      .where("booking_id", "=", request.bookingId)
      .orderBy("created_at")
      .execute();
    expect(events.map((event) => [event.type, Number(event.amount_cents)])).toEqual([
      ["authorised", net],
      ["captured", net],
    ]);

    const documents = await test.request("GET", `/api/invoices/bookings/${request.bookingId}/documents`, as(customer.cookie));
    const [receipt] = documents.body.documents as {
      id: string;
      number: number;
      kind: string;
      totalCents: number;
      vatCents: number;
      reverseCharge: boolean;
    }[];
    expect(receipt).toMatchObject({ kind: "receipt", totalCents: net, vatCents: 0, reverseCharge: true });
    const text = pdfText((await downloadPdf(test, `/api/invoices/documents/${receipt!.id}/pdf`, customer.cookie)).bytes);
    expect(text).toContain("Reverse charge");
    expect(text).not.toContain("25 %");

    const euros = (net / 100).toFixed(2);
    const csv = await test.app.request(`/api/admin/invoicing/export.csv?from=${today}&to=${today}`, as(operator.cookie));
    const csvText = await csv.text();
    expect(csvText).toContain(euros);
    expect(csvText).not.toContain((gross / 100).toFixed(2));
    const sie = await test.app.request(`/api/admin/invoicing/export.sie?from=${today}&to=${today}`, as(operator.cookie));
    const sieText = Buffer.from(await sie.arrayBuffer()).toString("latin1");
    expect(sieText).toContain(euros);
    expect(sieText).not.toContain((gross / 100).toFixed(2));
  });
});

import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays } from "../../../shared/time.ts";
import { operatorToday } from "../../../shared/time.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { bookingRequest } from "../../test-support/booking-request.ts";
import { createStaff } from "../../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { downloadPdf, pdfText, runDueJobs } from "./test-support.ts";

// docs/invoices.md "What a receipt pays" (docs/product.md §12): a booking whose total an approved
// quote version set by hand is paid in two captures, the booking as booked and the difference; each
// receipt names what it pays, read back from the PDF with pdftotext, in English and in Swedish, and
// the document of the whole booking shows the adjustment as a line of its own under the services.

describeEachEngine("what each receipt pays", (engine) => {
  let test: TestApp;
  let operator: Awaited<ReturnType<typeof createStaff>>;
  beforeAll(async () => {
    test = await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" });
    operator = await createStaff(test, "operator");
  });
  afterAll(() => test.close());

  /** A held card booking whose hand-set total of booked + €302 the customer approved, then confirmed: its documents' texts. */
  async function confirmedAfterHandSetTotal(language: "en" | "sv") {
    const customer = await createSignedInUser(test, { language });
    const as = { headers: { cookie: customer.cookie } };
    const card = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber: "4242424242424242", expiry: "12/34", cvv: "123" },
      ...as,
    });
    const startDate = addDays(operatorToday(new Date()), 3);
    const services = [{ serviceId: "svc-residential", options: { guards: 1, days: 2, timeOfDay: "day" } }];
    const request = {
      ...bookingRequest(),
      startDate,
      endDate: addDays(startDate, 1),
      services,
      language,
      payment: { paymentMethodId: (card.body.paymentMethod as { id: string }).id },
    };
    const created = await test.request("POST", "/api/bookings", { body: request, ...as });
    expect(created.status).toBe(201);
    const bookedCents = Number(created.body.totalCents);
    const proposed = await test.request("POST", `/api/admin/bookings/${request.bookingId}/versions`, {
      body: { startDate, endDate: addDays(startDate, 1), services, adjustedTotal: (bookedCents + 30_200) / 100, reason: "Armoured car" },
      headers: { cookie: operator.cookie },
    });
    expect(proposed.status).toBe(201);
    const changes = await test.request("GET", `/api/bookings/${request.bookingId}/changes`, as);
    const version = (changes.body.versions as { id: string; number: number }[]).at(-1);
    expect(version?.number).toBe(2);
    expect((await test.request("POST", `/api/bookings/${request.bookingId}/versions/${version?.id}/approve`, as)).status).toBe(200);
    const confirmed = await test.request("POST", `/api/admin/bookings/${request.bookingId}/confirm`, {
      body: {},
      headers: { cookie: operator.cookie },
    });
    expect(confirmed.status).toBe(200);
    await runDueJobs(test);
    const listed = await test.request("GET", `/api/invoices/bookings/${request.bookingId}/documents`, as);
    const documents = listed.body.documents as { id: string; kind: string; totalCents: number }[];
    const texts = new Map<number, string>();
    for (const document of documents) {
      // A long description wraps within its column: read in drawing order, its words are one run.
      const text = pdfText((await downloadPdf(test, `/api/invoices/documents/${document.id}/pdf`, customer.cookie)).bytes, { raw: true });
      texts.set(document.totalCents, text.replace(/\s+/g, " "));
    }
    return {
      reference: request.bookingId.slice(0, 8).toUpperCase(),
      bookedCents,
      texts,
      kinds: documents.map((document) => document.kind),
    };
  }

  it("names the booking's services as booked on the first receipt and the approved change of quote on the second (English)", async () => {
    const { reference, bookedCents, texts, kinds } = await confirmedAfterHandSetTotal("en");
    expect(kinds).toEqual(["receipt", "receipt"]);
    expect(texts.get(bookedCents)).toContain(`Payment for booking ${reference}: services as booked`);
    expect(texts.get(30_200)).toContain("Additional payment: approved change of quote v2");
    expect(texts.get(30_200)).not.toContain("services as booked");
  });

  it("says the same in Swedish", async () => {
    const { reference, bookedCents, texts } = await confirmedAfterHandSetTotal("sv");
    expect(texts.get(bookedCents)).toContain(`Betalning för bokning ${reference}: tjänsterna enligt bokningen`);
    expect(texts.get(30_200)).toContain("Tilläggsbetalning: godkänd ändring av offert v2");
  });
});

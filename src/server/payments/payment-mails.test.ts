import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../shared/money.ts";
import { invoiceSentence, settlementSentence, type BookingPaymentView } from "../../shared/payments.ts";
import { addDays, operatorToday } from "../../shared/time.ts";
import { startJobWorker } from "../jobs/worker.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { createStaff } from "../test-support/operator.ts";
import { latestQueuedMail } from "../test-support/queued-mail.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";

// ADR 139: the decision and cancellation mails say what happened to the money, from the booking's
// status and its payment status, in the booking's language — rendered before the bank answered
// ("Charging €X", "Refund of €Y on its way") and after ("Paid €X", "Refunded €Y"), since the mail
// and the provider call are queued in the same transaction and either may run first.

const view = (fields: Partial<BookingPaymentView>): BookingPaymentView => ({
  status: "none",
  heldCents: 0,
  chargedCents: 0,
  refundedCents: 0,
  dueOnConfirmationCents: 0,
  approvalTotalCents: null,
  card: null,
  ...fields,
});

/** Intl writes Swedish amounts with no-break spaces; compared as plain spaces. */
const plain = (text: string | null) => text?.replace(/\s/gu, " ") ?? null;

describe("the money sentences", () => {
  it("word each settlement from the payment's status, in English and Swedish", () => {
    const held = view({ status: "authorised", heldCents: 120_000 });
    expect(settlementSentence("charge", held, 110_000, "en")).toBe("Charging €1,100 to your card now");
    expect(plain(settlementSentence("charge", held, 110_000, "sv"))).toBe("1 100 € dras från ditt kort nu");
    expect(settlementSentence("release", held, 120_000, "en")).toBe("Hold of €1,200 released — nothing was charged");
    expect(settlementSentence("keep", held, 120_000, "en")).toBe("Hold of €1,200 released — nothing was charged");
    const paid = view({ status: "paid", chargedCents: 110_000 });
    expect(settlementSentence("charge", paid, 110_000, "en")).toBe("Paid €1,100");
    expect(settlementSentence("refund", paid, 110_000, "en")).toBe("Refund of €1,100 on its way to your card");
    expect(plain(settlementSentence("keep", paid, 110_000, "sv"))).toBe("Betalt 1 100 € — återbetalas inte enligt avbokningsvillkoren");
    expect(settlementSentence("refund", view({ status: "refunded", chargedCents: 110_000, refundedCents: 110_000 }), 0, "en")).toBe(
      "Refunded €1,100",
    );
    expect(settlementSentence("release", view({ status: "card_saved", dueOnConfirmationCents: 5_000 }), 5_000, "en")).toBe(
      "Nothing was charged — your saved card will not be charged",
    );
    expect(settlementSentence("charge", view({}), 5_000, "en")).toBeNull();
  });

  it("word an invoice by its due date and what the bank file matched", () => {
    expect(invoiceSentence({ issued: true, dueDate: "2026-12-12", totalCents: 50_000, status: "unpaid" }, "en")).toBe(
      "Invoice due Sat, 12 Dec 2026",
    );
    expect(invoiceSentence({ issued: true, dueDate: "2026-12-12", totalCents: 50_000, status: "unpaid" }, "sv")).toMatch(
      /^Faktura förfaller lör 12 dec\.? 2026$/,
    );
    expect(invoiceSentence({ issued: true, dueDate: "2026-12-12", totalCents: 50_000, status: "paid" }, "en")).toBe("Paid €500");
    expect(invoiceSentence({ issued: false }, "en")).toBe("Paid by invoice — sent when we confirm");
  });
});

describeEachEngine("the money in the decision and cancellation mails", (engine) => {
  let test: TestApp;
  let operator: Awaited<ReturnType<typeof createStaff>>;

  beforeAll(async () => {
    test = await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" });
    operator = await createStaff(test, "operator");
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

  async function heldBooking(language: "en" | "sv" = "en") {
    const customer = await createSignedInUser(test);
    const card = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber: "4242424242424242", expiry: "12/34", cvv: "123" },
      headers: { cookie: customer.cookie },
    });
    const today = operatorToday(new Date());
    const request = {
      ...bookingRequest(),
      language,
      startDate: addDays(today, 5),
      endDate: addDays(today, 6),
      payment: { paymentMethodId: (card.body.paymentMethod as { id: string }).id },
    };
    const booked = await test.request("POST", "/api/bookings", { body: request, headers: { cookie: customer.cookie } });
    expect(booked.status).toBe(201);
    return { customer, bookingId: request.bookingId, totalCents: Number(booked.body.totalCents) };
  }

  it("confirmed at a lower price: 'Charging' until the capture is in, then 'Paid' with the lower total", async () => {
    const { customer, bookingId, totalCents } = await heldBooking();
    const lower = totalCents - 10_000;
    await test.request("POST", `/api/admin/bookings/${bookingId}/confirm`, {
      body: { adjustedTotal: lower / 100 },
      headers: { cookie: operator.cookie },
    });
    const before = await latestQueuedMail(test, customer.user.email, "booking-decision");
    expect(before.text).toContain(`Payment: Charging ${formatMoney(lower, "en")} to your card now`);
    await runJobs();
    const after = await latestQueuedMail(test, customer.user.email, "booking-decision");
    expect(after.text).toContain(`Payment: Paid ${formatMoney(lower, "en")}`);
    expect(after.html).toContain(`Paid ${formatMoney(lower, "en")}`);
  });

  it("declined: the hold is released, in Swedish", async () => {
    const { customer, bookingId, totalCents } = await heldBooking("sv");
    await test.request("POST", `/api/admin/bookings/${bookingId}/decline`, {
      body: { reason: "Inget team ledigt" },
      headers: { cookie: operator.cookie },
    });
    const mail = await latestQueuedMail(test, customer.user.email, "booking-decision");
    expect(mail.text).toContain(`Betalning: Reservationen på ${formatMoney(totalCents, "sv")} släppt — inget har dragits`);
    await runJobs();
    expect((await latestQueuedMail(test, customer.user.email, "booking-decision")).text).toContain("Reservationen");
  });

  it("cancelled early by the customer after the capture: 'Refund of €Y on its way', then 'Refunded €Y'", async () => {
    const { customer, bookingId, totalCents } = await heldBooking();
    await test.request("POST", `/api/admin/bookings/${bookingId}/confirm`, { body: {}, headers: { cookie: operator.cookie } });
    await runJobs();
    expect((await test.request("POST", `/api/bookings/${bookingId}/cancel`, { headers: { cookie: customer.cookie } })).status).toBe(200);
    const before = await latestQueuedMail(test, customer.user.email, "booking-cancellation");
    expect(before.text).toContain(`Payment: Refund of ${formatMoney(totalCents, "en")} on its way to your card`);
    expect(before.text).not.toContain("you owe nothing");
    await runJobs();
    const after = await latestQueuedMail(test, customer.user.email, "booking-cancellation");
    expect(after.text).toContain(`Payment: Refunded ${formatMoney(totalCents, "en")}`);
    const booking = await test.request("GET", `/api/bookings/${bookingId}`, { headers: { cookie: customer.cookie } });
    expect(booking.body.payment).toMatchObject({ status: "refunded", refundedCents: totalCents });
  });
});

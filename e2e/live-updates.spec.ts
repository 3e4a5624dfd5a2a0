import { randomUUID } from "node:crypto";
import { expect, test } from "./support/test.ts";
import { addDays } from "../src/shared/time.ts";
import { formatMoney } from "../src/shared/money.ts";
import { operatorToday } from "../src/shared/time.ts";
import { createSignedInCustomer } from "./support/accounts.ts";
import { uniqueEmail } from "./support/mailbox.ts";

// Live updates (docs/booking-lifecycle.md, ADR 092): the customer's dashboard is open in one
// browser; an operator confirms the booking in another, then cancels it; the customer's page
// shows Confirmed, then Cancelled by Nordic Shield, without a reload.

test("an operator's confirmation reaches the customer's open dashboard without a reload", async ({ page, operatorPage: operator }) => {
  test.slow();
  const customerEmail = uniqueEmail("live");
  await createSignedInCustomer(page.request, customerEmail, "Harbour-Lights-42");
  const location = `Kiruna ${randomUUID().slice(0, 6)}, Sweden`;
  const startDate = addDays(operatorToday(new Date()), 25);
  const booked = await page.request.post("/api/bookings", {
    data: {
      bookingId: randomUUID(),
      location,
      startDate,
      services: [{ serviceId: "svc-residential", options: { guards: 2, days: 1, timeOfDay: "night" } }],
      language: "en",
    },
  });
  expect(booked.status()).toBe(201);
  const bookingId = ((await booked.json()) as { id: string }).id;

  await page.goto("/customer-dashboard/bookings");
  const card = page.getByTestId("booking-card").filter({ hasText: location });
  await expect(card.getByTestId("booking-status")).toHaveAttribute("data-status", "pending");
  // The page is loaded once: a reload would be a navigation, which this counter would see.
  let navigations = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });

  await operator.goto(`/admin/bookings/${bookingId}`);
  await expect(operator.getByTestId("booking-status")).toHaveText("Pending");
  await operator.getByTestId("confirm-booking").click();
  await operator.getByTestId("confirm-dialog").getByRole("button", { name: "Confirm booking" }).click();
  await expect(operator.getByTestId("booking-status")).toHaveText("Confirmed");

  await expect(card.getByTestId("booking-status")).toHaveAttribute("data-status", "confirmed");
  await expect(card.getByTestId("booking-status")).toHaveText(/Confirmed/);

  // The operator then cancels: the customer's card says who cancelled, still without a reload.
  await operator.getByRole("region", { name: "Decision" }).getByRole("button", { name: "Cancel booking" }).click();
  // An operator's cancellation says why (docs/operatives.md): the reason goes to the customer.
  const cancelDialog = operator.getByTestId("cancel-dialog");
  await cancelDialog.getByLabel("Reason for the cancellation").fill("The event was called off.");
  await cancelDialog.getByRole("button", { name: "Cancel booking" }).click();
  await expect(operator.getByTestId("booking-status")).toHaveText("Cancelled by operator");
  await expect(card.getByTestId("booking-status")).toHaveAttribute("data-status", "cancelled_by_operator");
  await expect(card.getByTestId("booking-status")).toHaveText(/Cancelled by Nordic Shield/);
  await page.screenshot({ path: "test-results/live-updates-cancelled-by-operator.png" });
  expect(navigations).toBe(0);
});

// docs/payments.md "Live updates": the money follows the ledger on the open pages. The customer's
// booking page and the console's money view are open; the card is captured on confirmation and
// then €25 refunded, by another staff member: both pages show the charge, the refund and its
// credit note without a reload.
test("a capture and a refund reach the customer's booking page and the console's money view without a reload", async ({
  page,
  operatorPage: operator,
}) => {
  test.slow();
  const customerEmail = uniqueEmail("live-money");
  await createSignedInCustomer(page.request, customerEmail, "Harbour-Lights-42");
  const card = await page.request.post("/api/account/payment-methods", {
    data: { cardNumber: "4242424242424242", expiry: "12/34", cvv: "123" },
  });
  expect(card.status()).toBe(201);
  const paymentMethodId = ((await card.json()) as { paymentMethod: { id: string } }).paymentMethod.id;
  const startDate = addDays(operatorToday(new Date()), 3);
  const booked = await page.request.post("/api/bookings", {
    data: {
      bookingId: randomUUID(),
      location: `Luleå ${randomUUID().slice(0, 6)}, Sweden`,
      startDate,
      services: [{ serviceId: "svc-residential", options: { guards: 2, days: 1, timeOfDay: "night" } }],
      language: "en",
      payment: { paymentMethodId },
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id: bookingId, totalCents } = (await booked.json()) as { id: string; totalCents: number };
  const total = formatMoney(totalCents, "en");

  await page.goto(`/customer-dashboard/bookings/${bookingId}`);
  await expect(page.getByTestId("payment-status")).toContainText("Authorised");

  await operator.goto(`/admin/bookings/${bookingId}`);
  const ledger = operator.getByTestId("booking-ledger");
  await expect(ledger.getByTestId("ledger-event")).toHaveCount(1);

  // Both pages are loaded once: a reload would be a navigation, which these counters would see.
  const navigations = { customer: 0, console: 0 };
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations.customer += 1;
  });
  operator.on("framenavigated", (frame) => {
    if (frame === operator.mainFrame()) navigations.console += 1;
  });

  // Another member of staff confirms (the card is captured by a job) and later refunds €25.
  const origin = { Origin: new URL(page.url()).origin };
  const confirmed = await operator.request.post(`/api/admin/bookings/${bookingId}/confirm`, { data: {}, headers: origin });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await expect(page.getByTestId("payment-status")).toContainText(`Paid ${total}`, { timeout: 30_000 });
  await expect(ledger.getByTestId("ledger-summary")).toHaveText(`Paid ${total}`, { timeout: 30_000 });
  await expect(ledger.getByTestId("ledger-event").filter({ hasText: "Captured" })).toHaveCount(1);

  const refund = await operator.request.post(`/api/admin/bookings/${bookingId}/refunds`, {
    data: { amountCents: 2_500, reason: "One hour shorter" },
    headers: { ...origin, "Idempotency-Key": randomUUID() },
  });
  expect(refund.status(), await refund.text()).toBe(202);
  await expect(ledger.getByTestId("ledger-summary")).toHaveText(`Paid ${total} · Refunded €25`, { timeout: 30_000 });
  await expect(ledger.getByTestId("ledger-event").filter({ hasText: "Refunded" })).toContainText("One hour shorter");
  await expect(operator.getByTestId("booking-documents").getByRole("link", { name: /Credit note \d+/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("payment-status")).toContainText("Refunded €25", { timeout: 30_000 });
  await page.screenshot({ path: "test-results/live-updates-refund-customer.png", fullPage: true });
  await operator.screenshot({ path: "test-results/live-updates-refund-console.png", fullPage: true });
  expect(navigations).toEqual({ customer: 0, console: 0 });
});

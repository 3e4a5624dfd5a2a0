import { randomUUID } from "node:crypto";
import { expect, test } from "./support/test.ts";
import { addDays } from "../src/shared/calendar-days.ts";
import { operatorToday } from "../src/shared/pricing.ts";
import { createAccount, signInThroughApi } from "./support/accounts.ts";
import { uniqueEmail } from "./support/mailbox.ts";
import { createAdminWithPassword } from "./support/staff.ts";

// Live updates (docs/booking-lifecycle.md, ADR 092): the customer's dashboard is open in one
// browser; an operator confirms the booking in another, then cancels it; the customer's page
// shows Confirmed, then Cancelled by Nordic Shield, without a reload.

test("an operator's confirmation reaches the customer's open dashboard without a reload", async ({ page, browser }) => {
  test.slow();
  const customerEmail = uniqueEmail("live");
  await createAccount(page.request, customerEmail, "Harbour-Lights-42");
  await signInThroughApi(page, customerEmail, "Harbour-Lights-42");
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

  const staffContext = await browser.newContext();
  const operator = await staffContext.newPage();
  const adminEmail = uniqueEmail("live-admin");
  await createAdminWithPassword(operator, adminEmail, "Quartz-Harbour-Lantern-58");
  await signInThroughApi(operator, adminEmail, "Quartz-Harbour-Lantern-58");
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
  await staffContext.close();
});

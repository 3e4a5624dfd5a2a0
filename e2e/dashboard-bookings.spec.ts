import { randomUUID } from "node:crypto";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test, type Page, expectAccessible } from "./support/test.ts";
import type { CatalogueService } from "../src/shared/booking.ts";
import { createSignedInCustomer } from "./support/accounts.ts";
import { uniqueEmail, waitForMail } from "./support/mailbox.ts";
import { e2eSettings } from "./support/settings.ts";
import { addDays, operatorToday } from "../src/shared/time.ts";

// docs/product.md §2 BOOKINGS (cards, filter, status dots, guard notice, dimmed past cards), the booking
// detail with its cancel (docs/product.md §4, §9 refund rule, cancellation mail) and the SECURITY page's
// I.C.E. contacts, in a real Chromium against the production build. There is no operator screen
// yet: statuses and past dates are set in the e2e server's SQLite file, as an operator would.

const password = "Harbour-Lights-42";
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/** A day `days` after the operator's today (docs/money.md "Dates": days are Stockholm days, never UTC ones). */
function isoDayFromToday(days: number): string {
  return addDays(operatorToday(new Date()), days);
}

/** A booking made through the API the booking page uses; answers its id. */
async function bookThroughApi(page: Page, location: string, startInDays: number, days = 1): Promise<string> {
  const catalogue = ((await (await page.request.get("/api/services")).json()) as { services: CatalogueService[] }).services;
  const residential = catalogue.find((service) => service.slug === "residential");
  if (!residential) throw new Error("The catalogue lacks the residential service");
  const bookingId = randomUUID();
  const response = await page.request.post("/api/bookings", {
    data: {
      bookingId,
      location,
      startDate: isoDayFromToday(startInDays),
      ...(days > 1 && { endDate: isoDayFromToday(startInDays + days - 1) }),
      services: [{ serviceId: residential.id, options: { guards: 2, days, timeOfDay: "day_night" } }],
      language: "en",
    },
  });
  expect(response.status()).toBe(201);
  return bookingId;
}

/** What an operator would do (no operator screen yet): the row changed in the e2e database file. */
function setBooking(id: string, values: { status?: string; startInDays?: number }) {
  const database = new DatabaseSync(path.join(e2eSettings.dataDirectory, "app.db"));
  try {
    database.exec("PRAGMA busy_timeout = 5000");
    if (values.status) database.prepare("update bookings set status = ? where id = ?").run(values.status, id);
    if (values.startInDays !== undefined) {
      const day = isoDayFromToday(values.startInDays);
      database.prepare("update bookings set start_date = ?, end_date = ? where id = ?").run(day, day, id);
    }
  } finally {
    database.close();
  }
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const screenshotDirectory = path.resolve("test-results/dashboard-bookings-screens");

test("bookings: status dots, the guard notice only on the confirmed upcoming one, dimmed past cards, the filter; then a cancel from the detail page with its mail", async ({
  page,
}) => {
  test.slow();
  const email = uniqueEmail("dashboard-bookings");
  await createSignedInCustomer(page.request, email, password);
  const confirmed = await bookThroughApi(page, "Stockholm, Sweden", 10, 3);
  const pending = await bookThroughApi(page, "Göteborg, Sweden", 20);
  const lastMonth = await bookThroughApi(page, "Malmö, Sweden", 5);
  const declined = await bookThroughApi(page, "Kiruna, Sweden", 15);
  setBooking(confirmed, { status: "confirmed" });
  setBooking(declined, { status: "declined" });
  setBooking(lastMonth, { status: "confirmed", startInDays: -20 });

  await page.goto("/customer-dashboard/bookings");
  const upcoming = page.getByTestId("upcoming-bookings");
  const past = page.getByTestId("past-bookings");
  await expect(upcoming.getByTestId("booking-card")).toHaveCount(2);
  // ADR 119: a declined (or cancelled) booking is not among the live ones, but in its own section.
  const ended = page.getByTestId("cancelled-bookings");
  await expect(ended.getByRole("heading", { name: "Cancelled or declined" })).toBeVisible();
  await expect(ended.getByTestId("booking-card")).toHaveCount(1);
  await expect(ended.getByTestId("booking-card")).toContainText("Kiruna, Sweden");
  await expect(ended.getByTestId("booking-status")).toHaveText(/Declined/);
  await expect(upcoming).not.toContainText("Kiruna, Sweden");
  const confirmedCard = upcoming.getByTestId("booking-card").filter({ hasText: "Stockholm, Sweden" });
  const pendingCard = upcoming.getByTestId("booking-card").filter({ hasText: "Göteborg, Sweden" });
  await expect(confirmedCard.getByTestId("booking-status")).toHaveAttribute("data-status", "confirmed");
  await expect(confirmedCard.getByTestId("booking-status")).toHaveText(/Confirmed/);
  await expect(confirmedCard.getByTestId("guard-notice")).toHaveText("Contact your guard 24 hours before the service start time");
  await expect(confirmedCard).toContainText("Duration: 3 days");
  // docs/product.md §9: residential 499 × 2 (day & night) × 2 guards × 3 days, with thousands separators.
  await expect(confirmedCard.getByTestId("booking-price")).toHaveText("€5,988");
  await expect(confirmedCard.getByTestId("booking-fact-time")).toContainText("DAY & NIGHT");
  await expect(confirmedCard.getByTestId("booking-date")).toHaveText(/^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await expect(pendingCard.getByTestId("booking-status")).toHaveAttribute("data-status", "pending");
  await expect(pendingCard.getByTestId("guard-notice")).toHaveCount(0);
  const pastCard = past.getByTestId("booking-card");
  await expect(pastCard).toHaveCount(1);
  await expect(pastCard).toHaveAttribute("data-past", "true");
  await expect(pastCard).toContainText("Malmö, Sweden");
  await expect(pastCard.getByTestId("guard-notice")).toHaveCount(0);
  await expect(page.getByTestId("bookings-filter")).toHaveText("Filter");
  await expectAccessible(page);

  // The filter narrows the past: last month's booking is outside the past week.
  await page.getByRole("button", { name: /Filter past bookings/ }).click();
  await page.getByRole("menuitem", { name: "Past week" }).click();
  await expect(page.getByTestId("bookings-filter")).toHaveText("Past week");
  await expect(past).toContainText("No past bookings found");
  await expect(upcoming.getByTestId("booking-card")).toHaveCount(2);
  await page.getByRole("button", { name: /Filter past bookings/ }).click();
  await page.getByRole("menuitem", { name: "Past month" }).click();
  await expect(past.getByTestId("booking-card")).toHaveCount(1);

  for (const [name, viewport] of [
    ["phone", phone],
    ["desktop", desktop],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: path.join(screenshotDirectory, `bookings-en-${name}.png`), fullPage: true });
  }
  await page.setViewportSize(desktop);

  // Cancel the pending booking from its detail page: the refund rule first, then the status and the mail.
  await pendingCard.getByRole("link", { name: /View details/ }).click();
  await expect(page).toHaveURL(new RegExp(`/customer-dashboard/bookings/${pending}$`));
  const detail = page.getByTestId("booking-detail");
  await expect(detail.getByTestId("booking-status")).toHaveAttribute("data-status", "pending");
  await expect(detail.getByTestId("booking-reference")).toContainText(pending.slice(0, 8).toUpperCase());
  await expect(detail.getByTestId("booking-service")).toContainText("VIP Residential Protection");
  await expect(detail.getByTestId("guard-notice")).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Cancel booking" }).click();
  const dialog = page.getByTestId("cancel-booking-dialog");
  await expect(dialog.getByTestId("refund-rule")).toContainText("Fully refundable");
  await expect(dialog.getByRole("button", { name: "Keep booking" })).toBeFocused();
  await expectAccessible(page);
  await page.screenshot({ path: path.join(screenshotDirectory, "cancel-dialog-en-desktop.png") });
  await dialog.getByRole("button", { name: "Yes, cancel booking" }).click();
  await expect(detail.getByTestId("booking-status")).toHaveAttribute("data-status", "cancelled_by_customer");
  await expect(detail.getByTestId("booking-status")).toHaveText(/Cancelled/);
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
  const mail = await waitForMail(email, /cancelled/i);
  expect(mail.text).toContain("Fully refundable");
  expect(mail.text).toContain(`/customer-dashboard/bookings/${pending}`);

  // The confirmed booking's detail shows the guard notice; the list shows the cancelled status.
  await page.getByRole("link", { name: "Back to bookings" }).click();
  await expect(ended.getByTestId("booking-card").filter({ hasText: "Göteborg, Sweden" }).getByTestId("booking-status")).toHaveAttribute(
    "data-status",
    "cancelled_by_customer",
  );
  await expect(upcoming.getByTestId("booking-card")).toHaveCount(1);
  await page.goto(`/customer-dashboard/bookings/${confirmed}`);
  await expect(page.getByTestId("booking-detail").getByTestId("guard-notice")).toBeVisible();

  // The confirmation page (after booking, or reloaded) leads to the booking's own page.
  await page.goto(`/confirmation?booking=${confirmed}`);
  await page.getByRole("link", { name: "View this booking" }).click();
  await expect(page).toHaveURL(new RegExp(`/customer-dashboard/bookings/${confirmed}$`));
  await expect(page.getByTestId("booking-detail")).toContainText("Stockholm, Sweden");

  // Someone else's (or no) booking: the not-found state leads back to the list.
  await page.goto(`/customer-dashboard/bookings/${randomUUID()}`);
  await expect(page.getByRole("heading", { name: "Booking not found" })).toBeVisible();
  await page.getByRole("link", { name: "VIEW MY BOOKINGS" }).click();
  await expect(page).toHaveURL(/\/customer-dashboard\/bookings$/);
});

test("bookings in Swedish at 390 and 1280 px, and an empty account's empty states", async ({ page }) => {
  const email = uniqueEmail("dashboard-bookings-sv");
  await createSignedInCustomer(page.request, email, password);
  // The server failing: the page says so in plain words and offers a retry (docs/product.md §8).
  await page.route("**/api/bookings?window=all", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "internal_error", message: "x" } }),
    }),
  );
  await page.goto("/customer-dashboard/bookings");
  await expect(page.getByTestId("bookings-error")).toContainText("Failed to load bookings");
  await page.unroute("**/api/bookings?window=all");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("upcoming-bookings")).toContainText("No bookings found");
  await expect(page.getByTestId("past-bookings")).toContainText("No past bookings found");
  await page.getByRole("link", { name: "Make your first booking" }).click();
  await expect(page).toHaveURL(/\/secure-booking$/);

  const id = await bookThroughApi(page, "Uppsala, Sweden", 7, 2);
  setBooking(id, { status: "confirmed" });
  await page.addInitScript(() => window.localStorage.setItem("language", "sv"));
  await page.goto("/customer-dashboard/bookings");
  const card = page.getByTestId("booking-card");
  await expect(card.getByTestId("booking-status")).toHaveText(/Bekräftad/);
  await expect(card.getByTestId("guard-notice")).toHaveText("Kontakta din väktare 24 timmar före uppdragets start");
  await expect(card.getByTestId("booking-price")).toHaveText(/^3\s992\s€$/);
  for (const [name, viewport] of [
    ["phone", phone],
    ["desktop", desktop],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: path.join(screenshotDirectory, `bookings-sv-${name}.png`), fullPage: true });
  }
  await page.goto(`/customer-dashboard/bookings/${id}`);
  await expect(page.getByTestId("booking-detail")).toContainText("VIP-bostadsskydd");
  await page.setViewportSize(phone);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: path.join(screenshotDirectory, "detail-sv-phone.png"), fullPage: true });
  await expectAccessible(page);
});

test("I.C.E. contacts: add, field errors, save, kept after a reload, delete with confirmation", async ({ page }) => {
  test.slow();
  const email = uniqueEmail("ice-contacts");
  await createSignedInCustomer(page.request, email, password);
  await page.goto("/customer-dashboard/security");
  await expect(page.getByText("ADD I.C.E. CONTACT")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "ADD I.C.E. CONTACT" }).click();

  const form = page.getByTestId("contact-form");
  await expect(form).toHaveCount(1);
  await expect(form.getByRole("textbox", { name: "Name" })).toBeFocused();
  await expect(form.getByRole("button", { name: "DELETE CONTACT" })).toBeVisible();
  await form.getByRole("textbox", { name: "Name" }).fill("Karin Lindqvist");
  await form.getByRole("textbox", { name: "Phone nr." }).fill("12ab");
  await form.getByRole("textbox", { name: /E-mail/ }).fill("karin@");
  await form.getByRole("button", { name: "SAVE CONTACT" }).click();
  await expect(form).toContainText("Please enter a valid phone number");
  await expect(form).toContainText("Please enter a valid email address");
  await expectAccessible(page);
  await form.getByRole("textbox", { name: "Phone nr." }).fill("+46 70 765 43 21");
  await form.getByRole("textbox", { name: /E-mail/ }).fill("karin@example.test");
  await form.getByRole("button", { name: "SAVE CONTACT" }).click();
  await expect(page.getByText("Emergency contact added successfully")).toBeVisible();
  await expect(form.getByRole("button", { name: "DELETE CONTACT" })).toBeVisible();

  // An added but untouched contact is never stored: it is gone after a reload.
  await page.getByRole("button", { name: "add another" }).click();
  await expect(page.getByTestId("contact-form")).toHaveCount(2);
  await expect(page.getByText("I.C.E. CONTACT 2")).toBeVisible();
  for (const [name, viewport] of [
    ["phone", phone],
    ["desktop", desktop],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: path.join(screenshotDirectory, `ice-en-${name}.png`), fullPage: true });
  }
  await page.reload();
  await expect(page.getByTestId("contact-form")).toHaveCount(1);
  const kept = page.getByTestId("contact-form");
  await expect(kept.getByRole("textbox", { name: "Name" })).toHaveValue("Karin Lindqvist");
  await expect(kept.getByRole("textbox", { name: "Phone nr." })).toHaveValue("+46 70 765 43 21");

  // Editing shows SAVE CONTACT; saving updates.
  await kept.getByRole("textbox", { name: "Phone nr." }).fill("+46 70 111 22 33");
  await kept.getByRole("button", { name: "SAVE CONTACT" }).click();
  await expect(page.getByText("Emergency contact updated successfully")).toBeVisible();

  // Delete asks first; Cancel keeps it, Delete removes it for good.
  await kept.getByRole("button", { name: "DELETE CONTACT" }).click();
  const dialog = page.getByTestId("delete-contact-dialog");
  await expect(dialog.getByRole("heading", { name: "Delete Emergency Contact" })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("contact-form")).toHaveCount(1);
  await kept.getByRole("button", { name: "DELETE CONTACT" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Emergency contact deleted successfully")).toBeVisible();
  await expect(page.getByRole("button", { name: "ADD I.C.E. CONTACT" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "ADD I.C.E. CONTACT" })).toBeVisible();

  await page.addInitScript(() => window.localStorage.setItem("language", "sv"));
  await page.goto("/customer-dashboard/security");
  await page.getByRole("button", { name: "LÄGG TILL ICE-KONTAKT" }).click();
  for (const [name, viewport] of [
    ["phone", phone],
    ["desktop", desktop],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: path.join(screenshotDirectory, `ice-sv-${name}.png`), fullPage: true });
  }
});

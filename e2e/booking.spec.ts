import AxeBuilder from "@axe-core/playwright";
import { expect, test, gotoHydrated, holdRequests } from "./support/test.ts";
import type { CatalogueService, ServiceOptions } from "../src/shared/booking.ts";
import { formatMoney } from "../src/shared/money.ts";
import { bookingTotal, servicePrice } from "../src/shared/pricing.ts";
import { uniqueEmail, waitForMail } from "./support/mailbox.ts";
import { daysFromToday, pickDay } from "./support/calendar.ts";
import { keepBookingSearch } from "./support/kept-booking.ts";
import { payWithNewCard, paymentStep } from "./support/payment-step.ts";

// The booking issue's journey (docs/product.md §2, §4, §5): landing SEARCH → /secure-booking → two services
// with options → the total the page shows is the pricing engine's → Book now signed out → sign up
// in the dialog with the mailed code → confirmation page, kept across a reload → confirmation mail
// with a calendar (.ics) attachment.

/** Set BOOKING_SCREENSHOTS=<dir> to keep pictures of the confirmation page for review. */
const screenshotDirectory = process.env.BOOKING_SCREENSHOTS;

/** Cents as the page prints them: the product's one formatter (src/shared/money.ts). */
function euros(cents: number): string {
  return formatMoney(cents, "en");
}

test("booking journey: search, two services, sign up in the dialog, confirmation kept on reload, mail with .ics", async ({ page }) => {
  const email = uniqueEmail("booking");
  const start = daysFromToday(10);
  const end = daysFromToday(12);

  // Landing SEARCH with a location and a three-day range.
  await gotoHydrated(page, "/");
  const box = page.getByTestId("booking-box");
  await box.getByTestId("location-input").fill("Stockholm, Sweden");
  await box.getByTestId("location-input").press("Escape");
  await box.getByTestId("date-range-check-in").click();
  await pickDay(page, start);
  await pickDay(page, end);
  await expect(page.getByTestId("date-range-dialog")).toBeHidden();
  await box.getByTestId("landing-search").click();

  await expect(page).toHaveURL(/\/secure-booking$/);
  await expect(page.getByTestId("booking-heading")).toHaveText("Stockholm, Sweden, 3 DAYS");

  // Two services with options.
  await page.getByRole("button", { name: "Select VIP Residential Protection" }).click();
  const residentialCard = page.getByTestId("service-card-residential");
  await residentialCard.getByText("Night", { exact: true }).click();
  await page.getByRole("button", { name: "Select VIP Security Driver" }).click();
  const driverCard = page.getByTestId("service-card-driver");
  await driverCard.getByText("18 hrs", { exact: true }).click();
  await driverCard.getByRole("button", { name: "More guards for VIP Security Driver" }).click();
  await driverCard.getByText("With car", { exact: true }).click();
  // The class choice names what it adds per day ('V-Class · + € …/day'), docs/product.md §9 and ADR 050.
  await driverCard.getByText(/^V-Class · \+ €[\d,]+\/day$/).click();
  await expect(driverCard.getByRole("radio", { name: /^V-Class/ })).toBeChecked();

  // The total shown is the pricing engine's total for exactly these choices.
  const catalogue = ((await (await page.request.get("/api/services")).json()) as { services: CatalogueService[] }).services;
  const residential = catalogue.find((service) => service.slug === "residential");
  const driver = catalogue.find((service) => service.slug === "driver");
  if (!residential || !driver) throw new Error("The catalogue lacks the residential or driver service");
  const residentialOptions: ServiceOptions = { guards: 1, days: 3, timeOfDay: "night" };
  const driverOptions: ServiceOptions = { guards: 2, days: 3, duration: "18h", style: "Casual", car: "with_car", carClass: "V-class" };
  const expectedTotal = bookingTotal([
    { service: residential, options: residentialOptions },
    { service: driver, options: driverOptions },
  ]);
  expect(expectedTotal).toBe(servicePrice(residential, residentialOptions).totalCents + servicePrice(driver, driverOptions).totalCents);
  await expect(page.getByTestId("booking-total")).toHaveText(`TOTAL ${euros(expectedTotal)}`);
  await expect(page.getByTestId("summary-driver")).toContainText(`${euros(servicePrice(driver, driverOptions).dailyCents)} per day`);

  // The selection survives a reload (session storage).
  await page.reload();
  await expect(page.getByTestId("booking-total")).toHaveText(`TOTAL ${euros(expectedTotal)}`);
  await expect(page.getByTestId("booking-heading")).toHaveText("Stockholm, Sweden, 3 DAYS");

  // Book now without a session: the dialog opens; sign up with the mailed code.
  await page.getByTestId("book-now").click();
  const dialog = page.getByTestId("auth-dialog");
  await expect(dialog.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
  await dialog.getByRole("button", { name: "Create an account" }).click();
  await expect(dialog.getByRole("heading", { name: "Create an account" })).toBeVisible();
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("harbour-lantern-42");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByRole("heading", { name: "Verify Your Email" })).toBeVisible();
  const codeMail = await waitForMail(email, /code|kod/i);
  const code = /\b(\d{4})\b/.exec(codeMail.text ?? "")?.[1];
  if (!code) throw new Error("No 4-digit code in the verification mail");
  await dialog.getByRole("textbox", { name: "Verification code" }).fill(code);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByRole("heading", { name: "Complete Your Profile" })).toBeVisible();
  await dialog.getByLabel("Full name").fill("Alva Berg");
  await dialog.getByLabel("Phone number").fill("+46 70 123 45 67");
  await dialog.getByLabel("Address").fill("Strandvägen 7, Stockholm");
  await dialog.getByRole("button", { name: "Create account" }).click();

  // The booking continues by itself to the payment step (docs/payments.md), then to the confirmation page.
  await payWithNewCard(page);
  await expect(page).toHaveURL(/\/confirmation\?booking=[0-9a-f-]{36}$/, { timeout: 20_000 });
  // ADR 119: a request received and awaiting the firm's confirmation, in the page and the toast.
  await expect(page.getByRole("heading", { name: "Booking request received" })).toBeVisible();
  await expect(page.getByText("Your booking is not confirmed yet")).toBeVisible();
  await expect(page.getByText("within 24 hours").first()).toBeVisible();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Booking request received" })).toContainText("within 24 hours");
  await expect(page.getByRole("heading", { name: /confirmed/i })).toHaveCount(0);
  await expect(page.getByTestId("confirmation-location")).toHaveText("Stockholm, Sweden");
  await expect(page.getByTestId("confirmation-total")).toHaveText(euros(expectedTotal));
  await expect(page.getByText("For 3 days")).toBeVisible();
  await expect(page.getByTestId("confirmation-service")).toHaveCount(2);

  // A reload reads the booking back from the API.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Booking request received" })).toBeVisible();
  await expect(page.getByTestId("confirmation-total")).toHaveText(euros(expectedTotal));
  await expect(page.getByTestId("confirmation-service").filter({ hasText: "VIP Security Driver" })).toContainText("2 guards");
  // In Swedish the booked services are named in Swedish too, then back to English.
  await page.getByTestId("language-switcher").first().click();
  await expect(page.getByTestId("confirmation-service").filter({ hasText: "VIP-säkerhetschaufför" })).toContainText("2 väktare");
  await expect(page.getByTestId("confirmation-service").filter({ hasText: "VIP Security Driver" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Bokningsförfrågan mottagen" })).toBeVisible();
  await page.getByTestId("language-switcher").first().click();
  await expect(page.getByRole("heading", { name: "Booking request received" })).toBeVisible();
  if (screenshotDirectory) {
    await page.screenshot({ path: `${screenshotDirectory}/confirmation-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${screenshotDirectory}/confirmation-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // The confirmation mail carries the calendar file.
  const confirmationMail = await waitForMail(email, /^Booking [0-9A-F]{8} received, awaiting confirmation: Stockholm, Sweden$/, 30_000);
  expect(
    confirmationMail.attachments.some((attachment) => attachment.filename?.endsWith(".ics") || attachment.contentType === "text/calendar"),
  ).toBe(true);

  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");

  // Signed in now: dates set with Update, and a double click on Book now books exactly once.
  const bookingPosts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/bookings") bookingPosts.push(request.url());
  });
  await gotoHydrated(page, "/secure-booking");
  const panel = page.getByTestId("booking-search-panel");
  await expect(page.getByTestId("booking-total")).toHaveText("TOTAL €0");
  await page.getByRole("button", { name: "Select VIP Bodyguard" }).click();
  await panel.getByTestId("location-input").fill("Malmö, Sweden");
  await panel.getByTestId("location-input").press("Escape");
  await panel.getByTestId("date-range-check-in").click();
  await pickDay(page, daysFromToday(20));
  await pickDay(page, daysFromToday(21));
  await panel.getByTestId("booking-update").click();
  await expect(page.getByTestId("booking-heading")).toHaveText("Malmö, Sweden, 2 DAYS");
  await page.getByTestId("book-now").dblclick();
  // The card saved above pays; beyond the longest hold the customer agrees to a charge on confirmation.
  await expect(paymentStep(page).getByRole("radio", { name: /ending in 4242/ })).toBeChecked();
  await paymentStep(page).getByRole("checkbox").check();
  await paymentStep(page)
    .getByRole("button", { name: /^Book and pay/ })
    .dblclick();
  await expect(page).toHaveURL(/\/confirmation\?booking=/);
  await expect(page.getByTestId("confirmation-location")).toHaveText("Malmö, Sweden");
  expect(bookingPosts).toHaveLength(1);
});

test("Book now with no service says 'Select a service' and sends nothing", async ({ page }) => {
  const bookingRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/bookings") && request.method() === "POST") bookingRequests.push(request.url());
  });
  await gotoHydrated(page, "/secure-booking");
  await expect(page.getByTestId("service-card-residential")).toBeVisible();
  await page.getByTestId("book-now").click();
  await expect(page.getByText("Select a service")).toBeVisible();

  // A service but no location, then no date: each gets its own message (docs/product.md §5).
  // Selecting by keyboard moves the card to the selected list; focus goes with it, and back again.
  await page.getByRole("button", { name: "Select VIP Bodyguard" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Remove VIP Bodyguard" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Select VIP Bodyguard" })).toBeFocused();
  await page.getByRole("button", { name: "Select VIP Bodyguard" }).click();
  // The page with an expanded card meets WCAG 2.1 AA as far as axe can tell.
  const audit = await new AxeBuilder({ page }).include("main").withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  expect(
    audit.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
  ).toEqual([]);
  await page.getByTestId("book-now").click();
  await expect(page.getByText("Enter location")).toBeVisible();
  await page.getByTestId("booking-search-panel").getByTestId("location-input").fill("Gothenburg, Sweden");
  await page.getByTestId("book-now").click();
  await expect(page.getByText("Select a date")).toBeVisible();

  // Update without dates asks for them.
  await page.getByTestId("booking-update").click();
  await expect(page.getByText("Select dates", { exact: true })).toBeVisible();

  await expect(page.getByTestId("auth-dialog")).toBeHidden();
  expect(bookingRequests).toEqual([]);
});

test("a service chosen while the kept booking is still being read stays chosen, on top of the kept search", async ({ page }) => {
  await keepBookingSearch(page, "Malmö, Sweden", 9);
  // The kept booking is read through checks that load on demand (ADR 085); on a slow connection
  // they arrive after the visitor's first click. Hold them back until that click has happened.
  const releaseChecks = await holdRequests(page, /\/assets\/booking-checks-[^/]+\.js$/);
  await gotoHydrated(page, "/secure-booking");
  await page.getByRole("button", { name: "Select VIP Bodyguard" }).click();
  await expect(page.getByRole("button", { name: "Remove VIP Bodyguard" })).toBeVisible();
  releaseChecks();

  await expect(page.getByTestId("booking-heading")).toContainText("Malmö, Sweden");
  await expect(page.getByRole("button", { name: "Remove VIP Bodyguard" })).toBeVisible();
  await expect(page.getByTestId("booking-search-panel").getByTestId("location-input")).toHaveValue("Malmö, Sweden");
});

test("the confirmation page without a booking offers a new one; an unknown id is a clear error", async ({ page }) => {
  await page.goto("/confirmation");
  await expect(page.getByRole("heading", { name: "No booking details found" })).toBeVisible();
  await expect(page.getByText("Please start a new booking")).toBeVisible();
  await page.getByRole("link", { name: "Start New Booking" }).click();
  await expect(page).toHaveURL(/\/secure-booking$/);

  // A booking state without a location: 'Missing location' and back to the booking page.
  await page.goto("/confirmation");
  await page.evaluate(() => window.history.replaceState({ usr: { total: 499, totalDays: 1 }, key: "test", idx: 0 }, ""));
  await page.reload();
  await expect(page.getByText("Missing location")).toBeVisible();
  await expect(page.getByText("Please go back and enter a location for your booking")).toBeVisible();
  await expect(page).toHaveURL(/\/secure-booking$/);

  await page.goto("/confirmation?booking=00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: /Booking not found|Sign in to see this booking/ })).toBeVisible();
});

test("in Swedish the service cards and the summary name the services in Swedish", async ({ page }) => {
  await gotoHydrated(page, "/secure-booking");
  await page.getByTestId("service-card-bodyguard").waitFor();
  await page.getByTestId("language-switcher").first().click();
  const card = page.getByTestId("service-card-bodyguard");
  await expect(card.getByRole("heading", { name: "VIP-livvakt" })).toBeVisible();
  await expect(card).toContainText("Personskydd av en erfaren livvakt");
  await card.getByRole("button", { name: /VIP-livvakt/ }).click();
  await expect(page.getByTestId("summary-bodyguard")).toContainText("VIP-livvakt");
});

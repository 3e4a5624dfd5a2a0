import { expect, expectAccessible, test, gotoHydrated, type Browser, type Page } from "./support/test.ts";
import { createSignedInCustomer } from "./support/accounts.ts";
import { keepBookingSearch } from "./support/kept-booking.ts";
import { uniqueEmail, waitForMail } from "./support/mailbox.ts";
import { nextYearDigits, payWithNewCard, paymentStep, saveNewCard } from "./support/payment-step.ts";
import { createSignedInOperator } from "./support/staff.ts";
import { formatMoney } from "../src/shared/money.ts";

// docs/payments.md 'The flow', in a real Chromium against the production build with the simulated
// processor: the booking page's payment step with a saved card, a refused card and the bank's check.

const password = "Harbour-Lantern-42";
const screenshotDirectory = process.env.PAYMENT_SCREENSHOTS;

/** A signed-in customer on the booking page with a search kept `daysAhead` from today and VIP Bodyguard selected. */
async function customerReadyToBook(page: Page, prefix: string, daysAhead: number) {
  const email = uniqueEmail(prefix);
  await createSignedInCustomer(page.request, email, password);
  await keepBookingSearch(page, "Stockholm, Sweden", daysAhead);
  await gotoHydrated(page, "/secure-booking");
  await page.getByRole("button", { name: "Select VIP Bodyguard" }).click();
  await page.getByTestId("book-now").click();
  await expect(paymentStep(page)).toBeVisible({ timeout: 15_000 });
  return email;
}

async function ownBookings(page: Page): Promise<unknown[]> {
  const response = await page.request.get("/api/bookings");
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { upcoming?: unknown[]; past?: unknown[]; bookings?: unknown[] };
  return [...(body.upcoming ?? []), ...(body.past ?? []), ...(body.bookings ?? [])];
}

async function signedInAdmin(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail("payments-admin");
  const adminPassword = "Quartz-Harbour-Lantern-58";
  await createSignedInOperator(page.request, email, adminPassword);
  return { page, close: () => context.close() };
}

test("a saved card within 7 days is authorised, and the lower confirmed price is what is paid", async ({ page, browser }) => {
  test.slow();
  const email = await customerReadyToBook(page, "pay-saved", 3);
  const step = paymentStep(page);
  // No card yet: the new-card form is open, its first field focused, no consent asked within the hold.
  await expect(step.getByRole("textbox", { name: "Card Number" })).toBeFocused();
  await expect(step.getByRole("checkbox")).toHaveCount(0);
  if (screenshotDirectory) await page.screenshot({ path: `${screenshotDirectory}/payment-step-new-card-1280.png` });
  await saveNewCard(page, "4242424242424242");
  await expectAccessible(page);
  if (screenshotDirectory) {
    await page.screenshot({ path: `${screenshotDirectory}/payment-step-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${screenshotDirectory}/payment-step-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/bookings") posts.push(request.postData() ?? "");
  });
  // A double click sends one request.
  await step.getByRole("button", { name: /^Book and pay/ }).dblclick();
  await expect(page).toHaveURL(/\/confirmation\?booking=[0-9a-f-]{36}$/, { timeout: 20_000 });
  expect(posts).toHaveLength(1);
  const bookingId = new URL(page.url()).searchParams.get("booking") ?? "";
  await expect(page.getByText(/Authorised €[\d,]+ — charged when we confirm/)).toBeVisible();
  const booked = (await (await page.request.get(`/api/bookings/${bookingId}`)).json()) as { totalCents: number };

  // The operator confirms a lower price; the card is charged that, and the customer's page says so.
  const lowerCents = booked.totalCents - 10_000;
  const admin = await signedInAdmin(browser);
  const confirmed = await admin.page.request.post(`/api/admin/bookings/${bookingId}/confirm`, {
    data: { adjustedTotal: lowerCents / 100 },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await admin.close();
  const lower = formatMoney(lowerCents, "en");
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(`Paid ${lower}`)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // The receipt of the capture comes by mail as a PDF; the decision mail says what was charged.
  const receipt = await waitForMail(email, /^Receipt \d+ from Nordic Shield$/, 30_000);
  expect(receipt.attachments.map((attachment) => attachment.filename)).toEqual([expect.stringMatching(/^receipt-\d+\.pdf$/)]);
  const decision = await waitForMail(email, /Your booking is confirmed/, 30_000);
  expect(decision.text).toMatch(
    new RegExp(`Payment: (Charging ${lower.replace(/[.$]/g, "\\$&")} to your card now|Paid ${lower.replace(/[.$]/g, "\\$&")})`),
  );
});

/** A customer's booking 5 days ahead paid with 4242 and confirmed by the operator: Paid. */
async function paidBooking(page: Page, browser: Browser, prefix: string) {
  const email = await customerReadyToBook(page, prefix, 5);
  await saveNewCard(page, "4242424242424242");
  await paymentStep(page)
    .getByRole("button", { name: /^Book and pay/ })
    .click();
  await expect(page).toHaveURL(/\/confirmation\?booking=[0-9a-f-]{36}$/, { timeout: 20_000 });
  const bookingId = new URL(page.url()).searchParams.get("booking") ?? "";
  const booked = (await (await page.request.get(`/api/bookings/${bookingId}`)).json()) as { totalCents: number };
  const admin = await signedInAdmin(browser);
  const confirmed = await admin.page.request.post(`/api/admin/bookings/${bookingId}/confirm`, {
    data: {},
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const total = formatMoney(booked.totalCents, "en");
  await gotoHydrated(page, `/customer-dashboard/bookings/${bookingId}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("payment-status")).toContainText(`Paid ${total}`, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return { email, bookingId, totalCents: booked.totalCents, total, admin };
}

test("a paid booking cancelled early is refunded in full, and the page and the mail say so", async ({ page, browser }) => {
  test.slow();
  const { email, total, admin } = await paidBooking(page, browser, "pay-cancel");
  await admin.close();
  await page.getByRole("button", { name: "Cancel booking" }).click();
  const dialog = page.getByTestId("cancel-booking-dialog");
  await expect(dialog.getByTestId("refund-rule")).toContainText("Fully refundable");
  await dialog.getByRole("button", { name: "Yes, cancel booking" }).click();
  await expect(page.getByTestId("booking-status")).toHaveAttribute("data-status", "cancelled_by_customer");
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("payment-status")).toContainText(`Refunded ${total}`, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const mail = await waitForMail(email, /cancelled/i, 30_000);
  expect(mail.text).toMatch(/Payment: (Refund of €[\d,.]+ on its way to your card|Refunded €[\d,.]+)/);
  const creditNote = await waitForMail(email, /^Credit note \d+ from Nordic Shield$/, 30_000);
  expect(creditNote.attachments).toHaveLength(1);
});

test("the operator's ledger: a partial refund with a reason, then the payments list; axe-clean at 390 and 1280 px", async ({
  page,
  browser,
}) => {
  test.slow();
  const { bookingId, totalCents, admin } = await paidBooking(page, browser, "pay-ledger");
  const console = admin.page;
  await gotoHydrated(console, `/admin/bookings/${bookingId}`);
  const ledger = console.getByTestId("booking-ledger");
  await expect(ledger.getByTestId("ledger-summary")).toHaveText(`Paid ${formatMoney(totalCents, "en")}`);
  await expect(ledger.getByTestId("ledger-event")).toHaveCount(2);
  await expect(ledger.getByTestId("ledger-event").nth(1)).toContainText("Captured");
  await expectAccessible(console);

  // Too much is refused in place, in words; then €25 with a reason, confirmed first.
  const form = ledger.getByTestId("refund-form");
  await form.getByLabel("Amount (€)").fill(String(totalCents));
  await form.getByLabel(/Reason/).fill("Guard arrived late on the first night");
  await form.getByRole("button", { name: "Refund" }).click();
  await expect(form.getByLabel("Amount (€)")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Amount (€)")).toHaveAccessibleDescription(/At most €[\d,.]+ can be refunded/);
  await form.getByLabel("Amount (€)").fill("25");
  await form.getByRole("button", { name: "Refund" }).click();
  const confirm = console.getByTestId("refund-confirm");
  await expect(confirm).toContainText("Refund €25?");
  await expectAccessible(console);
  await confirm.getByRole("button", { name: "Refund" }).click();
  await expect(async () => {
    await console.reload();
    await expect(ledger.getByTestId("ledger-event").filter({ hasText: "Refunded" })).toContainText(
      "Guard arrived late on the first night",
      {
        timeout: 2_000,
      },
    );
  }).toPass({ timeout: 30_000 });
  await expect(ledger.getByTestId("ledger-summary")).toHaveText(`Paid ${formatMoney(totalCents, "en")} · Refunded €25`);
  // The credit note is downloadable with the booking's documents.
  await expect(async () => {
    await console.reload();
    await expect(console.getByTestId("booking-documents").getByRole("link", { name: /Credit note \d+/ })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(console);
  for (const width of [390, 1280]) {
    await console.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectAccessible(console);
    await console.screenshot({ path: `test-results/payments-ledger-${width}.png`, fullPage: true });
  }

  // The payments list finds it by status; the exports are links of the period.
  await gotoHydrated(console, "/admin/payments");
  await expect(console.getByRole("heading", { name: "Payments", level: 1 })).toBeVisible();
  const row = console.getByTestId("payment-row").filter({ hasText: bookingId.slice(0, 8).toUpperCase() });
  await expect(row).toContainText("Paid");
  await console.getByRole("combobox", { name: "Payment status" }).click();
  await console.getByRole("option", { name: "Partly refunded" }).click();
  await expect(row).toHaveCount(1);
  await expect(console.getByTestId("payment-row").filter({ hasNotText: "Refunded" })).toHaveCount(0);
  const sie = await console.request.get((await console.getByRole("link", { name: "SIE 4 (accounting)" }).getAttribute("href")) ?? "");
  expect(sie.status()).toBe(200);
  expect((await sie.body()).toString("latin1")).toContain("#SIETYP 4");
  for (const width of [390, 1280]) {
    await console.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectAccessible(console);
    await console.screenshot({ path: `test-results/payments-list-${width}.png`, fullPage: true });
  }
  await admin.close();
});

test("a declined card shows the bank's reason, books nothing, and another card can be chosen", async ({ page }) => {
  test.slow();
  await customerReadyToBook(page, "pay-declined", 3);
  const step = paymentStep(page);
  const problem = step.getByTestId("payment-problem");
  // A card the bank refuses outright cannot even be saved: the reason is shown, nothing is booked.
  await step.getByRole("textbox", { name: "Card Number" }).pressSequentially("4000000000000002");
  await step.getByRole("textbox", { name: "Expiry Date" }).pressSequentially(`12${nextYearDigits}`);
  await step.getByLabel("CVV", { exact: true }).fill("123");
  await step.getByRole("button", { name: "Save card" }).click();
  await expect(problem).toContainText("Card not saved");
  await expect(problem).toContainText("Your bank declined this card, so it could not be saved.");
  await expect(step.getByRole("textbox", { name: "Card Number" })).toHaveValue("");

  // A card refused when the money is asked for: the reason, and no booking.
  await saveNewCard(page, "4000000000009995");
  await expect(problem).toHaveCount(0);
  await step.getByRole("button", { name: /^Book and pay/ }).click();
  await expect(problem).toContainText("Your card has insufficient funds for this amount. No booking was made.");
  await expect(page).toHaveURL(/\/secure-booking/);
  expect(await ownBookings(page)).toHaveLength(0);
  if (screenshotDirectory) {
    await page.screenshot({ path: `${screenshotDirectory}/payment-step-declined-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${screenshotDirectory}/payment-step-declined-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // Another card books, as a new request.
  await saveNewCard(page, "4242424242424242");
  await step.getByRole("button", { name: /^Book and pay/ }).click();
  await expect(page).toHaveURL(/\/confirmation\?booking=/, { timeout: 20_000 });
  expect(await ownBookings(page)).toHaveLength(1);
});

test("the bank's check: completed books, abandoned says so and books nothing", async ({ page }) => {
  test.slow();
  await customerReadyToBook(page, "pay-check", 3);
  await payWithNewCard(page, "4000002500003155");
  await expect(page.getByRole("heading", { name: "Confirm this payment with your bank" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Cancel" }).click();
  // Back on the booking page, the same request is sent again and refused in plain words.
  const problem = paymentStep(page).getByTestId("payment-problem");
  await expect(problem).toContainText("The bank's check was not completed, so nothing was charged and no booking was made.", {
    timeout: 20_000,
  });
  await expect(page).not.toHaveURL(/bank=/);
  expect(await ownBookings(page)).toHaveLength(0);

  // Trying again with the same card and completing the check books.
  await paymentStep(page)
    .getByRole("button", { name: /^Book and pay/ })
    .click();
  await expect(page.getByRole("heading", { name: "Confirm this payment with your bank" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(page).toHaveURL(/\/confirmation\?booking=[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByText(/Authorised €[\d,]+ — charged when we confirm/)).toBeVisible();
  expect(await ownBookings(page)).toHaveLength(1);
});

test("beyond the longest hold the step asks for consent before booking", async ({ page }) => {
  test.slow();
  await customerReadyToBook(page, "pay-later", 12);
  const step = paymentStep(page);
  await saveNewCard(page, "4242424242424242");
  await step.getByRole("button", { name: /^Book and pay/ }).click();
  await expect(step.getByText("Please agree to continue")).toBeVisible();
  await step.getByRole("checkbox").check();
  await step.getByRole("button", { name: /^Book and pay/ }).click();
  await expect(page).toHaveURL(/\/confirmation\?booking=/, { timeout: 20_000 });
  expect(await ownBookings(page)).toHaveLength(1);
});

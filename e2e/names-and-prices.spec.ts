import { expect, expectAccessible, gotoHydrated, test, type Locator, type Page } from "./support/test.ts";
import { addDays, operatorToday } from "../src/shared/time.ts";
import { createSignedInCustomer } from "./support/accounts.ts";
import { uniqueEmail } from "./support/mailbox.ts";
import { nextYearDigits, paymentStep } from "./support/payment-step.ts";
import { createSignedInOperator } from "./support/staff.ts";

// Names and prices as a person meets them, at 1280 px in English and 390 px in Swedish:
// - the booking page's service cards show the price charged and no struck-through price or
//   "save" badge (ADR 248), for a booking of three days;
// - the simulated bank's check page leads in the visitor's language, with <html lang> right;
// - a residential + driver + bodyguard booking is named by all three in the operator's queue, on
//   its page and on the customer's, and the insights count the driver (ADR 249).

const password = "Harbour-Lantern-42";
const screenshots = process.env.NAMES_PRICES_SCREENSHOTS;

const cases = [
  {
    language: "en",
    width: 1280,
    select: ["Select VIP Residential Protection", "Select VIP Security Driver", "Select VIP Bodyguard"],
    pay: /^Book and pay/,
    bank: { heading: "Confirm this payment with your bank", complete: "Complete" },
    names: "Residential · Security driver · Bodyguard",
    spoken: "Residential, Security driver, Bodyguard",
    driver: "Security driver",
    servicesPanel: "Services",
    residentialTitle: "VIP Residential Protection",
    daytime: "Day",
    provider: /Simulated processor/,
  },
  {
    language: "sv",
    width: 390,
    select: ["Välj VIP-bostadsskydd", "Välj VIP-säkerhetschaufför", "Välj VIP-livvakt"],
    pay: /^Boka och betala/,
    bank: { heading: "Bekräfta betalningen hos din bank", complete: "Slutför" },
    names: "Bostadsskydd · Säkerhetschaufför · Livvakt",
    spoken: "Bostadsskydd, Säkerhetschaufför, Livvakt",
    driver: "Säkerhetschaufför",
    servicesPanel: "Tjänster",
    residentialTitle: "VIP-bostadsskydd",
    daytime: "Dag",
    provider: /Simulerad betalleverantör/,
  },
] as const;

/** Screenshots at both widths, back to the journey's own afterwards. */
async function shoot(page: Page, name: string, width: number, target?: Locator) {
  if (!screenshots) return;
  for (const size of [390, 1280]) {
    await page.setViewportSize({ width: size, height: size === 390 ? 844 : 800 });
    if (target) await target.screenshot({ path: `${screenshots}/${name}-${size}.png` });
    else await page.screenshot({ path: `${screenshots}/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
}

/** The visible label (dots) and the spoken one (commas) of a booking's service names. */
async function expectNames(names: Locator, visible: string, spoken: string) {
  // A first load on a busy machine may take a while (the queue's search, the booking's page).
  await expect(names.locator("[aria-hidden=true]")).toHaveText(visible, { timeout: 30_000 });
  await expect(names.locator(".sr-only")).toHaveText(spoken);
}

for (const words of cases) {
  test(`${words.language} at ${words.width} px: honest prices, the bank's page in the visitor's language, every service named`, async ({
    browser,
  }) => {
    test.slow();
    const viewport = { width: words.width, height: words.width === 390 ? 844 : 800 };
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.addInitScript((language) => window.localStorage.setItem("language", language), words.language);
    const email = uniqueEmail(`names-${words.language}`);
    await createSignedInCustomer(page.request, email, password);
    // The card that asks for the bank's check, saved beforehand: the step offers it chosen.
    const card = await page.request.post("/api/account/payment-methods", {
      data: { cardNumber: "4000002500003155", expiry: `12/${nextYearDigits}`, cvv: "123" },
    });
    expect(card.status()).toBe(201);
    const location = `Sigtuna ${crypto.randomUUID().slice(0, 6)}, Sweden`;
    const startDate = addDays(operatorToday(new Date()), 3);
    await page.addInitScript(
      (search) => {
        if (!window.sessionStorage.getItem("bookingState")) {
          window.sessionStorage.setItem("bookingState", JSON.stringify({ search, selection: [], attempt: null }));
        }
      },
      { location, startDate, endDate: addDays(startDate, 2) },
    );

    // 2. The pricing area: the daily price, and for three days the total; nothing struck, no badge.
    await gotoHydrated(page, "/secure-booking");
    for (const label of words.select) await page.getByRole("button", { name: label }).click();
    const cards = page.locator('[data-testid^="service-card-"]');
    await expect(cards).toHaveCount(5);
    await expect(page.locator('[data-testid^="service-card-"] s, [data-testid^="service-card-"] del')).toHaveCount(0);
    for (const text of await cards.allInnerTexts()) expect(text).not.toMatch(/SAVE|SPARA|\d\s?%/);
    await expect(page.getByTestId("service-card-residential").getByTestId("service-daily-price")).toContainText("499");
    await expectAccessible(page);
    await shoot(page, `pricing-${words.language}`, words.width, page.getByTestId("service-card-residential"));

    // 3. The bank's check, in the visitor's language.
    await page.getByTestId("book-now").click();
    await expect(paymentStep(page)).toBeVisible({ timeout: 15_000 });
    await expect(paymentStep(page).getByRole("radio", { name: /3155/ })).toBeChecked({ timeout: 15_000 });
    await paymentStep(page).getByRole("button", { name: words.pay }).click();
    await expect(page.getByRole("heading", { name: words.bank.heading })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator("html")).toHaveAttribute("lang", words.language);
    await expectAccessible(page);
    await shoot(page, `bank-${words.language}`, words.width);
    await page.getByRole("button", { name: words.bank.complete, exact: true }).click();
    await expect(page).toHaveURL(/\/confirmation\?booking=[0-9a-f-]{36}$/, { timeout: 20_000 });
    const bookingId = new URL(page.url()).searchParams.get("booking") ?? "";

    // 1. The customer's booking names all three services, on the list and on its page.
    await page.goto("/customer-dashboard/bookings");
    const customerCard = page.getByTestId("booking-card").filter({ hasText: location });
    await expectNames(customerCard.getByTestId("booking-services"), words.names, words.spoken);
    await page.goto(`/customer-dashboard/bookings/${bookingId}`);
    await expectNames(page.getByTestId("booking-heading-services"), words.names, words.spoken);
    await shoot(page, `customer-booking-${words.language}`, words.width);

    // The operator, in the same language and width.
    const staffContext = await browser.newContext({ viewport });
    const operator = await staffContext.newPage();
    await operator.addInitScript((language) => window.localStorage.setItem("language", language), words.language);
    const adminEmail = uniqueEmail(`names-admin-${words.language}`);
    await createSignedInOperator(operator.request, adminEmail, "Quartz-Harbour-Lantern-58");
    await operator.goto(`/admin?q=${encodeURIComponent(location)}`);
    const row = operator.getByTestId("queue-row").filter({ hasText: location });
    await expectNames(row.getByTestId("booking-services"), words.names, words.spoken);
    await expectAccessible(operator);
    await shoot(operator, `queue-${words.language}`, words.width);
    await operator.goto(`/admin/bookings/${bookingId}`);
    await expectNames(operator.getByTestId("booking-heading-services"), words.names, words.spoken);
    // Each service and its options in the reader's language too, not the English stored when booked.
    const services = operator.getByRole("region", { name: words.servicesPanel });
    await expect(services.getByText(words.residentialTitle, { exact: true })).toBeVisible();
    await expect(services).toContainText(words.daytime);
    await expect(operator.getByText(words.provider)).toBeVisible({ timeout: 30_000 });
    await shoot(operator, `operator-booking-${words.language}`, words.width);

    // The insights count the booking's driver (the second service) under the driver.
    await operator.goto("/admin/insights");
    const byService = operator.getByTestId("chart-demand-by-service");
    await byService.locator("button[aria-expanded]").click();
    const driverRow = byService.getByRole("row").filter({ hasText: words.driver });
    await expect(driverRow).toHaveCount(1);
    const [, requests] = await driverRow.locator("th, td").allInnerTexts();
    expect(Number(requests)).toBeGreaterThanOrEqual(1);
    await shoot(operator, `insights-${words.language}`, words.width, byService);

    // A walk through the console's pages in the journey's language, for the eye (screenshots).
    if (screenshots) {
      for (const section of ["operatives", "board", "audit", "id-documents", "payments", "invoicing", "catalogue", "staff"]) {
        await operator.goto(`/admin/${section}`);
        await expect(operator.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
        await operator.waitForLoadState("networkidle");
        await operator.screenshot({ path: `${screenshots}/console-${section}-${words.language}-${words.width}.png`, fullPage: true });
      }
    }

    await staffContext.close();
    await context.close();
  });
}

import { expect, test, type Page, gotoHydrated } from "./support/test.ts";
import type { CatalogueService, ServiceOptions } from "../src/shared/booking.ts";
import { formatMoney } from "../src/shared/money.ts";
import { servicePrice } from "../src/shared/pricing.ts";
import { serviceSlugs } from "../src/shared/site-map.ts";
import { daysFromToday, localIsoDay, pickDay } from "./support/calendar.ts";

// docs/product.md §2 /secure-booking as a new customer meets it: dates count as soon as a range is picked,
// the unit under a price says what is priced, a car comes without a class unless one is chosen
// (docs/product.md §9, ADR 050), and every /services/* page books its own service.

const widths = [1280, 390] as const;

/** Cents as the page prints them: the product's one formatter (src/shared/money.ts). */
function euros(cents: number): string {
  return formatMoney(cents, "en");
}

async function catalogueService(page: Page, slug: string): Promise<CatalogueService> {
  const catalogue = ((await (await page.request.get("/api/services")).json()) as { services: CatalogueService[] }).services;
  const service = catalogue.find((entry) => entry.slug === slug);
  if (!service) throw new Error(`The catalogue lacks ${slug}`);
  return service;
}

for (const width of widths) {
  test(`a picked date range counts at once: Book now goes on without Update (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await gotoHydrated(page, "/secure-booking");
    await page.evaluate(() => window.sessionStorage.clear());
    await page.getByRole("button", { name: "Select VIP Bodyguard" }).click();
    const panel = page.getByTestId("booking-search-panel");
    await panel.getByTestId("location-input").fill("Gothenburg, Sweden");
    await panel.getByTestId("location-input").press("Escape");
    await panel.getByTestId("date-range-check-in").click();
    await pickDay(page, daysFromToday(10));
    await pickDay(page, daysFromToday(12));
    await expect(page.getByTestId("date-range-dialog")).toBeHidden();

    // No Update pressed: the heading, the total and Book now already use the picked range.
    await expect(page.getByTestId("booking-heading")).toHaveText("Gothenburg, Sweden, 3 DAYS");
    await expect(page.getByTestId("booking-summary")).toContainText("For 3 days");
    await page.getByTestId("book-now").click();
    await expect(page.getByTestId("auth-dialog")).toBeVisible();
    await expect(page.getByText("Select a date")).toHaveCount(0);
  });

  test(`the unit under a price describes the chosen duration and guards, in English and Swedish (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await gotoHydrated(page, "/secure-booking");
    await page.evaluate(() => window.sessionStorage.clear());
    const driverCard = page.getByTestId("service-card-driver");
    await expect(driverCard.getByTestId("service-daily-price")).toContainText("/day · 12 h · 1 guard");
    const residentialPrice = page.getByTestId("service-card-residential").getByTestId("service-daily-price");
    await expect(residentialPrice).toContainText("/day · daytime · 1 guard");
    await page.getByRole("button", { name: "Select VIP Security Driver" }).click();
    await driverCard.getByText("18 hrs", { exact: true }).click();
    await driverCard.getByRole("button", { name: "More guards for VIP Security Driver" }).click();
    await driverCard.getByText("With car", { exact: true }).click();
    const price = driverCard.getByTestId("service-daily-price");
    await expect(price).toContainText("/day · 18 h · 2 guards · with car");
    await expect(price).not.toContainText("12 hrs");
    await expect(price).toBeInViewport({ ratio: 0 });
    // The unit stays on the card: it does not spill past the card's right edge.
    const cardBox = await driverCard.boundingBox();
    const priceBox = await price.boundingBox();
    if (!cardBox || !priceBox) throw new Error("The driver card or its price is not laid out");
    expect(priceBox.x + priceBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);

    // The top bar shows one switcher for its width (the other sits in the closed mobile menu).
    await page.locator('[data-testid="language-switcher"]:visible').first().click();
    await expect(price).toContainText("/dag · 18 tim · 2 väktare · med bil");
    await expect(residentialPrice).toContainText("/dag · dagtid · 1 väktare");
  });
}

test("'With car' adds no car class: the class and its fee are an explicit choice shown before it is picked", async ({ page }) => {
  await gotoHydrated(page, "/secure-booking");
  await page.evaluate(() => window.sessionStorage.clear());
  const driver = await catalogueService(page, "driver");
  await page.getByRole("button", { name: "Select VIP Security Driver" }).click();
  const driverCard = page.getByTestId("service-card-driver");
  await driverCard.getByText("With car", { exact: true }).click();

  const withCar: ServiceOptions = { guards: 1, days: 1, duration: "12h", style: "Casual", car: "with_car" };
  const sClass: ServiceOptions = { ...withCar, carClass: "S-class" };
  const carOnly = servicePrice(driver, withCar).dailyCents;
  const withSClass = servicePrice(driver, sClass).dailyCents;
  expect(withSClass).toBeGreaterThan(carOnly);

  // A car without a class is the default, priced without the class fee.
  await expect(driverCard.getByRole("radio", { name: /S-Class/ })).not.toBeChecked();
  await expect(driverCard.getByRole("radio", { name: /Standard car/ })).toBeChecked();
  await expect(page.getByTestId("booking-total")).toHaveText(`TOTAL ${euros(carOnly)}`);
  // The class says what it adds per day before it is picked.
  await expect(driverCard.getByText(`S-Class · + ${euros(withSClass - carOnly)}/day`)).toBeVisible();

  await driverCard.getByText(/^S-Class/).click();
  await expect(page.getByTestId("booking-total")).toHaveText(`TOTAL ${euros(withSClass)}`);
  await driverCard.getByText("Standard car", { exact: true }).click();
  await expect(page.getByTestId("booking-total")).toHaveText(`TOTAL ${euros(carOnly)}`);

  // The server prices the same choice with the same engine.
  const quote = await page.request.post("/api/bookings/quote", {
    data: { startDate: localIsoDay(daysFromToday(10)), services: [{ serviceId: driver.id, options: withCar }], language: "en" },
  });
  expect(quote.status()).toBe(200);
  expect(((await quote.json()) as { totalCents: number }).totalCents).toBe(carOnly);
});

test("'Book this service' on every service page opens /secure-booking with that service selected", async ({ page }) => {
  for (const slug of serviceSlugs) {
    await page.goto(`/services/${slug}`);
    await page.evaluate(() => window.sessionStorage.clear());
    await page.getByTestId("book-service").click();
    await expect(page).toHaveURL(/\/secure-booking$/);
    await expect(page.getByTestId(`service-card-${slug}`)).toHaveAttribute("data-selected", "true");
    await expect(page.getByTestId(`summary-${slug}`)).toBeVisible();
    await expect(page.locator('[data-selected="true"]')).toHaveCount(1);
  }
});

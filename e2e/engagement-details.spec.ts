import { expect, test, expectAccessible, gotoHydrated, type Page } from "./support/test.ts";
import { createSignedInCustomer } from "./support/accounts.ts";
import { keepBookingSearch } from "./support/kept-booking.ts";
import { uniqueEmail } from "./support/mailbox.ts";
import { payWithNewCard } from "./support/payment-step.ts";
import { createSignedInOperator } from "./support/staff.ts";

// docs/product.md §12 Engagement: an assistant books a bodyguard for someone else under a codename,
// with a pick-up time and a meeting point; the booking page's "When and where" form (ADR 183) keeps
// what was typed across a change of language and screen width, refuses times longer than the hours
// per day (ADR 180), and the confirmation and the dashboard show the details. 390 and 1280 px,
// English and Swedish, axe clean. Set ENGAGEMENT_SCREENSHOTS=<dir> to keep pictures for review.

const password = "Harbour-Lights-42";
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const codename = "NORTHSTAR";
const realName = "Viktoria Sandelin";
const meetingPoint = "Grand Hôtel, Södra Blasieholmshamnen 8";
const screenshotDirectory = process.env.ENGAGEMENT_SCREENSHOTS;

async function switchLanguage(page: Page, to: "en" | "sv") {
  const current = await page.evaluate(() => document.documentElement.lang);
  if (!current.startsWith(to)) await page.locator('[data-testid="language-switcher"]:visible').first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", new RegExp(`^${to}`));
}

async function shoot(page: Page, name: string) {
  if (screenshotDirectory) await page.screenshot({ path: `${screenshotDirectory}/${name}.png`, fullPage: true });
}

test("book for a protected person under a codename with a pick-up time and a meeting point; confirmation, dashboard and console show them", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("engagement");
  await createSignedInCustomer(page.request, email, password);
  await keepBookingSearch(page, "Stockholm, Sweden", 10);

  // English, wide screen: choose a bodyguard for 12 hours per day.
  await page.setViewportSize(desktop);
  await gotoHydrated(page, "/secure-booking");
  await switchLanguage(page, "en");
  await page.getByRole("button", { name: "Select VIP Bodyguard" }).click();
  await page.getByTestId("service-card-bodyguard").getByText("12 hrs", { exact: true }).click();
  const form = page.getByTestId("engagement-form");
  await expect(form.getByRole("heading", { name: "When and where" })).toBeVisible();

  // Times longer than the hours per day are refused at once, in the visitor's language.
  await form.getByLabel("Start time on the first day").fill("18:00");
  await form.getByLabel("End time on the last day").fill("07:00");
  await form.getByLabel("End time on the last day").blur();
  await expect(form.getByText("These times last longer than the hours per day you chose.")).toBeVisible();
  await form.getByLabel("End time on the last day").fill("23:30");
  await expect(form.getByText("These times last longer than the hours per day you chose.")).toBeHidden();

  await form.getByRole("combobox", { name: "Meeting or pick-up point" }).fill(meetingPoint);
  await form.getByRole("combobox", { name: "Meeting or pick-up point" }).press("Escape");
  await form.getByLabel("Note to the team").fill("Arrives through the side entrance.");
  await form.getByText("Someone else", { exact: true }).click();
  await form.getByLabel("Codename").fill(codename);
  await form.getByLabel("Real name (optional)").fill(realName);
  await form.getByLabel("Their phone").fill("+46 70 111 22 33");
  await form.getByRole("checkbox", { name: "The team may contact them directly" }).click();
  await expectAccessible(page);
  await shoot(page, "booking-form-1280-en");
  if (screenshotDirectory) await form.screenshot({ path: `${screenshotDirectory}/form-1280-en.png` });

  // Swedish, phone width: what was typed is kept, the words are Swedish, and axe is clean.
  await page.setViewportSize(phone);
  await switchLanguage(page, "sv");
  await expect(form.getByRole("heading", { name: "När och var" })).toBeVisible();
  await expect(form.getByLabel("Starttid första dagen")).toHaveValue("18:00");
  await expect(form.getByLabel("Kodnamn")).toHaveValue(codename);
  await form.getByLabel("Kodnamn").scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await shoot(page, "booking-form-390-sv");
  if (screenshotDirectory) await form.screenshot({ path: `${screenshotDirectory}/form-390-sv.png` });

  // The draft survives a reload (docs/product.md §7).
  await page.reload();
  await expect(page.getByTestId("engagement-form").getByLabel("Sluttid sista dagen")).toHaveValue("23:30");
  await expect(page.getByTestId("engagement-form").getByLabel("Kodnamn")).toHaveValue(codename);

  // Book and pay (the payment step in English).
  await switchLanguage(page, "en");
  await page.setViewportSize(desktop);
  await page.getByTestId("book-now").first().click();
  await payWithNewCard(page);
  await expect(page).toHaveURL(/\/confirmation\?booking=[0-9a-f-]{36}$/, { timeout: 20_000 });
  const bookingId = new URL(page.url()).searchParams.get("booking") ?? "";

  // The confirmation shows when, where and for whom; in both languages and widths.
  await expect(page.getByTestId("engagement-times")).toContainText("18:00 – 23:30");
  await expect(page.getByTestId("engagement-meeting-point")).toContainText("Grand Hôtel");
  await expect(page.getByTestId("engagement-principal")).toContainText(`codename ${codename}`);
  await expect(page.getByTestId("engagement-principal")).toContainText("the team may contact them directly");
  await expectAccessible(page);
  await shoot(page, "confirmation-1280-en");
  await page.setViewportSize(phone);
  await switchLanguage(page, "sv");
  await expect(page.getByText("Tider (svensk tid)")).toBeVisible();
  await expect(page.getByTestId("engagement-times")).toHaveText("18:00 – 23:30");
  await expect(page.getByTestId("engagement-principal")).toContainText(`kodnamn ${codename}`);
  await expectAccessible(page);
  await shoot(page, "confirmation-390-sv");

  // The dashboard's card and detail show them too.
  await gotoHydrated(page, "/customer-dashboard/bookings");
  const card = page.getByTestId("booking-card-engagement").filter({ hasText: codename });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("engagement-times")).toContainText("18:00 – 23:30");
  await expect(card.getByTestId("engagement-meeting-point")).toContainText("Grand Hôtel");
  await expectAccessible(page);
  await page.setViewportSize(desktop);
  await switchLanguage(page, "en");
  await expect(card.getByTestId("engagement-times")).toContainText("Times (Stockholm)");
  await expectAccessible(page);
  await gotoHydrated(page, `/customer-dashboard/bookings/${bookingId}`);
  await expect(page.getByTestId("engagement-principal")).toContainText(codename);
  await expect(page.getByTestId("engagement-meeting-point")).toContainText("Grand Hôtel");
  await expectAccessible(page);
  await shoot(page, "dashboard-detail-1280-en");

  // The customer sees the name they entered.
  await expect(page.getByTestId("engagement-principal")).toContainText(realName);

  // The operator console: the queue names the codename only (ADR 181), the booking page the name.
  const adminEmail = uniqueEmail("engagement-admin");
  const adminPassword = "Quartz-Harbour-Lantern-58";
  const operatorPage = await (await browser.newContext()).newPage();
  await createSignedInOperator(operatorPage.request, adminEmail, adminPassword);
  for (const viewport of [desktop, phone]) {
    await operatorPage.setViewportSize(viewport);
    await gotoHydrated(operatorPage, "/admin");
    await operatorPage.getByRole("searchbox", { name: "Search" }).fill(email);
    await operatorPage.getByRole("button", { name: "Apply" }).click();
    const row = operatorPage.locator(`[data-testid="queue-row"][data-booking-id="${bookingId}"]`);
    await expect(row.getByTestId("queue-principal")).toHaveText(`For ${codename}`);
    await expect(operatorPage.getByTestId("queue-row").filter({ hasText: realName })).toHaveCount(0);
    await expectAccessible(operatorPage);
    await shoot(operatorPage, `console-queue-${String(viewport.width)}`);
    await gotoHydrated(operatorPage, `/admin/bookings/${bookingId}`);
    await expect(operatorPage.getByTestId("engagement-principal")).toContainText(realName);
    await expect(operatorPage.getByTestId("engagement-times")).toContainText("18:00 – 23:30");
    await expect(operatorPage.getByTestId("engagement-meeting-point")).toContainText("Grand Hôtel");
    await expectAccessible(operatorPage);
    await shoot(operatorPage, `console-detail-${String(viewport.width)}`);
  }
});

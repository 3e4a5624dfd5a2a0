import { randomUUID } from "node:crypto";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, expectAccessible, gotoHydrated, test, type Browser, type Page } from "./support/test.ts";
import { e2eSettings } from "./support/settings.ts";
import { addDays } from "../src/shared/time.ts";
import { operatorToday } from "../src/shared/time.ts";
import { secretOfTotpUri, totpCode } from "../src/server/test-support/totp.ts";
import { createSignedInCustomer, signInThroughApi } from "./support/accounts.ts";
import { uniqueEmail, waitForMail } from "./support/mailbox.ts";
import { createSignedInOperator } from "./support/staff.ts";

// The operatives' side end to end (docs/operatives.md): an operator (1280 px) invites two
// operatives and offers them a booking; both accept on their phones (390 px, one in English, one
// in Swedish); the customer's open booking page shows "Team confirmed" with the lead's first name;
// the lead marks on the way and on duty and the customer sees each step live, without a reload;
// the lead completes the service and the customer rates it; the operator sees the rating. Every
// screen passes axe. Screenshots of the operative's phone and of the board are kept.

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = "test-results/operatives";

async function operativeOnPhone(browser: Browser, operatorPage: Page, operativeId: string, language: "en" | "sv") {
  const email = uniqueEmail(`operative-${language}`);
  const invited = await operatorPage.request.post(`/api/admin/operatives/${operativeId}/invite`, { data: { email, language } });
  expect(invited.status()).toBe(200);
  const mail = await waitForMail(email, language === "sv" ? /Din inbjudan/ : /Your invitation/);
  const link = /https?:\/\/\S+\/reset-password\?token=[^\s"<]+/.exec(mail.text ?? "")?.[0];
  if (!link) throw new Error("no link in the invitation");
  const context = await browser.newContext({ viewport: phone, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  if (language === "sv") await page.addInitScript(() => window.localStorage.setItem("language", "sv"));
  await page.goto(new URL(link).pathname + new URL(link).search);
  const password = "Night-Harbour-Watch-57";
  await page.getByLabel(language === "sv" ? "Nytt lösenord" : "New password", { exact: true }).fill(password);
  await page.getByRole("button", { name: language === "sv" ? "Återställ lösenord" : "Reset password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  if (language === "en") {
    // ADR 220: an operative signing in without a page asked for lands in /operative, not MY ACCOUNT.
    await gotoHydrated(page, "/login");
    const emailField = page.getByRole("textbox", { name: "E-mail" });
    await emailField.fill(email);
    await emailField.press("Enter");
    const passwordField = page.getByLabel("Password", { exact: true });
    await passwordField.fill(password);
    await passwordField.press("Enter");
    await expect(page).toHaveURL(/\/operative$/);
    // No booking button for an operative; "My account" leads back to the area.
    await expect(page.getByTestId("top-bar").getByRole("link", { name: "Book" })).toHaveCount(0);
    await page.goto("/customer-dashboard");
    await expect(page).toHaveURL(/\/operative$/);
  } else {
    await signInThroughApi(page, email, password);
    await page.goto("/operative");
  }
  // Two-factor is required before the area opens (ADR 160); the way to it is in the area (ADR 220).
  const refusal = page.getByTestId("operative-refusal");
  await expect(refusal).toBeVisible();
  await refusal.getByRole("link", { name: language === "sv" ? "Öppna säkerhetsinställningar" : "Open security settings" }).click();
  await expect(page).toHaveURL(/\/operative\/security$/);
  await expect(page.getByTestId("two-factor-settings").getByRole("switch")).toBeVisible();
  await expect(page.getByTestId("two-factor-state")).toHaveText(language === "sv" ? /av/i : /off/i);
  await expectAccessible(page);
  await page.screenshot({ path: `${shots}/operative-security-${language}-390.png`, fullPage: true });
  const started = await page.request.post("/api/account/security/two-factor/enable", { data: { password } });
  expect(started.status()).toBe(200);
  const secret = secretOfTotpUri(String(((await started.json()) as { totpUri: string }).totpUri));
  const confirmed = await page.request.post("/api/account/security/two-factor/confirm", {
    data: { code: totpCode(secret, Date.now() - 30_000) },
  });
  expect(confirmed.status()).toBe(200);
  // The profile and the licence, from the area's menu.
  await page.goto("/operative");
  await page.getByRole("link", { name: language === "sv" ? "Profil och förordnande" : "Profile and licence" }).click();
  await expect(page.getByTestId("licence-card")).toContainText("2030");
  await expectAccessible(page);
  await page.screenshot({ path: `${shots}/operative-profile-${language}-390.png`, fullPage: true });
  return { page, context };
}

/** The assignment's id from the brief's address. */
function johanAssignmentId(page: Page): string {
  return new URL(page.url()).pathname.split("/").pop() ?? "";
}

/** The booking's times moved in the e2e database file, as if the days up to its start had passed (ADR 218). */
function moveBookingStart(bookingId: string, startMs: number) {
  const database = new DatabaseSync(path.join(e2eSettings.dataDirectory, "app.db"));
  try {
    database.exec("PRAGMA busy_timeout = 5000");
    database
      .prepare("update bookings set start_time = ?, end_time = ?, start_date = ?, end_date = ? where id = ?")
      .run(
        new Date(startMs).toISOString(),
        new Date(startMs + 12 * 3_600_000).toISOString(),
        operatorToday(new Date(startMs)),
        operatorToday(new Date(startMs + 12 * 3_600_000)),
        bookingId,
      );
  } finally {
    database.close();
  }
}

test("operator assigns two, both accept on their phones, the customer follows the lead live and rates the service", async ({
  page,
  browser,
}) => {
  // The onboarding (sign-in, security, profile) and the moved times add steps on a shared two-core machine.
  test.setTimeout(360_000);
  // The customer, with a booking for two guards.
  const customerEmail = uniqueEmail("operatives-customer");
  await createSignedInCustomer(page.request, customerEmail, "Harbour-Lights-42");
  const location = `Visby ${randomUUID().slice(0, 6)}, Sweden`;
  const startDate = addDays(operatorToday(new Date()), 12);
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

  // The operator, at 1280 px.
  const staffContext = await browser.newContext({ viewport: desktop });
  const operator = await staffContext.newPage();
  const adminEmail = uniqueEmail("operatives-admin");
  await createSignedInOperator(operator.request, adminEmail, "Quartz-Harbour-Lantern-58");
  const suffix = randomUUID().slice(0, 4);
  const operativeIds: string[] = [];
  for (const [name, phoneNumber] of [
    [`Johan Berg ${suffix}`, "+46 70 111 22 33"],
    [`Lisa Ström ${suffix}`, "+46 70 444 55 66"],
  ] as const) {
    const created = await operator.request.post("/api/admin/operatives", {
      data: {
        name,
        phone: phoneNumber,
        licenceNumber: `SE-${randomUUID().slice(0, 6)}`,
        licenceExpiresOn: "2030-12-31",
        languages: ["sv", "en"],
        skills: ["close_protection"],
        active: true,
      },
    });
    expect(created.status()).toBe(201);
    operativeIds.push(((await created.json()) as { id: string }).id);
  }
  const johan = await operativeOnPhone(browser, operator, operativeIds[0] ?? "", "en");
  const lisa = await operativeOnPhone(browser, operator, operativeIds[1] ?? "", "sv");

  // Confirm, then offer the booking to both, Johan leading.
  await operator.goto(`/admin/bookings/${bookingId}`);
  await operator.getByTestId("confirm-booking").click();
  await operator.getByTestId("confirm-dialog").getByRole("button", { name: "Confirm booking" }).click();
  await expect(operator.getByTestId("booking-status")).toHaveText("Confirmed");
  await operator.getByTestId("assign-operatives").click();
  const assign = operator.getByTestId("assign-dialog");
  await assign.getByRole("checkbox", { name: `Johan Berg ${suffix}` }).click();
  await assign.getByRole("checkbox", { name: `Lisa Ström ${suffix}` }).click();
  await assign.getByRole("radio", { name: `Johan Berg ${suffix}` }).check();
  await expectAccessible(operator);
  await assign.getByRole("button", { name: "Assign" }).click();
  const team = operator.getByTestId("assignments");
  await expect(team.getByRole("listitem").filter({ hasText: "Johan" })).toContainText("Offered");
  await expect(operator.getByTestId("staffing")).toContainText("0 of 2 accepted");
  await expectAccessible(operator);

  // The customer's booking page stays open from here on.
  await page.goto(`/customer-dashboard/bookings/${bookingId}`);
  await expect(page.getByRole("heading", { name: location })).toBeVisible();
  await expect(page.getByTestId("team-confirmed")).toHaveCount(0);
  let navigations = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });

  // Both accept on their phones.
  await johan.page.goto("/operative");
  const johanCard = johan.page.getByTestId("assignment-card").filter({ hasText: location });
  await expect(johanCard).toContainText("Waiting for your answer");
  await expectAccessible(johan.page);
  await johan.page.screenshot({ path: `${shots}/operative-offer-390.png`, fullPage: true });
  await johanCard.getByTestId("accept-assignment").click();
  await expect(johanCard).toContainText("Accepted");

  await lisa.page.goto("/operative");
  const lisaCard = lisa.page.getByTestId("assignment-card").filter({ hasText: location });
  await expect(lisaCard).toContainText("Väntar på ditt svar");
  await expectAccessible(lisa.page);
  await lisaCard.getByRole("button", { name: "Tacka ja" }).click();
  await expect(lisaCard).toContainText("Accepterat");

  // The customer sees the team confirmed with the lead's first name, live.
  await expect(page.getByTestId("team-confirmed")).toContainText("Team confirmed");
  await expect(page.getByTestId("team-confirmed")).toContainText("Johan");
  await expect(page.getByTestId("team-confirmed")).toContainText("+46 70 111 22 33");
  await expectAccessible(page);
  await expect(operator.getByTestId("staffing")).toContainText("2 of 2 accepted");

  // The lead's brief and status buttons on the phone.
  await johanCard.getByTestId("open-brief").click();
  await expect(johan.page.getByTestId("operative-brief")).toContainText(location);
  await expect(johan.page.getByTestId("brief-team")).toContainText("Lisa");
  await expectAccessible(johan.page);
  // ADR 218: twelve days ahead, no step and no incident form yet; the brief says from when.
  await expect(johan.page.getByTestId("mark-status")).toHaveCount(0);
  await expect(johan.page.getByTestId("status-opens")).toContainText("You can mark “On the way” from");
  await expect(johan.page.getByTestId("incident-opens")).toContainText("Incidents are reported during or after the service");
  await expect(johan.page.getByRole("button", { name: "Send report" })).toHaveCount(0);
  await johan.page.screenshot({ path: `${shots}/operative-brief-early-390.png`, fullPage: true });
  // The API refuses the step in plain words too.
  const refused = await johan.page.request.post(`/api/operative/assignments/${johanAssignmentId(johan.page)}/status`, {
    data: { status: "on_the_way" },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("too_early");

  // Two hours before the start (the booking's times moved, as if the days had passed): on the way only.
  moveBookingStart(bookingId, Date.now() + 2 * 3_600_000);
  await johan.page.reload();
  await johan.page.getByRole("button", { name: "Mark “On the way”" }).click();
  await expect(page.getByTestId("service-progress")).toContainText("On the way");
  await expect(johan.page.getByTestId("status-opens")).toContainText("You can mark “On duty” from");
  await johan.page.screenshot({ path: `${shots}/operative-brief-390.png`, fullPage: true });
  // The service has started: on duty, and the incident form.
  moveBookingStart(bookingId, Date.now() - 60_000);
  await johan.page.reload();
  await expect(johan.page.getByRole("button", { name: "Send report" })).toBeVisible();
  await johan.page.getByRole("button", { name: "Mark “On duty”" }).click();
  await expect(page.getByTestId("service-progress")).toContainText("On duty");
  await expect(page.getByTestId("booking-status").first()).toHaveAttribute("data-status", "in_progress");
  // Lisa is not the lead: she sees the status but has no buttons.
  await lisaCard.getByRole("link").click();
  await expect(lisa.page.getByTestId("status-steps")).toContainText("På väg");
  await lisa.page.screenshot({ path: `${shots}/operative-brief-sv-390.png`, fullPage: true });
  await expect(lisa.page.getByTestId("mark-status")).toHaveCount(0);
  await expectAccessible(lisa.page);

  await johan.page.getByRole("button", { name: "Mark “Completed”" }).click();
  await expect(page.getByTestId("service-progress")).toContainText("Completed");
  expect(navigations).toBe(0);

  // The customer rates the service; the operator sees it.
  const rating = page.getByTestId("rating-form");
  await rating.getByRole("radio", { name: "5 of 5" }).check();
  await rating.getByLabel(/Comment/).fill("Calm and punctual.");
  await expectAccessible(page);
  await rating.getByRole("button", { name: "Send rating" }).click();
  await expect(page.getByTestId("your-rating")).toContainText("5 of 5");
  await operator.reload();
  await expect(operator.getByTestId("rating")).toContainText("Calm and punctual.");

  // The schedule board of that week, at 1280 px, and the audit log.
  // The booking now starts today (its times and days were moved above): its bar is in this week.
  await operator.goto(`/admin/board?week=${operatorToday(new Date())}`);
  const bars = operator.getByTestId("board-bar").filter({ hasText: location.split(",")[0] ?? location });
  await expect(bars.first()).toBeVisible();
  await expectAccessible(operator);
  await operator.screenshot({ path: `${shots}/board-1280.png`, fullPage: true });
  await operator.goto("/admin/audit?kind=booking");
  await expect(operator.getByTestId("audit-entries")).toContainText("Assignment accepted");
  await expectAccessible(operator);

  // The operative's screens at 1280 px too, in English and Swedish.
  await johan.page.setViewportSize(desktop);
  await johan.page.reload();
  await expect(johan.page.getByTestId("status-steps")).toContainText("Completed");
  await johan.page.screenshot({ path: `${shots}/operative-brief-1280.png`, fullPage: true });
  await lisa.page.setViewportSize(desktop);
  await lisa.page.goto("/operative/security");
  await expect(lisa.page.getByTestId("two-factor-settings").getByRole("switch")).toBeChecked();
  await lisa.page.screenshot({ path: `${shots}/operative-security-sv-1280.png`, fullPage: true });

  await staffContext.close();
  await johan.context.close();
  await lisa.context.close();
});

// ADR 254: the operative fixture (invited by an operator through the journeys' server, two-factor on)
// opens its area at once; with no offer yet the area says so in its language instead of an empty page.
test("an operative with no assignment sees that new offers will appear, in English and Swedish (390 px)", async ({ operative }) => {
  const { page } = operative;
  await gotoHydrated(page, "/operative");
  await expect(page.getByText("No assignments right now. New offers appear here.")).toBeVisible();
  await page.evaluate(() => window.localStorage.setItem("language", "sv"));
  await page.reload();
  await expect(page.getByText("Inga uppdrag just nu. Nya erbjudanden visas här.")).toBeVisible();
  await expectAccessible(page);
});

import { randomUUID } from "node:crypto";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import sharp from "sharp";
import { expect, test, type Browser, type Page, expectAccessible, waitForHydration } from "./support/test.ts";
import { addDays, operatorToday } from "../src/shared/time.ts";
import { signInThroughApi, createSignedInCustomer } from "./support/accounts.ts";
import { uniqueEmail, waitForMail } from "./support/mailbox.ts";
import { e2eSettings } from "./support/settings.ts";
import { addVirtualAuthenticator } from "./support/passkeys.ts";
import { createAdmin, signInStaffThroughApi } from "./support/staff.ts";

// The operator console in a real Chromium against the production build (ADR 070, 071): the
// first admin is made by `npm run admin:create` and chooses a password through its link; a
// customer's booking appears in the queue with its reply timer; the operator assigns two
// operatives, confirms, and the customer's confirmation mail arrives.

/** A customer signs up and books (through the API the booking page uses). */
async function customerBooks(browser: Browser) {
  const customerEmail = uniqueEmail("client");
  const context = await browser.newContext();
  const customer = await context.newPage();
  await createSignedInCustomer(customer.request, customerEmail, "Harbour-Lights-42");
  const location = `Visby ${randomUUID().slice(0, 6)}, Sweden`;
  const startDate = addDays(operatorToday(new Date()), 20);
  const booked = await customer.request.post("/api/bookings", {
    data: {
      bookingId: randomUUID(),
      location,
      startDate,
      endDate: addDays(startDate, 1),
      services: [{ serviceId: "svc-residential", options: { guards: 2, days: 2, timeOfDay: "night" } }],
      language: "en",
    },
  });
  expect(booked.status()).toBe(201);
  return { customerEmail, location, customer };
}

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `test-results/operator-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("admin:create → password link → queue with reply timer → assign two operatives → confirm → customer mail", async ({
  page,
  browser,
}) => {
  test.slow();
  const adminEmail = uniqueEmail("admin");
  const password = "Quartz-Harbour-Lantern-58";
  const linkPath = await createAdmin(adminEmail);
  await page.goto(linkPath);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page).toHaveURL(/\/login$/);

  const { customerEmail, location, customer } = await customerBooks(browser);

  // ADR 271: the console takes a passkey (or BankID) sign-in. With the password alone it says so and
  // lets the admin add a passkey in place, then sign in again with it from the login page's autofill.
  await addVirtualAuthenticator(page);
  await signInThroughApi(page, adminEmail, password);
  await page.goto("/admin");
  const gate = page.getByTestId("console-strong-sign-in-required");
  await expect(gate.getByRole("heading", { name: "Sign in with a passkey to use the console" })).toBeVisible();
  await gate.getByLabel("Name of the new passkey").fill("Console laptop");
  await gate.getByRole("button", { name: "Add a passkey" }).click();
  await expect(gate.getByTestId("passkey-row")).toHaveCount(1);
  await gate.getByRole("button", { name: "Sign out and sign in with my passkey" }).click();
  // The autofill starts once a person is at the page (ADR 298): here, as a person, a click in the field.
  await expect(page).toHaveURL(/\/login/);
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "E-mail" }).click();
  await expect(page.getByRole("heading", { name: "Bookings", level: 1 })).toBeVisible();

  // The admin finds the booking in the queue, with the reply promise counting down.
  // Names of their own: other journeys add operatives to the same roster (and a retry adds these again).
  const suffix = randomUUID().slice(0, 4);
  const [leadName, secondName] = [`Johan Berg ${suffix}`, `Lisa Ström ${suffix}`];
  for (const name of [leadName, secondName]) {
    const created = await page.request.post("/api/admin/operatives", {
      data: {
        name,
        phone: "+46 70 111 22 33",
        licenceNumber: `SE-${randomUUID().slice(0, 6)}`,
        licenceExpiresOn: "2031-12-31",
        languages: ["sv", "en"],
        skills: ["close_protection"],
      },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Bookings", level: 1 })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).fill(location);
  await page.getByRole("button", { name: "Apply" }).click();
  const row = page.getByTestId("queue-row").filter({ hasText: location });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("reply-timer")).toHaveText(/^2[34] h \d+ min left$/);
  await expect(row.getByTestId("reply-timer")).toHaveAttribute("data-state", "ok");
  await expectAccessible(page);
  await screenshots(page, "queue-en");

  await row.getByRole("link", { name: "Open the booking of Astrid Lindqvist" }).click();
  await expect(page.getByRole("heading", { name: location, level: 1 })).toBeVisible();
  await expect(page.getByTestId("booking-status")).toHaveText("Pending");
  await expect(page.getByText(customerEmail)).toBeVisible();
  await expectAccessible(page);

  // Assign two operatives, Johan leading.
  await page.getByTestId("assign-operatives").click();
  const assign = page.getByTestId("assign-dialog");
  await expect(assign).toBeVisible();
  await assign.getByRole("checkbox", { name: leadName }).click();
  await assign.getByRole("checkbox", { name: secondName }).click();
  await assign.getByRole("radio", { name: leadName }).check();
  await expectAccessible(page);
  await assign.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByTestId("assignments").getByRole("listitem")).toHaveCount(2);
  await expect(page.getByTestId("assignments").getByRole("listitem").first()).toContainText("Lead");

  // Confirm with a note; focus starts in the first field.
  await page.getByTestId("confirm-booking").click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog.getByLabel(/Adjusted total in euros/)).toBeFocused();
  await dialog.getByLabel(/Note to the customer/).fill("Your guards meet you at the gate.");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByTestId("booking-status")).toHaveText("Confirmed");
  await expect(page.getByTestId("history")).toContainText("Operatives assigned");
  await expect(page.getByTestId("history")).toContainText("Confirmed");
  await screenshots(page, "detail-en");

  const mail = await waitForMail(customerEmail, /Your booking is confirmed/);
  expect(mail.text).toContain("Your guards meet you at the gate.");
  expect(mail.text).toContain("Your lead guard: Johan, +46 70 111 22 33");

  // Confirming again is not offered; the queue shows it replied.
  await expect(page.getByTestId("confirm-booking")).toHaveCount(0);

  // The customer's dashboard: confirmed with the green dot, the guard notice with the lead's
  // contact, and the operator's note on the booking's page.
  await customer.goto("/customer-dashboard/bookings");
  const card = customer.getByTestId("booking-card").filter({ hasText: location });
  await expect(card.getByTestId("booking-status")).toHaveAttribute("data-status", "confirmed");
  await expect(card.getByTestId("booking-status")).toHaveText(/Confirmed/);
  await expect(card.getByTestId("guard-notice")).toContainText("Contact your guard 24 hours before the service start time");
  await expect(card.getByTestId("lead-guard")).toHaveText("Your lead guard: Johan, +46 70 111 22 33");
  await card.getByRole("link", { name: /View details/ }).click();
  await expect(customer.getByTestId("operator-note")).toContainText("Your guards meet you at the gate.");
  await expect(customer.getByTestId("lead-guard")).toContainText("Johan");
  await customer.context().close();
});

test("the console in Swedish at 390 px, and a customer is refused", async ({ page, browser }) => {
  await customerBooks(browser);
  const adminEmail = uniqueEmail("admin-sv");
  const linkPath = await createAdmin(adminEmail);
  await page.goto(linkPath);
  await page.getByLabel("New password", { exact: true }).fill("Quartz-Harbour-Lantern-59");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInStaffThroughApi(page, adminEmail, "Quartz-Harbour-Lantern-59");
  await page.addInitScript(() => window.localStorage.setItem("language", "sv"));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Bokningar", level: 1 })).toBeVisible();
  await expect(page.getByTestId("queue-row").first()).toBeVisible();
  // Nothing wider than the phone: the table scrolls inside its own region.
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("body *")]
      .filter(
        (element) => !element.closest("[role=region]") && element.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
      )
      .slice(0, 5)
      .map((element) => `${element.tagName}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`),
  );
  expect(overflowing).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await screenshots(page, "queue-sv");
  await page.getByTestId("queue-row").first().getByRole("link").click();
  await expect(page.getByTestId("booking-detail")).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "detail-sv");

  const customerEmail = uniqueEmail("nosy");
  await createSignedInCustomer(page.request, customerEmail, "Harbour-Lights-42");
  await page.request.post("/api/account/sign-out");
  await signInThroughApi(page, customerEmail, "Harbour-Lights-42");
  expect((await page.request.get("/api/admin/bookings")).status()).toBe(403);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "404 - Sidan kunde inte hittas" })).toBeVisible();
});

test("operatives roster and ID review: add an operative, approve an uploaded document", async ({ page, browser }) => {
  test.slow();
  const adminEmail = uniqueEmail("admin-ids");
  await page.goto(await createAdmin(adminEmail));
  await page.getByLabel("New password", { exact: true }).fill("Quartz-Harbour-Lantern-60");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInStaffThroughApi(page, adminEmail, "Quartz-Harbour-Lantern-60");

  // The roster: the form says what is missing, then saves.
  await page.goto("/admin/operatives");
  await expect(page.getByRole("link", { name: "Operatives" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("button", { name: "Add operative" }).click();
  const dialog = page.getByTestId("operative-dialog");
  await expect(dialog.getByLabel(/^Name/)).toBeFocused();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Please enter a name.")).toBeVisible();
  await dialog.getByLabel(/^Name/).fill("Karin Holm");
  await dialog.getByLabel(/^Phone/).fill("+46 70 222 33 44");
  await dialog.getByLabel(/^Licence number/).fill("SE-778899");
  await dialog.getByLabel(/^Licence valid until/).fill("2030-06-30");
  await dialog.getByRole("checkbox", { name: "Driver" }).click();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("operative-row").filter({ hasText: "Karin Holm" })).toContainText("Driver");
  await expectAccessible(page);
  await screenshots(page, "operatives-en");

  // A customer's uploaded document, stored as the ID upload stores it.
  const customerEmail = uniqueEmail("id-owner");
  const context = await browser.newContext();
  const customer = await context.newPage();
  await createSignedInCustomer(customer.request, customerEmail, "Harbour-Lights-42");
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#d9d4c7" } })
    .png()
    .toBuffer();
  const uploaded = await customer.request.post("/api/account/id-verifications?type=passport", {
    data: png,
    headers: { "Content-Type": "image/png" },
  });
  expect(uploaded.status()).toBe(201);

  await page.getByRole("link", { name: "ID documents" }).click();
  const item = page.getByTestId("id-document").filter({ hasText: customerEmail });
  await expect(item).toContainText("Passport");
  const href = await item.getByRole("link", { name: /View document/ }).getAttribute("href");
  const file = await page.request.get(href ?? "");
  expect(file.status()).toBe(200);
  // Stored as the upload stores every document: re-encoded, without metadata.
  expect(file.headers()["content-type"]).toBe("image/jpeg");
  expect((await customer.request.get(href ?? "")).status()).toBe(403);
  // The document's history (the audit log) records the viewing.
  await item.getByText("History", { exact: true }).click();
  await expect(item.getByTestId("id-history")).toContainText("Document viewed");
  await expectAccessible(page);
  await screenshots(page, "id-documents-en");
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(item).toHaveCount(0);
  const profile = (await (await customer.request.get("/api/account/profile")).json()) as { idVerified: boolean };
  expect(profile.idVerified).toBe(true);
  await waitForMail(customerEmail, /Your identity is verified/);
  await customer.goto("/customer-dashboard");
  await expect(customer.getByTestId("id-status")).toHaveText(/Approved/);

  // Staff access: the admin makes the customer an operator, then requires two-factor sign-in.
  await page.getByRole("link", { name: "Staff" }).click();
  await page.getByRole("searchbox", { name: "Find accounts by e-mail" }).fill(customerEmail);
  await page.getByRole("button", { name: "Find" }).click();
  const staffRow = page.getByTestId("staff-row").filter({ hasText: customerEmail });
  await expect(staffRow).toHaveCount(1);
  await expectAccessible(page);
  await staffRow.getByRole("combobox", { name: `Role of ${customerEmail}` }).click();
  await page.getByRole("option", { name: "Operator" }).click();
  await expect(staffRow.getByRole("combobox")).toHaveText(/Operator/);
  // ADR 271: the new operator's password session is not enough for the console; a passkey one is.
  await expect
    .poll(async () => ((await (await customer.request.get("/api/admin/bookings")).json()) as { error?: { code: string } }).error?.code)
    .toBe("strong_sign_in_required");
  await signInStaffThroughApi(customer, customerEmail, "Harbour-Lights-42");
  await expect.poll(async () => (await customer.request.get("/api/admin/bookings")).status()).toBe(200);
  await page.getByRole("switch", { name: "Operators must sign in with two-factor authentication" }).click();
  await expect.poll(async () => (await customer.request.get("/api/admin/bookings")).status()).toBe(403);
  await page.getByRole("switch", { name: "Operators must sign in with two-factor authentication" }).click();
  await expect.poll(async () => (await customer.request.get("/api/admin/bookings")).status()).toBe(200);
  await screenshots(page, "staff-en");

  // The catalogue editor: a field left empty is pointed out; saving the service round-trips.
  await page.getByRole("link", { name: "Catalogue" }).click();
  await expect(page.getByRole("heading", { name: "Service catalogue" })).toBeVisible();
  const title = page.getByLabel(/^Title/);
  const original = await title.inputValue();
  await title.fill("");
  await page.getByRole("button", { name: "Save service" }).click();
  await expect(page.getByText("Please check this value.")).toBeVisible();
  await title.fill(original);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Save service" }).click();
  await expect(page.getByText("Saved.").first()).toBeVisible();
  await screenshots(page, "catalogue-en");
  await context.close();
});

/** What an admin's policy switch does, set in the journeys' database file. */
function setOperatorTwoFactorPolicy(required: boolean) {
  const database = new DatabaseSync(path.join(e2eSettings.dataDirectory, "app.db"));
  try {
    database.exec("PRAGMA busy_timeout = 5000");
    database
      .prepare(
        "insert into app_config (key, value) values ('operator_two_factor_required', ?) on conflict (key) do update set value = excluded.value",
      )
      .run(String(required));
  } finally {
    database.close();
  }
}

function makeOperator(email: string) {
  const database = new DatabaseSync(path.join(e2eSettings.dataDirectory, "app.db"));
  try {
    database.exec("PRAGMA busy_timeout = 5000");
    database.prepare("update users set role = 'operator' where email = ?").run(email);
  } finally {
    database.close();
  }
}

// ADR 119: the policy on, an operator without two-factor sign-in is told what to do and where.
test("an operator without two-factor, with the policy on, is shown how to get in, not an empty console", async ({ page }) => {
  const email = uniqueEmail("operator-no-2fa");
  await createSignedInCustomer(page.request, email, "Harbour-Lights-42");
  makeOperator(email);
  await signInStaffThroughApi(page, email, "Harbour-Lights-42");
  setOperatorTwoFactorPolicy(true);
  try {
    expect((await page.request.get("/api/admin/bookings")).status()).toBe(403);
    await page.goto("/admin");
    const notice = page.getByTestId("console-two-factor-required");
    await expect(notice.getByRole("heading", { name: "Turn on two-factor sign-in to use the console" })).toBeVisible();
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await expectAccessible(page, { includeToasts: true });
    await screenshots(page, "two-factor-required");
    await page.addInitScript(() => window.localStorage.setItem("language", "sv"));
    await page.reload();
    await expect(notice.getByRole("heading", { name: "Slå på tvåstegsinloggning för att använda konsolen" })).toBeVisible();
    await notice.getByRole("link", { name: "Ställ in tvåstegsverifiering under Säkerhet" }).click();
    await expect(page).toHaveURL(/\/customer-dashboard#two-factor$/);
    await expect(page.getByRole("switch", { name: "Tvåstegsverifiering" })).toBeVisible();
  } finally {
    setOperatorTwoFactorPolicy(false);
  }
});

import { randomUUID } from "node:crypto";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test, type Page, gotoHydrated, expectAccessible, journeyPassword } from "./support/test.ts";
import { addDays, operatorToday } from "../src/shared/time.ts";
import { totpCode } from "../src/server/test-support/totp.ts";
import { createSignedInCustomer } from "./support/accounts.ts";
import { keepBookingSearch } from "./support/kept-booking.ts";
import { uniqueEmail } from "./support/mailbox.ts";
import { e2eSettings } from "./support/settings.ts";

// Account security journeys on the profile page (docs/product.md §2 PASSWORD, Security Settings, DELETE
// ACCOUNT, §8 toasts) (the data export: data-export.spec.ts), in a real Chromium against the
// production build. TOTP codes are computed from the key the page shows, as a phone would.

const password = journeyPassword;

async function signedInCustomer(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await createSignedInCustomer(page.request, email, password);
  return email;
}

async function signInOnLoginPage(page: Page, email: string, secret: string) {
  await gotoHydrated(page, "/login");
  const emailField = page.getByRole("textbox", { name: /^(E-mail|E-post)$/ });
  await emailField.fill(email);
  await emailField.press("Enter");
  const passwordField = page.getByLabel("Password", { exact: true });
  await passwordField.fill(secret);
  await passwordField.press("Enter");
}

test("changes the password on the profile page; the new one signs in", async ({ page, customer }) => {
  test.slow();
  const { email } = customer;
  await page.goto("/customer-dashboard");
  const block = page.getByTestId("password-change");
  await expect(block.getByRole("heading", { name: "PASSWORD" })).toBeVisible();

  // Both fields are required; a wrong current password changes nothing.
  await block.getByRole("button", { name: "UPDATE" }).click();
  await expect(block.getByText("Please fill in both password fields").first()).toBeVisible();
  await block.getByLabel("Current password").fill("not-my-password");
  await block.getByLabel("New password").fill("Quiet-Meadow-77");
  await block.getByRole("button", { name: "UPDATE" }).click();
  await expect(page.getByText("Failed to update password")).toBeVisible();
  await expect(block.getByText("Current password is incorrect")).toBeVisible();

  await block.getByLabel("Current password").fill(password);
  await block.getByRole("button", { name: "UPDATE" }).click();
  await expect(page.getByText("Password updated successfully")).toBeVisible();
  await expect(block.getByLabel("Current password")).toHaveValue("");
  await expectAccessible(page);
  // This session stays signed in.
  await page.reload();
  await expect(page.getByTestId("password-change")).toBeVisible();

  await page.context().clearCookies();
  await signInOnLoginPage(page, email, "Quiet-Meadow-77");
  await expect(page).toHaveURL(/\/customer-dashboard/);
});

test("turns on two-factor authentication with the QR key, then sign-in asks for the code", async ({ page, customer }) => {
  test.slow();
  const { email } = customer;
  await page.goto("/customer-dashboard");
  const toggle = page.getByRole("switch", { name: "Two-Factor Authentication" });
  await expect(page.getByText("Secure your account with 2FA")).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await toggle.click();

  const dialog = page.getByTestId("enable-two-factor-dialog");
  await expect(dialog.getByLabel("Password", { exact: true })).toBeFocused();
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByRole("img", { name: /QR code/ })).toBeVisible();
  // ADR 116: the key in groups of four, as authenticator apps show it.
  const shownKey = (await dialog.getByTestId("two-factor-secret").textContent())?.trim() ?? "";
  expect(shownKey).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const secret = shownKey.replace(/\s+/g, "");
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/dashboard-security-two-factor-setup.png" });
  // Each code counts once (RFC 6238 §5.2, ADR 112): turning on, signing in and turning off each
  // type a different one of the three the server accepts (the previous, current and next step).
  await dialog.getByLabel("6-digit code from the app").fill(totpCode(secret, Date.now() - 30_000));
  await dialog.getByRole("button", { name: "Turn on" }).click();
  await expect(dialog.getByRole("heading", { name: "Save your backup codes" })).toBeVisible();
  await expect(dialog.getByTestId("backup-codes").getByRole("listitem")).toHaveCount(10);
  // Nothing to mistake when typing one from paper: no 0/O, 1/I/l, no lower case.
  for (const code of await dialog.getByTestId("backup-codes").getByRole("listitem").allTextContents())
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(toggle).toBeChecked();

  await page.context().clearCookies();
  await signInOnLoginPage(page, email, password);
  await expect(page.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  await expect(page.getByRole("button", { name: "Use a backup code" })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/dashboard-security-code-step.png" });
  const codeField = page.getByLabel("Authentication code");
  await codeField.fill("000000" === totpCode(secret) ? "111111" : "000000");
  await codeField.press("Enter");
  await expect(page.getByText("The code is not correct. Please try again.").first()).toBeVisible();
  await codeField.fill(totpCode(secret));
  await codeField.press("Enter");
  await expect(page).toHaveURL(/\/customer-dashboard/);
  await expect(page.getByRole("switch", { name: "Two-Factor Authentication" })).toBeChecked();

  // Turning it off takes the password and a current code.
  await page.getByRole("switch", { name: "Two-Factor Authentication" }).click();
  const disable = page.getByTestId("disable-two-factor-dialog");
  await disable.getByLabel("Password", { exact: true }).fill(password);
  await disable.getByRole("button", { name: "Turn off" }).click();
  await expect(disable.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  await disable.getByLabel("6-digit code from the app").fill(totpCode(secret, Date.now() + 30_000));
  await disable.getByRole("button", { name: "Turn off" }).click();
  await expect(disable).toBeHidden();
  await expect(page.getByRole("switch", { name: "Two-Factor Authentication" })).not.toBeChecked();
});

test("account deletion waits for upcoming bookings to be cancelled, then deletes and signs out", async ({ page }) => {
  test.slow();
  await signedInCustomer(page, "delete-account");
  const today = operatorToday(new Date());
  const bookingId = randomUUID();
  const booked = await page.request.post("/api/bookings", {
    data: {
      bookingId,
      location: "Göteborg, Sweden",
      startDate: addDays(today, 10),
      endDate: addDays(today, 10),
      services: [{ serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "day" } }],
      language: "en",
    },
  });
  expect(booked.status()).toBe(201);

  await page.goto("/customer-dashboard");
  await page.getByRole("button", { name: "Delete Account" }).click();
  await expect(page.getByText("Cannot Delete Account")).toBeVisible();
  await expect(page.getByText("You have upcoming bookings. Please cancel them before deleting your account.")).toBeVisible();
  await expect(page.getByTestId("delete-account-dialog")).toHaveCount(0);

  // The bookings page's cancel button is another part of the dashboard: cancel in the database.
  const database = new DatabaseSync(path.join(e2eSettings.dataDirectory, "app.db"));
  try {
    database.exec("PRAGMA busy_timeout = 5000");
    database
      .prepare("update bookings set status = 'cancelled_by_customer', cancelled_at = ? where id = ?")
      .run(new Date().toISOString(), bookingId);
  } finally {
    database.close();
  }

  await page.getByRole("button", { name: "Delete Account" }).click();
  const dialog = page.getByTestId("delete-account-dialog");
  await expect(dialog.getByLabel("Password", { exact: true })).toBeFocused();
  await expectAccessible(page);
  await dialog.getByLabel("Password", { exact: true }).fill("not-my-password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("Current password is incorrect")).toBeVisible();
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Account Deleted")).toBeVisible();
  await expect(page.getByText("Your account has been successfully deleted.")).toBeVisible();
  await expect(page).toHaveURL(`${e2eSettings.baseUrl}/`);
  const session = await page.request.get("/api/account/session");
  expect(await session.json()).toEqual({ user: null });
});

test("the security parts of the profile page at 390 and 1280 pixels, in English and Swedish", async ({ page }) => {
  test.slow();
  await signedInCustomer(page, "security-look");
  for (const language of ["en", "sv"] as const) {
    await page.addInitScript((chosen) => window.localStorage.setItem("language", chosen), language);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/customer-dashboard");
      await expect(page.getByTestId("two-factor-state")).toBeVisible();
      await page.getByTestId("profile-security").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/dashboard-security-${language}-${width}.png`, fullPage: true });
    }
  }
  await expectAccessible(page);
});

test("the booking page's sign-in dialog asks for the second factor and takes a backup code", async ({ page, customer }) => {
  test.slow();
  const { email } = customer;
  // Two-factor authentication turned on through the same API the profile page uses.
  const started = await page.request.post("/api/account/security/two-factor/enable", { data: { password } });
  expect(started.status()).toBe(200);
  const setup = (await started.json()) as { secret: string; backupCodes: string[] };
  const confirmed = await page.request.post("/api/account/security/two-factor/confirm", { data: { code: totpCode(setup.secret) } });
  expect(confirmed.status()).toBe(200);
  await page.context().clearCookies();

  await keepBookingSearch(page, "Stockholm, Sweden", 12);
  await gotoHydrated(page, "/secure-booking");
  await page.getByRole("button", { name: "Select VIP Bodyguard" }).click();
  await page.getByTestId("book-now").click();
  const dialog = page.getByTestId("auth-dialog");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("dialog", { name: "Two-factor authentication" })).toBeVisible();
  await expect(dialog.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  await expect(dialog.getByLabel("Authentication code")).toBeFocused();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Use a backup code" }).click();
  await dialog.getByLabel("Backup code").fill(setup.backupCodes[0] ?? "");
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog).toBeHidden();
  const session = await page.request.get("/api/account/session");
  expect(((await session.json()) as { user: { email: string } | null }).user?.email).toBe(email);
});

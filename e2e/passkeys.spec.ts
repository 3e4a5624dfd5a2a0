import type { Page } from "@playwright/test";
import { addVirtualAuthenticator, storedCredentials, withoutPasskeyAutofill } from "./support/passkeys.ts";
import { expect, expectAccessible, gotoHydrated, test } from "./support/test.ts";
import { e2eSettings } from "./support/settings.ts";

// Passkeys (ADR 270) in a real Chromium against the production build: the browser's WebAuthn
// ceremonies run against Chromium's virtual authenticator (support/passkeys.ts). Register in the profile's security settings, sign out, sign in
// with the passkey on /login: from the e-mail field's autofill, and with the button.

async function signedInEmail(page: Page): Promise<string | null> {
  const response = await page.request.get("/api/account/session");
  const body = (await response.json()) as { user: { email: string } | null };
  return body.user?.email ?? null;
}

test("adds a named passkey, signs out, and signs in with it from /login", async ({ page, customer }) => {
  test.slow();
  const authenticator = await addVirtualAuthenticator(page);

  await gotoHydrated(page, "/customer-dashboard");
  const settings = page.getByTestId("passkey-settings");
  await expect(settings.getByText("No passkeys yet.")).toBeVisible();
  await settings.getByLabel("Name of the new passkey").fill("Journey laptop");
  await settings.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added")).toBeVisible();
  const rows = settings.getByTestId("passkey-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Journey laptop");
  // The authenticator holds one discoverable credential for this site's relying party id.
  const credentials = await storedCredentials(authenticator);
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  expect(credentials[0]?.rpId).toBe(new URL(e2eSettings.baseUrl).hostname);

  await rows
    .first()
    .getByRole("button", { name: /^Rename/ })
    .click();
  const renameDialog = page.getByTestId("rename-passkey-dialog");
  await renameDialog.getByLabel("Name of the new passkey").fill("Work laptop");
  await renameDialog.getByRole("button", { name: "Save" }).click();
  await expect(rows.first()).toContainText("Work laptop");
  await expectAccessible(page);

  const signOut = await page.request.post("/api/account/sign-out");
  expect(signOut.status()).toBe(200);
  expect(await signedInEmail(page)).toBeNull();

  // Conditional mediation: the e-mail field offers the site's passkeys; Chromium's virtual
  // authenticator picks the one it holds at once, as a person choosing it from the autofill list.
  // The autofill starts once a person is at the page (ADR 298): here, as a person, a click in the field.
  await gotoHydrated(page, "/login");
  const emailField = page.getByRole("textbox", { name: "E-mail" });
  await expect(emailField).toHaveAttribute("autocomplete", "email webauthn");
  await emailField.click();
  await expect(page).toHaveURL(/\/customer-dashboard/);
  expect(await signedInEmail(page)).toBe(customer.email);
  // The signature counter of the stored key moved: the authenticator really signed the challenge.
  const countAfterAutofill = (await storedCredentials(authenticator))[0]?.signCount ?? 0;
  expect(countAfterAutofill).toBeGreaterThan(0);

  // Where the browser has no autofill, the button opens its passkey prompt.
  await page.request.post("/api/account/sign-out");
  await withoutPasskeyAutofill(page);
  await gotoHydrated(page, "/login");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/customer-dashboard/);
  expect(await signedInEmail(page)).toBe(customer.email);
  expect((await storedCredentials(authenticator))[0]?.signCount).toBeGreaterThan(countAfterAutofill);
});

test("a removed passkey no longer signs in, and says so in Swedish", async ({ page, customer }) => {
  test.slow();
  await addVirtualAuthenticator(page);
  await gotoHydrated(page, "/customer-dashboard");
  const settings = page.getByTestId("passkey-settings");
  await settings.getByLabel("Name of the new passkey").fill("Old phone");
  await settings.getByRole("button", { name: "Add a passkey" }).click();
  const rows = settings.getByTestId("passkey-row");
  await expect(rows).toHaveCount(1);

  await rows
    .first()
    .getByRole("button", { name: /^Remove/ })
    .click();
  await page.getByTestId("remove-passkey-dialog").getByRole("button", { name: "Remove" }).click();
  await expect(settings.getByText("No passkeys yet.")).toBeVisible();

  await page.request.post("/api/account/sign-out");
  await page.context().addCookies([{ name: "language", value: "sv", url: e2eSettings.baseUrl }]);
  await withoutPasskeyAutofill(page);
  await gotoHydrated(page, "/login");
  await expectAccessible(page);
  // The authenticator still holds the key; the site no longer knows it.
  await page.getByRole("button", { name: "Logga in med nyckel (passkey)" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "inte registrerad hos Nordic Shield" })).toBeVisible();
  expect(await signedInEmail(page)).toBeNull();
  // The account itself is untouched: its password still signs in.
  expect((await page.request.post("/api/account/sign-in", { data: customer })).status()).toBe(200);
});

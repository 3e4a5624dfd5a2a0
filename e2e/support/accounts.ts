import { expect, type APIRequestContext, type Page } from "@playwright/test";

// Accounts for the journeys. The journeys about signing up walk the public sign-up themselves, with the
// code read from the mail caught by the real SMTP capture (accounts.spec.ts); every other journey gets
// its account from the journeys' server (ADR 254): the product's own account code and a Better Auth
// password sign-in, without a mail to wait for.

export const codeSubject = /verification code|verifieringskod/i;

export function codeFrom(text: string | undefined): string {
  const match = /^\s{4}(\d{4})\s*$/m.exec(text ?? "");
  if (!match?.[1]) throw new Error(`No 4-digit code in the mail text: ${text}`);
  return match[1];
}

/** The details the login page's sign-up form sends; the booking dialog's form sends no city, country or postcode. */
const loginPageDetails = { streetAddress: "Strandvägen 7", aptSuite: "", city: "Stockholm", country: "Sweden", postalCode: "114 56" };
export const bookingDialogDetails = { streetAddress: "Strandvägen 7" };

/**
 * A verified customer with the profile the sign-up form gives, signed in as the sign-up signs one in:
 * the session cookie lands in `request`'s cookie jar (the page's, for page.request).
 */
export async function createSignedInCustomer(
  request: APIRequestContext,
  email: string,
  password: string,
  address: Record<string, string> = loginPageDetails,
) {
  const created = await request.post("/api/test-support/customers", {
    data: { email, password, fullName: "Astrid Lindqvist", phoneNumber: "+46 70 123 45 67", ...address, language: "en" },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/** Signs the page's browser context in through the API (shares the page's cookie jar). */
export async function signInThroughApi(page: Page, email: string, password: string) {
  const response = await page.request.post("/api/account/sign-in", { data: { email, password } });
  expect(response.status()).toBe(200);
}

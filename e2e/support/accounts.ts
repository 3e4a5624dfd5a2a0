import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { waitForMail } from "./mailbox.ts";

// Accounts for the journeys, made through the same public API the pages use (docs/product.md §2, §4) with
// the code read from the mail caught by the real SMTP capture.

export const codeSubject = /verification code|verifieringskod/i;

export function codeFrom(text: string | undefined): string {
  const match = /^\s{4}(\d{4})\s*$/m.exec(text ?? "");
  if (!match?.[1]) throw new Error(`No 4-digit code in the mail text: ${text}`);
  return match[1];
}

/** The details the login page's sign-up form sends; the booking dialog's form sends no city, country or postcode. */
const loginPageDetails = { streetAddress: "Strandvägen 7", aptSuite: "", city: "Stockholm", country: "Sweden", postalCode: "114 56" };
export const bookingDialogDetails = { streetAddress: "Strandvägen 7" };

/** Creates a verified account through the public API (the same endpoints the pages use). */
export async function createAccount(
  request: APIRequestContext,
  email: string,
  password: string,
  address: Record<string, string> = loginPageDetails,
) {
  const sent = await request.post("/api/account/verification-code", { data: { email, language: "en" } });
  expect(sent.status()).toBe(200);
  const code = codeFrom((await waitForMail(email, codeSubject)).text);
  const verified = await request.post("/api/account/verify-code", { data: { email, code } });
  expect(verified.status()).toBe(200);
  const { verificationToken } = (await verified.json()) as { verificationToken: string };
  const created = await request.post("/api/account/sign-up", {
    data: {
      verificationToken,
      email,
      password,
      fullName: "Astrid Lindqvist",
      phoneNumber: "+46 70 123 45 67",
      ...address,
      language: "en",
    },
  });
  expect(created.status()).toBe(201);
}

/** Signs the page's browser context in through the API (shares the page's cookie jar). */
export async function signInThroughApi(page: Page, email: string, password: string) {
  const response = await page.request.post("/api/account/sign-in", { data: { email, password } });
  expect(response.status()).toBe(200);
}

import { randomBytes } from "node:crypto";
import { createAccount, signInWithPassword } from "../features/accounts/service.ts";
import { markSessionAsPasskeySignIn } from "../journey-test-support.ts";
import { latestQueuedMail } from "./queued-mail.ts";
import type { TestApp } from "./test-app.ts";

// Accounts for integration tests: users created by the same service code as sign-up, fresh client
// addresses and e-mails, the codes and links the outbox holds.

export type TestUserOverrides = {
  email?: string;
  password?: string;
  fullName?: string;
  phoneNumber?: string;
  address?: string;
  city?: string;
  country?: string;
  postalCode?: string;
  language?: "en" | "sv";
  role?: string;
};

/**
 * A verified customer with a profile, created by the same service code as sign-up (the 4-digit
 * code step is skipped), signed in through Better Auth. `cookie` is the Cookie header value for
 * test.request(…, { headers: { cookie } }).
 */
export async function createSignedInUser(test: TestApp, overrides: TestUserOverrides = {}) {
  const details = {
    email: overrides.email ?? `customer-${randomBytes(6).toString("hex")}@example.test`,
    password: overrides.password ?? "Harbour-Lantern-42",
    fullName: overrides.fullName ?? "Astrid Lindqvist",
    phoneNumber: overrides.phoneNumber ?? "+46 70 123 45 67",
    address: overrides.address ?? "Strandvägen 7 Apt 3",
    city: overrides.city ?? "Stockholm",
    country: overrides.country ?? "Sweden",
    postalCode: overrides.postalCode ?? "114 56",
    language: overrides.language ?? "en",
    role: overrides.role,
  };
  await createAccount(test.deps, details);
  const signedIn = await signInWithPassword(
    test.deps,
    test.services.auth,
    details.email,
    details.password,
    new Headers({ "user-agent": "vitest" }),
  );
  if (!signedIn || !("user" in signedIn)) throw new Error("createSignedInUser: the new account could not sign in");
  // ADR 271: staff reach the console only from a passkey or BankID session (test only, as the journeys do).
  if (details.role === "operator" || details.role === "admin") await markSessionAsPasskeySignIn(test.db, signedIn.setCookies);
  return { user: signedIn.user, cookie: cookieHeader(signedIn.setCookies), password: details.password };
}

/** Turns Set-Cookie lines (response.headers.getSetCookie()) into a Cookie request header value. */
export function cookieHeader(setCookies: string[]): string {
  return setCookies
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="))
    .join("; ");
}

let ipCounter = 0;
/** A fresh client address per test, so one test's rate-limit counters never touch another's. */
export function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter % 250}-${process.pid}-${ipCounter}`;
}

let emailCounter = 0;
export function freshEmail(prefix = "visitor"): string {
  emailCounter += 1;
  return `${prefix}-${Date.now()}-${emailCounter}@example.test`;
}

/** The 4-digit code from the newest code mail to `email` in the outbox. */
export async function latestCode(test: TestApp, email: string): Promise<string> {
  const mail = await latestQueuedMail(test, email, "verification-code");
  const match = /^ {4}(\d{4})$/m.exec(mail.text);
  if (!match?.[1]) throw new Error("no code in the mail");
  return match[1];
}

/** Pretends the e-mail's last code was sent over a minute ago, to pass the resend cooldown. */
export async function skipCooldown(test: TestApp, email: string): Promise<void> {
  const earlier = new Date(Date.now() - 61_000).toISOString();
  await test.db.updateTable("verification_codes").set({ created_at: earlier }).where("email", "=", email).execute();
}

export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 10_000).padStart(4, "0");
}

export const validProfile = {
  password: "Granite-Harbour-91",
  fullName: "Erik Johansson",
  phoneNumber: "+46 70 555 12 34",
  streetAddress: "Kungsgatan 12",
  aptSuite: "Lgh 1102",
  city: "Stockholm",
  country: "Sweden",
  postalCode: "111 43",
  language: "sv" as const,
};

/** Runs the whole sign-up (code, verify, create) and returns the session cookie. */
export async function signUpThroughCode(test: TestApp, email: string, ip = freshIp()) {
  const headers = { "x-test-client-ip": ip };
  const sent = await test.request("POST", "/api/account/verification-code", { body: { email, language: "sv" }, headers });
  if (sent.status !== 200) throw new Error(`code send failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const code = await latestCode(test, email);
  const verified = await test.request("POST", "/api/account/verify-code", { body: { email, code }, headers });
  const verificationToken = String(verified.body.verificationToken);
  const created = await test.request("POST", "/api/account/sign-up", { body: { ...validProfile, email, verificationToken }, headers });
  return { created, verificationToken, cookie: cookieHeader(created.headers.getSetCookie()) };
}

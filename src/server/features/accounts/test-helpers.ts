import { latestQueuedMail } from "../../test-support/queued-mail.ts";
import type { TestApp } from "../../test-support/test-app.ts";

// Small helpers shared by the accounts integration tests.

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

export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
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
  return { created, verificationToken, cookie: cookieFrom(created.headers) };
}

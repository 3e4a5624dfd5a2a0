import { randomBytes } from "node:crypto";
import { createAccount, signInWithPassword } from "../features/accounts/service.ts";
import type { TestApp } from "./test-app.ts";

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
  const signedIn = await signInWithPassword(test.deps, details.email, details.password, new Headers({ "user-agent": "vitest" }));
  if (!signedIn) throw new Error("createSignedInUser: the new account could not sign in");
  return { user: signedIn.user, cookie: cookieHeader(signedIn.setCookies), password: details.password };
}

/** Turns Set-Cookie lines into a Cookie request header value. */
export function cookieHeader(setCookies: string[]): string {
  return setCookies
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="))
    .join("; ");
}

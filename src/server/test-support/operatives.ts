import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { Operative } from "../../shared/operator.ts";
import { cookieHeader, freshIp } from "./accounts.ts";
import { operativeBody } from "./operator.ts";
import { latestQueuedMail } from "./queued-mail.ts";
import type { TestApp } from "./test-app.ts";
import { secretOfTotpUri, totpCode } from "./totp.ts";

// Operatives as they really come to be (ADR 160): on the roster, invited by an operator, the
// password chosen through the invitation's Better Auth link, signed in, two-factor turned on.

export type SignedInOperative = { operative: Operative; email: string; password: string; cookie: string; userId: string };

export async function createOperative(test: TestApp, operatorCookie: string, overrides: Parameters<typeof operativeBody>[0] = {}) {
  const response = await test.request("POST", "/api/admin/operatives", {
    body: operativeBody(overrides),
    headers: { cookie: operatorCookie },
  });
  expect(response.status).toBe(201);
  return response.body as unknown as Operative;
}

/** Invites the operative, follows the mailed link to choose a password, signs in and turns on two-factor. */
export async function inviteAndSignIn(
  test: TestApp,
  operatorCookie: string,
  operative: Operative,
  options: { twoFactor?: boolean; language?: "en" | "sv" } = {},
): Promise<SignedInOperative> {
  const email = `operative-${randomBytes(5).toString("hex")}@example.test`;
  const invited = await test.request("POST", `/api/admin/operatives/${operative.id}/invite`, {
    body: { email, language: options.language ?? "en" },
    headers: { cookie: operatorCookie },
  });
  expect(invited.status).toBe(200);
  const mail = await latestQueuedMail(test, email, "operative-invitation");
  const token = /reset-password\?token=([^\s"&<]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error("no link in the invitation");
  const password = "Night-Harbour-Watch-57";
  const reset = await test.request("POST", "/api/account/password-reset", {
    body: { token: decodeURIComponent(token), newPassword: password },
    headers: { "x-test-client-ip": freshIp() },
  });
  expect(reset.status).toBe(200);
  const signedIn = await test.request("POST", "/api/account/sign-in", {
    body: { email, password },
    headers: { "x-test-client-ip": freshIp() },
  });
  expect(signedIn.status).toBe(200);
  let cookie = cookieHeader(signedIn.headers.getSetCookie());
  const userId = (signedIn.body.user as { id: string }).id;
  if (options.twoFactor !== false) {
    const started = await test.request("POST", "/api/account/security/two-factor/enable", {
      body: { password },
      headers: { cookie, "x-test-client-ip": freshIp() },
    });
    expect(started.status).toBe(200);
    const secret = secretOfTotpUri(String(started.body.totpUri));
    const confirmed = await test.request("POST", "/api/account/security/two-factor/confirm", {
      body: { code: totpCode(secret, Date.now() - 30_000) },
      headers: { cookie, "x-test-client-ip": freshIp() },
    });
    expect(confirmed.status).toBe(200);
    cookie = cookieHeader(confirmed.headers.getSetCookie()) || cookie;
  }
  return { operative, email, password, cookie, userId };
}

import { afterAll, beforeAll, expect, it, onTestFinished, vi } from "vitest";
import { cookieHeader, createSignedInUser, freshIp } from "../../test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { secretOfTotpUri, totpCode, wrongTotpCode } from "../../test-support/totp.ts";

// RFC 6238 §5.2: a code that completed one sign-in completes no other, even within its 30 seconds
// (someone who read it over a shoulder or from a phishing page is one step behind). ADR 112 also
// keeps the lock after ten wrong authenticator codes to the authenticator: the owner who lost the
// phone still gets in with a backup code.

type Customer = Awaited<ReturnType<typeof createSignedInUser>>;

describeEachEngine("second-factor codes", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  const call = (url: string, cookie: string | null, body: unknown, ip = freshIp()) =>
    test.request("POST", url, { body, headers: { "x-test-client-ip": ip, ...(cookie && { cookie }) } });
  const challenge = async (customer: Customer) =>
    cookieHeader(
      (await call("/api/account/sign-in", null, { email: customer.user.email, password: customer.password })).headers.getSetCookie(),
    );
  const secondFactor = (cookie: string, method: "totp" | "backup", code: string) =>
    call("/api/account/security/sign-in/second-factor", cookie, { method, code });

  async function withTwoFactor() {
    const customer = await createSignedInUser(test);
    const started = await call("/api/account/security/two-factor/enable", customer.cookie, { password: customer.password });
    const secret = secretOfTotpUri(String(started.body.totpUri));
    const confirmCode = totpCode(secret);
    expect((await call("/api/account/security/two-factor/confirm", customer.cookie, { code: confirmCode })).status).toBe(200);
    return { customer, secret, confirmCode, backupCodes: started.body.backupCodes as string[] };
  }

  it("refuses a code that already completed a sign-in, and takes the next one", async () => {
    const { customer, secret } = await withTwoFactor();
    // The next step's code: Better Auth accepts one step either side, and no sign-in has used it.
    const code = totpCode(secret, Date.now() + 30_000);
    const first = await secondFactor(await challenge(customer), "totp", code);
    expect(first.status).toBe(200);
    const replayed = await secondFactor(await challenge(customer), "totp", code);
    expect(replayed.status).toBe(400);
    expect(replayed.body.error?.code).toBe("two_factor_code_used");
    expect(replayed.headers.getSetCookie().some((line) => /session_token=[^;]/.test(line))).toBe(false);
  });

  it("refuses every code at or before the last accepted time step, used or not", async () => {
    // The clock stands still in the middle of a step, so a slow run cannot carry the codes out of
    // Better Auth's window (one step either side) between two requests; only Date is faked.
    const step = 30_000;
    const now = (Math.floor(Date.now() / step) + 1) * step + step / 2;
    vi.useFakeTimers({ toFake: ["Date"], now });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { customer, secret } = await withTwoFactor();
    // Turning two-factor on accepted the current step's code; the next step's completes a sign-in.
    expect((await secondFactor(await challenge(customer), "totp", totpCode(secret, now + 30_000))).status).toBe(200);
    // The confirmation code (used before the last one) and the previous step's (never used) are
    // both at or before the last accepted step, though Better Auth would still take them.
    for (const earlier of [totpCode(secret, now), totpCode(secret, now - 30_000)]) {
      const refused = await secondFactor(await challenge(customer), "totp", earlier);
      expect(refused.status).toBe(400);
      expect(refused.body.error?.code).toBe("two_factor_code_used");
    }
  });

  it("refuses the code that turned two-factor on as a sign-in code", async () => {
    const { customer, confirmCode } = await withTwoFactor();
    const replayed = await secondFactor(await challenge(customer), "totp", confirmCode);
    expect(replayed.status).toBe(400);
    expect(replayed.body.error?.code).toBe("two_factor_code_used");
  });

  it("after ten wrong authenticator codes refuses the authenticator for a while, but lets a backup code in", async () => {
    const { customer, secret, backupCodes } = await withTwoFactor();
    // Better Auth ends a challenge after five codes; two challenges make the ten failures.
    for (let round = 0; round < 2; round += 1) {
      const cookie = await challenge(customer);
      for (let attempt = 0; attempt < 5; attempt += 1) expect((await secondFactor(cookie, "totp", wrongTotpCode(secret))).status).toBe(400);
    }
    const locked = await secondFactor(await challenge(customer), "totp", totpCode(secret, Date.now() + 30_000));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);

    const backup = await secondFactor(await challenge(customer), "backup", backupCodes[0] ?? "");
    expect(backup.status).toBe(200);
    expect(backup.body.user).toMatchObject({ id: customer.user.id });
  });
});

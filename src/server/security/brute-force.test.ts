import { afterAll, beforeAll, expect, it } from "vitest";
import { freshIp } from "../test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";

// Guessing (ADR 031, 034; OWASP ASVS 2.2.1). Proven in their features' tests: sign-in failures per
// account and address (429 with Retry-After, the right password refused too), the sign-up and
// e-mail codes dying after 5 wrong tries, a two-factor challenge ending after 5 wrong codes.
// This adds the per-address limit on the second sign-in step, which a guesser who restarts the
// challenge for many accounts meets: 429 rate_limited with a Retry-After the client can wait for.

describeEachEngine("guessing from one address", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  const expectLimited = (response: { status: number; headers: Headers; body: { error?: { code: string } } }) => {
    expect(response.status).toBe(429);
    expect(response.body.error?.code).toBe("rate_limited");
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  };

  it("two-factor codes: after 30 wrong ones from an address in 15 minutes, 429 with Retry-After", async () => {
    const headers = { "x-test-client-ip": freshIp() };
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const code = String(100_000 + attempt);
      const guess = await test.request("POST", "/api/account/security/sign-in/second-factor", { body: { method: "totp", code }, headers });
      expect(guess.status).toBe(401);
    }
    expectLimited(
      await test.request("POST", "/api/account/security/sign-in/second-factor", {
        body: { method: "backup", code: "ABCDE-FGHIJ" },
        headers,
      }),
    );
    // Another address is not blocked by this one's guesses.
    const elsewhere = await test.request("POST", "/api/account/security/sign-in/second-factor", {
      body: { method: "totp", code: "123456" },
      headers: { "x-test-client-ip": freshIp() },
    });
    expect(elsewhere.status).toBe(401);
  });
});

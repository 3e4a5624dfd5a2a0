import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { freshEmail, freshIp, validProfile } from "../../test-support/accounts.ts";

// Bad input (docs/product.md §5, §8): malformed JSON, missing fields, over-long strings, e-mails with spaces
// or unicode tricks, SQL fragments → 400 with a field-level message, no stack trace, nothing written.

describeEachEngine("accounts bad input", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  async function rowCounts() {
    return {
      users: await test.countRows("users"),
      profiles: await test.countRows("profiles"),
      codes: await test.countRows("verification_codes"),
      outbox: await test.countRows("outbox"),
      sessions: await test.countRows("sessions"),
    };
  }

  const post = (path: string, body: unknown) =>
    test.request("POST", `/api/account/${path}`, { body, headers: { "x-test-client-ip": freshIp() } });

  function expectFieldError(response: Awaited<ReturnType<typeof post>>, field: string) {
    expect(response.status).toBe(400);
    expect(response.body.error?.code).toBe("invalid_input");
    expect(response.body.error?.fields?.[field]).toEqual(expect.any(String));
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts|stack/i);
  }

  it("malformed JSON answers 400 without a stack trace", async () => {
    const before = await rowCounts();
    for (const path of [
      "check-email",
      "verification-code",
      "verify-code",
      "sign-up",
      "sign-in",
      "password-reset-request",
      "password-reset",
    ]) {
      const response = await test.request("POST", `/api/account/${path}`, {
        body: '{"email": "a@b.se",',
        headers: { "content-type": "application/json", "x-test-client-ip": freshIp() },
      });
      expect(response.status).toBe(400);
      expect(response.body.error?.code).toBe("invalid_input");
      expect(JSON.stringify(response.body)).not.toMatch(/SyntaxError|at .*\.ts/);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("missing fields name the field", async () => {
    const before = await rowCounts();
    expectFieldError(await post("check-email", {}), "email");
    expectFieldError(await post("verification-code", { language: "en" }), "email");
    expectFieldError(await post("verify-code", { email: freshEmail() }), "code");
    expectFieldError(await post("sign-in", { email: freshEmail() }), "password");
    expectFieldError(await post("sign-up", { email: freshEmail(), verificationToken: "x".repeat(40) }), "password");
    expectFieldError(await post("password-reset", { token: "x".repeat(40) }), "newPassword");
    expect(await rowCounts()).toEqual(before);
  });

  it("e-mails with spaces, unicode look-alikes or SQL fragments are refused", async () => {
    const before = await rowCounts();
    const bad = [
      "anna svensson@example.se",
      " anna@exa mple.se",
      "anna@exаmple.se", // Cyrillic 'а'
      "anna\u200b@example.se", // zero-width space
      "ａnna@example.se", // full-width letter
      "' OR 1=1 --@example.se",
      "anna@example.se'; DROP TABLE users; --",
      "x".repeat(250) + "@example.se",
    ];
    for (const email of bad) {
      expectFieldError(await post("check-email", { email }), "email");
      expectFieldError(await post("verification-code", { email, language: "en" }), "email");
      expectFieldError(await post("password-reset-request", { email, language: "en" }), "email");
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("a 10 000-character name and other over-long values are refused on sign-up, and nothing is written", async () => {
    const before = await rowCounts();
    const base = { ...validProfile, email: freshEmail(), verificationToken: "x".repeat(40) };
    expectFieldError(await post("sign-up", { ...base, fullName: "N".repeat(10_000) }), "fullName");
    expectFieldError(await post("sign-up", { ...base, streetAddress: "S".repeat(5_000) }), "streetAddress");
    expectFieldError(await post("sign-up", { ...base, phoneNumber: "not a phone" }), "phoneNumber");
    expectFieldError(await post("sign-up", { ...base, password: "p".repeat(500) }), "password");
    expectFieldError(await post("sign-up", { ...base, language: "de" }), "language");
    expectFieldError(await post("verify-code", { email: freshEmail(), code: "12a4" }), "code");
    expectFieldError(await post("verify-code", { email: freshEmail(), code: "1' OR '1'='1" }), "code");
    expectFieldError(await post("sign-in", { email: freshEmail(), password: "p".repeat(10_000) }), "password");
    expect(await rowCounts()).toEqual(before);
  });

  it("a JSON body that is not an object, or a form post, is refused", async () => {
    const before = await rowCounts();
    for (const body of ["[]", '"anna@example.se"', "null", "42"]) {
      const response = await test.request("POST", "/api/account/verification-code", {
        body,
        headers: { "content-type": "application/json", "x-test-client-ip": freshIp() },
      });
      expect(response.status).toBe(400);
    }
    const form = await test.request("POST", "/api/account/verification-code", {
      body: "email=anna%40example.se&language=en",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-test-client-ip": freshIp() },
    });
    expect(form.status).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, freshEmail, freshIp, skipCooldown } from "../../test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// ADR 034: limits that an attacker can neither dodge by changing address nor turn against the owner.

describeEachEngine("account limits", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  const signIn = (email: string, password: string, ip: string) =>
    test.request("POST", "/api/account/sign-in", { body: { email, password }, headers: { "x-test-client-ip": ip } });
  const sendCode = (email: string, ip: string) =>
    test.request("POST", "/api/account/verification-code", { body: { email, language: "en" }, headers: { "x-test-client-ip": ip } });
  const counter = async (key: string) => {
    const rows = await test.db.selectFrom("rate_limits").select("count").where("key", "=", key).execute();
    return rows.reduce((sum, row) => sum + Number(row.count), 0);
  };

  describe("sign-in", () => {
    it("refuses the 101st failed sign-in for one account even from 101 different addresses, then the right password too", async () => {
      const { user, password } = await createSignedInUser(test);
      // All at once: each attempt holds its slot while the password is checked, so none slips through.
      const answers = await Promise.all(Array.from({ length: 101 }, () => signIn(user.email, "wrong-password", freshIp())));
      expect(answers.filter((answer) => answer.status === 401)).toHaveLength(100);
      const refused = answers.find((answer) => answer.status === 429);
      expect(refused?.body.error?.code).toBe("rate_limited");
      expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
      const owner = await signIn(user.email, password, freshIp());
      expect(owner.status).toBe(429);
      expect(owner.headers.getSetCookie()).toHaveLength(0);
      // Refused attempts took nothing: the account's counter still holds the 100 failures.
      expect(await counter(`sign-in-account:${user.email}`)).toBe(100);
      // 101 password checks (scrypt) take a while on a busy machine.
    }, 90_000);

    it("counts failures only: successful sign-ins from one address never lock its owner out", async () => {
      const { user, password } = await createSignedInUser(test);
      const ip = freshIp();
      for (let attempt = 0; attempt < 12; attempt += 1) expect((await signIn(user.email, password, ip)).status).toBe(200);
      expect(await counter(`sign-in:${user.email}|${ip}`)).toBe(0);
      expect(await counter(`sign-in-account:${user.email}`)).toBe(0);
    });
  });

  describe("verification codes", () => {
    it("one address cannot use up an e-mail's codes: the owner still gets one from another address, and refused requests count nothing", async () => {
      const victim = freshEmail("victim");
      const attacker = freshIp();
      for (let index = 0; index < 5; index += 1) {
        expect((await sendCode(victim, attacker)).status).toBe(200);
        await skipCooldown(test, victim);
      }
      for (let index = 0; index < 6; index += 1) expect((await sendCode(victim, attacker)).status).toBe(429);
      const owner = await sendCode(victim, freshIp());
      expect(owner.status).toBe(200);
      expect(await counter(`code-email-ip-hour:${victim}|${attacker}`)).toBe(5);
      expect(await counter(`code-email-day:${victim}`)).toBe(6);
    });

    it("a request refused for the resend cooldown takes nothing from the address's budget", async () => {
      const ip = freshIp();
      const email = freshEmail();
      expect((await sendCode(email, ip)).status).toBe(200);
      for (let index = 0; index < 25; index += 1) expect((await sendCode(email, ip)).body.error?.code).toBe("resend_cooldown");
      // 20 codes per address per hour: 19 more still go out.
      for (let index = 0; index < 19; index += 1) expect((await sendCode(freshEmail(), ip)).status).toBe(200);
      expect((await sendCode(freshEmail(), ip)).status).toBe(429);
    });

    it("bounds an e-mail's codes per day over all addresses at 20 (the guesses at a 4-digit code stay bounded)", async () => {
      const email = freshEmail();
      for (let index = 0; index < 20; index += 1) {
        expect((await sendCode(email, freshIp())).status).toBe(200);
        await skipCooldown(test, email);
      }
      const refused = await sendCode(email, freshIp());
      expect(refused.status).toBe(429);
      expect(refused.body.error?.code).toBe("rate_limited");
      const codes = await test.db.selectFrom("verification_codes").select("id").where("email", "=", email).execute();
      expect(codes).toHaveLength(20);
    });
  });

  describe("password reset requests", () => {
    it("one address cannot block an e-mail's reset links for everyone", async () => {
      const { user } = await createSignedInUser(test);
      const attacker = freshIp();
      const request = (ip: string) =>
        test.request("POST", "/api/account/password-reset-request", {
          body: { email: user.email, language: "en" },
          headers: { "x-test-client-ip": ip },
        });
      const answers = await Promise.all(Array.from({ length: 7 }, () => request(attacker)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
      expect((await request(freshIp())).status).toBe(200);
    });
  });
});

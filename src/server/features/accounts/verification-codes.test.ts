import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestQueuedMail } from "../../test-support/queued-mail.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import {
  createSignedInUser,
  freshEmail,
  freshIp,
  latestCode,
  signUpThroughCode,
  skipCooldown,
  validProfile,
  wrongCode,
} from "../../test-support/accounts.ts";

// ADR 031: every limit of the verification codes, proven on both engines.

describeEachEngine("sign-up verification codes", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  const send = (email: string, ip: string, language: "en" | "sv" = "en") =>
    test.request("POST", "/api/account/verification-code", { body: { email, language }, headers: { "x-test-client-ip": ip } });
  const verify = (email: string, code: string, ip: string) =>
    test.request("POST", "/api/account/verify-code", { body: { email, code }, headers: { "x-test-client-ip": ip } });

  describe("sending", () => {
    it("sends a random 4-digit code by mail, stores only its hash and answers the expiry and resend times", async () => {
      const email = freshEmail();
      const before = Date.now();
      const response = await send(email, freshIp(), "sv");
      expect(response.status).toBe(200);
      const expiresAt = Date.parse(String(response.body.expiresAt));
      const resendAt = Date.parse(String(response.body.resendAvailableAt));
      expect(expiresAt - before).toBeGreaterThanOrEqual(10 * 60 * 1000 - 1000);
      expect(expiresAt - before).toBeLessThanOrEqual(10 * 60 * 1000 + 5000);
      expect(resendAt - before).toBeGreaterThanOrEqual(59_000);
      const code = await latestCode(test, email);
      expect(code).toMatch(/^\d{4}$/);
      const mail = await latestQueuedMail(test, email, "verification-code");
      expect(mail.subject).toBe("Din verifieringskod från Nordic Shield");
      expect(mail.html).toContain(code);
      const row = await test.db.selectFrom("verification_codes").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
      expect(row.code_hash).not.toContain(code);
      expect(JSON.stringify(row)).not.toContain(`"${code}"`);
    });

    it("refuses an e-mail that already has an account with 409 account_exists", async () => {
      const { user } = await createSignedInUser(test);
      const response = await send(user.email, freshIp());
      expect(response.status).toBe(409);
      expect(response.body.error).toMatchObject({
        code: "account_exists",
        message: "An account with this email already exists. Please sign in instead.",
      });
    });

    it("allows one code per minute per e-mail (429 resend_cooldown)", async () => {
      const email = freshEmail();
      const ip = freshIp();
      expect((await send(email, ip)).status).toBe(200);
      const again = await send(email, ip);
      expect(again.status).toBe(429);
      expect(again.body.error).toMatchObject({ code: "resend_cooldown", message: "You can request a new code once per minute." });
      expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
      const codes = await test.db.selectFrom("verification_codes").select("id").where("email", "=", email).execute();
      expect(codes).toHaveLength(1);
    });

    it("allows at most 5 codes per e-mail and address per hour", async () => {
      const email = freshEmail();
      const ip = freshIp();
      for (let index = 0; index < 5; index += 1) {
        expect((await send(email, ip)).status).toBe(200);
        await skipCooldown(test, email);
      }
      const sixth = await send(email, ip);
      expect(sixth.status).toBe(429);
      expect(sixth.body.error?.code).toBe("rate_limited");
      const codes = await test.db.selectFrom("verification_codes").select("id").where("email", "=", email).execute();
      expect(codes).toHaveLength(5);
    });

    it("allows at most 10 codes per e-mail and address per day", async () => {
      const email = freshEmail();
      const ip = freshIp();
      const hourly = `code-email-ip-hour:${email}|${ip}`;
      for (let index = 0; index < 10; index += 1) {
        expect((await send(email, ip)).status).toBe(200);
        await skipCooldown(test, email);
        // A new hour begins: the hourly counter is gone, the daily one stays.
        if (index === 4) await test.db.deleteFrom("rate_limits").where("key", "=", hourly).execute();
      }
      await test.db.deleteFrom("rate_limits").where("key", "=", hourly).execute();
      const eleventh = await send(email, ip);
      expect(eleventh.status).toBe(429);
      expect(eleventh.body.error?.code).toBe("rate_limited");
    });

    it("allows at most 20 code requests per client address per hour", async () => {
      const ip = freshIp();
      for (let index = 0; index < 20; index += 1) expect((await send(freshEmail("ip"), ip)).status).toBe(200);
      const blocked = await send(freshEmail("ip"), ip);
      expect(blocked.status).toBe(429);
      expect(blocked.body.error?.code).toBe("rate_limited");
      // Another client is not affected.
      expect((await send(freshEmail("ip"), freshIp())).status).toBe(200);
    });
  });

  describe("verifying", () => {
    it("counts wrong codes, then kills the code after 5 wrong tries (even the right code is refused)", async () => {
      const email = freshEmail();
      const ip = freshIp();
      await send(email, ip);
      const code = await latestCode(test, email);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const wrong = await verify(email, wrongCode(code), ip);
        expect(wrong.status).toBe(400);
        expect(wrong.body.error).toMatchObject({
          code: "invalid_code",
          fields: { code: "The verification code you entered is incorrect. Please try again.", attemptsLeft: String(5 - attempt) },
          attemptsLeft: 5 - attempt,
        });
      }
      const right = await verify(email, code, ip);
      expect(right.status).toBe(429);
      expect(right.body.error?.code).toBe("too_many_attempts");
    });

    it("parallel wrong guesses cannot exceed 5 counted tries", async () => {
      const email = freshEmail();
      const ip = freshIp();
      await send(email, ip);
      const code = await latestCode(test, email);
      const guesses = Array.from({ length: 12 }, (_, index) => String((Number(code) + index + 1) % 10_000).padStart(4, "0"));
      const answers = await Promise.all(guesses.map((guess) => verify(email, guess, ip)));
      expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(7);
      expect((await verify(email, code, ip)).status).toBe(429);
    });

    it("a new code kills the previous one and resets the attempt counter (docs/product.md §4)", async () => {
      const email = freshEmail();
      const ip = freshIp();
      await send(email, ip);
      const first = await latestCode(test, email);
      for (let attempt = 0; attempt < 4; attempt += 1) await verify(email, wrongCode(first), ip);
      await skipCooldown(test, email);
      await send(email, ip);
      const second = await latestCode(test, email);
      if (second !== first) {
        const old = await verify(email, first, ip);
        expect(old.status).toBe(400);
        expect(old.body.error?.code).toBe("invalid_code");
        expect((old.body.error as { attemptsLeft?: number }).attemptsLeft).toBe(4);
      }
      const right = await verify(email, second, ip);
      expect(right.status).toBe(200);
      expect(String(right.body.verificationToken).length).toBeGreaterThanOrEqual(32);
    });

    it("refuses an expired code with 410 code_expired ('Verification Timeout')", async () => {
      const email = freshEmail();
      const ip = freshIp();
      await send(email, ip);
      const code = await latestCode(test, email);
      await test.db
        .updateTable("verification_codes")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("email", "=", email)
        .execute();
      const response = await verify(email, code, ip);
      expect(response.status).toBe(410);
      expect(response.body.error).toMatchObject({
        code: "code_expired",
        message: "Verification code has expired. Please try signing up again.",
      });
    });

    it("a used code cannot be used again", async () => {
      const email = freshEmail();
      const ip = freshIp();
      await send(email, ip);
      const code = await latestCode(test, email);
      expect((await verify(email, code, ip)).status).toBe(200);
      const again = await verify(email, code, ip);
      expect(again.status).toBe(410);
      expect(again.body.error?.code).toBe("code_expired");
    });

    it("limits code checks per client address (60 per hour) across many e-mails", async () => {
      const ip = freshIp();
      const answers = await Promise.all(Array.from({ length: 61 }, () => verify(freshEmail("spray"), "1234", ip)));
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(1);
      expect(answers.find((answer) => answer.status === 429)?.body.error?.code).toBe("rate_limited");
    });
  });

  describe("sign-up", () => {
    it("creates the user, its profile and a session in one go; the token is single use", async () => {
      const email = freshEmail("new");
      const { created, cookie, verificationToken } = await signUpThroughCode(test, email);
      expect(created.status).toBe(201);
      expect(created.body.user).toMatchObject({ email, name: validProfile.fullName, role: "customer", language: "sv" });
      expect(cookie).toContain("session_token=");
      const profile = await test.request("GET", "/api/account/profile", { headers: { cookie } });
      expect(profile.status).toBe(200);
      expect(profile.body).toMatchObject({
        email,
        fullName: "Erik Johansson",
        phoneNumber: "+46 70 555 12 34",
        address: "Kungsgatan 12 Lgh 1102",
        city: "Stockholm",
        country: "Sweden",
        postalCode: "111 43",
        avatarUrl: null,
        idVerified: false,
        language: "sv",
      });
      const user = await test.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
      expect(Boolean(user.email_verified)).toBe(true);
      const credential = await test.db
        .selectFrom("auth_accounts")
        .select("password")
        .where("user_id", "=", user.id)
        .executeTakeFirstOrThrow();
      expect(credential.password).not.toContain(validProfile.password);
      expect(credential.password?.length).toBeGreaterThan(40);

      const reuse = await test.request("POST", "/api/account/sign-up", {
        body: { ...validProfile, email: freshEmail("reuse"), verificationToken },
        headers: { "x-test-client-ip": freshIp() },
      });
      expect(reuse.status).toBe(410);
      const sameEmail = await test.request("POST", "/api/account/sign-up", {
        body: { ...validProfile, email, verificationToken },
        headers: { "x-test-client-ip": freshIp() },
      });
      expect([409, 410]).toContain(sameEmail.status);
      const users = await test.db.selectFrom("users").select("id").where("email", "=", email).execute();
      expect(users).toHaveLength(1);
    });

    it("refuses a common password with 400 weak_password and a reason, and the token stays usable", async () => {
      const email = freshEmail("weak");
      const ip = freshIp();
      await send(email, ip);
      const verified = await verify(email, await latestCode(test, email), ip);
      const verificationToken = String(verified.body.verificationToken);
      const weak = await test.request("POST", "/api/account/sign-up", {
        body: { ...validProfile, email, verificationToken, password: "password123" },
        headers: { "x-test-client-ip": ip },
      });
      expect(weak.status).toBe(400);
      expect(weak.body.error?.code).toBe("weak_password");
      expect(weak.body.error?.fields?.password).toMatch(/most commonly used passwords/);
      expect(await test.db.selectFrom("users").select("id").where("email", "=", email).execute()).toHaveLength(0);
      const strong = await test.request("POST", "/api/account/sign-up", {
        body: { ...validProfile, email, verificationToken },
        headers: { "x-test-client-ip": ip },
      });
      expect(strong.status).toBe(201);
    });

    it("refuses a sign-up without a verified code, and a token made for another e-mail", async () => {
      const email = freshEmail("forged");
      const forged = await test.request("POST", "/api/account/sign-up", {
        body: { ...validProfile, email, verificationToken: "x".repeat(43) },
        headers: { "x-test-client-ip": freshIp() },
      });
      expect(forged.status).toBe(410);
      const other = freshEmail("other");
      const ip = freshIp();
      await send(other, ip);
      const verified = await verify(other, await latestCode(test, other), ip);
      const swapped = await test.request("POST", "/api/account/sign-up", {
        body: { ...validProfile, email, verificationToken: String(verified.body.verificationToken) },
        headers: { "x-test-client-ip": ip },
      });
      expect(swapped.status).toBe(410);
      expect(await test.db.selectFrom("users").select("id").where("email", "in", [email, other]).execute()).toHaveLength(0);
    });

    it("refuses a token after its 10-minute window", async () => {
      const email = freshEmail("late");
      const ip = freshIp();
      await send(email, ip);
      const verified = await verify(email, await latestCode(test, email), ip);
      await test.db
        .updateTable("verification_codes")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("email", "=", email)
        .execute();
      const late = await test.request("POST", "/api/account/sign-up", {
        body: { ...validProfile, email, verificationToken: String(verified.body.verificationToken) },
        headers: { "x-test-client-ip": ip },
      });
      expect(late.status).toBe(410);
      expect(late.body.error?.code).toBe("code_expired");
    });
  });
});

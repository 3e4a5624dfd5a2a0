import { afterAll, beforeAll, expect, it } from "vitest";
import { latestQueuedMail } from "../../test-support/queued-mail.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { createSignedInUser, freshEmail, freshIp } from "../../test-support/accounts.ts";

// docs/product.md §2 reset password page, ADR 031/033, OWASP ASVS 2.5: reset requests, single-use expiring
// links that void every other link of the user, sessions revoked.

const failure = "Failed to reset password. The reset link may have expired. Please request a new password reset link.";

describeEachEngine("password reset", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine, { APP_URL: "http://localhost:4203" });
  });
  afterAll(() => test.close());

  const requestReset = (email: string, ip = freshIp(), language: "en" | "sv" = "en") =>
    test.request("POST", "/api/account/password-reset-request", { body: { email, language }, headers: { "x-test-client-ip": ip } });
  const reset = (token: string, newPassword: string) =>
    test.request("POST", "/api/account/password-reset", { body: { token, newPassword }, headers: { "x-test-client-ip": freshIp() } });

  async function latestResetToken(email: string): Promise<string> {
    const mail = await latestQueuedMail(test, email, "password-reset");
    const match = /http:\/\/localhost:4203\/reset-password\?token=([\w%-]+)/.exec(mail.text);
    if (!match?.[1]) throw new Error("no reset link in the mail");
    expect(mail.html).toContain(match[0]);
    return decodeURIComponent(match[1]);
  }

  it("answers the same for a known and an unknown e-mail; only the known one gets a mail (in its language)", async () => {
    const { user } = await createSignedInUser(test);
    const unknownEmail = freshEmail("ghost");
    const started = performance.now();
    const known = await requestReset(user.email, freshIp(), "sv");
    const knownMs = performance.now() - started;
    const middle = performance.now();
    const unknown = await requestReset(unknownEmail);
    const unknownMs = performance.now() - middle;
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ ok: true });
    expect(unknown.body).toEqual(known.body);
    expect(Math.abs(knownMs - unknownMs)).toBeLessThan(150);
    const knownMail = await test.db.selectFrom("outbox").select("kind").where("recipient", "=", user.email).execute();
    expect(knownMail.map((mail) => mail.kind)).toEqual(["password-reset"]);
    expect((await latestQueuedMail(test, user.email, "password-reset")).subject).toBe("Återställ ditt lösenord hos Nordic Shield");
    expect(await test.db.selectFrom("outbox").select("id").where("recipient", "=", unknownEmail).execute()).toHaveLength(0);
  });

  it("replaces the password, revokes every session, and the link works only once", async () => {
    const { user, cookie, password } = await createSignedInUser(test);
    const second = await test.request("POST", "/api/account/sign-in", {
      body: { email: user.email, password },
      headers: { "x-test-client-ip": freshIp() },
    });
    expect(second.status).toBe(200);
    await requestReset(user.email);
    const token = await latestResetToken(user.email);
    const done = await reset(token, "Northern-Lights-2026");
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ ok: true });
    expect((await test.request("GET", "/api/account/profile", { headers: { cookie } })).status).toBe(401);
    const sessions = await test.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
    expect(sessions).toHaveLength(0);
    const oldPassword = await test.request("POST", "/api/account/sign-in", {
      body: { email: user.email, password },
      headers: { "x-test-client-ip": freshIp() },
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await test.request("POST", "/api/account/sign-in", {
      body: { email: user.email, password: "Northern-Lights-2026" },
      headers: { "x-test-client-ip": freshIp() },
    });
    expect(newPassword.status).toBe(200);
    const again = await reset(token, "Another-Password-77");
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: "invalid_token", message: failure });
  });

  it("a used link makes every older link of that user stop working", async () => {
    const { user, password } = await createSignedInUser(test);
    await requestReset(user.email);
    const older = await latestResetToken(user.email);
    await requestReset(user.email);
    const newer = await latestResetToken(user.email);
    expect(newer).not.toBe(older);
    expect((await reset(newer, "Northern-Lights-2026")).status).toBe(200);
    const replay = await reset(older, "Attacker-Chosen-Password-9");
    expect(replay.status).toBe(400);
    expect(replay.body.error).toMatchObject({ code: "invalid_token", message: failure });
    const signIn = (attempt: string) =>
      test.request("POST", "/api/account/sign-in", {
        body: { email: user.email, password: attempt },
        headers: { "x-test-client-ip": freshIp() },
      });
    expect((await signIn("Attacker-Chosen-Password-9")).status).toBe(401);
    expect((await signIn("Northern-Lights-2026")).status).toBe(200);
    expect((await signIn(password)).status).toBe(401);
  });

  it("refuses an expired link", async () => {
    const { user } = await createSignedInUser(test);
    await requestReset(user.email);
    const token = await latestResetToken(user.email);
    await test.db
      .updateTable("auth_verifications")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const response = await reset(token, "Northern-Lights-2026");
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: "invalid_token", message: failure });
  });

  it("refuses a made-up token, a short password and a common password, and changes nothing", async () => {
    const { user, password } = await createSignedInUser(test);
    await requestReset(user.email);
    const token = await latestResetToken(user.email);
    expect((await reset("made-up-token-123456", "Northern-Lights-2026")).body.error?.code).toBe("invalid_token");
    const short = await reset(token, "abc");
    expect(short.status).toBe(400);
    expect(short.body.error?.fields?.newPassword).toBe("Password must be at least 6 characters");
    const common = await reset(token, "qwerty123");
    expect(common.status).toBe(400);
    expect(common.body.error?.code).toBe("weak_password");
    const still = await test.request("POST", "/api/account/sign-in", {
      body: { email: user.email, password },
      headers: { "x-test-client-ip": freshIp() },
    });
    expect(still.status).toBe(200);
    // The link survived the refused attempts.
    expect((await reset(token, "Northern-Lights-2026")).status).toBe(200);
  });

  it("allows 5 reset requests per e-mail and address per hour, for known and unknown e-mails alike", async () => {
    const { user } = await createSignedInUser(test);
    const ip = freshIp();
    for (const email of [user.email, freshEmail("ghost")]) {
      const answers = await Promise.all(Array.from({ length: 6 }, () => requestReset(email, ip)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
      expect(answers.find((answer) => answer.status === 429)?.body.error?.code).toBe("rate_limited");
    }
  });
});

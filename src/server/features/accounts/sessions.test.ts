import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { openDatabase } from "../../db/database.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { minimumDurations } from "./service.ts";
import { cookieHeader, createSignedInUser, freshEmail, freshIp } from "../../test-support/accounts.ts";

// ADR 030, 031 and 042: cookie sessions, sign-in limits, check-email, isolation.

describeEachEngine("sign-in, sessions and account checks", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  const signIn = (email: string, password: string, ip: string) =>
    test.request("POST", "/api/account/sign-in", { body: { email, password }, headers: { "x-test-client-ip": ip } });

  describe("sign-in", () => {
    it("signs in with the right password and sets an HttpOnly, SameSite=Lax session cookie (not Secure on localhost)", async () => {
      const { user, password } = await createSignedInUser(test, { language: "sv" });
      const response = await signIn(user.email.toUpperCase(), password, freshIp());
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({ id: user.id, email: user.email, role: "customer", language: "sv" });
      const sessionCookie = response.headers.getSetCookie().find((line) => line.includes("session_token="));
      expect(sessionCookie).toMatch(/HttpOnly/i);
      expect(sessionCookie).toMatch(/SameSite=Lax/i);
      expect(sessionCookie).not.toMatch(/Secure/i);
      const session = await test.request("GET", "/api/account/session", {
        headers: { cookie: cookieHeader(response.headers.getSetCookie()) },
      });
      expect(session.body).toEqual({
        user: { id: user.id, email: user.email, name: user.name, role: "customer", language: "sv" },
        liveEventsCursor: expect.any(Number),
      });
    });

    it("answers 401 invalid_credentials for a wrong password and for an unknown e-mail alike", async () => {
      const { user } = await createSignedInUser(test);
      const wrong = await signIn(user.email, "not-the-password", freshIp());
      const unknown = await signIn(freshEmail("nobody"), "not-the-password", freshIp());
      for (const response of [wrong, unknown]) {
        expect(response.status).toBe(401);
        expect(response.body.error).toEqual({ code: "invalid_credentials", message: "Invalid email or password" });
        expect(response.headers.getSetCookie()).toHaveLength(0);
      }
    });

    it("allows 10 sign-in attempts per e-mail and address in 15 minutes, then 429 even with the right password", async () => {
      const { user, password } = await createSignedInUser(test);
      const ip = freshIp();
      for (let attempt = 0; attempt < 10; attempt += 1) expect((await signIn(user.email, "wrong-password", ip)).status).toBe(401);
      const blocked = await signIn(user.email, password, ip);
      expect(blocked.status).toBe(429);
      expect(blocked.body.error?.code).toBe("rate_limited");
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
      // The owner on another connection can still sign in.
      expect((await signIn(user.email, password, freshIp())).status).toBe(200);
    });

    it("the limit holds across two app processes sharing the database", async () => {
      const { user, password } = await createSignedInUser(test);
      // A second app with its own database connection, as a second process would have.
      const secondDatabase = openDatabase({ databaseUrl: test.deps.env.databaseUrl, dataDirectory: test.deps.env.dataDirectory });
      const secondApp = createApp({ ...test.deps, database: secondDatabase });
      try {
        const ip = freshIp();
        const attempt = (app: typeof secondApp, attemptPassword: string) =>
          app.request("/api/account/sign-in", {
            method: "POST",
            headers: { "content-type": "application/json", "x-test-client-ip": ip },
            body: JSON.stringify({ email: user.email, password: attemptPassword }),
          });
        for (let index = 0; index < 10; index += 1) {
          expect((await attempt(index % 2 === 0 ? test.app : secondApp, "wrong-password")).status).toBe(401);
        }
        expect((await attempt(secondApp, password)).status).toBe(429);
        expect((await attempt(test.app, password)).status).toBe(429);
      } finally {
        await secondDatabase.close();
      }
    });

    it("sign-out revokes the session and clears the cookie; it also works without a session", async () => {
      const { cookie } = await createSignedInUser(test);
      const out = await test.request("POST", "/api/account/sign-out", { headers: { cookie } });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ ok: true });
      expect(out.headers.getSetCookie().some((line) => /session_token=;/.test(line) && /Max-Age=0/i.test(line))).toBe(true);
      expect((await test.request("GET", "/api/account/session", { headers: { cookie } })).body).toEqual({ user: null });
      expect((await test.request("GET", "/api/account/profile", { headers: { cookie } })).status).toBe(401);
      const anonymous = await test.request("POST", "/api/account/sign-out");
      expect(anonymous.status).toBe(200);
    });
  });

  describe("isolation", () => {
    it("a session of user A reads only A's profile; a tampered cookie is refused", async () => {
      const alice = await createSignedInUser(test, { fullName: "Alice Andersson" });
      const bob = await createSignedInUser(test, { fullName: "Bob Berg" });
      const aliceProfile = await test.request("GET", "/api/account/profile", { headers: { cookie: alice.cookie } });
      expect(aliceProfile.body).toMatchObject({ id: alice.user.id, fullName: "Alice Andersson" });
      expect(JSON.stringify(aliceProfile.body)).not.toContain(bob.user.id);
      const tampered = alice.cookie.replace(/session_token=([^.;]+)/, `session_token=${bob.user.id}`);
      expect((await test.request("GET", "/api/account/profile", { headers: { cookie: tampered } })).status).toBe(401);
      // Signing out A leaves B signed in.
      await test.request("POST", "/api/account/sign-out", { headers: { cookie: alice.cookie } });
      expect((await test.request("GET", "/api/account/profile", { headers: { cookie: bob.cookie } })).body).toMatchObject({
        id: bob.user.id,
      });
      expect((await test.request("GET", "/api/account/session")).body).toEqual({ user: null });
    });
  });

  describe("check-email", () => {
    it("answers whether an account exists, in at least the padded time either way", async () => {
      const { user } = await createSignedInUser(test);
      const ip = freshIp();
      const timed = async (email: string) => {
        const started = performance.now();
        const response = await test.request("POST", "/api/account/check-email", { body: { email }, headers: { "x-test-client-ip": ip } });
        return { response, ms: performance.now() - started };
      };
      const samples = { known: [] as number[], unknown: [] as number[] };
      for (let round = 0; round < 5; round += 1) {
        const known = await timed(user.email);
        const unknown = await timed(freshEmail("unknown"));
        expect(known.response.body).toEqual({ exists: true });
        expect(unknown.response.body).toEqual({ exists: false });
        samples.known.push(known.ms);
        samples.unknown.push(unknown.ms);
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      expect(Math.min(...samples.known, ...samples.unknown)).toBeGreaterThanOrEqual(minimumDurations.checkEmailMs - 5);
      expect(Math.abs(median(samples.known) - median(samples.unknown))).toBeLessThan(50);
    });

    it("allows 30 checks per address in 10 minutes", async () => {
      const ip = freshIp();
      const answers = await Promise.all(
        Array.from({ length: 31 }, () =>
          test.request("POST", "/api/account/check-email", { body: { email: freshEmail("probe") }, headers: { "x-test-client-ip": ip } }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(30);
      const blocked = answers.find((answer) => answer.status === 429);
      expect(blocked?.body.error?.code).toBe("rate_limited");
    });
  });
});

describe("session cookie outside localhost", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp("sqlite", { APP_URL: "https://booking.nordicshield.se" });
  });
  afterAll(() => test.close());

  it("is Secure, HttpOnly and SameSite=Lax", async () => {
    const { user, password } = await createSignedInUser(test);
    const response = await test.request("POST", "/api/account/sign-in", {
      body: { email: user.email, password },
      headers: { "x-test-client-ip": freshIp() },
    });
    expect(response.status).toBe(200);
    const sessionCookie = response.headers.getSetCookie().find((line) => line.includes("session_token="));
    expect(sessionCookie).toMatch(/; Secure/i);
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).toMatch(/^__Secure-/);
    const anonymousSignOut = await test.request("POST", "/api/account/sign-out");
    const cleared = anonymousSignOut.headers.getSetCookie().find((line) => line.includes("session_token="));
    expect(cleared).toMatch(/^__Secure-.*Max-Age=0.*; Secure/i);
  });

  // Cookie tossing: a sibling host on plain http can plant an unprefixed cookie, never a __Secure- one.
  it("accepts only the __Secure- session cookie: a planted unprefixed one neither wins nor signs in", async () => {
    const victim = await createSignedInUser(test, { fullName: "Vera Victim" });
    const attacker = await createSignedInUser(test, { fullName: "Adam Attacker" });
    const planted = attacker.cookie.replace(/__Secure-(nordic-shield\.session_token=)/, "$1");
    expect(planted).toMatch(/^nordic-shield\.session_token=/);
    const both = await test.request("GET", "/api/account/session", { headers: { cookie: `${planted}; ${victim.cookie}` } });
    expect(both.body).toMatchObject({ user: { id: victim.user.id, name: "Vera Victim" } });
    const onlyPlanted = await test.request("GET", "/api/account/session", { headers: { cookie: planted } });
    expect(onlyPlanted.body).toEqual({ user: null });
    expect((await test.request("GET", "/api/account/profile", { headers: { cookie: planted } })).status).toBe(401);
  });
});

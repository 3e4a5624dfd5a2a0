import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, operatorToday } from "../../shared/time.ts";
import { cookieHeader, createSignedInUser, freshEmail, freshIp, latestCode, validProfile } from "../test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";

// Fields a client must not set (OWASP API Security Top 10 API3:2023, mass assignment): a
// booking's price, status and owner are the server's (ADR 121: the server computes every
// price); an account's role, status and verified flag are not profile fields; and a session is
// always a new one made by Better Auth at sign-in, never one the browser brought along (session
// fixation, OWASP Session Management Cheat Sheet "Renew the Session ID After Any Privilege Level Change").

const forbiddenAccountFields = {
  role: "admin",
  status: "active",
  emailVerified: true,
  banned: false,
  twoFactorEnabled: true,
  id: randomUUID(),
  userId: randomUUID(),
};

describeEachEngine("tampering with fields the server owns", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  const sessionUserOf = async (cookie: string) =>
    ((await test.request("GET", "/api/account/session", { headers: { cookie } })).body.user as { id?: string } | null)?.id ?? null;

  it("a booking is created pending, at the server's price, for the signed-in customer, whatever the body claims", async () => {
    const customer = await createSignedInUser(test);
    const other = await createSignedInUser(test);
    const services = [{ serviceId: "svc-residential", options: { guards: 2, days: 2, timeOfDay: "night" } }];
    const dates = { startDate: addDays(operatorToday(new Date()), 15), endDate: addDays(operatorToday(new Date()), 16) };
    const quote = await test.request("POST", "/api/bookings/quote", { body: { ...dates, services } });
    const bookingId = randomUUID();
    const created = await test.request("POST", "/api/bookings", {
      body: {
        bookingId,
        location: "Stockholm, Sweden",
        ...dates,
        services,
        status: "confirmed",
        price: 1,
        total: 1,
        totalCents: 1,
        vatCents: 1,
        userId: other.user.id,
        user_id: other.user.id,
        customerName: "Someone Else",
        createdAt: "2020-01-01T00:00:00.000Z",
      },
      headers: { cookie: customer.cookie },
    });
    expect(created.status).toBe(201);
    const row = await test.db.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "pending",
      price: Number(quote.body.totalCents),
      user_id: customer.user.id,
      customer_name: "Astrid Lindqvist",
    });
    expect(row.created_at.startsWith("2020")).toBe(false);

    // Cancelling: a body asking for another status or price changes nothing but the status to cancelled by the customer.
    const cancelled = await test.request("POST", `/api/bookings/${bookingId}/cancel`, {
      body: { status: "confirmed", price: 0, refund: 999_999, userId: other.user.id },
      headers: { cookie: customer.cookie },
    });
    expect(cancelled.status).toBe(200);
    const after = await test.db.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: "cancelled_by_customer", price: row.price, user_id: customer.user.id });
    const again = await test.request("POST", `/api/bookings/${bookingId}/cancel`, {
      body: { status: "pending" },
      headers: { cookie: customer.cookie },
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect((await test.db.selectFrom("bookings").select("status").where("id", "=", bookingId).executeTakeFirstOrThrow()).status).toBe(
      "cancelled_by_customer",
    );
  });

  it("a profile update cannot carry a role, a status or a verified flag: 400, the account unchanged", async () => {
    const customer = await createSignedInUser(test);
    const account = () => test.db.selectFrom("users").selectAll().where("id", "=", customer.user.id).executeTakeFirstOrThrow();
    const before = await account();
    for (const [field, value] of Object.entries(forbiddenAccountFields)) {
      const response = await test.request("PATCH", "/api/profile", {
        body: { fullName: "Astrid L", [field]: value },
        headers: { cookie: customer.cookie },
      });
      expect(response.status, field).toBe(400);
      expect(response.body.error?.code).toBe("invalid_input");
    }
    const settings = await test.request("PUT", "/api/profile/notifications", {
      body: { emailNotifications: true, pushNotifications: true, role: "admin" },
      headers: { cookie: customer.cookie },
    });
    expect(settings.status).toBe(400);
    expect(await account()).toEqual(before);
    // Better Auth's own endpoints (update-user and the admin plugin's set-role) are not reachable.
    for (const path of ["/api/auth/update-user", "/api/auth/admin/set-role", "/api/auth/sign-in/email"]) {
      const response = await test.request("POST", path, {
        body: { role: "admin", userId: customer.user.id },
        headers: { cookie: customer.cookie },
      });
      expect(response.status, path).toBe(404);
    }
    expect((await test.request("GET", "/api/admin/bookings", { headers: { cookie: customer.cookie } })).status).toBe(403);
  });

  it("a sign-up that names a role or a verified flag makes a customer", async () => {
    const email = freshEmail("escalate");
    const headers = { "x-test-client-ip": freshIp() };
    await test.request("POST", "/api/account/verification-code", { body: { email, language: "en" }, headers });
    const verified = await test.request("POST", "/api/account/verify-code", {
      body: { email, code: await latestCode(test, email) },
      headers,
    });
    const created = await test.request("POST", "/api/account/sign-up", {
      body: { ...validProfile, email, verificationToken: verified.body.verificationToken, ...forbiddenAccountFields },
      headers,
    });
    expect(created.status).toBe(201);
    const user = await test.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(user.role).toBe("customer");
    expect(user.id).not.toBe(forbiddenAccountFields.id);
    expect(user.two_factor_enabled).toBeFalsy();
  });

  it("a session cookie planted before sign-in is not the one after it, and signs no one in as the victim", async () => {
    const attacker = await createSignedInUser(test);
    const victim = await createSignedInUser(test);
    const made = attacker.cookie.replace(/session_token=[^;]+/, "session_token=planted-by-an-attacker.0000");
    for (const planted of [attacker.cookie, made]) {
      const signedIn = await test.request("POST", "/api/account/sign-in", {
        body: { email: victim.user.email, password: victim.password },
        headers: { cookie: planted, "x-test-client-ip": freshIp() },
      });
      expect(signedIn.status).toBe(200);
      const issued = cookieHeader(signedIn.headers.getSetCookie());
      expect(issued).toMatch(/session_token=/);
      expect(issued).not.toBe(planted);
      expect(await sessionUserOf(issued)).toBe(victim.user.id);
      // The planted cookie is still the attacker's own session, or nothing at all: never the victim's.
      expect([attacker.user.id, null]).toContain(await sessionUserOf(planted));
    }
  });

  it("an old session cookie is dead after sign-out, on every signed-in endpoint", async () => {
    const customer = await createSignedInUser(test);
    const signedOut = await test.request("POST", "/api/account/sign-out", { headers: { cookie: customer.cookie } });
    expect(signedOut.status).toBe(200);
    for (const url of [
      "/api/account/profile",
      "/api/bookings",
      "/api/profile/emails",
      "/api/account/security/export",
      "/api/emergency-contacts",
    ]) {
      expect((await test.request("GET", url, { headers: { cookie: customer.cookie } })).status, url).toBe(401);
    }
  });
});

import { afterAll, beforeAll, expect, it } from "vitest";
import { createSignedInUser } from "../test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { sessionLifetimeSeconds, sessionRenewalAgeSeconds } from "./auth.ts";
import { requireRole } from "./require-user.ts";

// ADR 042: the guards read the session through Better Auth and keep its semantics (signature,
// expiry, renewal, revocation); ADR 043: 401 without a session, 403 for a wrong role.
describeEachEngine("requireUser session check", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
    // Routes behind the role guard, as the operator console will mount them.
    test.app.get("/guarded/admin", requireRole("admin"), (c) => c.json({ id: c.var.user.id, role: c.var.user.role }));
    test.app.get("/guarded/staff", requireRole("admin", "customer"), (c) => c.json({ id: c.var.user.id }));
  });
  afterAll(() => test.close());

  const profile = (cookie: string) => test.request("GET", "/api/account/profile", { headers: { cookie } });

  it("accepts a valid session cookie and refuses a tampered signature or token", async () => {
    const { cookie } = await createSignedInUser(test);
    expect((await profile(cookie)).status).toBe(200);
    const [name, value] = cookie.split("=") as [string, string];
    const decoded = decodeURIComponent(value);
    const dot = decoded.lastIndexOf(".");
    // Change the token's first character to a different one, whatever it was.
    const changed = decoded.startsWith("x") ? "y" : "x";
    const otherToken = `${name}=${encodeURIComponent(`${changed}${decoded.slice(1, dot)}${decoded.slice(dot)}`)}`;
    const otherSignature = `${name}=${encodeURIComponent(`${decoded.slice(0, dot)}.${"A".repeat(43)}=`)}`;
    expect((await profile(otherToken)).status).toBe(401);
    expect((await profile(otherSignature)).status).toBe(401);
  });

  it("refuses an expired session", async () => {
    const { cookie, user } = await createSignedInUser(test);
    const past = new Date(Date.now() - 1000);
    await test.db
      .updateTable("sessions")
      .set({ expires_at: engine === "postgres" ? past : past.toISOString() } as never)
      .where("user_id", "=", user.id)
      .execute();
    expect((await profile(cookie)).status).toBe(401);
  });

  it("renews a session past its renewal age and sends the cookie again", async () => {
    const { cookie, user } = await createSignedInUser(test);
    const dueForRenewal = new Date(Date.now() + (sessionLifetimeSeconds - sessionRenewalAgeSeconds - 60) * 1000);
    await test.db
      .updateTable("sessions")
      .set({ expires_at: engine === "postgres" ? dueForRenewal : dueForRenewal.toISOString() } as never)
      .where("user_id", "=", user.id)
      .execute();
    const response = await profile(cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toContain("session_token");
    const session = await test.db.selectFrom("sessions").select("expires_at").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(new Date(session.expires_at as string | Date).getTime()).toBeGreaterThan(dueForRenewal.getTime() + 60_000);
  });

  it("refuses a banned user's session", async () => {
    const { cookie, user } = await createSignedInUser(test);
    await test.db
      .updateTable("users")
      .set({ banned: engine === "postgres" ? true : 1 } as never)
      .where("id", "=", user.id)
      .execute();
    expect((await profile(cookie)).status).toBe(401);
  });

  it("requireRole: 401 signed out, 403 forbidden for another role, the user for an allowed one", async () => {
    const customer = await createSignedInUser(test);
    const admin = await createSignedInUser(test, { role: "admin" });
    const signedOut = await test.request("GET", "/guarded/admin");
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error?.code).toBe("unauthorized");
    const wrongRole = await test.request("GET", "/guarded/admin", { headers: { cookie: customer.cookie } });
    expect(wrongRole.status).toBe(403);
    expect(wrongRole.body.error).toEqual({ code: "forbidden", message: "You do not have access to this." });
    const allowed = await test.request("GET", "/guarded/admin", { headers: { cookie: admin.cookie } });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toEqual({ id: admin.user.id, role: "admin" });
    expect((await test.request("GET", "/guarded/staff", { headers: { cookie: customer.cookie } })).body).toEqual({ id: customer.user.id });
  });
});

import { afterAll, beforeAll, expect, it } from "vitest";
import { createSignedInUser } from "../test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { sessionLifetimeSeconds, sessionRenewalAgeSeconds } from "./auth.ts";

// ADR 053: the guard's one-query path must keep Better Auth's session semantics.
describeEachEngine("requireUser session check", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  const profile = (cookie: string) => test.request("GET", "/api/account/profile", { headers: { cookie } });

  it("accepts a valid session cookie and refuses a tampered signature or token", async () => {
    const { cookie } = await createSignedInUser(test);
    expect((await profile(cookie)).status).toBe(200);
    const [name, value] = cookie.split("=") as [string, string];
    const decoded = decodeURIComponent(value);
    const dot = decoded.lastIndexOf(".");
    const otherToken = `${name}=${encodeURIComponent(`x${decoded.slice(1, dot)}${decoded.slice(dot)}`)}`;
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
});

import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { createAdminWithRows, databaseContents } from "./customer-rows.ts";
import { endpoints } from "./endpoints.ts";
import { asJsonText, replacedAt, sqlInjections, stringLeaves } from "./hostile-text.ts";

// OWASP WSTG-INPV-05: every text field of every JSON endpoint, filled with SQL injection strings,
// is either stored as those characters or refused with 400; never a 5xx, and every table is still
// there with its rows afterwards (Kysely binds every value as a parameter, ADR 121).

describeEachEngine("SQL injection strings in every text field", (engine) => {
  let test: TestApp;
  let admin: Awaited<ReturnType<typeof createAdminWithRows>>;
  beforeAll(async () => {
    test = await createTestApp(engine);
    admin = await createAdminWithRows(test);
  });
  afterAll(() => test.close());

  it("never answer 5xx on any endpoint, and leave every table and row in place", async () => {
    const before = await databaseContents(test);
    let attempts = 0;
    for (const endpoint of endpoints.filter((candidate) => candidate.body === "json" && candidate.path !== "/api/account/sign-out")) {
      const example = endpoint.example?.() ?? {};
      for (const [leafIndex, leaf] of stringLeaves(example).entries()) {
        // Three payloads per field, rotating, so every payload meets every kind of field across the API.
        for (const injection of [0, 1, 2].map((offset) => sqlInjections[(leafIndex * 3 + offset) % sqlInjections.length] ?? "")) {
          attempts += 1;
          const response = await test.request(endpoint.method, admin.ownPath(endpoint.path), {
            body: replacedAt(example, leaf, injection),
            headers: { cookie: admin.cookie, "x-test-client-ip": `203.0.113.${attempts % 250}-${attempts}` },
          });
          const where = `${endpoint.method} ${endpoint.path} ${leaf.join(".")} ${injection}`;
          expect(response.status, where).toBeLessThan(500);
          if (response.status >= 400) expect(response.body.error?.code, where).toEqual(expect.any(String));
        }
      }
    }
    expect(attempts).toBeGreaterThan(150);
    const after = await databaseContents(test);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const table of ["users", "auth_accounts", "bookings", "profiles"]) {
      expect(after[table]?.length, table).toBeGreaterThanOrEqual(before[table]?.length ?? 0);
    }
    expect(after.users?.filter((row) => row.includes('"role":"admin"'))).toHaveLength(1);
  }, 60_000);

  it("stores them verbatim where they are kept, and answers them back as the same characters", async () => {
    const headers = { cookie: admin.cookie };
    for (const injection of sqlInjections) {
      const saved = await test.request("PATCH", "/api/profile", { body: { fullName: injection, city: injection }, headers });
      expect(saved.status, injection).toBe(200);
      const profile = await test.request("GET", "/api/account/profile", { headers });
      expect(JSON.stringify(profile.body)).toContain(asJsonText(injection));
      const contact = await test.request("PUT", `/api/emergency-contacts/${admin.ids.contact}`, {
        body: { name: injection, phone: "+46 70 765 43 21", email: "" },
        headers,
      });
      expect(contact.status).toBe(200);
      expect(JSON.stringify((await test.request("GET", "/api/emergency-contacts", { headers })).body)).toContain(asJsonText(injection));
    }
  });
});

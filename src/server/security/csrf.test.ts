import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { createAdminWithRows, databaseContents, storedFiles, testPhoto } from "./customer-rows.ts";
import { endpoints, stateChanging } from "./endpoints.ts";

// ADR 035 (OWASP CSRF Prevention Cheat Sheet, "Verifying origin with standard headers"): every
// POST, PUT, PATCH and DELETE under /api, sent with a valid session and a valid body, is refused
// with 403 forbidden_origin when the browser says it comes from another site, and the database
// and the uploads are exactly as before. The signed-in account is an admin who owns one row of
// every kind, and the path ids are its own rows, so each request would succeed from the site itself.
// A request with none of the three headers is not a browser's and is let through (ADR 035).

const crossSiteHeaders: Record<string, Record<string, string>> = {
  "a foreign Origin": { origin: "https://evil.example" },
  "Origin null (sandboxed frame)": { origin: "null" },
  "no Origin and Sec-Fetch-Site: cross-site": { "sec-fetch-site": "cross-site" },
  "no Origin and Sec-Fetch-Site: same-site (a sibling host)": { "sec-fetch-site": "same-site" },
  "no Origin and a foreign Referer": { referer: "https://evil.example/offer.html" },
};

describeEachEngine("cross-site writes", (engine) => {
  let test: TestApp;
  let admin: Awaited<ReturnType<typeof createAdminWithRows>>;
  let photo: Buffer<ArrayBuffer>;
  beforeAll(async () => {
    test = await createTestApp(engine);
    admin = await createAdminWithRows(test);
    photo = await testPhoto();
  });
  afterAll(() => test.close());

  const writes = endpoints.filter((endpoint) => stateChanging(endpoint) && endpoint.access !== "development");

  it.each(Object.entries(crossSiteHeaders))(
    "refuses every write with %s: 403 forbidden_origin, nothing written",
    async (_name, headers) => {
      const before = { database: await databaseContents(test), files: storedFiles(test) };
      expect(before.database.bookings?.length).toBeGreaterThan(0);
      for (const endpoint of writes) {
        const url = `${admin.ownPath(endpoint.path)}${endpoint.query ? `?${endpoint.query}` : ""}`;
        const response = await test.app.request(url, {
          method: endpoint.method,
          headers: {
            cookie: admin.cookie,
            "x-test-client-ip": "203.0.113.9",
            ...headers,
            ...(endpoint.body === "json" && { "Content-Type": "application/json" }),
            ...(endpoint.body === "upload" && { "Content-Type": "image/jpeg" }),
          },
          body: endpoint.body === "json" ? JSON.stringify(endpoint.example?.() ?? {}) : endpoint.body === "upload" ? photo : undefined,
        });
        expect(response.status, `${endpoint.method} ${endpoint.path}`).toBe(403);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe("forbidden_origin");
        expect(response.headers.getSetCookie(), `${endpoint.method} ${endpoint.path}`).toEqual([]);
      }
      expect({ database: await databaseContents(test), files: storedFiles(test) }).toEqual(before);
    },
  );

  it("the same requests from the site itself get past the check (the refusals above are the Origin's doing)", async () => {
    const sameOrigin = { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" };
    const safe = writes.filter((endpoint) => !/sign-out|delete-account|password|avatar|id-verifications$/.test(endpoint.path));
    for (const endpoint of safe) {
      const response = await test.request(endpoint.method, admin.ownPath(endpoint.path), {
        body: endpoint.body === "json" ? (endpoint.example?.() ?? {}) : undefined,
        headers: { cookie: admin.cookie, "x-test-client-ip": "203.0.113.10", ...sameOrigin },
      });
      expect(response.body.error?.code, `${endpoint.method} ${endpoint.path}`).not.toBe("forbidden_origin");
      expect(response.status, `${endpoint.method} ${endpoint.path}`).toBeLessThan(500);
    }
  });
});

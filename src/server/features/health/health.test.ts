import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { loadStaticSite } from "../../static-site.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

describeEachEngine("health and API edges", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  it("answers liveness and readiness with the engine in use", async () => {
    expect((await test.request("GET", "/api/health")).body).toEqual({ status: "ok" });
    const ready = await test.request("GET", "/api/ready");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: "ready", database: engine });
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const response = await test.request("GET", "/api/does-not-exist");
    expect(response.status).toBe(404);
    expect(response.body.error?.code).toBe("not_found");
  });

  it("refuses malformed JSON with a 400 and no stack trace", async () => {
    const response = await test.request("POST", "/api/affiliate/applications", { body: "{not json" });
    expect(response.status).toBe(400);
    expect(response.body.error?.code).toBe("invalid_input");
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts/);
  });

  it("refuses a huge URL with a 400 without crashing", async () => {
    const response = await test.request("GET", `/api/health?q=${"x".repeat(10_000)}`);
    expect(response.status).toBe(400);
    expect(response.body.error?.code).toBe("url_too_long");
    expect((await test.request("GET", "/api/health")).status).toBe(200);
  });

  it("answers a malformed query string without crashing", async () => {
    const response = await test.request("GET", "/api/places?q=%E0%A4%A");
    expect([200, 400]).toContain(response.status);
    expect((await test.request("GET", "/api/health")).status).toBe(200);
  });

  it("sets the security headers on API answers, errors included", async () => {
    for (const [path, status] of [
      ["/api/health", 200],
      ["/api/does-not-exist", 404],
      ["/api/bookings", 401],
    ] as const) {
      const response = await test.app.request(path, { method: path === "/api/bookings" ? "POST" : "GET" });
      expect(response.status).toBe(status);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("lets a cacheable endpoint keep its own Cache-Control and compresses only when asked", async () => {
    const places = await test.app.request("/api/places?q=Stockholm");
    expect(places.headers.get("cache-control")).toBe("public, max-age=300");
    expect(places.headers.get("content-encoding")).toBeNull();
    const compressed = await test.app.request("/api/places?q=Stockholm", { headers: { "Accept-Encoding": "gzip" } });
    expect(compressed.headers.get("content-encoding")).toBe("gzip");
    expect(compressed.headers.get("vary")).toContain("Accept-Encoding");
  });

  it("sets the security headers on the pages of the built site too", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "site-headers-"));
    writeFileSync(path.join(directory, "index.html"), "<!doctype html><title>Nordic Shield</title><p>Private security</p>");
    const app = createApp(test.deps, loadStaticSite(directory));
    const page = await app.request("/");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Private security");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("content-security-policy")).toContain("script-src");
    rmSync(directory, { recursive: true, force: true });
  });

  it("seeds the service catalogue with the five services of the site", async () => {
    const rows = await test.db.selectFrom("services").select(["slug", "type", "base_price_cents"]).orderBy("sort_order").execute();
    expect(rows.map((row) => row.slug)).toEqual(["residential", "driver", "bodyguard", "going-out", "event"]);
    expect(rows[0]).toMatchObject({ type: "vip_residential", base_price_cents: 49_900 });
  });
});

import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, operatorToday } from "../../shared/time.ts";
import { freshIp } from "../test-support/accounts.ts";
import { HttpError } from "../http-error.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { bodyLimitFor, defaultBodyLimit } from "./body-limit.ts";
import { sameOrigin } from "./origin-check.ts";

// ADR 035: the Origin check on state-changing API requests and the small default body limit.

const appOrigin = "http://localhost:3000"; // APP_URL of createTestApp
const application = { fullName: "Astrid Lind", email: "astrid@example.se", audience: "concierge", message: "Hi", language: "en" };

describe("sameOrigin", () => {
  it("decides by Origin, else Sec-Fetch-Site, else Referer, and lets a request without any of them through", () => {
    expect(sameOrigin({ origin: appOrigin }, appOrigin)).toBe(true);
    expect(sameOrigin({ origin: "https://evil.example" }, appOrigin)).toBe(false);
    expect(sameOrigin({ origin: "null" }, appOrigin)).toBe(false);
    expect(sameOrigin({ origin: "http://localhost:3001", secFetchSite: "same-origin" }, appOrigin)).toBe(false);
    expect(sameOrigin({ secFetchSite: "cross-site" }, appOrigin)).toBe(false);
    expect(sameOrigin({ secFetchSite: "same-site" }, appOrigin)).toBe(false);
    expect(sameOrigin({ secFetchSite: "same-origin" }, appOrigin)).toBe(true);
    expect(sameOrigin({ referer: `${appOrigin}/sign-in?next=/` }, appOrigin)).toBe(true);
    expect(sameOrigin({ referer: "https://evil.example/page" }, appOrigin)).toBe(false);
    expect(sameOrigin({ referer: "not a url" }, appOrigin)).toBe(false);
    expect(sameOrigin({}, appOrigin)).toBe(true);
  });
});

describe("bodyLimitFor", () => {
  const app = new Hono();
  app.use(defaultBodyLimit());
  app.post("/small", async (c) => c.json({ length: (await c.req.text()).length }));
  app.post("/upload", bodyLimitFor(100 * 1024), async (c) => c.json({ length: (await c.req.text()).length }));
  app.post("/tiny", bodyLimitFor(1024), async (c) => c.json({ length: (await c.req.text()).length }));
  app.onError((error, c) => (error instanceof HttpError ? c.json({ code: error.code }, error.status) : c.json({}, 500)));
  const send = (path: string, bytes: number) => app.request(path, { method: "POST", body: "x".repeat(bytes) });

  it("a route raises (or lowers) its own limit and the default then does not apply as well", async () => {
    expect((await send("/small", 40 * 1024)).status).toBe(413);
    expect((await send("/small", 30 * 1024)).status).toBe(200);
    expect((await send("/upload", 40 * 1024)).status).toBe(200);
    expect((await send("/upload", 101 * 1024)).status).toBe(413);
    expect((await send("/tiny", 2 * 1024)).status).toBe(413);
  });
});

describeEachEngine("request guards", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  describe("Origin check", () => {
    const foreign = { origin: "https://evil.example" };

    it("refuses a foreign Origin on sign-in with 403 forbidden_origin: no session, nothing counted", async () => {
      const { user, password } = await createSignedInUser(test);
      const ip = freshIp();
      const response = await test.request("POST", "/api/account/sign-in", {
        body: { email: user.email, password },
        headers: { ...foreign, "x-test-client-ip": ip },
      });
      expect(response.status).toBe(403);
      expect(response.body.error?.code).toBe("forbidden_origin");
      expect(response.headers.getSetCookie()).toHaveLength(0);
      const counters = await test.db.selectFrom("rate_limits").select("key").where("key", "like", `%${ip}%`).execute();
      expect(counters).toEqual([]);
      const same = await test.request("POST", "/api/account/sign-in", {
        body: { email: user.email, password },
        headers: { origin: appOrigin, "x-test-client-ip": ip },
      });
      expect(same.status).toBe(200);
    });

    it("refuses a cross-site booking (Origin null, Sec-Fetch-Site cross-site, foreign Referer) and stores nothing", async () => {
      const { cookie } = await createSignedInUser(test);
      const start = addDays(operatorToday(new Date()), 10);
      const body = () => ({
        bookingId: randomUUID(),
        location: "Stockholm, Sweden",
        startDate: start,
        services: [{ serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "day" } }],
        language: "en",
      });
      const before = { bookings: await test.countRows("bookings"), mails: await test.countRows("outbox") };
      const crossSite: Record<string, string>[] = [
        foreign,
        { origin: "null" },
        { "sec-fetch-site": "cross-site" },
        { referer: "https://evil.example/offer" },
      ];
      for (const headers of crossSite) {
        const response = await test.request("POST", "/api/bookings", { body: body(), headers: { cookie, ...headers } });
        expect(response.status).toBe(403);
        expect(response.body.error?.code).toBe("forbidden_origin");
      }
      expect({ bookings: await test.countRows("bookings"), mails: await test.countRows("outbox") }).toEqual(before);
      const same = await test.request("POST", "/api/bookings", {
        body: body(),
        headers: { cookie, origin: appOrigin, "sec-fetch-site": "same-origin" },
      });
      expect(same.status).toBe(201);
    });

    it("refuses a foreign affiliate application and stores nothing; same origin and non-browser clients pass; reads are not checked", async () => {
      const before = await test.countRows("affiliate_applications");
      const refused = await test.request("POST", "/api/affiliate/applications", {
        body: application,
        headers: { ...foreign, "x-test-client-ip": freshIp() },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error?.code).toBe("forbidden_origin");
      expect(await test.countRows("affiliate_applications")).toBe(before);
      const same = await test.request("POST", "/api/affiliate/applications", {
        body: application,
        headers: { origin: appOrigin, "x-test-client-ip": freshIp() },
      });
      expect(same.status).toBe(201);
      const script = await test.request("POST", "/api/affiliate/applications", {
        body: application,
        headers: { "x-test-client-ip": freshIp() },
      });
      expect(script.status).toBe(201);
      expect((await test.request("GET", "/api/services", { headers: foreign })).status).toBe(200);
    });
  });

  describe("body limit", () => {
    it("answers 413 payload_too_large to a 40 KB JSON body on a public endpoint and writes nothing", async () => {
      const before = await test.countRows("affiliate_applications");
      // Deeply nested JSON: costly to parse, and no form of this API needs anything near its size.
      const nested = `${"[".repeat(20 * 1024)}${"]".repeat(20 * 1024)}`;
      for (const body of [JSON.stringify({ ...application, message: "x".repeat(40 * 1024) }), nested]) {
        const response = await test.request("POST", "/api/affiliate/applications", { body, headers: { "x-test-client-ip": freshIp() } });
        expect(response.status).toBe(413);
        expect(response.body.error?.code).toBe("payload_too_large");
      }
      expect(await test.countRows("affiliate_applications")).toBe(before);
    });

    it("also counts a body sent without Content-Length (chunked)", async () => {
      const chunk = new TextEncoder().encode("x".repeat(8 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 5) return controller.close();
          sent += 1;
          controller.enqueue(chunk);
        },
      });
      const response = await test.app.request("/api/affiliate/applications", {
        method: "POST",
        headers: { "content-type": "application/json", "x-test-client-ip": freshIp() },
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect(response.status).toBe(413);
    });
  });
});

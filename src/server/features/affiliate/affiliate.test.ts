import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { rateLimitRules } from "../../rate-limit-rules.ts";
import { listApplications } from "./repo.ts";

describeEachEngine("affiliate interest form", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  it("stores a valid application and confirms it", async () => {
    const response = await test.request("POST", "/api/affiliate/applications", {
      body: {
        fullName: "Astrid Lind",
        email: "Astrid@Example.se",
        audience: "concierge",
        message: "Hotel concierge in Stockholm.",
        language: "sv",
      },
    });
    expect(response.status).toBe(201);
    const rows = await listApplications(test.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ full_name: "Astrid Lind", email: "astrid@example.se", audience: "concierge", language: "sv" });
  });

  it("refuses bad input field by field and writes nothing", async () => {
    const before = (await listApplications(test.db)).length;
    const response = await test.request("POST", "/api/affiliate/applications", {
      body: { fullName: "x".repeat(10_000), email: "not an email", audience: "spy" },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error?.fields ?? {}).sort()).toEqual(["audience", "email", "fullName"]);
    expect((await listApplications(test.db)).length).toBe(before);
  });
  it("limits applications per client address (429 with Retry-After) and stores nothing over the limit", async () => {
    const before = (await listApplications(test.db)).length;
    const send = (ip: string) =>
      test.request("POST", "/api/affiliate/applications", {
        body: { fullName: "Astrid Lind", email: "astrid@example.se", audience: "concierge" },
        headers: { "x-test-client-ip": ip },
      });
    for (let index = 0; index < rateLimitRules.affiliatePerIpHour.limit; index += 1) expect((await send("203.0.113.9")).status).toBe(201);
    const refused = await send("203.0.113.9");
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe("rate_limited");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await listApplications(test.db)).length).toBe(before + rateLimitRules.affiliatePerIpHour.limit);
    expect((await send("203.0.113.10")).status).toBe(201);
  });
});

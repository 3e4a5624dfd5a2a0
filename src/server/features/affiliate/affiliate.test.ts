import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
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
});

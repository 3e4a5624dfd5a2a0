import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { endpoints, registeredEndpoints } from "./endpoints.ts";

// ADR 084: the hostile-input suite iterates endpoints.ts. This fails when the app registers an
// endpoint that the table does not list (or the table keeps one that is gone), so a new route is
// attacked, fuzzed and CSRF-checked from the day it is added.

describeEachEngine("the hostile-input suite's endpoint table", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  it("lists exactly the endpoints the app registers", () => {
    const listed = endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(listed).size).toBe(listed.length);
    expect(new Set(listed)).toEqual(new Set(registeredEndpoints(test.app)));
  });
});

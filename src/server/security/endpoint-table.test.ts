import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { endpoints, registeredEndpoints, staleRouteFacts, unlistedRoutes } from "./endpoints.ts";

// ADR 084, ADR 261: the hostile-input suite iterates the routes the app registers, each with the
// facts endpoints.ts keeps of it. This fails when a registered route has no facts (or facts name a
// route that is gone), so a new route is attacked, fuzzed and CSRF-checked from the day it is added.

it("has who may call it, and its body, for every route the app registers", () => {
  expect(unlistedRoutes).toEqual([]);
  expect(staleRouteFacts).toEqual([]);
});

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

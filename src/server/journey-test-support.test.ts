import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EnvironmentError, loadEnvironment } from "./env.ts";
import { cookieHeader } from "./test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "./test-support/test-app.ts";

// ADR 254: the journeys' account route exists only on the journeys' server, and what it makes is an
// ordinary account with an ordinary Better Auth session.

describe("the journeys' account setting", () => {
  const dataDirectory = () => mkdtempSync(path.join(tmpdir(), "journey-env-"));

  it("is off unless asked for", () => {
    expect(loadEnvironment({ DATA_DIR: dataDirectory() }).journeyTestSupport).toBe(false);
    expect(loadEnvironment({ DATA_DIR: dataDirectory(), JOURNEY_TEST_SUPPORT: "1" }).journeyTestSupport).toBe(true);
  });

  it("stops a production start", () => {
    const start = () =>
      loadEnvironment({ DATA_DIR: dataDirectory(), NODE_ENV: "production", AUTH_SECRET: "a".repeat(32), JOURNEY_TEST_SUPPORT: "1" });
    expect(start).toThrow(EnvironmentError);
    expect(start).toThrow(/JOURNEY_TEST_SUPPORT/);
  });
});

const customer = {
  email: "journey-customer@example.test",
  password: "Harbour-Lantern-42",
  fullName: "Astrid Lindqvist",
  phoneNumber: "+46 70 123 45 67",
  streetAddress: "Strandvägen 7",
  aptSuite: "Lgh 1102",
  city: "Stockholm",
  country: "Sweden",
  postalCode: "114 56",
  language: "sv",
};

describeEachEngine("the journeys' account route", (engine) => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  it("does not exist in a normal start", async () => {
    test = await createTestApp(engine);
    const created = await test.request("POST", "/api/test-support/customers", { body: customer });
    expect(created.status).toBe(404);
    expect(created.body.error?.code).toBe("not_found");
    const operator = await test.request("POST", "/api/test-support/operators", {
      body: { email: "op@example.test", password: "Quartz-Harbour-58" },
    });
    expect(operator.status).toBe(404);
    expect(await test.countRows("users")).toBe(0);
  });

  it("makes a signed-in customer with the profile the sign-up form would give", async () => {
    test = await createTestApp(engine, { JOURNEY_TEST_SUPPORT: "1" });
    const created = await test.request("POST", "/api/test-support/customers", { body: customer });
    expect(created.status).toBe(201);
    const cookie = cookieHeader(created.headers.getSetCookie());
    const session = await test.request("GET", "/api/account/session", { headers: { cookie } });
    expect(session.body.user).toMatchObject({ email: customer.email, name: customer.fullName, role: "customer", language: "sv" });
    const profile = await test.request("GET", "/api/account/profile", { headers: { cookie } });
    expect(profile.status).toBe(200);
    expect(JSON.stringify(profile.body)).toContain("Strandvägen 7 Lgh 1102");
    // The password is a real one: the public sign-in takes it.
    const signIn = await test.request("POST", "/api/account/sign-in", { body: { email: customer.email, password: customer.password } });
    expect(signIn.status).toBe(200);
  });

  it("makes a signed-in operator as admin:create would, with the chosen password", async () => {
    test = await createTestApp(engine, { JOURNEY_TEST_SUPPORT: "1" });
    const created = await test.request("POST", "/api/test-support/operators", {
      body: { email: "Operator@Example.test", password: "Quartz-Harbour-58", name: "Karin Holm" },
    });
    expect(created.status).toBe(201);
    const cookie = cookieHeader(created.headers.getSetCookie());
    const session = await test.request("GET", "/api/account/session", { headers: { cookie } });
    expect(session.body.user).toMatchObject({ email: "operator@example.test", name: "Karin Holm", role: "admin" });
    expect((await test.request("GET", "/api/admin/bookings", { headers: { cookie } })).status).toBe(200);
    const audit = await test.db.selectFrom("audit_log").select("action").where("subject_id", "=", String(created.body.userId)).execute();
    expect(audit.map((row) => row.action)).toContain("user.create_admin");
  });
});

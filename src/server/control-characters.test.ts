import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, operatorToday } from "../shared/time.ts";
import { createSignedInUser, freshEmail, freshIp, validProfile } from "./test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "./test-support/test-app.ts";

// Bad input, unicode tricks: a NUL byte or another control character in free text used to reach
// PostgreSQL, which refuses NUL in text and answered 500. It must be a 400 with a field message
// (or 404 for an id in the path) on both engines, and nothing may be written.

describeEachEngine("control characters in input", (engine) => {
  let test: TestApp;
  let customer: { cookie: string };
  beforeAll(async () => {
    test = await createTestApp(engine);
    customer = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  const booking = (overrides: Record<string, unknown>) => ({
    bookingId: randomUUID(),
    location: "Göteborg, Sweden",
    startDate: addDays(operatorToday(new Date()), 3),
    services: [{ serviceId: "svc-residential", options: { guards: 2, days: 1, timeOfDay: "night" } }],
    ...overrides,
  });

  function expectFieldError(
    response: { status: number; body: { error?: { code: string; fields?: Record<string, string> } } },
    field: string,
  ) {
    expect(response.status).toBe(400);
    expect(response.body.error?.code).toBe("invalid_input");
    expect(response.body.error?.fields?.[field]).toEqual(expect.any(String));
  }

  it("refuses control characters in a booking's location and note", async () => {
    const before = { bookings: await test.countRows("bookings"), outbox: await test.countRows("outbox") };
    for (const [field, value] of [
      ["location", "Stock\u0000holm"],
      ["location", "Stockholm\u001b[31m"],
      ["location", "Stockholm\r\nSweden"],
      ["location", "Stockholm \u202egnp.exe"],
      ["notes", "Gate code\u0000 1234"],
    ] as const) {
      const response = await test.request("POST", "/api/bookings", {
        body: booking({ [field]: value }),
        headers: { cookie: customer.cookie },
      });
      expectFieldError(response, field);
    }
    expect({ bookings: await test.countRows("bookings"), outbox: await test.countRows("outbox") }).toEqual(before);
  });

  it("still accepts line breaks and tabs in a booking's note", async () => {
    const response = await test.request("POST", "/api/bookings", {
      body: booking({ notes: "Gate code 1234\nRing twice.\tThanks" }),
      headers: { cookie: customer.cookie },
    });
    expect(response.status).toBe(201);
  });

  it("answers 404 for a booking id with a NUL byte", async () => {
    const response = await test.request("GET", "/api/bookings/ab%00cd", { headers: { cookie: customer.cookie } });
    expect(response.status).toBe(404);
    expect(response.body.error?.code).toBe("not_found");
  });

  it("refuses control characters in an affiliate application", async () => {
    const before = await test.countRows("affiliate_applications");
    const base = { fullName: "Astrid Lind", email: "astrid@example.se", audience: "other", message: "Hello" };
    expectFieldError(
      await test.request("POST", "/api/affiliate/applications", { body: { ...base, fullName: "Astrid\u0000 Lind" } }),
      "fullName",
    );
    expectFieldError(await test.request("POST", "/api/affiliate/applications", { body: { ...base, message: "Hi\u0000" } }), "message");
    expect(await test.countRows("affiliate_applications")).toBe(before);
  });

  it("refuses control characters in sign-up details and in a reset token", async () => {
    const before = await test.countRows("users");
    const headers = { "x-test-client-ip": freshIp() };
    for (const field of ["fullName", "streetAddress", "aptSuite", "city", "country", "postalCode"] as const) {
      const body = { ...validProfile, email: freshEmail(), verificationToken: "x".repeat(32), [field]: "Nor\u0000th 12345" };
      expectFieldError(await test.request("POST", "/api/account/sign-up", { body, headers }), field);
    }
    expect(await test.countRows("users")).toBe(before);
    const reset = await test.request("POST", "/api/account/password-reset", {
      body: { token: "abcdefgh\u0000ijkl", newPassword: "Granite-Harbour-91" },
      headers,
    });
    expect(reset.status).toBe(400);
    expect(reset.body.error?.fields?.token).toEqual(expect.any(String));
  });
});

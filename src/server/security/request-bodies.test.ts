import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { createCustomerWithRows, databaseContents, storedFiles } from "./customer-rows.ts";
import { endpoints, fillPath, stateChanging } from "./endpoints.ts";

// ADR 035 and the one error handler (ADR 043, ADR 121): on every endpoint that takes a body, a body
// over the limit answers 413 payload_too_large and a body that is not JSON answers 400
// invalid_input, both as { error: { code, message } }, before anything is written.

describeEachEngine("oversized and malformed bodies on every endpoint", (engine) => {
  let test: TestApp;
  let admin: Awaited<ReturnType<typeof createCustomerWithRows>>;
  let operative: Awaited<ReturnType<typeof createCustomerWithRows>>;
  beforeAll(async () => {
    test = await createTestApp(engine);
    admin = await createCustomerWithRows(test, { role: "admin" });
    // The operative area admits operatives with two-factor on (ADR 160); its bodies are parsed after that guard.
    operative = await createCustomerWithRows(test, { role: "operative" });
    await test.db
      .updateTable("users")
      .set({ two_factor_enabled: engine === "postgres" ? true : 1 })
      .where("id", "=", operative.user.id)
      .execute();
  });
  afterAll(() => test.close());

  const writes = endpoints.filter((endpoint) => stateChanging(endpoint) && endpoint.body !== "upload");
  const send = (method: string, path: string, body: string, signedIn: boolean) =>
    test.app.request(
      fillPath(path, () => admin.ids.booking),
      {
        method,
        body,
        headers: {
          "content-type": "application/json",
          "x-test-client-ip": "203.0.113.77",
          ...(signedIn && { cookie: path.startsWith("/api/operative/") ? operative.cookie : admin.cookie }),
        },
      },
    );

  it("answers 413 payload_too_large to a 40 KB body everywhere, signed in or not, and writes nothing", async () => {
    const before = { database: await databaseContents(test), files: storedFiles(test) };
    for (const endpoint of writes) {
      const example = endpoint.example?.() ?? {};
      const firstKey = Object.keys(example)[0] ?? "padding";
      const oversized = JSON.stringify({ ...example, [firstKey]: "x".repeat(40 * 1024) });
      for (const signedIn of [true, false]) {
        const response = await send(endpoint.method, endpoint.path, oversized, signedIn);
        expect(response.status, `${endpoint.method} ${endpoint.path}`).toBe(413);
        expect(await response.json()).toMatchObject({ error: { code: "payload_too_large", message: expect.any(String) } });
      }
    }
    expect({ database: await databaseContents(test), files: storedFiles(test) }).toEqual(before);
  });

  it("answers 400 invalid_input to malformed JSON on every JSON endpoint and writes nothing", async () => {
    const malformed = ['{"email": "a@example.test",', "{'single': 'quotes'}", "[1, 2", "undefined", '{"a": 01}', "\u0000{}"];
    const before = { database: await databaseContents(test), files: storedFiles(test) };
    for (const endpoint of endpoints.filter((candidate) => candidate.body === "json")) {
      for (const body of malformed) {
        const response = await send(endpoint.method, endpoint.path, body, endpoint.access !== "public");
        expect(response.status, `${endpoint.method} ${endpoint.path} ${body}`).toBe(400);
        expect(await response.json()).toMatchObject({ error: { code: "invalid_input", message: expect.any(String) } });
      }
    }
    expect({ database: await databaseContents(test), files: storedFiles(test) }).toEqual(before);
  });
});

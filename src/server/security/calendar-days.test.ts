import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { createCustomerWithRows } from "./customer-rows.ts";
import { endpoints, fillPath, type Endpoint } from "./endpoints.ts";

// Every calendar day the API reads, in a query or a JSON body (the endpoint table's examples, ADR
// 084), is checked as a day that exists (src/shared/calendar-day-schema.ts): '2026-13-45' and
// '2026-02-30' answer 400 invalid_input naming the field, never a 500 from a date the server trips over.

const dayShape = /^\d{4}-\d{2}-\d{2}$/;
const impossibleDays = ["2026-13-45", "2026-02-30", "2026-00-10"];

type Case = { endpoint: Endpoint; field: string; where: "query" | "body" };

function dateCases(): Case[] {
  const cases: Case[] = [];
  for (const endpoint of endpoints) {
    for (const [field, value] of new URLSearchParams(endpoint.query ?? ""))
      if (dayShape.test(value)) cases.push({ endpoint, field, where: "query" });
    for (const [field, value] of Object.entries(endpoint.example?.() ?? {}))
      if (typeof value === "string" && dayShape.test(value)) cases.push({ endpoint, field, where: "body" });
  }
  return cases;
}

describeEachEngine("impossible calendar days on every endpoint", (engine) => {
  let test: TestApp;
  let admin: Awaited<ReturnType<typeof createCustomerWithRows>>;
  let operative: Awaited<ReturnType<typeof createCustomerWithRows>>;
  beforeAll(async () => {
    test = await createTestApp(engine);
    admin = await createCustomerWithRows(test, { role: "admin" });
    operative = await createCustomerWithRows(test, { role: "operative" });
    await test.db
      .updateTable("users")
      .set({ two_factor_enabled: engine === "postgres" ? true : 1 })
      .where("id", "=", operative.user.id)
      .execute();
  });
  afterAll(() => test.close());

  it("covers the date parameters of the bookings, the queue, the board, the audit log, insights, payments and invoicing", () => {
    const covered = new Set(dateCases().map(({ endpoint, field }) => `${endpoint.method} ${endpoint.path} ${field}`));
    for (const expected of [
      "GET /api/admin/invoicing/export.csv to",
      "GET /api/admin/invoicing/export.sie from",
      "GET /api/admin/invoicing/documents from",
      "GET /api/admin/insights to",
      "GET /api/admin/board week",
      "GET /api/admin/audit from",
      "GET /api/admin/payments to",
      "GET /api/admin/bookings from",
      "POST /api/bookings startDate",
      "POST /api/admin/bookings/:id/versions startDate",
      "POST /api/admin/operatives licenceExpiresOn",
    ])
      expect(covered).toContain(expected);
  });

  it("answers 400 invalid_input naming the field for a day that does not exist", async () => {
    for (const { endpoint, field, where } of dateCases()) {
      for (const day of impossibleDays) {
        const query = new URLSearchParams(endpoint.query ?? "");
        if (where === "query") query.set(field, day);
        const body = endpoint.example ? { ...endpoint.example(), ...(where === "body" && { [field]: day }) } : undefined;
        const path = fillPath(endpoint.path, () => admin.ids.booking);
        const response = await test.app.request(`${path}${query.size > 0 ? `?${query}` : ""}`, {
          method: endpoint.method,
          ...(body && { body: JSON.stringify(body) }),
          headers: {
            "content-type": "application/json",
            "x-test-client-ip": "203.0.113.78",
            cookie: endpoint.path.startsWith("/api/operative/") ? operative.cookie : admin.cookie,
          },
        });
        const label = `${endpoint.method} ${endpoint.path} ${field}=${day}`;
        expect(response.status, label).toBe(400);
        const answer = (await response.json()) as { error: { code: string; fields?: Record<string, string> } };
        expect(answer.error.code, label).toBe("invalid_input");
        expect(Object.keys(answer.error.fields ?? {}), label).toContain(field);
      }
    }
  });
});

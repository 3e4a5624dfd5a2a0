import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadDataExport } from "../test-support/data-export.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { createCustomerWithRows, snapshotOf, type OwnedIds } from "./customer-rows.ts";
import { endpoints, fillPath } from "./endpoints.ts";

// ADR 121, OWASP API Security Top 10 API1:2023 (broken object level
// authorisation): every user-owned row is reached through a query filtered by the signed-in user,
// so another customer's id answers 404 (never 200 or 403, which would confirm the row exists) and
// changes nothing. The table names, for each endpoint with an id in its path, whose row the id is;
// the first test fails when such an endpoint is added and not listed here.

type Attack = { row: keyof OwnedIds; body?: Record<string, unknown> };

const attacks: Record<string, Attack> = {
  "POST /api/account/payment-methods/:id/default": { row: "card" },
  "DELETE /api/account/payment-methods/:id": { row: "card" },
  "DELETE /api/account/id-verifications/:id": { row: "document" },
  "GET /api/account/id-verifications/:id/file": { row: "document" },
  "GET /api/bookings/:id": { row: "booking" },
  "POST /api/bookings/:id/cancel": { row: "booking" },
  "POST /api/invoices/bookings/:id/invoice": { row: "booking" },
  "GET /api/invoices/bookings/:id/documents": { row: "booking" },
  // A document's own id is attacked in features/invoices/invoices.test.ts (the owner's document, another customer).
  "GET /api/invoices/documents/:id/pdf": { row: "booking" },
  "POST /api/bookings/:id/payment/approve": { row: "booking" },
  "POST /api/bookings/:id/payment": {
    row: "booking",
    body: { paymentMethodId: "00000000-0000-4000-8000-000000000001", attemptId: "00000000-0000-4000-8000-000000000002" },
  },
  "POST /api/bookings/:id/card-payment": {
    row: "booking",
    body: { paymentMethodId: "00000000-0000-4000-8000-000000000001", attemptId: "00000000-0000-4000-8000-000000000002" },
  },
  "POST /api/bookings/:id/rating": { row: "booking", body: { stars: 1, comment: "Mallory was here." } },
  // docs/product.md §12: the thread, the quote versions and the change requests of a booking.
  "GET /api/bookings/:id/messages": { row: "booking" },
  // ADR 269: the team's details before arrival.
  "GET /api/notifications/arrival/:bookingId": { row: "booking" },
  "POST /api/bookings/:id/messages": { row: "booking", body: { text: "Mallory was here." } },
  "POST /api/bookings/:id/messages/read": { row: "booking", body: { lastSeenId: 0 } },
  "GET /api/bookings/:id/changes": { row: "booking" },
  "POST /api/bookings/:id/versions/:versionId/approve": { row: "booking" },
  "POST /api/bookings/:id/versions/:versionId/decline": { row: "booking", body: { reason: "Mallory declines." } },
  "POST /api/bookings/:id/change-requests": { row: "booking", body: { meetingPoint: "Mallory's place", message: "Move it." } },
  "PUT /api/emergency-contacts/:id": { row: "contact", body: { name: "Mallory", phone: "+46 70 000 00 00", email: "" } },
  "DELETE /api/emergency-contacts/:id": { row: "contact" },
  "PATCH /api/profile/emails/:id": { row: "email", body: { email: "mallory@example.test" } },
  "DELETE /api/profile/emails/:id": { row: "email" },
  // ADR 285, 288: a booking's safety, alarms, principal link and tour report (docs/on-duty.md).
  "GET /api/bookings/:id/safety": { row: "booking" },
  "POST /api/bookings/:id/alarms": { row: "booking", body: { position: null } },
  "POST /api/bookings/:id/principal-link": { row: "booking" },
  "GET /api/bookings/:id/tour": { row: "booking" },
  "POST /api/profile/emails/:id/code": { row: "email" },
  "POST /api/profile/emails/:id/verify": { row: "email", body: { code: "1234" } },
};

const withParameter = endpoints.filter((endpoint) => endpoint.path.includes(":"));

/**
 * Customer endpoints whose id is not a row every customer has (a series, a company and its members
 * and invitations): another customer's and another company's ids are attacked in their own suites.
 */
const attackedElsewhere: Record<string, string> = {
  "GET /api/series/:id": "features/series/series.test.ts",
  "POST /api/series/:id/changes": "features/series/series.test.ts",
  "POST /api/companies/invitations/:invitationId/accept": "companies/companies.test.ts",
  "POST /api/companies/bookings/:bookingId/approve": "companies/companies.test.ts",
  "POST /api/companies/bookings/:bookingId/decline": "companies/companies.test.ts",
  "GET /api/companies/:id": "companies/companies.test.ts",
  "PUT /api/companies/:id/policy": "companies/companies.test.ts",
  "POST /api/companies/:id/invitations": "companies/companies.test.ts",
  "DELETE /api/companies/:id/invitations/:invitationId": "companies/companies.test.ts",
  "PUT /api/companies/:id/members/:userId/role": "companies/companies.test.ts",
  "DELETE /api/companies/:id/members/:userId": "companies/companies.test.ts",
  "PUT /api/companies/:id/delegation": "companies/companies.test.ts",
  "POST /api/companies/:id/principals": "companies/companies.test.ts",
  "GET /api/companies/:id/bookings": "companies/companies.test.ts",
  "GET /api/companies/:id/documents": "companies/companies.test.ts",
  "GET /api/companies/:id/spend": "companies/companies.test.ts",
  "GET /api/companies/:id/spend.csv": "companies/companies.test.ts",
};

describe("the IDOR table", () => {
  it("lists every signed-in customer endpoint that takes an id; the others are staff or development only", () => {
    const customerScoped = withParameter
      .filter((endpoint) => endpoint.access === "user")
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(customerScoped)).toEqual(new Set([...Object.keys(attacks), ...Object.keys(attackedElsewhere)]));
    // Staff endpoints are role-guarded as a whole (operator-access.test.ts) and see every customer by
    // design; the one public page with an id is the simulated bank's check, named by the processor's
    // unguessable payment id as a bank's page is (ADR 134); a BankID order answers only the browser
    // holding its key cookie (ADR 272, bankid-sign-in.test.ts: another browser gets 404).
    const others = withParameter.filter((endpoint) => endpoint.access !== "user").map((endpoint) => endpoint.access);
    // Operative endpoints reach the operative's own assignments only (operatives-area.test.ts).
    expect(new Set(others)).toEqual(new Set(["staff", "admin", "operative", "development", "public"]));
    // The SMS provider's delivery reports carry a secret in the path, not a record's id (ADR 267).
    expect(withParameter.filter((endpoint) => endpoint.access === "public").map((endpoint) => endpoint.path)).toEqual([
      "/api/bankid/orders/:id",
      "/api/bankid/orders/:id/cancel",
      // The principal's personal link: a signed token valid only in the booking's window (ADR 288).
      "/api/principal/:token",
      "/api/principal/:token/alarms",
      "/api/notifications/sms-reports/:secret",
      "/payments/challenge/:id",
      "/payments/challenge/:id",
    ]);
  });
});

describeEachEngine("another customer's ids", (engine) => {
  let test: TestApp;
  let owner: Awaited<ReturnType<typeof createCustomerWithRows>>;
  let intruder: Awaited<ReturnType<typeof createCustomerWithRows>>;
  beforeAll(async () => {
    test = await createTestApp(engine);
    owner = await createCustomerWithRows(test, { fullName: "Owner Olsson" });
    intruder = await createCustomerWithRows(test, { fullName: "Mallory Intruder" });
  });
  afterAll(() => test.close());

  it.each(Object.entries(attacks))("%s with the owner's id: 404, no data, nothing changed", async (route, attack) => {
    const [method = "", path = ""] = route.split(" ");
    const url = fillPath(path, () => owner.ids[attack.row]);
    const before = await snapshotOf(test, owner.user.id);
    const response = await test.request(method, url, { body: attack.body, headers: { cookie: intruder.cookie } });
    expect(response.status).toBe(404);
    expect(response.body.error?.code).toBe("not_found");
    expect(JSON.stringify(response.body)).not.toContain("Owner Olsson");
    expect(await snapshotOf(test, owner.user.id)).toEqual(before);
  });

  it("the same ids work for their owner, so the 404s above are about ownership", async () => {
    const headers = { cookie: owner.cookie };
    expect((await test.request("GET", `/api/bookings/${owner.ids.booking}`, { headers })).status).toBe(200);
    expect((await test.app.request(`/api/account/id-verifications/${owner.ids.document}/file`, { headers })).status).toBe(200);
    expect((await test.request("POST", `/api/profile/emails/${owner.ids.email}/verify`, { body: { code: "0000" }, headers })).status).toBe(
      400,
    );
  });

  it("no list or export of the intruder contains the owner's rows", async () => {
    const headers = { cookie: intruder.cookie };
    const reads = [
      "/api/bookings?window=all",
      "/api/account/payment-methods",
      "/api/account/id-verifications",
      "/api/emergency-contacts",
      "/api/profile/emails",
      "/api/account/profile",
    ];
    for (const url of reads) {
      const response = await test.request("GET", url, { headers });
      expect(response.status, url).toBe(200);
      const text = JSON.stringify(response.body);
      for (const id of Object.values(owner.ids)) expect(text, url).not.toContain(id);
      expect(text, url).not.toContain(owner.user.email);
    }
    // The data export is a zip: what is searched is the files inside it.
    const exported = await downloadDataExport(test, intruder.cookie);
    const text = exported.json + exported.summary;
    for (const id of Object.values(owner.ids)) expect(text, "export").not.toContain(id);
    expect(text, "export").not.toContain(owner.user.email);
  });
});

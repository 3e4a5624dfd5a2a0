import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { createStaff } from "../../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { createOrPromoteAdmin } from "../../admin-bootstrap.ts";
import { markSessionAsPasskeySignIn } from "../../journey-test-support.ts";
import { operatorRoutes } from "./routes.ts";

// Who may use the operator console (ADR 070): every /api/admin endpoint answers 401 signed out
// and 403 to a customer; role grants and the staff policy answer 403 to an operator too.

const id = randomUUID();
/** Every endpoint of the console. The first test fails when a route is added and not listed here. */
const endpoints: { method: string; path: string; adminOnly?: boolean }[] = [
  { method: "GET", path: "/bookings" },
  { method: "GET", path: "/bookings/:id" },
  { method: "POST", path: "/bookings/:id/confirm" },
  { method: "POST", path: "/bookings/:id/decline" },
  { method: "POST", path: "/bookings/:id/cancel" },
  { method: "POST", path: "/bookings/:id/assignments" },
  { method: "DELETE", path: "/bookings/:id/assignments/:operativeId" },
  { method: "POST", path: "/series/:id/assignments" },
  { method: "GET", path: "/operatives" },
  { method: "POST", path: "/operatives" },
  { method: "GET", path: "/operatives/:id" },
  { method: "PUT", path: "/operatives/:id" },
  { method: "DELETE", path: "/operatives/:id" },
  { method: "POST", path: "/operatives/:id/invite" },
  { method: "GET", path: "/operatives/:id/ratings" },
  { method: "GET", path: "/bookings/:id/eligibility" },
  { method: "GET", path: "/board" },
  { method: "GET", path: "/audit" },
  { method: "POST", path: "/incidents/:id/review" },
  { method: "GET", path: "/id-verifications" },
  { method: "GET", path: "/id-verifications/:id" },
  { method: "GET", path: "/id-verifications/:id/file" },
  { method: "POST", path: "/id-verifications/:id/approve" },
  { method: "POST", path: "/id-verifications/:id/reject" },
  { method: "GET", path: "/services" },
  { method: "GET", path: "/services/:id" },
  { method: "PUT", path: "/services/:id" },
  { method: "GET", path: "/policy" },
  { method: "GET", path: "/insights" },
  { method: "PUT", path: "/policy", adminOnly: true },
  { method: "GET", path: "/users", adminOnly: true },
  { method: "POST", path: "/users/:id/role", adminOnly: true },
  { method: "GET", path: "/payments" },
  { method: "GET", path: "/bookings/:id/ledger" },
  { method: "POST", path: "/bookings/:id/refunds" },
  { method: "POST", path: "/bookings/:id/payment-deadline" },
];

const url = (path: string) => `/api/admin${path.replace(":operativeId", randomUUID()).replace(":id", id)}`;

describe("operator console endpoints", () => {
  it("are all listed in the access table", () => {
    const registered = operatorRoutes.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${route.path}`);
    expect(new Set(registered)).toEqual(new Set(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)));
  });
});

describeEachEngine("operator console access", (engine) => {
  let test: TestApp;
  let customer: { cookie: string };
  let operator: { cookie: string; user: { id: string } };
  let admin: { cookie: string; user: { id: string } };

  beforeAll(async () => {
    test = await createTestApp(engine);
    customer = await createSignedInUser(test);
    operator = await createStaff(test, "operator");
    admin = await createStaff(test, "admin");
  });
  afterAll(() => test.close());

  it.each(endpoints)("$method $path: 401 signed out, 403 for a customer", async ({ method, path }) => {
    const signedOut = await test.request(method, url(path), { body: method === "GET" ? undefined : {} });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error?.code).toBe("unauthorized");
    const asCustomer = await test.request(method, url(path), {
      body: method === "GET" ? undefined : {},
      headers: { cookie: customer.cookie },
    });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.error?.code).toBe("forbidden");
  });

  it.each(endpoints.filter((endpoint) => endpoint.adminOnly))("$method $path: 403 for an operator", async ({ method, path }) => {
    const response = await test.request(method, url(path), {
      body: method === "GET" ? undefined : {},
      headers: { cookie: operator.cookie },
    });
    expect(response.status).toBe(403);
  });

  it("lets staff in: an operator reads the queue, an admin the users", async () => {
    expect((await test.request("GET", "/api/admin/bookings", { headers: { cookie: operator.cookie } })).status).toBe(200);
    expect((await test.request("GET", "/api/admin/users", { headers: { cookie: admin.cookie } })).status).toBe(200);
  });

  it("lets an admin grant a role, audited, and refuses a grant by an operator or to oneself", async () => {
    const someone = await createSignedInUser(test);
    const refused = await test.request("POST", `/api/admin/users/${someone.user.id}/role`, {
      body: { role: "operator" },
      headers: { cookie: operator.cookie },
    });
    expect(refused.status).toBe(403);
    const granted = await test.request("POST", `/api/admin/users/${someone.user.id}/role`, {
      body: { role: "operator" },
      headers: { cookie: admin.cookie },
    });
    expect(granted.status).toBe(200);
    // ADR 271: the new operator's password session is refused until it is a passkey one.
    expect((await test.request("GET", "/api/admin/bookings", { headers: { cookie: someone.cookie } })).body.error?.code).toBe(
      "strong_sign_in_required",
    );
    await markSessionAsPasskeySignIn(test.db, someone.cookie.split("; "));
    expect((await test.request("GET", "/api/admin/bookings", { headers: { cookie: someone.cookie } })).status).toBe(200);
    const audit = await test.db.selectFrom("audit_log").selectAll().where("subject_id", "=", someone.user.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "user.role", actor_user_id: admin.user.id });
    expect(JSON.parse(audit[0]?.before ?? "{}")).toEqual({ role: "customer" });
    expect(JSON.parse(audit[0]?.after ?? "{}")).toEqual({ role: "operator" });
    const self = await test.request("POST", `/api/admin/users/${admin.user.id}/role`, {
      body: { role: "customer" },
      headers: { cookie: admin.cookie },
    });
    expect(self.status).toBe(409);
    const unknownRole = await test.request("POST", `/api/admin/users/${someone.user.id}/role`, {
      body: { role: "root" },
      headers: { cookie: admin.cookie },
    });
    expect(unknownRole.status).toBe(400);
  });

  it("shuts an operator without two-factor sign-in out once the admin's policy requires it", async () => {
    const turnOn = await test.request("PUT", "/api/admin/policy", {
      body: { operatorTwoFactorRequired: true },
      headers: { cookie: admin.cookie },
    });
    expect(turnOn.status).toBe(200);
    const refused = await test.request("GET", "/api/admin/bookings", { headers: { cookie: operator.cookie } });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe("two_factor_required");
    await test.db.updateTable("users").set({ two_factor_enabled: true }).where("id", "=", operator.user.id).execute();
    expect((await test.request("GET", "/api/admin/bookings", { headers: { cookie: operator.cookie } })).status).toBe(200);
    await test.request("PUT", "/api/admin/policy", { body: { operatorTwoFactorRequired: false }, headers: { cookie: admin.cookie } });
    const actions = await test.db.selectFrom("audit_log").select("action").where("subject_type", "=", "policy").execute();
    expect(actions.map((row) => row.action)).toEqual(["policy.update", "policy.update"]);
  });

  it("bootstraps an admin whose one-time link sets the password on /reset-password", async () => {
    const email = `boss-${randomUUID().slice(0, 8)}@example.test`;
    const first = await createOrPromoteAdmin(test.deps, test.services.auth, { email });
    expect(first.created).toBe(true);
    expect(first.link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    const token = new URL(first.link).searchParams.get("token");
    const reset = await test.request("POST", "/api/account/password-reset", { body: { token, newPassword: "Quartz-Meadow-Lantern-77" } });
    expect(reset.status).toBe(200);
    const again = await test.request("POST", "/api/account/password-reset", { body: { token, newPassword: "Another-Quartz-Lantern-78" } });
    expect(again.status).toBe(400);
    const signIn = await test.request("POST", "/api/account/sign-in", { body: { email, password: "Quartz-Meadow-Lantern-77" } });
    expect(signIn.status).toBe(200);
    const user = await test.db.selectFrom("users").select("role").where("email", "=", email).executeTakeFirstOrThrow();
    expect(user.role).toBe("admin");

    // An existing customer is promoted, keeping the account.
    const customerRow = await createSignedInUser(test);
    const promoted = await createOrPromoteAdmin(test.deps, test.services.auth, { email: customerRow.user.email });
    expect(promoted).toMatchObject({ created: false, userId: customerRow.user.id });
    // ADR 271: the promoted account's password session is sent to add a passkey, not let in.
    const withPassword = await test.request("GET", "/api/admin/users", { headers: { cookie: customerRow.cookie } });
    expect(withPassword.status).toBe(403);
    expect(withPassword.body.error?.code).toBe("strong_sign_in_required");
    await markSessionAsPasskeySignIn(test.db, customerRow.cookie.split("; "));
    expect((await test.request("GET", "/api/admin/users", { headers: { cookie: customerRow.cookie } })).status).toBe(200);
  });
});

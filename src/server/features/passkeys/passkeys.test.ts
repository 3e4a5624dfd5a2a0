import { afterAll, beforeAll, expect, it } from "vitest";
import { cookieHeader, createSignedInUser } from "../../test-support/accounts.ts";
import { createSoftwareAuthenticator, type SoftwareAuthenticator } from "../../test-support/software-authenticator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// ADR 270 and 271: passkey registration and sign-in through Better Auth's passkey plugin, with an
// authenticator in software that signs as a phone does; the way each session was made is recorded,
// and the operator console admits a passkey session but not a password one.

const base = "/api/account/passkey";

describeEachEngine("passkeys", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  /** Both cookies a ceremony carries: the session (when signed in) and Better Auth's challenge cookie. */
  const joined = (...cookies: string[]) => cookies.filter((cookie) => cookie.length > 0).join("; ");

  async function register(cookie: string, authenticator: SoftwareAuthenticator, name: string) {
    const options = await test.request("GET", `${base}/generate-register-options`, { headers: { cookie } });
    expect(options.status).toBe(200);
    const challengeCookie = cookieHeader(options.headers.getSetCookie());
    const answer = authenticator.register(options.body as { challenge: string; user: { id: string } });
    return test.request("POST", `${base}/verify-registration`, {
      headers: { cookie: joined(cookie, challengeCookie) },
      body: { response: answer, name },
    });
  }

  async function signInWithPasskey(authenticator: SoftwareAuthenticator) {
    const options = await test.request("GET", `${base}/generate-authenticate-options`);
    expect(options.status).toBe(200);
    const challengeCookie = cookieHeader(options.headers.getSetCookie());
    const answer = authenticator.authenticate(options.body as { challenge: string });
    const response = await test.request("POST", `${base}/verify-authentication`, {
      headers: { cookie: challengeCookie },
      body: { response: answer },
    });
    return { response, answer, challengeCookie, cookie: cookieHeader(response.headers.getSetCookie()) };
  }

  async function methodsOf(userId: string) {
    const rows = await test.db
      .selectFrom("sessions")
      .select("sign_in_method")
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute();
    return rows.map((row) => row.sign_in_method);
  }

  it("registers a named passkey for the signed-in account and signs in with it; each session records its method", async () => {
    const customer = await createSignedInUser(test);
    expect(await methodsOf(customer.user.id)).toEqual(["password"]);
    const authenticator = createSoftwareAuthenticator(test.deps.env.appUrl);

    const registered = await register(customer.cookie, authenticator, "Work laptop");
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(registered.body).toMatchObject({ name: "Work laptop", backedUp: false });
    const listed = await test.request("GET", `${base}/list-user-passkeys`, { headers: { cookie: customer.cookie } });
    expect(listed.body).toEqual([{ id: expect.any(String), name: "Work laptop", createdAt: expect.any(String), backedUp: false }]);
    // The public key and credential id stay on the server.
    expect(JSON.stringify(listed.body)).not.toContain(authenticator.credentialId);

    const signIn = await signInWithPasskey(authenticator);
    expect(signIn.response.status, JSON.stringify(signIn.response.body)).toBe(200);
    const session = await test.request("GET", "/api/account/session", { headers: { cookie: signIn.cookie } });
    expect(session.body).toMatchObject({ user: { id: customer.user.id } });
    expect(await methodsOf(customer.user.id)).toEqual(["password", "passkey"]);

    // The same signed answer cannot sign in twice: Better Auth consumed its challenge.
    const replay = await test.request("POST", `${base}/verify-authentication`, {
      headers: { cookie: signIn.challengeCookie },
      body: { response: signIn.answer },
    });
    expect(replay.status).toBe(400);
    expect(replay.body.error?.code).toBe("passkey_failed");
  });

  it("needs a session to register, and keeps an account's passkeys to itself", async () => {
    const authenticator = createSoftwareAuthenticator(test.deps.env.appUrl);
    const signedOut = await test.request("GET", `${base}/generate-register-options`);
    expect(signedOut.status).toBe(401);

    const owner = await createSignedInUser(test);
    const stranger = await createSignedInUser(test);
    expect((await register(owner.cookie, authenticator, "Phone")).status).toBe(200);
    const [passkey] = (await test.request("GET", `${base}/list-user-passkeys`, { headers: { cookie: owner.cookie } })).body as unknown as {
      id: string;
    }[];
    const id = passkey?.id ?? "";
    const renamedByStranger = await test.request("POST", `${base}/update-passkey`, {
      headers: { cookie: stranger.cookie },
      body: { id, name: "Mine now" },
    });
    expect(renamedByStranger.status).toBeGreaterThanOrEqual(400);
    const removedByStranger = await test.request("POST", `${base}/delete-passkey`, { headers: { cookie: stranger.cookie }, body: { id } });
    expect(removedByStranger.status).toBeGreaterThanOrEqual(400);
    expect(await test.countRows("passkeys")).toBeGreaterThan(0);

    const renamed = await test.request("POST", `${base}/update-passkey`, {
      headers: { cookie: owner.cookie },
      body: { id, name: "Old phone" },
    });
    expect(renamed.status).toBe(200);
    const emptyName = await test.request("POST", `${base}/update-passkey`, { headers: { cookie: owner.cookie }, body: { id, name: "  " } });
    expect(emptyName.status).toBe(400);
    const removed = await test.request("POST", `${base}/delete-passkey`, { headers: { cookie: owner.cookie }, body: { id } });
    expect(removed.status).toBe(200);

    // The authenticator still holds the key; the site no longer knows it.
    const refused = await signInWithPasskey(authenticator);
    expect(refused.response.status).toBe(400);
    expect(refused.response.body.error?.code).toBe("passkey_not_found");
    expect(refused.cookie).not.toContain("session_token");
  });

  it("admits staff to the console from a passkey session only", async () => {
    const operator = await createSignedInUser(test);
    await test.db.updateTable("users").set({ role: "operator" }).where("id", "=", operator.user.id).execute();
    const withPassword = await test.request("GET", "/api/admin/bookings", { headers: { cookie: operator.cookie } });
    expect(withPassword.status).toBe(403);
    expect(withPassword.body.error?.code).toBe("strong_sign_in_required");

    // The refusal page lets them add a passkey with the password session, then sign in with it.
    const authenticator = createSoftwareAuthenticator(test.deps.env.appUrl);
    expect((await register(operator.cookie, authenticator, "Console laptop")).status).toBe(200);
    const signIn = await signInWithPasskey(authenticator);
    expect((await test.request("GET", "/api/admin/bookings", { headers: { cookie: signIn.cookie } })).status).toBe(200);
    // A password change while signed in with the passkey keeps the session's method.
    const changed = await test.request("POST", "/api/account/security/password", {
      headers: { cookie: signIn.cookie },
      body: { currentPassword: operator.password, newPassword: "Another-Harbour-43" },
    });
    expect(changed.status).toBe(200);
    const renewed = cookieHeader(changed.headers.getSetCookie());
    expect((await test.request("GET", "/api/admin/bookings", { headers: { cookie: renewed } })).status).toBe(200);
  });
});

import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiRequest } from "./api-client.ts";
import { createQueryClient } from "./query-client.ts";
import { expectSessionEnd, markSignedOut, refreshSession, sessionEndReason, sessionQueryKey, signOut } from "./session.ts";

// A session check that was on its way when this tab signed out must not bring the signed-in state
// back (it would remount the dashboard, whose stale profile query then gets 401 and reloads the
// page). A real HTTP server on loopback answers; the test decides when the check's answer leaves.

let heldSessionAnswer: ServerResponse | undefined;
let heldSignOutAnswer: ServerResponse | undefined;
let holdSignOut = false;
let signedIn = true;
const server = createServer((request, response) => {
  response.setHeader("Content-Type", "application/json");
  if (request.url === "/api/account/sign-out") {
    signedIn = false;
    if (holdSignOut) heldSignOutAnswer = response;
    else response.end("{}");
  } else if (request.url === "/api/account/profile" && !signedIn) {
    response.statusCode = 401;
    response.end(JSON.stringify({ error: { code: "unauthorized", message: "Sign in to continue." } }));
  } else if (request.url === "/api/account/session") {
    // Answered as the server saw it when the request arrived: still signed in.
    if (signedIn) heldSessionAnswer = response;
    else response.end(JSON.stringify({ user: null }));
  } else {
    response.statusCode = 404;
    response.end("{}");
  }
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", (input: string, init?: RequestInit) => realFetch(new URL(input, origin), init));
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

async function waitForHeldAnswer(): Promise<ServerResponse> {
  await vi.waitFor(() => expect(heldSessionAnswer).toBeDefined());
  return heldSessionAnswer as ServerResponse;
}

async function waitForHeldSignOut(): Promise<ServerResponse> {
  await vi.waitFor(() => expect(heldSignOutAnswer).toBeDefined());
  return heldSignOutAnswer as ServerResponse;
}

describe("session store", () => {
  it("keeps the signed-out state when a check started before the sign-out answers 'signed in' after it", async () => {
    const check = refreshSession();
    const held = await waitForHeldAnswer();
    await signOut();
    held.end(JSON.stringify({ user: { id: "u1", email: "ada@example.test", name: "Ada" } }));
    expect(await check).toEqual({ status: "signed-out" });
    // A later check asks the server again and reflects its answer.
    expect(await refreshSession()).toEqual({ status: "signed-out" });
  });

  it("keeps the signed-out state the same way once the session lives in the query cache (ADR 025)", async () => {
    signedIn = true;
    heldSessionAnswer = undefined;
    const client = createQueryClient();
    const check = refreshSession();
    const held = await waitForHeldAnswer();
    await signOut();
    held.end(JSON.stringify({ user: { id: "u1", email: "ada@example.test", name: "Ada" } }));
    expect(await check).toEqual({ status: "signed-out" });
    expect(client.getQueryData(sessionQueryKey)).toEqual({ status: "signed-out" });
    expect(await refreshSession()).toEqual({ status: "signed-out" });
  });

  it("tells the cache never to drop the session, which screens read without a query observer", () => {
    // In the browser an unobserved query is dropped after 5 minutes, and the login page's session
    // then read "loading" for good (e2e/accounts.spec.ts, the 10-minute verification window).
    // Node keeps every query, so the test checks what the cache was told.
    const client = createQueryClient();
    expect(client.getQueryDefaults(sessionQueryKey).gcTime).toBe(Number.POSITIVE_INFINITY);
  });

  it("takes a 401 during an account deletion, or after a Sign Out, for that deliberate ending, so nobody is sent to sign in", async () => {
    const client = createQueryClient();
    const signIn = () =>
      client.setQueryData(sessionQueryKey, { status: "signed-in", user: { id: "u1", email: "ada@example.test", name: "Ada" } });
    // An ordinary 401 (an expired session) asks to sign in again.
    signIn();
    markSignedOut();
    expect(sessionEndReason()).toBe("ended");
    signIn();
    // The deletion is on its way; another request of the dashboard gets 401 first.
    expectSessionEnd(true);
    markSignedOut();
    expect(sessionEndReason()).toBe("sign-out");
    markSignedOut("sign-out");
    expectSessionEnd(false);
    // A 401 answering a request sent before the deletion arrives afterwards.
    markSignedOut();
    expect(sessionEndReason()).toBe("sign-out");
  });

  it("takes a check that answers 'signed out' while a Sign Out is on its way for that Sign Out, so the guard leads home", async () => {
    // Seen on a busy host: the dashboard's check on mount reached the server just after the sign-out,
    // the guard read a session that had "ended" and sent the customer to sign in instead of home.
    const client = createQueryClient();
    client.setQueryData(sessionQueryKey, { status: "signed-in", user: { id: "u1", email: "ada@example.test", name: "Ada" } });
    markSignedOut();
    signedIn = true;
    holdSignOut = true;
    const leaving = signOut();
    const heldSignOut = await waitForHeldSignOut();
    expect(await refreshSession()).toEqual({ status: "signed-out" });
    expect(sessionEndReason()).toBe("sign-out");
    heldSignOut.end("{}");
    await leaving;
    expect(sessionEndReason()).toBe("sign-out");
    holdSignOut = false;
  });

  it("takes another screen request's 401 while a Sign Out is on its way for that Sign Out, so the guard leads home", async () => {
    // Seen on a busy host: the live-updates stream opened just as Sign Out was pressed, fetched the
    // dashboard's queries again, and they heard 401 before the sign-out's own answer arrived.
    const client = createQueryClient();
    client.setQueryData(sessionQueryKey, { status: "signed-in", user: { id: "u1", email: "ada@example.test", name: "Ada" } });
    signedIn = true;
    holdSignOut = true;
    heldSignOutAnswer = undefined;
    const leaving = signOut();
    const heldSignOut = await waitForHeldSignOut();
    // Through the query client's one error handler, as the dashboard's profile query goes.
    await expect(
      client.fetchQuery({ queryKey: ["profile"], queryFn: () => apiRequest("/api/account/profile"), retry: false }),
    ).rejects.toThrow();
    expect(client.getQueryData(sessionQueryKey)).toEqual({ status: "signed-out" });
    expect(sessionEndReason()).toBe("sign-out");
    heldSignOut.end("{}");
    await leaving;
    expect(sessionEndReason()).toBe("sign-out");
    holdSignOut = false;
  });

  it("remembers a Sign Out when the dashboard's session check was on its way, so the guard leads home", async () => {
    // Seen on a busy host: cancelling the check told the screens 'still signed in' for an instant,
    // which cleared the Sign Out's reason, and the guard then sent the customer to sign in.
    const client = createQueryClient();
    client.setQueryData(sessionQueryKey, { status: "signed-in", user: { id: "u1", email: "ada@example.test", name: "Ada" } });
    signedIn = true;
    heldSessionAnswer = undefined;
    const check = refreshSession();
    const held = await waitForHeldAnswer();
    await signOut();
    expect(client.getQueryData(sessionQueryKey)).toEqual({ status: "signed-out" });
    expect(sessionEndReason()).toBe("sign-out");
    held.end(JSON.stringify({ user: { id: "u1", email: "ada@example.test", name: "Ada" } }));
    expect(await check).toEqual({ status: "signed-out" });
    expect(sessionEndReason()).toBe("sign-out");
  });
});

import { afterAll, beforeAll, expect, it } from "vitest";
import { manualClock } from "../../clock.ts";
import { cookieHeader, createSignedInUser } from "../../test-support/accounts.ts";
import { createBankIdTestCertificates, type BankIdTestCertificates } from "../../test-support/bankid-certificates.ts";
import { completes, fails, startLocalBankIdServer, testPerson, type LocalBankIdServer } from "../../test-support/bankid-server.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// ADR 272: BankID linking and sign-in end to end on the server: the app's BankID client talks
// mutual TLS to the project's own BankID server, the QR code is computed every second without its
// secret ever leaving the server, BankID is collected at most every 2 s (the server notes any
// sooner), and a completed order signs in with a Better Auth session recorded as "bankid".

const personalNumberKey = "0f".repeat(32);

describeEachEngine("BankID sign-in", (engine) => {
  let certificates: BankIdTestCertificates;
  let bankId: LocalBankIdServer;
  let test: TestApp;
  const clock = manualClock(new Date("2026-11-29T10:00:00Z"));

  beforeAll(async () => {
    certificates = createBankIdTestCertificates();
    bankId = await startLocalBankIdServer({ certificates, now: () => clock.now().getTime() });
    test = await createTestApp(
      engine,
      {
        BANKID_API_URL: bankId.url,
        BANKID_CLIENT_PFX: certificates.clientPfxPath,
        BANKID_CLIENT_PASSPHRASE: certificates.passphrase,
        BANKID_CA: certificates.caPath,
        BANKID_PERSONAL_NUMBER_KEY: personalNumberKey,
      },
      { clock },
    );
  });
  afterAll(async () => {
    await test.close();
    await bankId.close();
    certificates.remove();
  });

  const headers = (cookie: string) => ({ cookie, "x-test-client-ip": "203.0.113.9" });

  async function start(purpose: "sign-in" | "link", cookie = "", startedBy: "qr" | "sameDevice" = "qr") {
    const started = await test.request("POST", "/api/bankid/orders", { headers: headers(cookie), body: { purpose, startedBy } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const orderCookie = cookieHeader(started.headers.getSetCookie());
    return {
      id: started.body.id as string,
      autoStartLink: started.body.autoStartLink as string,
      cookie: [cookie, orderCookie].filter(Boolean).join("; "),
    };
  }

  /** Polls every second, as the page does, until the order ends; the answers in order. */
  async function pollToEnd(order: { id: string; cookie: string }) {
    const answers = [];
    for (let second = 0; second < 30; second += 1) {
      const polled = await test.request("GET", `/api/bankid/orders/${order.id}`, { headers: headers(order.cookie) });
      answers.push(polled);
      if (polled.body.status !== "pending") return answers;
      clock.advance(1000);
    }
    throw new Error("The order never ended");
  }

  it("links BankID to the signed-in account, then signs in with it; the QR secret never leaves the server", async () => {
    const customer = await createSignedInUser(test);
    bankId.play(completes());
    const order = await start("link", customer.cookie);
    expect(order.autoStartLink).toMatch(/^bankid:\/\/\/\?autostarttoken=[0-9a-f-]{36}&redirect=null$/);
    const answers = await pollToEnd(order);
    const last = answers.at(-1);
    expect(last?.body).toMatchObject({ status: "complete", outcome: "linked", qr: null });

    // One QR code per second, numbered from the order's start; BankID's messages along the way.
    const qrCodes = answers.flatMap((answer) => (answer.body.qr ? [answer.body.qr as string] : []));
    expect(qrCodes[0]).toMatch(/^bankid\.[0-9a-f-]{36}\.0\.[0-9a-f]{64}$/);
    expect(qrCodes[1]).toMatch(/\.1\.[0-9a-f]{64}$/);
    expect(answers.map((answer) => answer.body.message)).toEqual(expect.arrayContaining(["RFA1", "RFA15B", "RFA9"]));
    const secret = bankId.orderOf(bankId.calls.findLast((call) => call.method === "collect")?.body.orderRef as string)?.qrStartSecret ?? "";
    expect(secret).not.toBe("");
    for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain(secret);
    expect(bankId.problems).toEqual([]);
    expect(bankId.calls.every((call) => call.clientName === "Nordic Shield relying party")).toBe(true);
    expect(bankId.calls.find((call) => call.method === "auth")?.body.endUserIp).toBe("203.0.113.9");

    // Stored encrypted, shown masked.
    const identity = await test.request("GET", "/api/bankid/identity", { headers: headers(customer.cookie) });
    expect(identity.body).toEqual({
      available: true,
      linked: { name: testPerson.name, personalNumber: "19900101-****", linkedAt: expect.any(String) },
    });
    const row = await test.db.selectFrom("bankid_identities").selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(testPerson.personalNumber);

    // Signed out, BankID signs the same person in: a Better Auth session recorded as "bankid".
    bankId.play(completes());
    const signIn = await start("sign-in");
    const signedIn = (await pollToEnd(signIn)).at(-1);
    expect(signedIn?.body).toMatchObject({ status: "complete", outcome: "signedIn" });
    const sessionCookie = cookieHeader(signedIn?.headers.getSetCookie() ?? []);
    const session = await test.request("GET", "/api/account/session", { headers: headers(sessionCookie) });
    expect(session.body).toMatchObject({ user: { id: customer.user.id } });
    const methods = await test.db.selectFrom("sessions").select("sign_in_method").where("user_id", "=", customer.user.id).execute();
    expect(methods.map((method) => method.sign_in_method).sort()).toEqual(["bankid", "password"]);
    expect(bankId.problems).toEqual([]);
  });

  it("signs nobody in for a BankID linked to no account, and words each failure as BankID recommends", async () => {
    bankId.play(completes({ ...testPerson, personalNumber: "198512249876", name: "Nils Ek", givenName: "Nils", surname: "Ek" }));
    const stranger = (await pollToEnd(await start("sign-in"))).at(-1);
    expect(stranger?.body).toMatchObject({ status: "complete", outcome: "noAccount" });
    expect(stranger?.headers.getSetCookie().join(";")).not.toContain("session_token");

    for (const [hintCode, message] of [
      ["userCancel", "RFA6"],
      ["expiredTransaction", "RFA8"],
      ["certificateErr", "RFA16"],
      ["startFailed", "RFA17B"],
    ] as const) {
      bankId.play(fails(hintCode));
      const failed = (await pollToEnd(await start("sign-in"))).at(-1);
      expect(failed?.body).toEqual({ status: "failed", message, qr: null, outcome: null });
    }
    expect(bankId.problems).toEqual([]);
  });

  it("links a first BankID sign-in to the account the same browser then proves with its password", async () => {
    const person = { personalNumber: "197702021234", name: "Karin Holm", givenName: "Karin", surname: "Holm" };
    const customer = await createSignedInUser(test);
    bankId.play(completes(person));
    const order = await start("sign-in");
    const answer = (await pollToEnd(order)).at(-1);
    expect(answer?.body).toMatchObject({ outcome: "noAccount" });
    // The person is held encrypted, never in clear, until linked.
    const held = await test.db.selectFrom("bankid_orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(held)).not.toContain(person.personalNumber);

    // Another browser, even signed in, cannot take it; the browser that ran it, once signed in, can.
    const stranger = await createSignedInUser(test);
    const taken = await test.request("POST", "/api/bankid/link", { headers: headers(stranger.cookie), body: { orderId: order.id } });
    expect(taken.status).toBe(404);
    const orderKey = order.cookie;
    const linked = await test.request("POST", "/api/bankid/link", {
      headers: headers(`${orderKey}; ${customer.cookie}`),
      body: { orderId: order.id },
    });
    expect(linked.body).toEqual({ outcome: "linked" });
    const again = await test.request("POST", "/api/bankid/link", {
      headers: headers(`${orderKey}; ${customer.cookie}`),
      body: { orderId: order.id },
    });
    expect(again.status).toBe(404);

    bankId.play(completes(person));
    const signedIn = (await pollToEnd(await start("sign-in"))).at(-1);
    expect(signedIn?.body).toMatchObject({ outcome: "signedIn" });
  });

  it("cancels the order when the page is left; another browser cannot read or cancel it", async () => {
    const order = await start("sign-in", "", "sameDevice");
    const first = await test.request("GET", `/api/bankid/orders/${order.id}`, { headers: headers(order.cookie) });
    // Started on this device: no QR code, "Trying to start your BankID app."
    expect(first.body).toMatchObject({ status: "pending", message: "RFA13", qr: null });
    expect((await test.request("GET", `/api/bankid/orders/${order.id}`, { headers: headers("") })).status).toBe(404);
    expect((await test.request("POST", `/api/bankid/orders/${order.id}/cancel`, { headers: headers("") })).status).toBe(404);
    const cancelled = await test.request("POST", `/api/bankid/orders/${order.id}/cancel`, { headers: headers(order.cookie) });
    expect(cancelled.status).toBe(200);
    const orderRef = bankId.calls.findLast((call) => call.method === "cancel")?.body.orderRef as string;
    expect(bankId.orderOf(orderRef)?.cancelled).toBe(true);
    const linkWithoutAccount = await test.request("POST", "/api/bankid/orders", {
      headers: headers(""),
      body: { purpose: "link", startedBy: "qr" },
    });
    expect(linkWithoutAccount.status).toBe(401);
  });
});

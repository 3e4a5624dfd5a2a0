import { afterAll, beforeAll, expect, it } from "vitest";
import { latestQueuedMail } from "../../test-support/queued-mail.ts";
import { createSignedInUser, freshEmail, wrongCode } from "../../test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// docs/product.md §2 additional e-mails, kept on the server (ADR 061): each new or changed address stays
// unverified until the 4-digit code mailed to it is typed; one customer never reaches another's.

describeEachEngine("additional e-mails", (engine) => {
  let test: TestApp;
  let owner: Awaited<ReturnType<typeof createSignedInUser>>;
  let stranger: Awaited<ReturnType<typeof createSignedInUser>>;
  beforeAll(async () => {
    test = await createTestApp(engine);
    owner = await createSignedInUser(test);
    stranger = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  const call = (method: string, path: string, body?: unknown, cookie = owner.cookie) =>
    test.request(method, `/api/profile/emails${path}`, { body, headers: { cookie } });
  const codeFor = async (email: string) => {
    const mail = await latestQueuedMail(test, email, "email-address-code");
    const match = /^ {4}(\d{4})$/m.exec(mail.text);
    if (!match?.[1]) throw new Error("no code in the mail");
    return match[1];
  };
  const rows = () => test.db.selectFrom("profile_emails").selectAll().orderBy("id").execute();
  const pretendCodeSentEarlier = (id: string) =>
    test.db
      .updateTable("profile_emails")
      .set({ code_sent_at: new Date(Date.now() - 61_000).toISOString() })
      .where("id", "=", id)
      .execute();

  it("adds an address unverified, mails it a code, and verifies it with that code", async () => {
    const email = freshEmail("work");
    const added = await call("POST", "", { email: `  ${email.toUpperCase()} ` });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ email, verified: false });
    expect(typeof added.body.resendAvailableAt).toBe("string");
    const id = String(added.body.id);
    const mail = await latestQueuedMail(test, email, "email-address-code");
    expect(mail.subject).toMatch(/verification code/i);
    // The code is stored only as an HMAC.
    const stored = await test.db.selectFrom("profile_emails").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const code = await codeFor(email);
    expect(stored.code_hash).not.toContain(code);

    const wrong = await call("POST", `/${id}/verify`, { code: wrongCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.code).toBe("invalid_code");
    expect(wrong.body.error?.fields?.attemptsLeft).toBe("4");

    const verified = await call("POST", `/${id}/verify`, { code });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ id, email, verified: true });
    expect((await call("GET", "")).body).toEqual([{ id, email, verified: true, resendAvailableAt: null }]);
  });

  it("makes a changed address unverified again and mails the new one a code", async () => {
    const first = freshEmail("home");
    const added = await call("POST", "", { email: first });
    const id = String(added.body.id);
    await call("POST", `/${id}/verify`, { code: await codeFor(first) });
    const second = freshEmail("home-new");
    const changed = await call("PATCH", `/${id}`, { email: second });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id, email: second, verified: false });
    // The old address's code cannot confirm the new one.
    const stale = await call("POST", `/${id}/verify`, { code: await codeFor(first) });
    expect([400, 410]).toContain(stale.status);
    expect((await call("POST", `/${id}/verify`, { code: await codeFor(second) })).body).toMatchObject({ verified: true });
  });

  it("refuses empty, invalid, duplicate and own addresses with a field message, and writes nothing", async () => {
    const before = await rows();
    const existing = before.find((row) => row.user_id === owner.user.id)?.email ?? "";
    const cases: [unknown, string][] = [
      [{ email: "   " }, "Email cannot be empty"],
      [{ email: "not-an-address" }, "Please enter a valid email address"],
      [{ email: owner.user.email.toUpperCase() }, "This is already your sign-in e-mail address."],
      [{ email: existing }, "This e-mail address is already on your profile."],
    ];
    for (const [body, message] of cases) {
      const response = await call("POST", "", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error?.fields?.email).toBe(message);
    }
    expect(await rows()).toEqual(before);
  });

  it("allows at most five additional addresses", async () => {
    const user = await createSignedInUser(test);
    for (let index = 0; index < 5; index += 1) {
      expect((await call("POST", "", { email: freshEmail(`many${index}`) }, user.cookie)).status).toBe(201);
    }
    const sixth = await call("POST", "", { email: freshEmail("sixth") }, user.cookie);
    expect(sixth.status).toBe(400);
    expect(sixth.body.error?.fields?.email).toBe("You can add up to 5 e-mail addresses.");
  });

  it("sends another code at most once a minute, and then a fresh one", async () => {
    const email = freshEmail("resend");
    const id = String((await call("POST", "", { email })).body.id);
    const early = await call("POST", `/${id}/code`);
    expect(early.status).toBe(429);
    expect(early.body.error?.code).toBe("resend_cooldown");
    expect(Number(early.headers.get("Retry-After"))).toBeGreaterThan(0);
    await pretendCodeSentEarlier(id);
    const mailsBefore = await test.countRows("outbox");
    expect((await call("POST", `/${id}/code`)).status).toBe(200);
    expect(await test.countRows("outbox")).toBe(mailsBefore + 1);
  });

  it("caps the codes one account can send in an hour, whatever the addresses", async () => {
    const user = await createSignedInUser(test);
    const id = String((await call("POST", "", { email: freshEmail("cap") }, user.cookie)).body.id);
    let status = 200;
    for (let sent = 1; sent <= 10 && status === 200; sent += 1) {
      await pretendCodeSentEarlier(id);
      status = (await call("POST", `/${id}/code`, undefined, user.cookie)).status;
    }
    expect(status).toBe(429);
  });

  it("kills a code after five wrong tries", async () => {
    const email = freshEmail("guess");
    const id = String((await call("POST", "", { email })).body.id);
    const code = await codeFor(email);
    for (let attempt = 0; attempt < 4; attempt += 1)
      expect((await call("POST", `/${id}/verify`, { code: wrongCode(code) })).status).toBe(400);
    expect((await call("POST", `/${id}/verify`, { code: wrongCode(code) })).status).toBe(429);
    const late = await call("POST", `/${id}/verify`, { code });
    expect(late.status).toBe(429);
    expect(late.body.error?.code).toBe("too_many_attempts");
    expect((await call("GET", "")).body).toEqual(expect.arrayContaining([expect.objectContaining({ id, verified: false })]));
  });

  it("never lets one customer see, change, verify or delete another's addresses (404, nothing changed)", async () => {
    const email = freshEmail("private");
    const id = String((await call("POST", "", { email })).body.id);
    const code = await codeFor(email);
    const before = await rows();
    expect((await call("GET", "", undefined, stranger.cookie)).body).toEqual([]);
    for (const [method, path, body] of [
      ["PATCH", `/${id}`, { email: freshEmail("hijack") }],
      ["DELETE", `/${id}`, undefined],
      ["POST", `/${id}/code`, undefined],
      ["POST", `/${id}/verify`, { code }],
    ] as const) {
      const response = await call(method, path, body, stranger.cookie);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect(await rows()).toEqual(before);
    expect((await call("DELETE", `/${id}`)).status).toBe(200);
    expect((await call("DELETE", `/${id}`)).status).toBe(404);
  });

  it("refuses a malformed id or code", async () => {
    expect((await call("DELETE", "/not-a-uuid")).status).toBe(400);
    const id = String((await call("POST", "", { email: freshEmail("format") })).body.id);
    const response = await call("POST", `/${id}/verify`, { code: "12a4" });
    expect(response.status).toBe(400);
    expect(response.body.error?.fields?.code).toBe("The verification code must be 4 digits");
  });
});

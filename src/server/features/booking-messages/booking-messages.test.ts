import { afterAll, beforeAll, expect, it } from "vitest";
import type { BookingThread, ThreadMessage, UnreadMessages } from "../../../shared/booking-messages.ts";
import { addDays } from "../../../shared/time.ts";
import type { AdminBookingDetail, BookingQueuePage } from "../../../shared/operator.ts";
import type { MyAssignment } from "../../../shared/operatives.ts";
import { operatorToday } from "../../../shared/time.ts";
import { createSignedInUser, freshIp } from "../../test-support/accounts.ts";
import { downloadDataExport } from "../../test-support/data-export.ts";
import { createStaff, insertBooking } from "../../test-support/operator.ts";
import { createOperative, inviteAndSignIn, type SignedInOperative } from "../../test-support/operatives.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// docs/product.md §12, ADR 185 and 186: the booking's message thread through the API on both
// engines. Every message is read and written through the one booking access policy: the owner
// and staff; another customer and the booking's own operatives are told it does not exist (404).
// Bad input and foreign origins change nothing; a flood is limited by the rate-limit table; the
// unread counts follow the read receipts; the export carries the messages; deleting the account
// removes them and leaves staff a note.

const today = operatorToday(new Date());
const inDays = (days: number) => addDays(today, days);
const appOrigin = "http://localhost:3000";

describeEachEngine("the booking's message thread", (engine) => {
  let test: TestApp;
  let operator: Awaited<ReturnType<typeof createStaff>>;
  let customer: Awaited<ReturnType<typeof createSignedInUser>>;
  let other: Awaited<ReturnType<typeof createSignedInUser>>;
  let assigned: SignedInOperative;
  let unassigned: SignedInOperative;
  let booking: string;

  const as = (cookie: string, headers: Record<string, string> = {}) => ({
    get: (url: string) => test.request("GET", url, { headers: { cookie, ...headers } }),
    post: (url: string, body: unknown = {}) => test.request("POST", url, { body, headers: { cookie, ...headers } }),
  });
  const customerThread = (cookie: string, id = booking) => as(cookie).get(`/api/bookings/${id}/messages`);
  const staffThread = (cookie: string, id = booking) => as(cookie).get(`/api/admin/bookings/${id}/messages`);
  const messagesInTable = async (id = booking) =>
    Number(
      (
        await test.db
          .selectFrom("booking_messages")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("booking_id", "=", id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    test = await createTestApp(engine);
    operator = await createStaff(test, "operator");
    customer = await createSignedInUser(test, { fullName: "Astrid Lindqvist" });
    other = await createSignedInUser(test);
    booking = await insertBooking(test, { userId: customer.user.id, startDate: inDays(10), endDate: inDays(11) });
    // One operative assigned to the booking (accepted), one on the roster but not on it.
    assigned = await inviteAndSignIn(test, operator.cookie, await createOperative(test, operator.cookie, { name: "Johan Berg" }));
    unassigned = await inviteAndSignIn(test, operator.cookie, await createOperative(test, operator.cookie, { name: "Lisa Ström" }));
    const offered = await as(operator.cookie).post(`/api/admin/bookings/${booking}/assignments`, {
      operatives: [{ operativeId: assigned.operative.id, lead: true }],
    });
    expect(offered.status).toBe(201);
    const mine = (await as(assigned.cookie).get("/api/operative/assignments")).body.assignments as MyAssignment[];
    const assignment = mine.find((entry) => entry.bookingId === booking);
    expect((await as(assigned.cookie).post(`/api/operative/assignments/${assignment?.id}/accept`)).status).toBe(200);
  });
  afterAll(() => test.close());

  it("lets the owner and staff exchange messages, oldest first, the staff reply signed with the first name only", async () => {
    const first = await as(customer.cookie).post(`/api/bookings/${booking}/messages`, {
      text: "  Pick-up at the side entrance, please.  ",
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ author: "customer", authorName: null, text: "Pick-up at the side entrance, please.", own: true });
    const reply = await as(operator.cookie).post(`/api/admin/bookings/${booking}/messages`, { text: "Noted.\nSee you at 18:00." });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ author: "staff", authorName: "Olle", own: true });

    const seenByCustomer = (await customerThread(customer.cookie)).body as unknown as BookingThread;
    expect(seenByCustomer.messages.map((message) => [message.author, message.authorName, message.text, message.own])).toEqual([
      ["customer", null, "Pick-up at the side entrance, please.", true],
      ["staff", "Olle", "Noted.\nSee you at 18:00.", false],
    ]);
    expect(seenByCustomer.open).toBe(true);
    // No staff surname anywhere in what the customer reads.
    expect(JSON.stringify(seenByCustomer)).not.toContain("Operator");
    const seenByStaff = (await staffThread(operator.cookie)).body as unknown as BookingThread;
    expect(seenByStaff.messages.map((message) => message.own)).toEqual([false, true]);
    // The staff reply is audited by its id, without its words (they go with the account, ADR 186).
    const audited = await test.db.selectFrom("audit_log").select(["action", "after"]).where("subject_id", "=", booking).execute();
    expect(audited.filter((row) => row.action === "thread.reply").map((row) => JSON.parse(row.after ?? "null") as unknown)).toEqual([
      { message: (reply.body as { id: number }).id },
    ]);
  });

  it("answers 404 for every message to another customer and to the booking's operatives, assigned or not", async () => {
    const before = await messagesInTable();
    for (const cookie of [other.cookie, assigned.cookie, unassigned.cookie]) {
      const read = await customerThread(cookie);
      expect(read.status).toBe(404);
      expect(read.body.error?.code).toBe("not_found");
      expect(JSON.stringify(read.body)).not.toContain("side entrance");
      expect((await as(cookie).post(`/api/bookings/${booking}/messages`, { text: "hello" })).status).toBe(404);
      expect((await as(cookie).post(`/api/bookings/${booking}/messages/read`, { lastSeenId: 1 })).status).toBe(404);
    }
    // The console's side is staff only: customers and operatives are refused by its guard.
    for (const cookie of [customer.cookie, other.cookie, assigned.cookie, unassigned.cookie]) {
      expect((await staffThread(cookie)).status).toBe(403);
      expect((await as(cookie).post(`/api/admin/bookings/${booking}/messages`, { text: "hello" })).status).toBe(403);
    }
    // The operative still reads the brief of the booking they work: only the thread is closed to them.
    const mine = (await as(assigned.cookie).get("/api/operative/assignments")).body.assignments as MyAssignment[];
    expect(mine.some((entry) => entry.bookingId === booking)).toBe(true);
    // Staff's own dashboard side is the owner's only; ids that do not exist or are no UUID are 404 too.
    expect((await customerThread(operator.cookie)).status).toBe(404);
    expect((await customerThread(customer.cookie, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await customerThread(customer.cookie, "not-an-id")).status).toBe(404);
    expect((await staffThread(operator.cookie, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    // Signed out: 401.
    expect((await test.request("GET", `/api/bookings/${booking}/messages`)).status).toBe(401);
    expect(await messagesInTable()).toBe(before);
  });

  it("refuses an empty, a too long or a control-character message with a clear error, and stores nothing", async () => {
    const before = await messagesInTable();
    const cases: [unknown, string][] = [
      [{ text: "" }, "Write a message first"],
      [{ text: "   \n  " }, "Write a message first"],
      [{}, "Write a message first"],
      [{ text: "x".repeat(4001) }, "A message can be at most 4,000 characters"],
      [{ text: "bell\u0007" }, "Please remove the unsupported characters."],
    ];
    for (const [body, message] of cases) {
      for (const post of [
        () => as(customer.cookie).post(`/api/bookings/${booking}/messages`, body),
        () => as(operator.cookie).post(`/api/admin/bookings/${booking}/messages`, body),
      ]) {
        const response = await post();
        expect(response.status).toBe(400);
        expect(response.body.error).toMatchObject({ code: "invalid_input", message, fields: { text: message } });
      }
    }
    expect((await as(customer.cookie).post(`/api/bookings/${booking}/messages`, { text: "x".repeat(4000) })).status).toBe(201);
    expect(await messagesInTable()).toBe(before + 1);
  });

  it("refuses a message sent from another site (403 forbidden_origin) and stores nothing", async () => {
    const before = await messagesInTable();
    const crossSite: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }];
    for (const headers of crossSite) {
      const customerTry = await as(customer.cookie, headers).post(`/api/bookings/${booking}/messages`, { text: "from elsewhere" });
      expect(customerTry.status).toBe(403);
      expect(customerTry.body.error?.code).toBe("forbidden_origin");
      const staffTry = await as(operator.cookie, headers).post(`/api/admin/bookings/${booking}/messages`, { text: "from elsewhere" });
      expect(staffTry.status).toBe(403);
    }
    expect(await messagesInTable()).toBe(before);
    const same = await as(customer.cookie, { origin: appOrigin, "sec-fetch-site": "same-origin" }).post(
      `/api/bookings/${booking}/messages`,
      {
        text: "from the site",
      },
    );
    expect(same.status).toBe(201);
  });

  it("counts unread messages per reader and clears them when the thread is viewed", async () => {
    const fresh = await insertBooking(test, { userId: customer.user.id, startDate: inDays(30) });
    const secondOperator = await createSignedInUser(test, { role: "operator", fullName: "Maja Nilsson" });
    const unreadOf = async () => (await as(customer.cookie).get("/api/bookings/messages/unread")).body as unknown as UnreadMessages;
    const queueRow = async (cookie: string) => {
      const page = (await as(cookie).get(`/api/admin/bookings?limit=100&status=pending`)).body as unknown as BookingQueuePage;
      return page.bookings.find((entry) => entry.id === fresh);
    };
    const before = await unreadOf();
    for (const text of ["One", "Two"])
      expect((await as(customer.cookie).post(`/api/bookings/${fresh}/messages`, { text })).status).toBe(201);
    // Both operators have two unread; the thread waits for us with a 24-hour reply timer.
    const row = await queueRow(operator.cookie);
    expect(row).toMatchObject({ unreadMessages: 2, messagesWaitingSince: expect.any(String) });
    expect(Date.parse(row?.messageReplyDueAt ?? "") - Date.parse(row?.messagesWaitingSince ?? "")).toBe(24 * 3_600_000);
    expect((await queueRow(secondOperator.cookie))?.unreadMessages).toBe(2);
    const waitingIds = async () =>
      ((await as(operator.cookie).get("/api/admin/bookings?limit=100&waiting=us")).body as unknown as BookingQueuePage).bookings.map(
        (entry) => entry.id,
      );
    expect(await waitingIds()).toContain(fresh);
    expect((await as(operator.cookie).get("/api/admin/bookings?waiting=them")).status).toBe(400);

    // The first operator views the thread: read for them, still unread for the other.
    const viewed = (await staffThread(operator.cookie, fresh)).body as unknown as BookingThread;
    expect(viewed.unread).toBe(2);
    const lastSeenId = viewed.messages.at(-1)?.id ?? 0;
    const read = await as(operator.cookie).post(`/api/admin/bookings/${fresh}/messages/read`, { lastSeenId });
    expect(read.body).toEqual({ unread: 0 });
    expect((await queueRow(operator.cookie))?.unreadMessages).toBe(0);
    expect((await queueRow(secondOperator.cookie))?.unreadMessages).toBe(2);
    // Still waiting for an answer until one is written.
    expect(await waitingIds()).toContain(fresh);
    const detail = (await as(operator.cookie).get(`/api/admin/bookings/${fresh}`)).body as unknown as AdminBookingDetail;
    expect(detail.messagesWaitingSince).toEqual(expect.any(String));

    // The answer: the customer's menu counts it, the thread stops waiting for us.
    const answer = (await as(secondOperator.cookie).post(`/api/admin/bookings/${fresh}/messages`, { text: "Hello Astrid" }))
      .body as unknown as ThreadMessage;
    expect(await waitingIds()).not.toContain(fresh);
    expect((await queueRow(operator.cookie))?.messageReplyDueAt).toBeNull();
    const after = await unreadOf();
    expect(after.total).toBe(before.total + 1);
    expect(after.bookings).toContainEqual({ bookingId: fresh, unread: 1 });
    // A made-up id further on marks no more than exists; the customer's view clears the badge.
    expect((await as(customer.cookie).post(`/api/bookings/${fresh}/messages/read`, { lastSeenId: answer.id - 1 })).body).toEqual({
      unread: 1,
    });
    expect((await as(customer.cookie).post(`/api/bookings/${fresh}/messages/read`, { lastSeenId: 1e12 })).body).toEqual({ unread: 0 });
    expect((await unreadOf()).total).toBe(before.total);
    // The marker never moves back.
    expect((await as(customer.cookie).post(`/api/bookings/${fresh}/messages/read`, { lastSeenId: 0 })).body).toEqual({ unread: 0 });
    expect((await as(customer.cookie).post(`/api/bookings/${fresh}/messages/read`, { lastSeenId: -1 })).status).toBe(400);
  });

  it("limits a flood of messages through the rate-limit table (429 with Retry-After) and stores none past the limit", async () => {
    const flooder = await createSignedInUser(test);
    const own = await insertBooking(test, { userId: flooder.user.id, startDate: inDays(40) });
    let accepted = 0;
    let refused: Awaited<ReturnType<TestApp["request"]>> | undefined;
    for (let index = 0; index < 40 && !refused; index += 1) {
      const response = await test.request("POST", `/api/bookings/${own}/messages`, {
        body: { text: `message ${index}` },
        headers: { cookie: flooder.cookie, "x-test-client-ip": freshIp() },
      });
      if (response.status === 201) accepted += 1;
      else refused = response;
    }
    expect(accepted).toBe(30);
    expect(refused?.status).toBe(429);
    expect(refused?.body.error?.code).toBe("rate_limited");
    expect(Number(refused?.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await messagesInTable(own)).toBe(30);
  });

  it("puts the messages in the customer's data export, and deleting the account removes them and leaves staff a note", async () => {
    const leaving = await createSignedInUser(test, { fullName: "Erik Dahl" });
    const past = await insertBooking(test, { userId: leaving.user.id, startDate: inDays(-20), status: "completed" });
    expect((await as(leaving.cookie).post(`/api/bookings/${past}/messages`, { text: "Thank you for last week." })).status).toBe(201);
    expect((await as(operator.cookie).post(`/api/admin/bookings/${past}/messages`, { text: "Our pleasure, Erik." })).status).toBe(201);

    const exported = await downloadDataExport(test, leaving.cookie);
    expect(exported.data.bookings.find((row) => row.id === past)?.messages).toEqual([
      { from: "you", authorName: null, text: "Thank you for last week.", sentAt: expect.any(String) },
      { from: "nordic-shield", authorName: "Olle", text: "Our pleasure, Erik.", sentAt: expect.any(String) },
    ]);
    // Another customer's export holds none of them.
    expect((await downloadDataExport(test, other.cookie)).json).not.toContain("last week");

    const deleted = await as(leaving.cookie).post("/api/account/security/delete-account", { password: leaving.password });
    expect(deleted.status).toBe(200);
    const rows = await test.db
      .selectFrom("booking_messages")
      .select(["author_role", "kind", "body"])
      .where("booking_id", "=", past)
      .execute();
    expect(rows).toEqual([{ author_role: "system", kind: "account_deleted", body: null }]);
    expect(await test.db.selectFrom("booking_message_reads").select("user_id").where("booking_id", "=", past).execute()).toEqual([]);
    const pendingJobs = await test.db
      .selectFrom("jobs")
      .select("id")
      .where("reference_key", "like", `thread:${past}:%`)
      .where("status", "=", "pending")
      .execute();
    expect(pendingJobs).toEqual([]);
    // Staff see the note, and the thread is closed to new messages.
    const seen = (await staffThread(operator.cookie, past)).body as unknown as BookingThread;
    expect(seen.open).toBe(false);
    expect(seen.messages).toEqual([expect.objectContaining({ author: "system", kind: "account_deleted", text: null })]);
    const closed = await as(operator.cookie).post(`/api/admin/bookings/${past}/messages`, { text: "Anyone there?" });
    expect(closed.status).toBe(409);
    expect(await messagesInTable(past)).toBe(1);
  });
});

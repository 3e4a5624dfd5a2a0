import { afterAll, beforeAll, expect, it } from "vitest";
import type { BookingThread } from "../../../shared/booking-messages.ts";
import { addDays } from "../../../shared/time.ts";
import { operatorToday } from "../../../shared/time.ts";
import { manualClock } from "../../clock.ts";
import { startJobWorker } from "../../jobs/worker.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { startMailCollector, type MailCollector } from "../../test-support/http-customer.ts";
import { createStaff, insertBooking } from "../../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { waitFor } from "../../test-support/wait-for.ts";

// ADR 184: one mail per burst of thread messages, received by a real SMTP server on loopback, on a
// clock the test moves by hand. Ten messages within a minute make exactly one mail five minutes
// after the first; a later burst makes another; a reader who opened the thread before the mail was
// due gets none; each mail is in its recipient's language and links to the thread.

const start = new Date();
const minuteMs = 60_000;
const reference = (bookingId: string) => bookingId.slice(0, 8).toUpperCase();

describeEachEngine("the thread's e-mail notifications", (engine) => {
  let test: TestApp;
  let mail: MailCollector;
  const clock = manualClock(start);
  let operator: Awaited<ReturnType<typeof createStaff>>;
  let customer: Awaited<ReturnType<typeof createSignedInUser>>;
  let booking: string;

  const post = (cookie: string, url: string, body: unknown) => test.request("POST", url, { body, headers: { cookie } });
  const mailsTo = (email: string) => mail.mails.filter((received) => received.to.includes(email));
  /** Runs every due job twice over: the notification queues its mail, the second pass sends it. */
  const runJobs = async () => {
    for (let pass = 0; pass < 2; pass += 1) {
      const worker = startJobWorker(test.deps, { pollIntervalMs: 60_000, batchSize: 100, clock });
      await worker.runOnce();
      await worker.stop();
    }
  };
  const pendingNotifications = () =>
    test.db
      .selectFrom("jobs")
      .select(["reference_key", "run_at"])
      .where("kind", "=", "thread-notification")
      .where("status", "=", "pending")
      .execute();

  beforeAll(async () => {
    mail = await startMailCollector();
    test = await createTestApp(engine, { SMTP_URL: mail.smtpUrl }, { clock });
    operator = await createStaff(test, "operator");
    customer = await createSignedInUser(test, { language: "sv" });
    booking = await insertBooking(test, { userId: customer.user.id, startDate: addDays(operatorToday(start), 14), language: "sv" });
  });
  afterAll(async () => {
    await test.close();
    await mail.close();
  });

  it("sends the operators exactly one mail for ten customer messages written within a minute, and another for a later burst", async () => {
    for (let index = 1; index <= 10; index += 1) {
      const sent = await post(customer.cookie, `/api/bookings/${booking}/messages`, { text: `Detail number ${index}` });
      expect(sent.status).toBe(201);
      clock.advance(5_000);
    }
    // One job for the whole burst, five minutes after its first message.
    expect(await pendingNotifications()).toEqual([
      { reference_key: `thread:${booking}:staff`, run_at: new Date(start.getTime() + 5 * minuteMs).toISOString() },
    ]);
    await runJobs();
    expect(mailsTo(operator.user.email)).toHaveLength(0);

    clock.set(new Date(start.getTime() + 5 * minuteMs + 1_000));
    await runJobs();
    const [first] = await waitFor(() => (mailsTo(operator.user.email).length >= 1 ? mailsTo(operator.user.email) : undefined), {
      what: "the operator's mail",
    });
    expect(first?.subject).toBe(`10 new messages about booking ${reference(booking)}`);
    expect(first?.text).toContain(`http://localhost:3000/admin/bookings/${booking}#messages`);
    // The mail says how many, never what: no message text in it.
    expect(first?.text).not.toContain("Detail number");
    await runJobs();
    expect(mailsTo(operator.user.email)).toHaveLength(1);

    // The operator reads the thread; an hour later the customer writes three more: a new burst, a new mail.
    const thread = (await test.request("GET", `/api/admin/bookings/${booking}/messages`, { headers: { cookie: operator.cookie } }))
      .body as unknown as BookingThread;
    await post(operator.cookie, `/api/admin/bookings/${booking}/messages/read`, { lastSeenId: thread.messages.at(-1)?.id });
    clock.set(new Date(start.getTime() + 60 * minuteMs));
    for (const text of ["One more thing", "The car is black", "Thanks"]) {
      expect((await post(customer.cookie, `/api/bookings/${booking}/messages`, { text })).status).toBe(201);
      clock.advance(10_000);
    }
    clock.set(new Date(start.getTime() + 66 * minuteMs));
    await runJobs();
    await waitFor(() => (mailsTo(operator.user.email).length >= 2 ? true : undefined), { what: "the second mail" });
    expect(mailsTo(operator.user.email).map((received) => received.subject)).toEqual([
      `10 new messages about booking ${reference(booking)}`,
      `3 new messages about booking ${reference(booking)}`,
    ]);
    // The customer was written to by nobody: no mail to them.
    expect(mailsTo(customer.user.email)).toHaveLength(0);
  });

  it("mails the customer in their language, once per burst of replies, and not at all once they have read them", async () => {
    clock.set(new Date(start.getTime() + 120 * minuteMs));
    for (const text of ["Vi har noterat det.", "Föraren heter Johan."]) {
      expect((await post(operator.cookie, `/api/admin/bookings/${booking}/messages`, { text })).status).toBe(201);
    }
    clock.set(new Date(start.getTime() + 126 * minuteMs));
    await runJobs();
    const [received] = await waitFor(() => (mailsTo(customer.user.email).length >= 1 ? mailsTo(customer.user.email) : undefined), {
      what: "the customer's mail",
    });
    expect(received?.subject).toBe(`2 nya meddelanden om bokning ${reference(booking)}`);
    expect(received?.text).toContain(`http://localhost:3000/customer-dashboard/bookings/${booking}#messages`);

    // Another reply, which the customer reads before the mail is due: no mail.
    clock.set(new Date(start.getTime() + 180 * minuteMs));
    const reply = await post(operator.cookie, `/api/admin/bookings/${booking}/messages`, { text: "Ses vid sidoentrén." });
    expect(
      (await post(customer.cookie, `/api/bookings/${booking}/messages/read`, { lastSeenId: (reply.body as { id: number }).id })).body,
    ).toEqual({ unread: 0 });
    clock.set(new Date(start.getTime() + 186 * minuteMs));
    await runJobs();
    expect(await pendingNotifications()).toEqual([]);
    expect(mailsTo(customer.user.email)).toHaveLength(1);
    // The operator's replies also stopped the thread waiting for us: the operator got nothing new.
    expect(mailsTo(operator.user.email)).toHaveLength(2);
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { manualClock } from "../clock.ts";
import { cancelBookingJobs, scheduleStartReminder } from "../jobs/booking-jobs.ts";
import { startJobWorker } from "../jobs/worker.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { startMailCollector, type MailCollector } from "../test-support/http-customer.ts";
import { listen } from "../test-support/listen.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { createStaff, insertBooking } from "../test-support/operator.ts";
import { startTestPushService, type TestPushService } from "../test-support/push-service.ts";
import { startTestSmsProvider, type TestSmsProvider } from "../test-support/sms-provider.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { pushTopic } from "./push-channel.ts";
import { notify } from "./service.ts";

// ADR 265–267 on both engines, against a push service and an SMS provider of the test's own: a
// notification goes out once on each channel the person chose (mail through the outbox, web push
// with its TTL, Urgency and Topic, SMS as 46elks documents it), the delivery result is stored per
// channel, a 410 removes the subscription, a delivery report marks the SMS delivered, reminders
// come at 72, 24 and 2 hours, move with the start and never go out for a cancelled booking, and
// quiet hours hold what is not urgent.

const hourMs = 3_600_000;
const webhookSecret = "report-secret-0123456789abcdef";
const elks = { username: "u0123456789abcdef", password: "P4ssw0rd-elks" };

describeEachEngine("notifications", (engine) => {
  let test: TestApp;
  let push: TestPushService;
  let sms: TestSmsProvider;
  let served: { url: string; close: () => Promise<void> };
  let smtp: MailCollector;
  beforeAll(async () => {
    smtp = await startMailCollector();
    push = await startTestPushService();
    sms = await startTestSmsProvider(elks);
    test = await createTestApp(engine, {
      SMS_PROVIDER: "46elks",
      ELKS_API_URL: sms.apiUrl,
      ELKS_API_USERNAME: elks.username,
      ELKS_API_PASSWORD: elks.password,
      SMS_WEBHOOK_SECRET: webhookSecret,
      SMTP_URL: smtp.smtpUrl,
      MAIL_FROM: "Nordic Shield <no-reply@nordicshield.test>",
    });
    served = await listen(test.app);
  });
  afterAll(async () => {
    await served.close();
    await test.close();
    await push.close();
    await sms.close();
    await smtp.close();
  });

  /** Polls as the server's worker would, at the clock's time, until nothing more is due. */
  const runJobs = async (clock: ReturnType<typeof manualClock>) => {
    const worker = startJobWorker(test.deps, { pollIntervalMs: 60_000, batchSize: 100, clock });
    for (let round = 0; round < 10 && (await worker.runOnce()) > 0; round += 1);
    await worker.stop();
  };

  const deliveriesOf = (userId: string) =>
    test.db
      .selectFrom("notification_deliveries")
      .innerJoin("notifications", "notifications.id", "notification_deliveries.notification_id")
      .select([
        "notifications.kind",
        "notification_deliveries.channel",
        "notification_deliveries.status",
        "notification_deliveries.provider_id",
        "notification_deliveries.result",
      ])
      .where("notifications.user_id", "=", userId)
      .orderBy("notifications.created_at")
      .orderBy("notification_deliveries.channel")
      .execute();

  /** A customer who allowed notifications on one device and chose every channel for reminders. */
  async function customerOnEveryChannel(language: "en" | "sv" = "en") {
    const customer = await createSignedInUser(test, { language, phoneNumber: "070-123 45 67" });
    const device = await push.subscribe(test.deps.env.webPush?.publicKey ?? "");
    const subscribed = await test.request("POST", "/api/notifications/push-subscriptions", {
      body: { endpoint: device.endpoint, keys: device.keys, device: "Chromium on Linux" },
      headers: { cookie: customer.cookie },
    });
    expect(subscribed.status).toBe(201);
    const saved = await test.request("PUT", "/api/profile/notifications", {
      body: {
        emailNotifications: true,
        pushNotifications: true,
        channels: { "booking-reminder": { email: true, sms: true, push: true } },
      },
      headers: { cookie: customer.cookie },
    });
    expect(saved.status).toBe(200);
    expect((saved.body.channels as Record<string, unknown>)["booking-reminder"]).toEqual({ email: true, sms: true, push: true });
    return { ...customer, device };
  }

  it("sends a reminder once on e-mail, web push and SMS, stores each channel's result, and a delivery report marks the SMS delivered", async () => {
    const customer = await customerOnEveryChannel();
    const bookingId = await insertBooking(test, { userId: customer.user.id, startDate: "2027-03-10", status: "confirmed" });
    const start = new Date("2027-03-09T23:00:00.000Z");
    const clock = manualClock(new Date("2027-03-01T10:00:00.000Z"));
    await scheduleStartReminder(test.db, { id: bookingId, startTime: start }, clock, { reminderHours: [72], teamBeforeArrivalMs: hourMs });

    clock.set(new Date(start.getTime() - 72 * hourMs - 1));
    await runJobs(clock);
    expect(await deliveriesOf(customer.user.id)).toEqual([]);

    clock.set(new Date(start.getTime() - 72 * hourMs));
    await runJobs(clock);
    clock.advance(60_000);
    await runJobs(clock);

    // Web push: decrypted by the push service, with the kind's TTL and urgency and the booking's topic.
    const messages = push.messages(customer.device.clientHash) as { title: string; body: string; url: string; tag: string }[];
    expect(messages).toHaveLength(1);
    expect(messages[0]?.title).toBe("Your protection starts in 72 hours");
    expect(messages[0]?.url).toContain(`/customer-dashboard/bookings/${bookingId}`);
    const request = push.requests.find((row) => row.clientHash === customer.device.clientHash);
    expect(request?.status).toBe(201);
    expect(request?.headers.ttl).toBe("7200");
    expect(request?.headers.urgency).toBe("normal");
    expect(request?.headers.topic).toBe(pushTopic("booking-reminder", bookingId));
    expect(request?.headers["content-encoding"]).toBe("aes128gcm");
    expect(request?.audience).toBe(push.url);

    // SMS: to the profile's number in E.164, from the firm's sender, the same words.
    const texts = sms.received.filter((row) => row.to === "+46701234567" && row.message.includes("72 hours"));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ from: "NordicShld", message: expect.stringContaining("Your protection starts in 72 hours") });
    expect(texts[0]?.whendelivered).toBe(`http://localhost:3000/api/notifications/sms-reports/${webhookSecret}`);

    // E-mail: one mail through the outbox to the SMTP server, whose acceptance is recorded.
    expect(smtp.mails.filter((mail) => mail.to === customer.user.email).map((mail) => mail.subject)).toEqual([
      "Your protection starts in 72 hours",
    ]);
    expect(await deliveriesOf(customer.user.id)).toEqual([
      expect.objectContaining({ kind: "booking-reminder", channel: "email", status: "accepted", result: expect.stringMatching(/^250/) }),
      expect.objectContaining({ kind: "booking-reminder", channel: "push", status: "accepted", result: "push 201" }),
      expect.objectContaining({ kind: "booking-reminder", channel: "sms", status: "handed_off", provider_id: texts[0]?.id }),
    ]);

    // 46elks posts the delivery report to the URL with the secret; a wrong secret is not heard.
    const id = texts[0]?.id ?? "";
    const forged = await fetch(`${served.url}/api/notifications/sms-reports/wrong-secret-0123456789abcdef`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id, status: "failed", delivered: "" }),
    });
    expect(forged.status).toBe(404);
    expect(await sms.deliver(id, "delivered", served.url)).toBe(204);
    const smsRow = (await deliveriesOf(customer.user.id)).find((row) => row.channel === "sms");
    expect(smsRow).toMatchObject({ status: "delivered", result: "46elks delivered" });

    // Exactly once: running again (and a retried event) sends nothing more.
    clock.advance(hourMs);
    await runJobs(clock);
    expect(push.messages(customer.device.clientHash)).toHaveLength(1);
    expect(sms.received.filter((row) => row.to === "+46701234567" && row.message.includes("72 hours"))).toHaveLength(1);
    expect(sms.refused).toEqual([]);
  });

  it("removes a device whose subscription the push service answers 410 Gone for", async () => {
    const customer = await customerOnEveryChannel();
    const clock = manualClock(new Date("2027-04-01T10:00:00.000Z"));
    push.expire(customer.device.clientHash);
    await notify(
      test.db,
      {
        kind: "booking-cancelled",
        userId: customer.user.id,
        data: { reference: "AB12CD34", startAt: "2027-04-10T08:00:00.000Z" },
      },
      { env: test.deps.env, clock },
    );
    await runJobs(clock);
    expect(push.requests.filter((row) => row.clientHash === customer.device.clientHash).map((row) => row.status)).toEqual([410]);
    expect(await test.db.selectFrom("push_subscriptions").select("id").where("user_id", "=", customer.user.id).execute()).toEqual([]);
    const pushRow = (await deliveriesOf(customer.user.id)).find((row) => row.channel === "push");
    expect(pushRow).toMatchObject({ status: "failed", result: "push 410" });
    const devices = await test.request("GET", "/api/notifications/push-subscriptions", { headers: { cookie: customer.cookie } });
    expect(devices.body).toEqual([]);
  });

  it("reminds at 72, 24 and 2 hours, tells the team before arrival, and moves them when the start moves", async () => {
    const customer = await createSignedInUser(test, { language: "sv" });
    const bookingId = await insertBooking(test, { userId: customer.user.id, startDate: "2027-05-10", status: "confirmed", language: "sv" });
    const clock = manualClock(new Date("2027-05-01T10:00:00.000Z"));
    const first = new Date("2027-05-09T22:00:00.000Z");
    await scheduleStartReminder(test.db, { id: bookingId, startTime: first }, clock);
    // The start moves a day later before any reminder went out: the jobs are queued again.
    const moved = new Date("2027-05-10T22:00:00.000Z");
    await cancelBookingJobs(test.db, bookingId);
    await scheduleStartReminder(test.db, { id: bookingId, startTime: moved }, clock);
    await test.db
      .updateTable("bookings")
      .set({ start_date: "2027-05-11", end_date: "2027-05-11", start_time: moved.toISOString() })
      .where("id", "=", bookingId)
      .execute();
    const pending = await test.db
      .selectFrom("jobs")
      .select(["kind", "run_at"])
      .where("reference_key", "=", `booking:${bookingId}`)
      .where("status", "=", "pending")
      .orderBy("run_at")
      .execute();
    expect(pending.map((row) => [row.kind, row.run_at])).toEqual([
      ["start-reminder", new Date(moved.getTime() - 72 * hourMs).toISOString()],
      ["start-reminder", new Date(moved.getTime() - 24 * hourMs).toISOString()],
      ["start-reminder", new Date(moved.getTime() - 2 * hourMs).toISOString()],
      ["team-before-arrival", new Date(moved.getTime() - hourMs).toISOString()],
    ]);
    for (const hours of [72, 24, 2]) {
      clock.set(new Date(moved.getTime() - hours * hourMs));
      await runJobs(clock);
    }
    const kinds = (await deliveriesOf(customer.user.id)).map((row) => [row.kind, row.channel]);
    expect(kinds).toEqual([
      ["booking-reminder", "email"],
      ["booking-reminder", "email"],
      ["booking-reminder", "email"],
    ]);
    const subjects = smtp.mails.filter((mail) => mail.to === customer.user.email).map((mail) => mail.subject);
    expect(subjects.sort()).toEqual(["Ditt skydd börjar om 2 timmar", "Ditt skydd börjar om 24 timmar", "Ditt skydd börjar om 72 timmar"]);
  });

  it("never sends the reminders of a cancelled booking, not even one already queued", async () => {
    const customer = await customerOnEveryChannel();
    const bookingId = await insertBooking(test, { userId: customer.user.id, startDate: "2027-06-10", status: "confirmed" });
    const start = new Date("2027-06-09T22:00:00.000Z");
    const clock = manualClock(new Date("2027-06-01T10:00:00.000Z"));
    await scheduleStartReminder(test.db, { id: bookingId, startTime: start }, clock);
    // Quiet hours hold the 72-hour reminder's deliveries; the booking is cancelled meanwhile.
    await test.db.updateTable("profiles").set({ quiet_hours_start: 0, quiet_hours_end: 1439 }).where("id", "=", customer.user.id).execute();
    clock.set(new Date(start.getTime() - 72 * hourMs));
    await runJobs(clock);
    expect((await deliveriesOf(customer.user.id)).map((row) => row.status)).toEqual(["queued", "queued", "queued"]);
    await test.db.updateTable("bookings").set({ status: "cancelled_by_customer" }).where("id", "=", bookingId).execute();
    await cancelBookingJobs(test.db, bookingId);
    clock.set(new Date(start.getTime() + 24 * hourMs));
    await runJobs(clock);
    expect((await deliveriesOf(customer.user.id)).map((row) => row.status)).toEqual(["skipped", "skipped", "skipped"]);
    expect(push.messages(customer.device.clientHash)).toEqual([]);
    expect(sms.received.filter((row) => row.message.includes("72 hours") && row.to === "+46701234567").length).toBe(1);
    expect(await test.db.selectFrom("outbox").select("id").where("recipient", "=", customer.user.email).execute()).toEqual([]);
  });

  it("holds a notification that is not urgent until quiet hours end in Stockholm, and sends an urgent one at once", async () => {
    const customer = await createSignedInUser(test);
    // 22:00–07:00 Stockholm; 23:30 UTC on 1 Dec is 00:30 in Stockholm (UTC+1).
    await test.db
      .updateTable("profiles")
      .set({ quiet_hours_start: 22 * 60, quiet_hours_end: 7 * 60 })
      .where("id", "=", customer.user.id)
      .execute();
    const clock = manualClock(new Date("2027-12-01T23:30:00.000Z"));
    const data = { reference: "QH000001", startAt: "2027-12-04T09:00:00.000Z" };
    await notify(test.db, { kind: "booking-confirmed", userId: customer.user.id, data }, { env: test.deps.env, clock });
    await notify(test.db, { kind: "booking-cancelled", userId: customer.user.id, data }, { env: test.deps.env, clock });
    const jobs = await test.db
      .selectFrom("jobs")
      .innerJoin("notification_deliveries", "notification_deliveries.id", "jobs.id")
      .innerJoin("notifications", "notifications.id", "notification_deliveries.notification_id")
      .select(["notifications.kind", "jobs.run_at", "jobs.priority"])
      .where("notifications.user_id", "=", customer.user.id)
      .orderBy("jobs.run_at")
      .execute();
    // The cancellation is urgent: on every channel the customer has (e-mail and SMS here), at once.
    expect(jobs).toEqual([
      { kind: "booking-cancelled", run_at: "2027-12-01T23:30:00.000Z", priority: 0 },
      { kind: "booking-cancelled", run_at: "2027-12-01T23:30:00.000Z", priority: 0 },
      // 07:00 in Stockholm on 2 Dec is 06:00 UTC.
      { kind: "booking-confirmed", run_at: "2027-12-02T06:00:00.000Z", priority: 1 },
    ]);
  });

  it("never lets a preference silence an alarm: a choice of no channel falls back to every channel (ADR 297)", async () => {
    const staff = await createStaff(test, "operator");
    const saved = await test.request("PUT", "/api/profile/notifications", {
      body: {
        emailNotifications: false,
        pushNotifications: false,
        channels: { alarm: { email: false, sms: false, push: false }, "thread-message": { email: false, sms: false, push: false } },
      },
      headers: { cookie: staff.cookie },
    });
    expect(saved.status).toBe(200);
    const clock = manualClock(new Date("2027-12-01T23:30:00.000Z"));
    const data = { reference: "AL000001", level: 1, alarmKind: "sos" as const, raisedBy: "customer" as const };
    expect(await notify(test.db, { kind: "thread-message", userId: staff.user.id, data }, { env: test.deps.env, clock })).toBeNull();
    expect(await notify(test.db, { kind: "alarm", userId: staff.user.id, data }, { env: test.deps.env, clock })).not.toBeNull();
    const told = await deliveriesOf(staff.user.id);
    expect(told.map((row) => `${row.kind} ${row.channel}`)).toEqual(["alarm email", "alarm sms"]);
  });

  it("retries an SMS the provider could not take (503) with backoff, and sends it once when it can", async () => {
    const operative = await createSignedInUser(test, { role: "operative", phoneNumber: "+46 70 555 01 02" });
    const clock = manualClock(new Date("2027-07-01T10:00:00.000Z"));
    sms.failNext(1);
    const reference = `R${randomUUID().slice(0, 7)}`;
    await notify(
      test.db,
      {
        kind: "offer-made",
        userId: operative.user.id,
        data: { reference, startAt: "2027-07-03T08:00:00.000Z", respondBy: "2027-07-02T08:00:00.000Z" },
        eventKey: `offer:${reference}`,
      },
      { env: test.deps.env, clock },
    );
    // The same event again (a job run twice) is the same notification.
    await notify(
      test.db,
      { kind: "offer-made", userId: operative.user.id, data: { reference }, eventKey: `offer:${reference}` },
      { env: test.deps.env, clock },
    );
    await runJobs(clock);
    expect(sms.received.filter((row) => row.message.includes(reference))).toHaveLength(0);
    clock.advance(60_000);
    await runJobs(clock);
    const sent = sms.received.filter((row) => row.message.includes(reference));
    expect(sent).toHaveLength(1);
    // The answer deadline is in the message.
    expect(sent[0]?.message).toContain("Answer by 2 Jul 2027, 10:00");
    expect(sent[0]?.to).toBe("+46705550102");
  });

  it("refuses the team's details and phrase before the time, and shows the same phrase to the customer and in the message after it", async () => {
    const clock = manualClock(new Date("2027-08-01T10:00:00.000Z"));
    const timed = await createTestApp(engine, {}, { clock });
    try {
      const customer = await createSignedInUser(timed);
      const bookingId = await insertBooking(timed, { userId: customer.user.id, startDate: "2027-08-10", status: "confirmed" });
      const now = new Date().toISOString();
      const operativeId = randomUUID();
      await timed.db
        .insertInto("operatives")
        .values({
          id: operativeId,
          name: "Johan Berg",
          phone: "+46 70 111 22 33",
          licence_number: "SE-9",
          licence_expires_on: "2030-12-31",
          languages: "[]",
          skills: "[]",
          active: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await timed.db
        .insertInto("booking_assignments")
        .values({ id: randomUUID(), booking_id: bookingId, operative_id: operativeId, is_lead: 1, created_at: now })
        .execute();
      const start = new Date("2027-08-09T22:00:00.000Z");
      const arrival = () => timed.request("GET", `/api/notifications/arrival/${bookingId}`, { headers: { cookie: customer.cookie } });
      clock.set(new Date(start.getTime() - hourMs - 1));
      expect((await arrival()).status).toBe(403);
      expect(
        (await timed.db.selectFrom("bookings").select("arrival_phrase").where("id", "=", bookingId).executeTakeFirstOrThrow())
          .arrival_phrase,
      ).toBeNull();
      clock.set(new Date(start.getTime() - hourMs));
      const shown = await arrival();
      expect(shown.status).toBe(200);
      expect(shown.body).toMatchObject({
        contactName: "Johan",
        phone: "+46 70 111 22 33",
        phrase: expect.stringMatching(/^\S+ \S+ \d{2}$/),
      });
      // Another customer's booking is not found.
      const other = await createSignedInUser(timed);
      expect((await timed.request("GET", `/api/notifications/arrival/${bookingId}`, { headers: { cookie: other.cookie } })).status).toBe(
        404,
      );
    } finally {
      await timed.close();
    }
  });

  it("tells the customer of the confirmation and the cancellation on push and SMS, their e-mail staying the booking's own mail", async () => {
    const customer = await customerOnEveryChannel();
    const operator = await createStaff(test, "operator");
    const request = bookingRequest();
    expect((await test.request("POST", "/api/bookings", { body: request, headers: { cookie: customer.cookie } })).status).toBe(201);
    const staff = { headers: { cookie: operator.cookie } };
    expect((await test.request("POST", `/api/admin/bookings/${request.bookingId}/confirm`, { body: {}, ...staff })).status).toBe(200);
    expect(
      (await test.request("POST", `/api/admin/bookings/${request.bookingId}/cancel`, { body: { reason: "Called off." }, ...staff })).status,
    ).toBe(200);
    const rows = await test.db
      .selectFrom("notifications")
      .innerJoin("notification_deliveries", "notification_deliveries.notification_id", "notifications.id")
      .select(["notifications.kind", "notification_deliveries.channel"])
      .where("notifications.booking_id", "=", request.bookingId)
      .orderBy("notifications.created_at")
      .orderBy("notification_deliveries.channel")
      .execute();
    expect(rows.map((row) => [row.kind, row.channel])).toEqual([
      ["booking-confirmed", "push"],
      ["booking-cancelled", "push"],
      ["booking-cancelled", "sms"],
    ]);
  });
});

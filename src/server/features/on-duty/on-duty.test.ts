import { afterAll, beforeAll, expect, it } from "vitest";
import type { BookingSafetyView, CheckInView, ConsoleAlarm, LiveBoard, PrincipalLinkView } from "../../../shared/on-duty.ts";
import type { MyAssignment } from "../../../shared/operatives.ts";
import { addDays, operatorToday } from "../../../shared/time.ts";
import { manualClock } from "../../clock.ts";
import type { AppDependencies } from "../../context.ts";
import { openDatabase } from "../../db/database.ts";
import { ensureRecurringJobs } from "../../jobs/queue.ts";
import { startJobWorker } from "../../jobs/worker.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { createStaff, insertBooking } from "../../test-support/operator.ts";
import { createOperative, inviteAndSignIn, type SignedInOperative } from "../../test-support/operatives.ts";
import { startTestPushService, type TestPushService } from "../../test-support/push-service.ts";
import { queuedMails } from "../../test-support/queued-mail.ts";
import { startTestSmsProvider, type TestSmsProvider } from "../../test-support/sms-provider.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { checkpointCode } from "./checkpoint-code.ts";

// On duty (docs/on-duty.md) through the API on a clock the test moves by hand: who may raise,
// see, acknowledge and resolve an alarm, inside and outside the booking's active window (ADR 285,
// 288); the escalation ladder, each step once even when two processes run it (ADR 286); the lead's
// check-ins, reminded and alerted by the sweep, with a duress PIN that looks like any other
// (ADR 287); the shared position refused outside the window and deleted after it (ADR 289). The
// ladder's notices and the reminders are urgent notifications (ADR 297): each reaches its person
// once on e-mail, web push (a push service of the test's own) and SMS (a 46elks of the test's own).

const hourMs = 3_600_000;
const elks = { username: "u0123456789abcdef", password: "P4ssw0rd-elks" };
const start = new Date();
const today = operatorToday(start);

describeEachEngine("on duty", (engine) => {
  let test: TestApp;
  const clock = manualClock(start);
  let operator: { cookie: string; user: { id: string; email: string } };
  let customer: { cookie: string; user: { id: string; email: string } };
  let stranger: { cookie: string; user: { id: string } };
  let push: TestPushService;
  let sms: TestSmsProvider;
  const as = (cookie: string) => ({
    get: (url: string) => test.request("GET", url, { headers: { cookie } }),
    post: (url: string, body: unknown = {}) => test.request("POST", url, { body, headers: { cookie } }),
    put: (url: string, body: unknown = {}) => test.request("PUT", url, { body, headers: { cookie } }),
  });
  const anonymous = {
    get: (url: string) => test.request("GET", url),
    post: (url: string, body: unknown = {}) => test.request("POST", url, { body }),
  };
  const runJobs = async (deps: AppDependencies = test.deps) => {
    const worker = startJobWorker(deps, {
      pollIntervalMs: 60_000,
      batchSize: 100,
      clock,
      bookingLifecycle: test.services.bookingLifecycle,
    });
    // The step's notices are jobs of their own, due at once: poll until nothing more is due.
    for (let round = 0; round < 10 && (await worker.runOnce()) > 0; round += 1);
    await worker.stop();
  };
  const newOperative = async (name: string) =>
    inviteAndSignIn(test, operator.cookie, await createOperative(test, operator.cookie, { name }));
  const assignmentOf = async (who: SignedInOperative, bookingId: string) => {
    const listed = (await as(who.cookie).get("/api/operative/assignments")).body.assignments as MyAssignment[];
    const found = listed.find((entry) => entry.bookingId === bookingId);
    if (!found) throw new Error("assignment not listed");
    return found;
  };

  /** A confirmed booking with an accepted lead and member; the clock stands three hours before its start. */
  async function staffedBooking(daysAhead: number) {
    const lead = await newOperative("Maja Berg");
    const member = await newOperative("Ali Nur");
    const bookingId = await insertBooking(test, { userId: customer.user.id, startDate: addDays(today, daysAhead), status: "confirmed" });
    await test.db.updateTable("bookings").set({ principal_codename: "Falcon" }).where("id", "=", bookingId).execute();
    const assigned = await as(operator.cookie).post(`/api/admin/bookings/${bookingId}/assignments`, {
      operatives: [{ operativeId: lead.operative.id, lead: true }, { operativeId: member.operative.id }],
    });
    expect(assigned.status).toBe(201);
    const leadAssignment = await assignmentOf(lead, bookingId);
    const memberAssignment = await assignmentOf(member, bookingId);
    expect((await as(lead.cookie).post(`/api/operative/assignments/${leadAssignment.id}/accept`)).status).toBe(200);
    expect((await as(member.cookie).post(`/api/operative/assignments/${memberAssignment.id}/accept`)).status).toBe(200);
    const startTime = Date.parse(
      (await test.db.selectFrom("bookings").select("start_time").where("id", "=", bookingId).executeTakeFirstOrThrow()).start_time,
    );
    clock.set(new Date(startTime - 3 * hourMs));
    return { bookingId, lead, member, leadAssignment, memberAssignment, startTime };
  }
  const markStatus = (who: SignedInOperative, assignmentId: string, status: string) =>
    as(who.cookie).post(`/api/operative/assignments/${assignmentId}/status`, { status });

  beforeAll(async () => {
    push = await startTestPushService();
    sms = await startTestSmsProvider(elks);
    test = await createTestApp(
      engine,
      {
        ALARM_ACKNOWLEDGE_SECONDS: "60",
        ALARM_ESCALATION_STEP_SECONDS: "60",
        SMS_PROVIDER: "46elks",
        ELKS_API_URL: sms.apiUrl,
        ELKS_API_USERNAME: elks.username,
        ELKS_API_PASSWORD: elks.password,
        SMS_WEBHOOK_SECRET: "report-secret-0123456789abcdef",
      },
      { clock },
    );
    operator = await createStaff(test, "operator");
    customer = await createSignedInUser(test);
    stranger = await createSignedInUser(test);
  });
  afterAll(async () => {
    await test.close();
    await push.close();
    await sms.close();
  });

  /** A person's browser subscribed to push, with push turned on for the account. */
  async function subscribeToPush(cookie: string) {
    const device = await push.subscribe(test.deps.env.webPush?.publicKey ?? "");
    const subscribed = await test.request("POST", "/api/notifications/push-subscriptions", {
      body: { endpoint: device.endpoint, keys: device.keys, device: "Chromium on Linux" },
      headers: { cookie },
    });
    expect(subscribed.status).toBe(201);
    const saved = await test.request("PUT", "/api/profile/notifications", {
      body: { emailNotifications: true, pushNotifications: true },
      headers: { cookie },
    });
    expect(saved.status).toBe(200);
    return device;
  }
  const pushesTo = (clientHash: string, text: string) =>
    (push.messages(clientHash) as { title: string; body: string; url: string }[]).filter((message) => message.title.includes(text));
  const textsTo = (phone: string, text: string) => sms.received.filter((message) => message.to === phone && message.message.includes(text));

  it("lets the customer, the principal's link and the assigned operatives raise an SOS only in the active window, and staff acknowledge it", async () => {
    const { bookingId, lead, member, leadAssignment, memberAssignment } = await staffedBooking(30);
    const outsider = await newOperative("Olof Sand");
    const position = { latitude: 59.3326, longitude: 18.0649, accuracy: 12 };
    try {
      // The principal's link is made by the owner only, and works only in the active window.
      expect((await as(stranger.cookie).post(`/api/bookings/${bookingId}/principal-link`)).status).toBe(404);
      const link = await as(customer.cookie).post(`/api/bookings/${bookingId}/principal-link`);
      expect(link.status).toBe(201);
      const token = String(link.body.token);
      expect(String(link.body.url)).toContain(`/principal/${token}`);

      // Before "on the way": the window is shut for everyone.
      const early = await as(customer.cookie).post(`/api/bookings/${bookingId}/alarms`, { position });
      expect(early.status).toBe(409);
      expect((early.body.error as { reason?: string } | undefined)?.reason).toBe("outsideActiveWindow");
      expect((await anonymous.get(`/api/principal/${token}`)).status).toBe(404);
      expect((await anonymous.post(`/api/principal/${token}/alarms`, {})).status).toBe(404);
      expect(((await as(customer.cookie).get(`/api/bookings/${bookingId}/safety`)).body as BookingSafetyView).active).toBe(false);

      expect((await markStatus(lead, leadAssignment.id, "on_the_way")).status).toBe(200);
      expect(((await as(customer.cookie).get(`/api/bookings/${bookingId}/safety`)).body as BookingSafetyView).active).toBe(true);

      // Another customer and an operative not on the booking are told the booking does not exist.
      expect((await as(stranger.cookie).post(`/api/bookings/${bookingId}/alarms`, {})).status).toBe(404);
      expect((await as(stranger.cookie).get(`/api/bookings/${bookingId}/safety`)).status).toBe(404);
      expect((await as(outsider.cookie).post(`/api/operative/duty/assignments/${leadAssignment.id}/alarms`, {})).status).toBe(404);
      // A forged or altered token is no link.
      const [linkId] = token.split(".");
      expect((await anonymous.get(`/api/principal/${linkId}.${"A".repeat(43)}`)).status).toBe(404);
      expect((await anonymous.get(`/api/principal/${token.slice(0, -2)}xx`)).status).toBe(404);

      const fromCustomer = await as(customer.cookie).post(`/api/bookings/${bookingId}/alarms`, { position });
      expect(fromCustomer.status).toBe(201);
      const fromMember = await as(member.cookie).post(`/api/operative/duty/assignments/${memberAssignment.id}/alarms`, {});
      expect(fromMember.status).toBe(201);
      const principalPage = await anonymous.get(`/api/principal/${token}`);
      expect(principalPage.status).toBe(200);
      expect((principalPage.body as unknown as PrincipalLinkView).codename).toBe("Falcon");
      const fromPrincipal = await anonymous.post(`/api/principal/${token}/alarms`, {});
      expect(fromPrincipal.status).toBe(201);

      // Staff see every alarm with the booking, the people and the position; customers cannot acknowledge.
      const alarms = (await as(operator.cookie).get("/api/admin/alarms")).body.alarms as ConsoleAlarm[];
      const customerAlarm = alarms.find((alarm) => alarm.id === fromCustomer.body.id);
      expect(customerAlarm).toMatchObject({
        bookingId,
        state: "open",
        raisedBy: "customer",
        position: { latitude: 59.3326, longitude: 18.0649 },
        team: [
          { firstName: "Maja", lead: true },
          { firstName: "Ali", lead: false },
        ],
      });
      expect(alarms.find((alarm) => alarm.id === fromPrincipal.body.id)).toMatchObject({ raisedBy: "principal", raisedByName: "Falcon" });
      expect(alarms.find((alarm) => alarm.id === fromMember.body.id)).toMatchObject({ raisedBy: "operative", raisedByName: "Ali" });
      expect((await as(customer.cookie).get("/api/admin/alarms")).status).toBe(403);
      expect((await as(customer.cookie).post(`/api/admin/alarms/${String(fromCustomer.body.id)}/acknowledge`)).status).toBe(403);
      expect((await as(lead.cookie).post(`/api/admin/alarms/${String(fromCustomer.body.id)}/acknowledge`)).status).toBe(403);

      const acknowledged = await as(operator.cookie).post(`/api/admin/alarms/${String(fromCustomer.body.id)}/acknowledge`);
      expect(acknowledged.status).toBe(200);
      expect(acknowledged.body).toMatchObject({ state: "acknowledged", acknowledgedBy: "Olle" });
      expect((await as(operator.cookie).post(`/api/admin/alarms/${String(fromCustomer.body.id)}/acknowledge`)).status).toBe(409);
      // The one who raised it reads who received it and when; the live stream carried the change.
      const safety = (await as(customer.cookie).get(`/api/bookings/${bookingId}/safety`)).body as BookingSafetyView;
      expect(safety.alarms.find((alarm) => alarm.id === fromCustomer.body.id)).toMatchObject({
        acknowledgedBy: "Olle",
        acknowledgedAt: clock.now().toISOString(),
        outcome: null,
      });
      const events = await test.db.selectFrom("events").select(["type", "booking_id"]).where("booking_id", "=", bookingId).execute();
      expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(["alarm.raised", "alarm.acknowledged"]));

      // Resolved with an outcome and a note; shared, the customer sees them like a shared incident.
      const resolved = await as(operator.cookie).post(`/api/admin/alarms/${String(fromCustomer.body.id)}/resolve`, {
        outcome: "handled_by_team",
        note: "The team moved the principal inside. No injuries.",
        share: true,
      });
      expect(resolved.status).toBe(200);
      const afterResolve = (await as(customer.cookie).get(`/api/bookings/${bookingId}/safety`)).body as BookingSafetyView;
      expect(afterResolve.alarms.find((alarm) => alarm.id === fromCustomer.body.id)).toMatchObject({
        state: "resolved",
        outcome: "handled_by_team",
        note: "The team moved the principal inside. No injuries.",
      });
      const audit = await test.db.selectFrom("audit_log").select("action").where("subject_id", "=", bookingId).execute();
      expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(["alarm.raise", "alarm.acknowledge", "alarm.resolve"]));

      // Once completed, the window is shut again, the principal's link with it.
      clock.set(new Date(Date.parse(clock.now().toISOString()) + 3 * hourMs));
      expect((await markStatus(lead, leadAssignment.id, "on_duty")).status).toBe(200);
      expect((await markStatus(lead, leadAssignment.id, "completed")).status).toBe(200);
      expect((await as(customer.cookie).post(`/api/bookings/${bookingId}/alarms`, {})).status).toBe(409);
      expect((await as(member.cookie).post(`/api/operative/duty/assignments/${memberAssignment.id}/alarms`, {})).status).toBe(409);
      expect((await anonymous.post(`/api/principal/${token}/alarms`, {})).status).toBe(404);
    } finally {
      clock.set(start);
    }
  });

  it("climbs the escalation ladder when nobody acknowledges: each step once, even with two processes, until acknowledged", async () => {
    const { bookingId, lead, leadAssignment } = await staffedBooking(40);
    const onCall = [
      await createSignedInUser(test, { role: "operator", fullName: "Olle Operator", phoneNumber: "+46 70 100 00 01" }),
      await createSignedInUser(test, { role: "operator", fullName: "Siv Sjöberg", phoneNumber: "+46 70 100 00 02", language: "sv" }),
      await createStaff(test, "admin"),
    ];
    const devices = [await subscribeToPush(onCall[0]?.cookie ?? ""), await subscribeToPush(onCall[1]?.cookie ?? "")];
    expect(
      (await as(operator.cookie).put("/api/admin/on-call", { userIds: onCall.slice(0, 2).map((member) => member.user.id) })).status,
    ).toBe(400);
    expect((await as(operator.cookie).put("/api/admin/on-call", { userIds: onCall.map((member) => member.user.id) })).status).toBe(200);
    const second = openDatabase({
      databaseUrl: test.deps.env.databaseUrl,
      dataDirectory: test.deps.env.dataDirectory,
      timeouts: test.deps.env.databaseTimeouts,
    });
    try {
      expect((await markStatus(lead, leadAssignment.id, "on_the_way")).status).toBe(200);
      const raisedAt = clock.now().getTime();
      const raised = await as(customer.cookie).post(`/api/bookings/${bookingId}/alarms`, {});
      expect(raised.status).toBe(201);
      const alarmId = String(raised.body.id);
      const steps = () => test.db.selectFrom("alarm_escalations").selectAll().where("alarm_id", "=", alarmId).orderBy("level").execute();
      // Alarms of the other tests climb their own ladders on the same clock: count this booking's notices.
      const reference = bookingId.slice(0, 8).toUpperCase();
      const noticesTo = async (email: string) =>
        (await queuedMails(test, email, "notification")).filter((mail) => mail.subject.includes(reference)).length;
      const channelsTold = async (userId: string) =>
        (
          await test.db
            .selectFrom("notification_deliveries")
            .innerJoin("notifications", "notifications.id", "notification_deliveries.notification_id")
            .select(["notification_deliveries.channel", "notifications.urgency"])
            .where("notifications.user_id", "=", userId)
            .where("notifications.booking_id", "=", bookingId)
            .where("notifications.kind", "=", "alarm")
            .execute()
        )
          .map((row) => `${row.channel} ${row.urgency}`)
          .sort();

      clock.set(new Date(raisedAt + 59_000));
      await runJobs();
      expect(await steps()).toEqual([]);

      // Two processes poll at the same time once the step is due: one notifies, once.
      clock.set(new Date(raisedAt + 61_000));
      await Promise.all([runJobs(), runJobs({ ...test.deps, database: second })]);
      expect((await steps()).map((step) => [Number(step.level), JSON.parse(step.recipients) as string[]])).toEqual([
        [1, ["Olle Operator"]],
      ]);
      // The first on-call person is told once on every channel: e-mail, push and SMS.
      expect(await channelsTold(onCall[0]?.user.id ?? "")).toEqual(["email urgent", "push urgent", "sms urgent"]);
      expect(await noticesTo(onCall[0]?.user.email ?? "")).toBe(1);
      expect(pushesTo(devices[0]?.clientHash ?? "", reference)).toEqual([
        expect.objectContaining({
          title: `ALARM not acknowledged: booking ${reference} (level 1)`,
          url: `${test.deps.env.appUrl}/admin/alarms`,
        }),
      ]);
      expect(textsTo("+46701000001", reference)).toHaveLength(1);
      expect(await noticesTo(onCall[1]?.user.email ?? "")).toBe(0);
      expect(pushesTo(devices[1]?.clientHash ?? "", reference)).toHaveLength(0);
      const mail = (await queuedMails(test, onCall[0]?.user.email ?? "", "notification")).find((entry) =>
        entry.subject.includes(reference),
      );
      expect(mail?.subject).toBe(`ALARM not acknowledged: booking ${reference} (level 1)`);
      // The customer is named by role only: they may be the protected person.
      expect(mail?.text).toContain("The customer raised an alarm (SOS)");
      expect(`${mail?.text ?? ""} ${textsTo("+46701000001", reference)[0]?.message ?? ""}`).not.toMatch(/Astrid|Lindqvist|Falcon/);

      clock.set(new Date(raisedAt + 122_000));
      await Promise.all([runJobs(), runJobs({ ...test.deps, database: second })]);
      expect((await steps()).map((step) => Number(step.level))).toEqual([1, 2]);
      expect(await noticesTo(onCall[1]?.user.email ?? "")).toBe(1);
      expect(await channelsTold(onCall[1]?.user.id ?? "")).toEqual(["email urgent", "push urgent", "sms urgent"]);
      expect(pushesTo(devices[1]?.clientHash ?? "", reference).map((message) => message.title)).toEqual([
        `LARM inte kvitterat: bokning ${reference} (nivå 2)`,
      ]);
      expect(textsTo("+46701000002", reference).map((message) => message.message)).toEqual([
        expect.stringContaining("Kunden larmade (SOS)"),
      ]);
      expect(textsTo("+46701000001", reference)).toHaveLength(1);
      const audit = await test.db
        .selectFrom("audit_log")
        .select(["action", "created_at"])
        .where("subject_id", "=", bookingId)
        .where("action", "=", "alarm.escalate")
        .orderBy("created_at")
        .execute();
      expect(audit.map((row) => row.created_at)).toEqual([
        new Date(raisedAt + 61_000).toISOString(),
        new Date(raisedAt + 122_000).toISOString(),
      ]);

      // Acknowledged: the ladder stops, the third person is never called.
      expect((await as(operator.cookie).post(`/api/admin/alarms/${alarmId}/acknowledge`)).status).toBe(200);
      clock.set(new Date(raisedAt + 10 * 60_000));
      await runJobs();
      expect((await steps()).map((step) => Number(step.level))).toEqual([1, 2]);
      expect(await noticesTo(onCall[2]?.user.email ?? "")).toBe(0);
      const consoleView = ((await as(operator.cookie).get("/api/admin/alarms")).body.alarms as ConsoleAlarm[]).find(
        (alarm) => alarm.id === alarmId,
      );
      expect(consoleView?.escalations.map((step) => step.level)).toEqual([1, 2]);
    } finally {
      await second.close();
      clock.set(start);
    }
  });

  it("reminds the lead before a check-in is due and alerts when one is missed; a duress PIN looks like a check-in and raises a silent alarm", async () => {
    const { bookingId, lead, member, leadAssignment, memberAssignment } = await staffedBooking(50);
    const planUrl = `/api/admin/bookings/${bookingId}/check-in-plan`;
    expect((await as(customer.cookie).put(planUrl, { intervalMinutes: 30, graceMinutes: 5 })).status).toBe(403);
    expect((await as(operator.cookie).put(planUrl, { intervalMinutes: 30, graceMinutes: 5 })).status).toBe(200);
    const safetyUrl = `/api/operative/duty/assignments/${leadAssignment.id}/safety`;
    const checkInUrl = `/api/operative/duty/assignments/${leadAssignment.id}/check-ins`;
    try {
      expect((await as(lead.cookie).put("/api/operative/duty/pins", { pin: "2468", duressPin: "2468" })).status).toBe(400);
      expect((await as(lead.cookie).put("/api/operative/duty/pins", { pin: "2468", duressPin: "1357" })).status).toBe(200);
      // Before on the way, no check-in.
      expect((await as(lead.cookie).post(checkInUrl, { pin: "2468" })).status).toBe(409);
      const onTheWay = clock.now().getTime();
      expect((await markStatus(lead, leadAssignment.id, "on_the_way")).status).toBe(200);
      const view = (await as(lead.cookie).get(safetyUrl)).body as unknown as { checkIn: CheckInView };
      expect(view.checkIn).toMatchObject({
        planned: true,
        intervalMinutes: 30,
        pinsSet: true,
        nextDueAt: new Date(onTheWay + 30 * 60_000).toISOString(),
      });
      // Only the lead checks in.
      expect(
        (await as(member.cookie).post(`/api/operative/duty/assignments/${memberAssignment.id}/check-ins`, { pin: "2468" })).status,
      ).toBe(403);
      expect((await as(lead.cookie).post(checkInUrl, { pin: "0000" })).status).toBe(400);

      await ensureRecurringJobs(test.db, clock);
      clock.set(new Date(onTheWay + 24 * 60_000));
      await runJobs();
      // The lead's mail holds their offer's notification too: count the check-in reminders.
      const remindersOf = async () =>
        (await queuedMails(test, lead.email, "notification")).filter((mail) => mail.subject.includes("Check-in"));
      expect(await remindersOf()).toHaveLength(0);
      // Quiet hours all day long: a check-in reminder is urgent and is sent at once all the same.
      const quiet = await test.db
        .updateTable("profiles")
        .set({ quiet_hours_start: 0, quiet_hours_end: 1439 })
        .where("id", "=", lead.userId)
        .executeTakeFirst();
      expect(Number(quiet.numUpdatedRows)).toBe(1);
      clock.set(new Date(onTheWay + 26 * 60_000));
      await runJobs();
      const reference = bookingId.slice(0, 8).toUpperCase();
      const reminders = await remindersOf();
      expect(reminders).toHaveLength(1);
      expect(reminders[0]?.subject).toContain(`Check-in due at`);
      expect(reminders[0]?.subject).toContain(reference);
      // On the phone the operators keep for duty, once.
      // (The team's offers went to the same phone.)
      expect(textsTo("+46701112233", reference).filter((message) => message.message.startsWith("Check-in due at"))).toHaveLength(1);
      clock.set(new Date(onTheWay + 34 * 60_000));
      await runJobs();
      const missedAlarms = () =>
        test.db.selectFrom("alarms").selectAll().where("booking_id", "=", bookingId).where("kind", "=", "missed_check_in").execute();
      expect(await missedAlarms()).toHaveLength(0);
      clock.set(new Date(onTheWay + 36 * 60_000));
      await runJobs();
      clock.set(new Date(onTheWay + 37 * 60_000));
      await runJobs();
      const missed = await missedAlarms();
      expect(missed).toHaveLength(1);
      expect(missed[0]).toMatchObject({ raised_by: "system", raised_by_name: "Maja", state: "open" });
      // The missed check-in climbs the same ladder: its first step a minute after it was raised.
      const ladder = await test.db
        .selectFrom("alarm_escalations")
        .selectAll()
        .where("alarm_id", "=", missed[0]?.id ?? "")
        .execute();
      expect(ladder.map((step) => [Number(step.level), step.notified_at])).toEqual([[1, new Date(onTheWay + 37 * 60_000).toISOString()]]);

      // A normal check-in and a duress check-in answer the same; only the console knows.
      const normal = await as(lead.cookie).post(checkInUrl, { pin: "2468" });
      expect(normal.status).toBe(201);
      clock.set(new Date(onTheWay + 40 * 60_000));
      const duress = await as(lead.cookie).post(checkInUrl, { pin: "1357", position: { latitude: 59.33, longitude: 18.07 } });
      expect(duress.status).toBe(201);
      expect(Object.keys(duress.body).sort()).toEqual(Object.keys(normal.body).sort());
      expect(duress.body).toMatchObject({
        lastCheckInAt: clock.now().toISOString(),
        nextDueAt: new Date(onTheWay + 70 * 60_000).toISOString(),
      });
      const consoleAlarms = (await as(operator.cookie).get("/api/admin/alarms")).body.alarms as ConsoleAlarm[];
      expect(consoleAlarms.find((alarm) => alarm.bookingId === bookingId && alarm.kind === "duress")).toMatchObject({
        raisedBy: "operative",
        state: "open",
        lastCheckInAt: clock.now().toISOString(),
      });
      // Neither the customer's page nor the operative's own phone shows it; its event names no booking.
      const customerView = (await as(customer.cookie).get(`/api/bookings/${bookingId}/safety`)).body as BookingSafetyView;
      expect(customerView.alarms.map((alarm) => alarm.kind)).not.toContain("duress");
      const leadView = (await as(lead.cookie).get(safetyUrl)).body as BookingSafetyView;
      expect(leadView.alarms).toEqual([]);
      const duressEvents = await test.db
        .selectFrom("events")
        .select(["booking_id", "payload"])
        .where("type", "=", "alarm.raised")
        .execute();
      expect(duressEvents.filter((event) => event.payload.includes('"duress"')).every((event) => event.booking_id === null)).toBe(true);
    } finally {
      clock.set(start);
    }
  });

  it("takes a shared position only in the active window, shows it on the live board, and deletes it after the retention", async () => {
    const { bookingId, lead, leadAssignment } = await staffedBooking(60);
    const positionUrl = `/api/operative/duty/assignments/${leadAssignment.id}/position`;
    const position = { latitude: 59.3293, longitude: 18.0686, accuracy: 20 };
    try {
      const refused = await as(lead.cookie).put(positionUrl, position);
      expect(refused.status).toBe(409);
      expect((refused.body.error as { reason?: string } | undefined)?.reason).toBe("outsideActiveWindow");
      expect((await markStatus(lead, leadAssignment.id, "on_the_way")).status).toBe(200);
      expect((await as(lead.cookie).put(positionUrl, position)).status).toBe(200);
      expect((await as(lead.cookie).put(positionUrl, { ...position, latitude: 59.33 })).status).toBe(200);
      const board = (await as(operator.cookie).get("/api/admin/live-board")).body as unknown as LiveBoard;
      const engagement = board.engagements.find((entry) => entry.bookingId === bookingId);
      // One row per operative: the newest position, never a trail.
      expect(engagement?.positions).toEqual([
        { firstName: "Maja", latitude: 59.33, longitude: 18.0686, accuracy: 20, at: clock.now().toISOString() },
      ]);
      expect((await as(customer.cookie).get("/api/admin/live-board")).status).toBe(403);

      const end = Date.parse(
        (await test.db.selectFrom("bookings").select("end_time").where("id", "=", bookingId).executeTakeFirstOrThrow()).end_time,
      );
      await ensureRecurringJobs(test.db, clock);
      clock.set(new Date(end + 23 * hourMs));
      await runJobs();
      expect(await test.db.selectFrom("shared_positions").select("user_id").where("booking_id", "=", bookingId).execute()).toHaveLength(1);
      clock.set(new Date(end + 24 * hourMs + 2 * hourMs));
      await runJobs();
      expect(await test.db.selectFrom("shared_positions").select("user_id").where("booking_id", "=", bookingId).execute()).toEqual([]);
    } finally {
      clock.set(start);
    }
  });

  it("records guard tour scans only with the app's own codes of the booking's site, alerts a missed checkpoint and shares the report", async () => {
    const { bookingId, lead, leadAssignment } = await staffedBooking(70);
    const site = await as(operator.cookie).post("/api/admin/tour-sites", {
      name: "Villa Solbacken",
      checkpoints: [
        { name: "Main gate", intervalMinutes: 30 },
        { name: "Boathouse", intervalMinutes: 60 },
      ],
    });
    expect(site.status).toBe(201);
    const other = await as(operator.cookie).post("/api/admin/tour-sites", {
      name: "Harbour office",
      checkpoints: [{ name: "Door", intervalMinutes: 30 }],
    });
    const siteId = String(site.body.id);
    expect((await as(customer.cookie).post("/api/admin/tour-sites", { name: "x", checkpoints: [] })).status).toBe(403);
    expect((await as(operator.cookie).put(`/api/admin/bookings/${bookingId}/tour`, { siteId })).status).toBe(200);
    // The printable sheet: a PDF with one QR code per checkpoint, its code in text beside it.
    const sheet = await test.app.request(`/api/admin/tour-sites/${siteId}/sheet.pdf?language=sv`, { headers: { cookie: operator.cookie } });
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await sheet.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const codeOf = async (id: string, position: number) => {
      const siteRow = await test.db.selectFrom("tour_sites").select("code").where("id", "=", id).executeTakeFirstOrThrow();
      const checkpoint = await test.db
        .selectFrom("tour_checkpoints")
        .select("code")
        .where("site_id", "=", id)
        .where("position", "=", position)
        .executeTakeFirstOrThrow();
      return checkpointCode(siteRow.code, checkpoint.code, test.deps.env.authSecret);
    };
    const gate = await codeOf(siteId, 1);
    const scanUrl = `/api/operative/duty/assignments/${leadAssignment.id}/scans`;
    try {
      // Outside the window, no scan.
      expect((await as(lead.cookie).post(scanUrl, { code: gate })).status).toBe(409);
      expect((await markStatus(lead, leadAssignment.id, "on_the_way")).status).toBe(200);
      const onTheWay = clock.now().getTime();
      // A forged signature, an altered checkpoint, and a genuine code of another site: all refused alike.
      const [prefix, checkpointPart, sitePart] = gate.split("-");
      const refusedCodes = [
        `${prefix}-${checkpointPart}-${sitePart}-${"A".repeat(16)}`,
        `${prefix}-${"ZZZZZZZZ"}-${sitePart}-${gate.slice(-16)}`,
        await codeOf(String(other.body.id), 1),
      ];
      for (const code of refusedCodes) {
        const refused = await as(lead.cookie).post(scanUrl, { code });
        expect(refused.status).toBe(400);
        expect((refused.body.error as { reason?: string } | undefined)?.reason).toBe("notACheckpointOfThisTour");
      }
      clock.set(new Date(onTheWay + 10 * 60_000));
      const scanned = await as(lead.cookie).post(scanUrl, {
        code: gate,
        deviceTime: new Date(onTheWay + 10 * 60_000 - 4000).toISOString(),
        position: { latitude: 59.3, longitude: 18.1 },
      });
      expect(scanned.status).toBe(201);
      expect(scanned.body.checkpoint).toBe("Main gate");
      // Not shared yet: the customer sees no report.
      expect((await as(customer.cookie).get(`/api/bookings/${bookingId}/tour`)).status).toBe(404);

      // The gate was scanned at 10 min, so due at 40 (+5 minutes of grace); the boathouse, never
      // scanned, at 60 from on the way (+5). Each raises one alarm once its grace has passed, once.
      await ensureRecurringJobs(test.db, clock);
      const missed = async () =>
        (
          await test.db
            .selectFrom("alarms")
            .selectAll()
            .where("booking_id", "=", bookingId)
            .where("kind", "=", "missed_checkpoint")
            .execute()
        )
          .map((alarm) => alarm.raised_by_name)
          .sort();
      clock.set(new Date(onTheWay + 44 * 60_000));
      await runJobs();
      expect(await missed()).toEqual([]);
      clock.set(new Date(onTheWay + 46 * 60_000));
      await runJobs();
      expect(await missed()).toEqual(["Main gate"]);
      clock.set(new Date(onTheWay + 64 * 60_000));
      await runJobs();
      expect(await missed()).toEqual(["Main gate"]);
      clock.set(new Date(onTheWay + 66 * 60_000));
      await runJobs();
      clock.set(new Date(onTheWay + 67 * 60_000));
      await runJobs();
      expect(await missed()).toEqual(["Boathouse", "Main gate"]);

      expect((await as(operator.cookie).post(`/api/admin/bookings/${bookingId}/tour/share`)).status).toBe(200);
      const report = await as(customer.cookie).get(`/api/bookings/${bookingId}/tour`);
      expect(report.status).toBe(200);
      expect(report.body).toMatchObject({
        siteName: "Villa Solbacken",
        shared: true,
        checkpoints: [
          { name: "Main gate", scans: [{ operative: "Maja", serverTime: new Date(onTheWay + 10 * 60_000).toISOString() }] },
          { name: "Boathouse", scans: [] },
        ],
      });
      expect((await as(stranger.cookie).get(`/api/bookings/${bookingId}/tour`)).status).toBe(404);
    } finally {
      clock.set(start);
    }
  });

  it("keeps an operative without two-factor sign-in out of the on-duty routes", async () => {
    const noTwoFactor = await inviteAndSignIn(test, operator.cookie, await createOperative(test, operator.cookie, { name: "Nils Ek" }), {
      twoFactor: false,
    });
    const refused = await as(noTwoFactor.cookie).put("/api/operative/duty/pins", { pin: "1111", duressPin: "2222" });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe("two_factor_required");
  });
});

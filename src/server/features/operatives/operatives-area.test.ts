import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays } from "../../../shared/time.ts";
import type { AdminBookingDetail, AssignmentView, BookingQueuePage, OperativeEligibility } from "../../../shared/operator.ts";
import type { AssignmentBrief, BoardWeek, MyAssignment } from "../../../shared/operatives.ts";
import type { CustomerBooking } from "../../../shared/customer-bookings.ts";
import { operatorToday } from "../../../shared/time.ts";
import { manualClock } from "../../clock.ts";
import { startJobWorker } from "../../jobs/worker.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { auditActions, createStaff, insertBooking } from "../../test-support/operator.ts";
import { createOperative, inviteAndSignIn, type SignedInOperative } from "../../test-support/operatives.ts";
import { latestQueuedMail } from "../../test-support/queued-mail.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// The operatives' side (docs/operatives.md) through the API, on a clock the test moves by hand:
// invitation through Better Auth with two-factor required (ADR 160); offers answered before their
// deadline and released by a job after it (ADR 161); the rest-time refusal (ADR 162); the lead's
// status in order and by the lead only, moving the booking through the state machine (ADR 163);
// the brief only from acceptance until 24 hours after the end (ADR 164); incident reports the
// customer sees only once shared (ADR 165); the customer's rating once completed.

const hourMs = 3_600_000;
const start = new Date();
const today = operatorToday(start);
const inDays = (days: number) => addDays(today, days);

describeEachEngine("the operatives' side", (engine) => {
  let test: TestApp;
  const clock = manualClock(start);
  let operator: { cookie: string; user: { id: string } };
  let customer: { cookie: string; user: { id: string; email: string } };
  const as = (cookie: string) => ({
    get: (url: string) => test.request("GET", url, { headers: { cookie } }),
    post: (url: string, body: unknown = {}) => test.request("POST", url, { body, headers: { cookie } }),
  });
  const operatorApi = () => as(operator.cookie);
  const customerApi = () => as(customer.cookie);
  const assign = (bookingId: string, operatives: { operativeId: string; lead?: boolean }[]) =>
    operatorApi().post(`/api/admin/bookings/${bookingId}/assignments`, { operatives });
  const myAssignmentOf = async (who: SignedInOperative, bookingId: string) => {
    const response = await as(who.cookie).get("/api/operative/assignments");
    expect(response.status).toBe(200);
    const found = (response.body.assignments as MyAssignment[]).find((entry) => entry.bookingId === bookingId);
    if (!found) throw new Error("assignment not listed");
    return found;
  };
  const team = async (bookingId: string) => {
    const response = await customerApi().get(`/api/bookings/${bookingId}`);
    expect(response.status).toBe(200);
    return response.body as unknown as CustomerBooking;
  };
  const detail = async (bookingId: string) =>
    (await operatorApi().get(`/api/admin/bookings/${bookingId}`)).body as unknown as AdminBookingDetail;
  const runJobs = async () => {
    const worker = startJobWorker(test.deps, {
      pollIntervalMs: 60_000,
      batchSize: 100,
      clock,
      bookingLifecycle: test.services.bookingLifecycle,
    });
    await worker.runOnce();
    await worker.stop();
  };
  /** A signed-in operative with a fresh roster row. */
  const newOperative = async (name: string, overrides: Parameters<typeof createOperative>[2] = {}) =>
    inviteAndSignIn(test, operator.cookie, await createOperative(test, operator.cookie, { name, ...overrides }));

  beforeAll(async () => {
    test = await createTestApp(engine, {}, { clock });
    operator = await createStaff(test, "operator");
    customer = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  it("invites an operative by e-mail: a Better Auth password link, the operative role, and two-factor required", async () => {
    const operative = await createOperative(test, operator.cookie, { name: "Karin Holm" });
    const invited = await inviteAndSignIn(test, operator.cookie, operative, { twoFactor: false, language: "sv" });
    const mail = await latestQueuedMail(test, invited.email, "operative-invitation");
    expect(mail.subject).toBe("Din inbjudan till Nordic Shield");
    const role = await test.db.selectFrom("users").select("role").where("id", "=", invited.userId).executeTakeFirstOrThrow();
    expect(role.role).toBe("operative");
    const refused = await as(invited.cookie).get("/api/operative/assignments");
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe("two_factor_required");
    // A customer never reaches the operative area; an operative never reaches the console.
    expect((await customerApi().get("/api/operative/assignments")).status).toBe(403);
    expect((await as(invited.cookie).get("/api/admin/bookings")).status).toBe(403);
    // An existing customer's address is not taken over by an invitation.
    const other = await createOperative(test, operator.cookie, { name: "Per Lund" });
    const taken = await operatorApi().post(`/api/admin/operatives/${other.id}/invite`, { email: customer.user.email, language: "en" });
    expect(taken.status).toBe(409);
    expect(taken.body.error?.code).toBe("account_exists");
    expect(await auditActions(test, operative.id)).toEqual(["operative.create", "operative.invite"]);
  });

  it("offers assignments that the operatives accept or decline with a reason; the customer sees the team once the lead accepts", async () => {
    const lead = await newOperative("Johan Berg", { phone: "+46 70 111 22 33" });
    const second = await newOperative("Lisa Ström");
    const booking = await insertBooking(test, { userId: customer.user.id, startDate: inDays(20), endDate: inDays(21) });
    const assigned = await assign(booking, [{ operativeId: lead.operative.id, lead: true }, { operativeId: second.operative.id }]);
    expect(assigned.status).toBe(201);
    const views = assigned.body.assignments as AssignmentView[];
    expect(views.map((view) => [view.name, view.state, view.lead])).toEqual([
      ["Johan Berg", "offered", true],
      ["Lisa Ström", "offered", false],
    ]);
    // Default deadline: 24 hours before the start.
    const startTime = (await test.db.selectFrom("bookings").select("start_time").where("id", "=", booking).executeTakeFirstOrThrow())
      .start_time;
    expect(views[0]?.respondBy).toBe(new Date(Date.parse(startTime) - 24 * hourMs).toISOString());
    // ADR 265: each operative is told of the offer, with the deadline to answer, on their channels.
    const offers = await test.db
      .selectFrom("notifications")
      .innerJoin("notification_deliveries", "notification_deliveries.notification_id", "notifications.id")
      .select(["notifications.user_id", "notifications.data", "notification_deliveries.channel"])
      .where("notifications.booking_id", "=", booking)
      .where("notifications.kind", "=", "offer-made")
      .execute();
    expect(new Set(offers.map((offer) => offer.user_id))).toEqual(new Set([lead.userId, second.userId]));
    expect(offers.every((offer) => (JSON.parse(offer.data) as { respondBy?: string }).respondBy === views[0]?.respondBy)).toBe(true);
    // The roster's phones are Swedish mobiles, but no SMS provider is configured here: e-mail only.
    expect(offers.map((offer) => offer.channel)).toEqual(["email", "email"]);
    expect((await operatorApi().post(`/api/admin/bookings/${booking}/confirm`, {})).status).toBe(200);
    expect((await team(booking)).team).toMatchObject({ confirmed: false, lead: null });

    const leadAssignment = await myAssignmentOf(lead, booking);
    expect(leadAssignment).toMatchObject({ state: "offered", lead: true, briefOpen: false });
    // Someone else's assignment does not exist for an operative.
    expect((await as(second.cookie).post(`/api/operative/assignments/${leadAssignment.id}/accept`)).status).toBe(404);
    expect((await as(lead.cookie).post(`/api/operative/assignments/${leadAssignment.id}/accept`)).status).toBe(200);
    expect((await as(lead.cookie).post(`/api/operative/assignments/${leadAssignment.id}/accept`)).status).toBe(409);

    const customerView = await team(booking);
    expect(customerView.team).toMatchObject({ confirmed: true, lead: { firstName: "Johan", phone: "+46 70 111 22 33", photoUrl: null } });
    expect(customerView.lead?.firstName).toBe("Johan");

    const secondAssignment = await myAssignmentOf(second, booking);
    const noReason = await as(second.cookie).post(`/api/operative/assignments/${secondAssignment.id}/decline`, { reason: " " });
    expect(noReason.status).toBe(400);
    expect(
      (await as(second.cookie).post(`/api/operative/assignments/${secondAssignment.id}/decline`, { reason: "Abroad that week" })).status,
    ).toBe(200);

    // Two guards booked, one accepted: not fully staffed.
    const console = await detail(booking);
    expect(console.acceptedCount).toBe(1);
    expect(console.guardCount).toBe(2);
    expect(console.assignments.find((view) => view.name === "Lisa Ström")).toMatchObject({
      state: "declined",
      declineReason: "Abroad that week",
    });
    const actions = await auditActions(test, booking);
    expect(actions).toEqual(expect.arrayContaining(["booking.assign", "assignment.accept", "assignment.decline"]));
  });

  it("releases an offer not answered by its deadline and mails the operators, through the job queue", async () => {
    const late = await newOperative("Nils Ek");
    const booking = await insertBooking(test, { userId: customer.user.id, startDate: inDays(5), status: "confirmed" });
    expect((await assign(booking, [{ operativeId: late.operative.id, lead: true }])).status).toBe(201);
    const offer = await myAssignmentOf(late, booking);
    const deadline = Date.parse(offer.respondBy ?? "");
    try {
      // Just before the deadline the job is not due and nothing changes.
      clock.set(new Date(deadline - 60_000));
      await runJobs();
      expect((await myAssignmentOf(late, booking)).state).toBe("offered");
      clock.set(new Date(deadline + 1000));
      await runJobs();
      expect((await myAssignmentOf(late, booking)).state).toBe("released");
      const refused = await as(late.cookie).post(`/api/operative/assignments/${offer.id}/accept`);
      expect(refused.status).toBe(409);
      const alert = await latestQueuedMail(test, (await operatorEmail()) ?? "", "assignment-released");
      expect(alert.subject).toContain("Nils Ek did not answer");
      expect(await auditActions(test, booking)).toContain("assignment.release");
    } finally {
      clock.set(start);
    }
  });
  const startTimeOf = async (bookingId: string) =>
    (await test.db.selectFrom("bookings").select("start_time").where("id", "=", bookingId).executeTakeFirst())?.start_time;
  const operatorEmail = async () =>
    (await test.db.selectFrom("users").select("email").where("id", "=", operator.user.id).executeTakeFirst())?.email;

  it("refuses an assignment that leaves less than the minimum rest after another, and marks who cannot take a booking", async () => {
    const rested = await newOperative("Sara Vik");
    const first = await insertBooking(test, { userId: customer.user.id, startDate: inDays(40), status: "confirmed" });
    const nextDay = await insertBooking(test, { userId: customer.user.id, startDate: inDays(41), status: "confirmed" });
    const dayAfter = await insertBooking(test, { userId: customer.user.id, startDate: inDays(42), status: "confirmed" });
    expect((await assign(first, [{ operativeId: rested.operative.id }])).status).toBe(201);
    const eligibility = (await operatorApi().get(`/api/admin/bookings/${nextDay}/eligibility`)).body.operatives as OperativeEligibility[];
    expect(eligibility.find((entry) => entry.operativeId === rested.operative.id)).toMatchObject({
      eligible: false,
      refusal: "rest_time",
      restHours: 0,
      otherStartDate: inDays(40),
    });
    const refused = await assign(nextDay, [{ operativeId: rested.operative.id }]);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "assignment_refused", fields: { refusal: "rest_time", requiredRestHours: "11" } });
    expect((await detail(nextDay)).assignments).toEqual([]);
    // A whole day between the two: more than 11 hours of rest.
    expect((await assign(dayAfter, [{ operativeId: rested.operative.id }])).status).toBe(201);
  });

  it("shows the brief from acceptance until 24 hours after the end, to the booking's own operatives only", async () => {
    const guard = await newOperative("Erik Dahl");
    const outsider = await newOperative("Olof Sand");
    await test.db
      .insertInto("emergency_contacts")
      .values({
        id: crypto.randomUUID(),
        user_id: customer.user.id,
        name: "Karin Lindqvist",
        phone: "+46 70 765 43 21",
        email: "",
        created_at: start.toISOString(),
        updated_at: start.toISOString(),
      })
      .execute();
    const booking = await insertBooking(test, { userId: customer.user.id, startDate: inDays(3), endDate: inDays(4), status: "confirmed" });
    await test.db.updateTable("bookings").set({ customer_note: "Side entrance after 22:00." }).where("id", "=", booking).execute();
    expect((await assign(booking, [{ operativeId: guard.operative.id, lead: true }])).status).toBe(201);
    const offer = await myAssignmentOf(guard, booking);
    // The list names the booking by its services (each of them), so the operative reads them in their language.
    expect(offer.serviceIds).toEqual(["svc-residential"]);
    const briefUrl = `/api/operative/assignments/${offer.id}/brief`;
    // Before acceptance: no brief.
    expect((await as(guard.cookie).get(briefUrl)).status).toBe(404);
    expect((await as(guard.cookie).post(`/api/operative/assignments/${offer.id}/accept`)).status).toBe(200);
    const brief = (await as(guard.cookie).get(briefUrl)).body as unknown as AssignmentBrief;
    expect(brief).toMatchObject({
      place: "Stockholm, Sweden",
      customerNote: "Side entrance after 22:00.",
      emergencyContacts: [{ name: "Karin Lindqvist", phone: "+46 70 765 43 21" }],
      team: [{ firstName: "Erik", lead: true, state: "accepted" }],
      principal: null,
      meetingPoint: null,
      services: [{ serviceId: "svc-residential", guards: 2, days: 2 }],
    });
    expect(brief.assignment.serviceIds).toEqual(["svc-residential"]);
    // The brief names no customer e-mail or address.
    expect(JSON.stringify(brief)).not.toContain(customer.user.email);
    // Another operative gets nothing, not even that it exists.
    expect((await as(outsider.cookie).get(briefUrl)).status).toBe(404);
    // ADR 269: the arrival phrase appears an hour before the start, the same one the customer gets.
    expect(brief.arrivalPhrase).toBeNull();
    const end = Date.parse(brief.endTime);
    try {
      clock.set(new Date(Date.parse(brief.startTime) - hourMs - 1000));
      expect(((await as(guard.cookie).get(briefUrl)).body as unknown as AssignmentBrief).arrivalPhrase).toBeNull();
      clock.set(new Date(Date.parse(brief.startTime) - hourMs));
      const phrase = ((await as(guard.cookie).get(briefUrl)).body as unknown as AssignmentBrief).arrivalPhrase;
      expect(phrase).toMatch(/^\S+ \S+ \d{2}$/);
      const told = await test.request("GET", `/api/notifications/arrival/${booking}`, { headers: { cookie: customer.cookie } });
      expect(told.body).toMatchObject({ contactName: "Erik", phrase });
      clock.set(new Date(end - hourMs));
      expect((await as(guard.cookie).get(briefUrl)).status).toBe(200);
      clock.set(new Date(end + 23 * hourMs));
      expect((await as(guard.cookie).get(briefUrl)).status).toBe(200);
      clock.set(new Date(end + 24 * hourMs + 1000));
      expect((await as(guard.cookie).get(briefUrl)).status).toBe(404);
      expect((await myAssignmentOf(guard, booking)).briefOpen).toBe(false);
    } finally {
      clock.set(start);
    }
  });

  it("lets only the lead mark on the way, on duty and completed, once each and in order, moving the booking", async () => {
    const lead = await newOperative("Maja Berg");
    const member = await newOperative("Ali Nur");
    const booking = await insertBooking(test, { userId: customer.user.id, startDate: inDays(60), status: "confirmed" });
    expect((await assign(booking, [{ operativeId: lead.operative.id, lead: true }, { operativeId: member.operative.id }])).status).toBe(
      201,
    );
    const leadOffer = await myAssignmentOf(lead, booking);
    const memberOffer = await myAssignmentOf(member, booking);
    await as(lead.cookie).post(`/api/operative/assignments/${leadOffer.id}/accept`);
    await as(member.cookie).post(`/api/operative/assignments/${memberOffer.id}/accept`);
    const mark = (who: SignedInOperative, id: string, status: string) =>
      as(who.cookie).post(`/api/operative/assignments/${id}/status`, { status });
    // ADR 218: the steps open by the booking's times; here from three hours before its start.
    const bookingStart = Date.parse((await startTimeOf(booking)) ?? "");
    const onTheWayAt = new Date(bookingStart - 3 * hourMs);
    clock.set(onTheWayAt);
    try {
      const notLead = await mark(member, memberOffer.id, "on_the_way");
      expect(notLead.status).toBe(403);
      const outOfOrder = await mark(lead, leadOffer.id, "on_duty");
      expect(outOfOrder.status).toBe(409);
      expect((await mark(lead, leadOffer.id, "on_the_way")).status).toBe(200);
      expect((await mark(lead, leadOffer.id, "on_the_way")).status).toBe(409);
      expect((await team(booking)).team?.progress.onTheWayAt).toBe(onTheWayAt.toISOString());
      expect((await team(booking)).status).toBe("confirmed");
      clock.set(new Date(bookingStart));
      expect((await mark(lead, leadOffer.id, "on_duty")).status).toBe(200);
      expect((await team(booking)).status).toBe("in_progress");
      expect((await mark(lead, leadOffer.id, "completed")).status).toBe(200);
      const finished = await team(booking);
      expect(finished.status).toBe("completed");
      expect(finished.team?.progress).toMatchObject({ onDutyAt: new Date(bookingStart).toISOString() });
      expect((await mark(lead, leadOffer.id, "completed")).status).toBe(409);
    } finally {
      clock.set(start);
    }
    // The state machine's own audit rows, taken by the lead, and the events the customer's page hears.
    const moves = await test.db.selectFrom("audit_log").select(["action", "actor_user_id"]).where("subject_id", "=", booking).execute();
    expect(moves.filter((row) => row.action === "booking.start" || row.action === "booking.complete")).toEqual([
      { action: "booking.start", actor_user_id: lead.userId },
      { action: "booking.complete", actor_user_id: lead.userId },
    ]);
    const events = await test.db.selectFrom("events").select(["type", "payload"]).where("booking_id", "=", booking).orderBy("id").execute();
    expect(
      events.filter((event) => event.type === "booking.progress").map((event) => (JSON.parse(event.payload) as { status: string }).status),
    ).toEqual(["on_the_way", "on_duty", "completed"]);

    // Incidents: the customer sees one only after an operator shares it; a red one mails the operators.
    const amber = await as(lead.cookie).post(`/api/operative/assignments/${leadOffer.id}/incidents`, {
      occurredAt: start.toISOString(),
      severity: "amber",
      text: "A photographer followed the car.",
    });
    expect(amber.status).toBe(201);
    expect(
      (
        await as(member.cookie).post(`/api/operative/assignments/${memberOffer.id}/incidents`, {
          occurredAt: start.toISOString(),
          severity: "green",
          text: "x",
        })
      ).status,
    ).toBe(403);
    expect((await team(booking)).sharedIncidents).toEqual([]);
    const red = await as(lead.cookie).post(`/api/operative/assignments/${leadOffer.id}/incidents`, {
      occurredAt: start.toISOString(),
      severity: "red",
      text: "Someone tried the back door.",
    });
    expect(red.status).toBe(201);
    const alert = await latestQueuedMail(test, (await operatorEmail()) ?? "", "incident-alert");
    expect(alert.text).toContain("Someone tried the back door.");
    // A red report mails every operator: one account files at most 20 an hour (rate-limit table).
    const file = () =>
      as(lead.cookie).post(`/api/operative/assignments/${leadOffer.id}/incidents`, {
        occurredAt: start.toISOString(),
        severity: "green",
        text: "Quiet evening.",
      });
    for (let report = 3; report <= 20; report += 1) expect((await file()).status).toBe(201);
    const flooded = await file();
    expect(flooded.status).toBe(429);
    expect(flooded.body.error?.code).toBe("rate_limited");
    expect((await operatorApi().post(`/api/admin/incidents/${String(amber.body.id)}/review`, { share: true })).status).toBe(200);
    expect((await team(booking)).sharedIncidents).toEqual([
      { id: amber.body.id, occurredAt: start.toISOString(), severity: "amber", text: "A photographer followed the car." },
    ]);

    // Rating: once completed, once only; operators see it per booking and per operative.
    expect((await customerApi().post(`/api/bookings/${booking}/rating`, { stars: 6 })).status).toBe(400);
    expect((await customerApi().post(`/api/bookings/${booking}/rating`, { stars: 5, comment: "Calm and punctual." })).status).toBe(201);
    // ADR 211: the refusal names its reason, which the web client words in the visitor's language.
    const again = await customerApi().post(`/api/bookings/${booking}/rating`, { stars: 1 });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: "invalid_transition",
      message: "This booking is already rated.",
      reason: "bookingAlreadyRated",
    });
    expect((await detail(booking)).rating).toMatchObject({ stars: 5, comment: "Calm and punctual." });
    const perOperative = await operatorApi().get(`/api/admin/operatives/${lead.operative.id}/ratings`);
    expect(perOperative.body).toMatchObject({ average: 5, count: 1 });
  });

  /** 'YYYY-MM-DD HH:MM', Stockholm time, as the refusals write it. */
  const stockholm = (instant: number) =>
    new Date(instant).toLocaleString("sv-SE", {
      timeZone: "Europe/Stockholm",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });

  it("lets the lead mark each step only from the booking's times, through the state machine, and says from when", async () => {
    const lead = await newOperative("Vera Lind");
    const booking = await insertBooking(test, { userId: customer.user.id, startDate: inDays(10), status: "confirmed" });
    expect((await assign(booking, [{ operativeId: lead.operative.id, lead: true }])).status).toBe(201);
    const offer = await myAssignmentOf(lead, booking);
    expect((await as(lead.cookie).post(`/api/operative/assignments/${offer.id}/accept`)).status).toBe(200);
    const startTime = (await startTimeOf(booking)) ?? "";
    const bookingStart = Date.parse(startTime);
    const mark = (status: string) => as(lead.cookie).post(`/api/operative/assignments/${offer.id}/status`, { status });

    // The screen learns from when each step opens: 3 hours, 30 minutes and 0 before the start (the defaults).
    expect(await myAssignmentOf(lead, booking)).toMatchObject({
      startTime,
      stepsOpenAt: {
        on_the_way: new Date(bookingStart - 3 * hourMs).toISOString(),
        on_duty: new Date(bookingStart - 30 * 60_000).toISOString(),
        completed: new Date(bookingStart).toISOString(),
      },
    });
    // Ten days early, the day of the acceptance: refused in plain words, and nothing changes.
    const early = await mark("on_the_way");
    expect(early.status).toBe(409);
    expect(early.body.error).toEqual({
      code: "too_early",
      reason: "onTheWayFrom",
      message: `“On the way” can be marked from ${stockholm(bookingStart - 3 * hourMs)} (Stockholm time), 3 h before the start.`,
      values: { time: stockholm(bookingStart - 3 * hourMs), early: "3 h" },
    });
    expect((await team(booking)).team?.progress.onTheWayAt).toBeNull();
    try {
      clock.set(new Date(bookingStart - 3 * hourMs - 60_000));
      expect((await mark("on_the_way")).status).toBe(409);
      clock.set(new Date(bookingStart - 3 * hourMs));
      expect((await mark("on_the_way")).status).toBe(200);
      const onDutyEarly = await mark("on_duty");
      expect(onDutyEarly.status).toBe(409);
      expect(onDutyEarly.body.error).toMatchObject({ code: "too_early", reason: "onDutyFrom" });
      expect((await team(booking)).status).toBe("confirmed");

      clock.set(new Date(bookingStart - 30 * 60_000));
      expect((await mark("on_duty")).status).toBe(200);
      expect((await team(booking)).status).toBe("in_progress");
      // Completed waits for the start: the customer's booking stays cancellable by the rules until then.
      const completedEarly = await mark("completed");
      expect(completedEarly.status).toBe(409);
      expect(completedEarly.body.error).toMatchObject({
        code: "too_early",
        reason: "completedFrom",
        values: { time: stockholm(bookingStart) },
      });
      // The state machine itself refuses the lead's completion before the start.
      await expect(
        test.services.bookingLifecycle.transition({
          bookingId: booking,
          transition: "complete",
          actor: { kind: "user", id: lead.userId, role: "operative" },
          now: clock.now(),
        }),
      ).rejects.toMatchObject({ reason: "too_early", opensAt: new Date(bookingStart) });
      expect((await team(booking)).status).toBe("in_progress");

      clock.set(new Date(bookingStart));
      expect((await mark("completed")).status).toBe(200);
      expect((await team(booking)).status).toBe("completed");
    } finally {
      clock.set(start);
    }
  });

  it("takes incident reports from the booking's start, and says from when before it", async () => {
    const lead = await newOperative("Hugo Falk");
    const booking = await insertBooking(test, { userId: customer.user.id, startDate: inDays(12), status: "confirmed" });
    expect((await assign(booking, [{ operativeId: lead.operative.id, lead: true }])).status).toBe(201);
    const offer = await myAssignmentOf(lead, booking);
    expect((await as(lead.cookie).post(`/api/operative/assignments/${offer.id}/accept`)).status).toBe(200);
    const startTime = (await startTimeOf(booking)) ?? "";
    const bookingStart = Date.parse(startTime);
    expect((await myAssignmentOf(lead, booking)).incidentsOpenAt).toBe(new Date(bookingStart).toISOString());
    const report = () =>
      as(lead.cookie).post(`/api/operative/assignments/${offer.id}/incidents`, {
        occurredAt: clock.now().toISOString(),
        severity: "green",
        text: "Route checked.",
      });
    const early = await report();
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({
      code: "too_early",
      reason: "incidentsFrom",
      message: `Incidents are reported during or after the service: from ${stockholm(bookingStart)} (Stockholm time).`,
    });
    try {
      // At the start, before the scheduled job has moved the booking and without an on-duty mark.
      clock.set(new Date(bookingStart));
      expect((await team(booking)).status).toBe("confirmed");
      expect((await report()).status).toBe(201);
    } finally {
      clock.set(start);
    }
  });

  it("shows an operative its own roster record and licence, and no one else's", async () => {
    const own = await newOperative("Ida Norn", { licenceExpiresOn: inDays(20) });
    const record = await as(own.cookie).get("/api/operative/me");
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({ name: "Ida Norn", licenceExpiresOn: inDays(20), licenceExpiringSoon: true });
    expect((await customerApi().get("/api/operative/me")).status).toBe(403);
  });

  it("refuses a rating before the booking is completed", async () => {
    const booking = await insertBooking(test, { userId: customer.user.id, startDate: inDays(70), status: "confirmed" });
    const refused = await customerApi().post(`/api/bookings/${booking}/rating`, { stars: 4 });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ message: "A booking can be rated once it is completed.", reason: "ratingAfterCompletion" });
    expect(await test.countRows("booking_ratings")).toBe(1);
  });

  it("keeps the operator's records: a cancel needs a reason, the audit log filters, the queue sorts by start", async () => {
    const soon = await insertBooking(test, {
      userId: customer.user.id,
      startDate: inDays(2),
      createdAt: new Date(start.getTime() - 2 * hourMs).toISOString(),
    });
    const later = await insertBooking(test, {
      userId: customer.user.id,
      startDate: inDays(90),
      createdAt: new Date(start.getTime() - 3 * hourMs).toISOString(),
    });
    expect((await operatorApi().post(`/api/admin/bookings/${later}/cancel`, {})).status).toBe(400);
    expect((await operatorApi().post(`/api/admin/bookings/${later}/cancel`, { reason: "The customer called to cancel." })).status).toBe(
      200,
    );
    expect((await detail(later)).cancelReason).toBe("The customer called to cancel.");

    const byStart = (await operatorApi().get("/api/admin/bookings?status=pending&sort=start")).body as unknown as BookingQueuePage;
    const starts = byStart.bookings.map((booking) => booking.startDate);
    expect(starts).toEqual([...starts].sort());
    expect(byStart.bookings[0]?.id).toBe(soon);

    const log = await operatorApi().get(`/api/admin/audit?actor=${operator.user.id}&kind=booking&from=${today}&to=${today}`);
    expect(log.status).toBe(200);
    const entries = log.body.entries as { action: string; actorUserId: string; subjectType: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.actorUserId === operator.user.id && entry.subjectType === "booking")).toBe(true);
    expect(entries[0]?.action).toBe("booking.cancel");
    const operativesLog = (await operatorApi().get("/api/admin/audit?kind=operative")).body.entries as { action: string }[];
    expect(operativesLog.map((entry) => entry.action)).toContain("operative.invite");
    expect((await operatorApi().get(`/api/admin/audit?from=${inDays(400)}`)).body.entries).toEqual([]);
    expect((await operatorApi().get("/api/admin/audit?from=2026-02-30")).status).toBe(400);
  });

  it("keeps old and new totals of a price adjustment in the history", async () => {
    const booking = await insertBooking(test, { userId: customer.user.id, startDate: inDays(80), priceCents: 199_600 });
    expect((await operatorApi().post(`/api/admin/bookings/${booking}/confirm`, { adjustedTotal: 1500 })).status).toBe(200);
    const confirm = (await detail(booking)).audit.find((entry) => entry.action === "booking.confirm");
    expect(confirm).toMatchObject({ before: { price: 199_600 }, after: { price: 150_000 } });
  });

  it("shows the week's board: operatives × days, states, short-staffed bookings and licences running out", async () => {
    const soonExpiring = await createOperative(test, operator.cookie, { name: "Board Kvist", licenceExpiresOn: inDays(140) });
    const booking = await insertBooking(test, {
      userId: customer.user.id,
      startDate: inDays(100),
      endDate: inDays(101),
      status: "confirmed",
    });
    expect((await assign(booking, [{ operativeId: soonExpiring.id }])).status).toBe(201);
    const board = await operatorApi().get(`/api/admin/board?week=${inDays(100)}`);
    expect(board.status).toBe(200);
    const week = board.body as unknown as BoardWeek;
    expect(week.days).toHaveLength(7);
    expect(new Date(`${week.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    const row = week.operatives.find((entry) => entry.operativeId === soonExpiring.id);
    // Not invited: taken as accepted; one of the two guards booked, so short-staffed.
    expect(row?.assignments).toEqual([expect.objectContaining({ bookingId: booking, state: "accepted", lead: true, shortStaffed: true })]);
    const laterWeek = (await operatorApi().get(`/api/admin/board?week=${inDays(128)}`)).body as unknown as BoardWeek;
    expect(laterWeek.operatives.find((entry) => entry.operativeId === soonExpiring.id)?.licenceExpiringSoon).toBe(true);
    expect(row?.licenceExpiringSoon).toBe(false);
    expect((await operatorApi().get("/api/admin/board?week=2026-02-30")).status).toBe(400);
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../clock.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { createStaff, insertBooking } from "../test-support/operator.ts";
import { latestQueuedMail } from "../test-support/queued-mail.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { cancelBookingJobs, scheduleReplyAlerts, scheduleStartReminder } from "./booking-jobs.ts";
import { recurringKinds } from "./kinds.ts";
import { enqueueJob, ensureRecurringJobs } from "./queue.ts";
import { startJobWorker } from "./worker.ts";
import type { JobWorkerOptions } from "./types.ts";

// ADR 095–098: the job queue on both engines, with a clock moved by hand: a job due later does not
// run before its time and runs once at it; a cancelled booking's jobs never run; a failure is
// retried with backoff and keeps its error; a lease left by a crashed worker runs out and another
// worker runs the job; a recurring sweep has one pending run whichever process queued it.

const hourMs = 3_600_000;

describeEachEngine("the job queue", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  /** One poll of every lane at the clock's time, as a server's worker would make it. */
  const runAt = async (clock: ReturnType<typeof manualClock>, options: JobWorkerOptions = {}) => {
    const worker = startJobWorker(test.deps, { pollIntervalMs: 60_000, batchSize: 100, ...options, clock });
    await worker.runOnce();
    await worker.stop();
  };
  const job = (id: string) => test.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const jobsOf = (bookingId: string) =>
    test.db.selectFrom("jobs").selectAll().where("reference_key", "=", `booking:${bookingId}`).orderBy("run_at").execute();
  const mailsOf = async (bookingId: string, template: string) =>
    (await jobsOf(bookingId)).filter((row) => row.kind === "mail" && row.payload?.includes(`"template":"${template}"`));

  it("writes a job with the caller's transaction: rolled back, there is none", async () => {
    const referenceKey = `booking:${randomUUID()}`;
    await expect(
      test.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, { kind: "start-reminder", payload: { bookingId: "x" }, referenceKey });
        throw new Error("the booking failed");
      }),
    ).rejects.toThrow("the booking failed");
    expect(await test.db.selectFrom("jobs").select("id").where("reference_key", "=", referenceKey).execute()).toHaveLength(0);
    // A payload its kind's schema refuses is refused at once.
    await expect(enqueueJob(test.db, { kind: "reply-alert", payload: { bookingId: "x", hours: 12 as 18 } })).rejects.toThrow();
  });

  it("reminds the customer 24 hours before the start, not a moment earlier, once, with the lead operative", async () => {
    const customer = await createSignedInUser(test, { language: "sv" });
    const bookingId = await insertBooking(test, { userId: customer.user.id, startDate: "2027-03-10", status: "confirmed", language: "sv" });
    const operativeId = randomUUID();
    const now = new Date().toISOString();
    await test.db
      .insertInto("operatives")
      .values({
        id: operativeId,
        name: "Johan Berg",
        phone: "+46 70 111 22 33",
        licence_number: "SE-1",
        licence_expires_on: "2030-12-31",
        languages: "[]",
        skills: "[]",
        active: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await test.db
      .insertInto("booking_assignments")
      .values({ id: randomUUID(), booking_id: bookingId, operative_id: operativeId, is_lead: 1, created_at: now })
      .execute();
    // The service starts at midnight in Stockholm, 23:00 UTC the day before.
    const clock = manualClock(new Date("2027-03-01T10:00:00.000Z"));
    await scheduleStartReminder(test.db, { id: bookingId, startTime: "2027-03-09T23:00:00.000Z" }, clock);

    clock.set(new Date("2027-03-08T22:59:59.999Z"));
    await runAt(clock);
    expect((await jobsOf(bookingId)).map((row) => [row.kind, row.status])).toEqual([["start-reminder", "pending"]]);

    clock.set(new Date("2027-03-08T23:00:00.000Z"));
    await runAt(clock);
    clock.advance(hourMs);
    await runAt(clock);
    const reminder = (await jobsOf(bookingId)).find((row) => row.kind === "start-reminder");
    expect(reminder).toMatchObject({ status: "done", attempts: 1 });
    expect(await mailsOf(bookingId, "booking-reminder")).toHaveLength(1);
    const mail = await latestQueuedMail(test, customer.user.email, "booking-reminder");
    expect(mail.subject).toContain("Påminnelse");
    expect(mail.text).toContain("Johan");
    expect(mail.text).not.toContain("Berg");
    expect(mail.text).toContain("+46 70 111 22 33");
  });

  it("sends no reminder when the booking is no longer confirmed when its time comes", async () => {
    const customer = await createSignedInUser(test);
    const bookingId = await insertBooking(test, { userId: customer.user.id, startDate: "2027-04-10", status: "confirmed" });
    const clock = manualClock(new Date("2027-04-01T10:00:00.000Z"));
    await scheduleStartReminder(test.db, { id: bookingId, startTime: "2027-04-09T22:00:00.000Z" }, clock);
    await test.db.updateTable("bookings").set({ status: "cancelled_by_customer" }).where("id", "=", bookingId).execute();
    clock.set(new Date("2027-04-09T00:00:00.000Z"));
    await runAt(clock);
    expect((await jobsOf(bookingId)).map((row) => [row.kind, row.status])).toEqual([["start-reminder", "done"]]);
  });

  it("never runs the jobs of a cancelled booking", async () => {
    const bookingId = await insertBooking(test, { startDate: "2027-05-10", status: "pending", createdAt: "2027-05-01T10:00:00.000Z" });
    const clock = manualClock(new Date("2027-05-01T10:00:00.000Z"));
    await scheduleReplyAlerts(test.db, { id: bookingId, createdAt: "2027-05-01T10:00:00.000Z" });
    await scheduleStartReminder(test.db, { id: bookingId, startTime: "2027-05-09T22:00:00.000Z" }, clock);
    expect(await cancelBookingJobs(test.db, bookingId)).toBe(3);
    clock.set(new Date("2027-06-01T00:00:00.000Z"));
    await runAt(clock);
    const rows = await jobsOf(bookingId);
    expect(rows.map((row) => [row.kind, row.status, row.attempts])).toEqual([
      ["reply-alert", "cancelled", 0],
      ["reply-alert", "cancelled", 0],
      ["start-reminder", "cancelled", 0],
    ]);
  });

  it("alerts operators at 18 and 24 hours while a booking waits, and not once it is answered", async () => {
    const operator = await createStaff(test, "operator");
    const waiting = await insertBooking(test, { startDate: "2027-06-10", createdAt: "2027-06-01T08:00:00.000Z" });
    const answered = await insertBooking(test, { startDate: "2027-06-11", createdAt: "2027-06-01T08:00:00.000Z" });
    for (const id of [waiting, answered]) await scheduleReplyAlerts(test.db, { id, createdAt: "2027-06-01T08:00:00.000Z" });
    const clock = manualClock(new Date("2027-06-02T01:59:59.000Z"));
    await runAt(clock);
    expect(await mailsOf(waiting, "booking-reply-alert")).toHaveLength(0);

    clock.set(new Date("2027-06-02T02:00:00.000Z"));
    await runAt(clock);
    expect(await mailsOf(waiting, "booking-reply-alert")).toHaveLength(1);
    expect(await mailsOf(answered, "booking-reply-alert")).toHaveLength(1);
    const first = await latestQueuedMail(test, operator.user.email, "booking-reply-alert");
    expect(first.subject).toContain("18 hours");

    await test.db.updateTable("bookings").set({ status: "confirmed" }).where("id", "=", answered).execute();
    clock.set(new Date("2027-06-02T08:00:00.000Z"));
    await runAt(clock);
    expect(await mailsOf(waiting, "booking-reply-alert")).toHaveLength(2);
    expect(await mailsOf(answered, "booking-reply-alert")).toHaveLength(1);
    const second = await latestQueuedMail(test, operator.user.email, "booking-reply-alert");
    expect(second.subject).toContain("24 hours");
  });

  it("retries a failed job with backoff, keeping its last error, and gives up after its attempts", async () => {
    const clock = manualClock(new Date("2027-07-01T10:00:00.000Z"));
    // The worker is started without a source to read bookings from: rendering fails, for now.
    const id = await enqueueJob(
      test.db,
      { kind: "mail", payload: { template: "booking-confirmation", to: "a@example.test", data: { bookingId: "b" } } },
      clock,
    );
    const options = { maxAttempts: 3, baseBackoffMs: 5000 };
    await runAt(clock, options);
    expect(await job(id)).toMatchObject({ status: "pending", attempts: 1, run_at: "2027-07-01T10:00:05.000Z" });
    expect((await job(id)).last_error).toContain("without a booking source");
    clock.advance(4999);
    await runAt(clock, options);
    expect((await job(id)).attempts).toBe(1);
    clock.advance(1);
    await runAt(clock, options);
    expect(await job(id)).toMatchObject({ status: "pending", attempts: 2, run_at: "2027-07-01T10:00:15.000Z" });
    clock.advance(10_000);
    await runAt(clock, options);
    expect(await job(id)).toMatchObject({ status: "failed", attempts: 3 });
    expect((await job(id)).last_error).toContain("without a booking source");
  });

  it("lets another worker run a job once the lease of a crashed worker runs out, and not before", async () => {
    const clock = manualClock(new Date("2027-08-01T10:00:00.000Z"));
    const bookingId = await insertBooking(test, { startDate: "2027-08-10", status: "confirmed" });
    const id = await enqueueJob(test.db, { kind: "reply-alert", payload: { bookingId, hours: 18 } }, clock);
    // A worker claimed it and died: its lease runs for two minutes.
    await test.db
      .updateTable("jobs")
      .set({
        status: "running",
        attempts: 1,
        lease_owner: "crashed",
        lease_token: "crashed-token",
        lease_expires_at: "2027-08-01T10:02:00.000Z",
      })
      .where("id", "=", id)
      .execute();
    clock.advance(60_000);
    await runAt(clock);
    expect(await job(id)).toMatchObject({ status: "running", lease_token: "crashed-token", attempts: 1 });
    clock.advance(60_001);
    await runAt(clock);
    expect(await job(id)).toMatchObject({ status: "done", lease_token: null, attempts: 2 });
  });
});

describeEachEngine("recurring jobs", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  const pendingByKind = async () => {
    const rows = await test.db
      .selectFrom("jobs")
      .select(["kind", "run_at"])
      .where("status", "=", "pending")
      .where("kind", "!=", "mail")
      .execute();
    return rows.sort((a, b) => a.kind.localeCompare(b.kind));
  };

  it("keep one pending run per kind however many processes queue it, and each run queues the next", async () => {
    const clock = manualClock(new Date("2027-09-01T10:00:00.000Z"));
    await Promise.all([ensureRecurringJobs(test.db, clock), ensureRecurringJobs(test.db, clock)]);
    await ensureRecurringJobs(test.db, clock);
    expect((await pendingByKind()).map((row) => row.kind)).toEqual([...recurringKinds].sort());

    // An expired code (an e-mail address) goes with the hourly sweep; a live one stays.
    const code = (expiresAt: string) => ({
      id: randomUUID(),
      email: `${randomUUID()}@example.test`,
      code_hash: "x",
      status: "active" as const,
      failed_attempts: 0,
      language: "en" as const,
      created_at: "2027-09-01T09:00:00.000Z",
      expires_at: expiresAt,
      verified_at: null,
      token_hash: null,
      token_consumed_at: null,
    });
    const expired = code("2027-09-01T09:10:00.000Z");
    const live = code("2027-09-01T10:05:00.000Z");
    await test.db.insertInto("verification_codes").values([expired, live]).execute();

    const worker = startJobWorker(test.deps, { pollIntervalMs: 60_000, clock });
    await worker.runOnce();
    await worker.stop();
    expect(await pendingByKind()).toEqual([
      // docs/on-duty.md: the check-in sweep runs every minute.
      { kind: "check-in-sweep", run_at: "2027-09-01T10:01:00.000Z" },
      { kind: "expired-codes-sweep", run_at: "2027-09-01T11:00:00.000Z" },
      { kind: "id-retention-sweep", run_at: "2027-09-01T11:00:00.000Z" },
      { kind: "licence-expiry-check", run_at: "2027-09-02T10:00:00.000Z" },
      { kind: "payment-holds-sweep", run_at: "2027-09-01T11:00:00.000Z" },
      { kind: "position-retention-sweep", run_at: "2027-09-01T11:00:00.000Z" },
      { kind: "series-window", run_at: "2027-09-01T11:00:00.000Z" },
    ]);
    const codes = await test.db.selectFrom("verification_codes").select("id").where("id", "in", [expired.id, live.id]).execute();
    expect(codes.map((row) => row.id)).toEqual([live.id]);
  });

  it("tell operators once, 30 days ahead, of a licence that runs out", async () => {
    const admin = await createStaff(test, "admin");
    const now = new Date().toISOString();
    const operative = (name: string, expiresOn: string) => ({
      id: randomUUID(),
      name,
      phone: "+46 70 000 00 00",
      licence_number: `SE-${name}`,
      licence_expires_on: expiresOn,
      languages: "[]",
      skills: "[]",
      active: 1,
      created_at: now,
      updated_at: now,
    });
    await test.db
      .insertInto("operatives")
      .values([operative("Soon", "2027-10-20"), operative("Later", "2027-11-30")])
      .execute();
    const clock = manualClock(new Date("2027-10-01T10:00:00.000Z"));
    const { alertExpiringLicences } = await import("./sweeps.ts");
    expect(await alertExpiringLicences(test.deps, clock)).toBe(1);
    clock.advance(24 * hourMs);
    expect(await alertExpiringLicences(test.deps, clock)).toBe(0);
    const alert = await latestQueuedMail(test, admin.user.email, "licence-expiry-alert");
    expect(alert.subject).toBe("Security licence of Soon expires on 2027-10-20");
    // Thirty days before the later one, it is told too.
    clock.set(new Date("2027-10-31T10:00:00.000Z"));
    expect(await alertExpiringLicences(test.deps, clock)).toBe(1);
  });
});

describe("the clock of scheduled work", () => {
  it("stands still until moved", () => {
    const clock = manualClock(new Date("2027-01-01T00:00:00.000Z"));
    clock.advance(1000);
    expect(clock.now().toISOString()).toBe("2027-01-01T00:00:01.000Z");
  });
});

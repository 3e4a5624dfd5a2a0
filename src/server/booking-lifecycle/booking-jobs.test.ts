import { afterAll, beforeAll, expect, it } from "vitest";
import { manualClock } from "../clock.ts";
import { startJobWorker } from "../jobs/worker.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { createStaff } from "../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";

// ADR 098 through the API: a request queues the operators' reply alerts in its own commit; the
// operator's confirmation queues the customer's reminder 24 hours before the start; a decline or a
// cancellation (either side) cancels every job of the booking, so its reminder never reaches the
// customer. The worker runs with a clock moved by hand to the reminder's time.

const dayMs = 24 * 3_600_000;

describeEachEngine("the booking's jobs follow its lifecycle", (engine) => {
  let test: TestApp;
  let operator: { cookie: string };
  let customer: { cookie: string; user: { id: string; email: string } };

  beforeAll(async () => {
    test = await createTestApp(engine);
    operator = await createStaff(test, "operator");
    customer = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  const jobsOf = (bookingId: string) =>
    test.db
      .selectFrom("jobs")
      .select(["kind", "status", "run_at"])
      .where("reference_key", "=", `booking:${bookingId}`)
      .where("kind", "in", ["reply-alert", "start-reminder"])
      .orderBy("run_at")
      .execute();
  const reminderMails = () =>
    test.db.selectFrom("outbox").select("id").where("recipient", "=", customer.user.email).where("kind", "=", "notification").execute();
  // A reminder is a notification, whose e-mail is a job of its own (docs/notifications.md): polls until nothing is due.
  const runAt = async (instant: Date) => {
    const worker = startJobWorker(test.deps, { pollIntervalMs: 60_000, batchSize: 100, clock: manualClock(instant) });
    for (let round = 0; round < 5 && (await worker.runOnce()) > 0; round += 1);
    await worker.stop();
  };

  async function requestBooking() {
    const request = bookingRequest();
    const response = await test.request("POST", "/api/bookings", {
      body: request,
      headers: { cookie: customer.cookie },
    });
    expect(response.status).toBe(201);
    return { booking: { id: request.bookingId } };
  }
  async function startTimeOf(bookingId: string) {
    const row = await test.db.selectFrom("bookings").select("start_time").where("id", "=", bookingId).executeTakeFirstOrThrow();
    return new Date(row.start_time);
  }
  const operatorPost = (url: string, body: unknown = {}) => test.request("POST", url, { body, headers: { cookie: operator.cookie } });

  it("queues the reply alerts with the request and the reminders with the confirmation, which reach the customer at their time", async () => {
    const { booking } = await requestBooking();
    const created = await test.db.selectFrom("bookings").select("created_at").where("id", "=", booking.id).executeTakeFirstOrThrow();
    const createdMs = new Date(created.created_at).getTime();
    expect((await jobsOf(booking.id)).map((job) => [job.kind, job.status, new Date(job.run_at).getTime() - createdMs])).toEqual([
      ["reply-alert", "pending", 18 * 3_600_000],
      ["reply-alert", "pending", 24 * 3_600_000],
    ]);

    expect((await operatorPost(`/api/admin/bookings/${booking.id}/confirm`)).status).toBe(200);
    // ADR 265: REMINDER_HOURS, 72, 24 and 2 hours before the start by default.
    const start = (await startTimeOf(booking.id)).getTime();
    const reminders = () => jobsOf(booking.id).then((jobs) => jobs.filter((job) => job.kind === "start-reminder"));
    expect((await reminders()).map((job) => [job.status, start - new Date(job.run_at).getTime()])).toEqual([
      ["pending", 3 * dayMs],
      ["pending", dayMs],
      ["pending", 2 * 3_600_000],
    ]);
    const reminderAt = new Date(start - dayMs);

    const before = (await reminderMails()).length;
    await runAt(new Date(reminderAt.getTime() - 1));
    expect((await reminders()).map((job) => job.status)).toEqual(["done", "pending", "pending"]);
    expect(await reminderMails()).toHaveLength(before + 1);
    await runAt(reminderAt);
    expect((await reminders()).map((job) => job.status)).toEqual(["done", "done", "pending"]);
    expect(await reminderMails()).toHaveLength(before + 2);
  });

  it("never reminds the customer of a booking they cancelled after it was confirmed", async () => {
    const { booking } = await requestBooking();
    expect((await operatorPost(`/api/admin/bookings/${booking.id}/confirm`)).status).toBe(200);
    const cancelled = await test.request("POST", `/api/bookings/${booking.id}/cancel`, { headers: { cookie: customer.cookie } });
    expect(cancelled.status).toBe(200);
    expect((await jobsOf(booking.id)).map((job) => [job.kind, job.status])).toEqual([
      ["reply-alert", "cancelled"],
      ["reply-alert", "cancelled"],
      ["start-reminder", "cancelled"],
      ["start-reminder", "cancelled"],
      ["start-reminder", "cancelled"],
    ]);

    const before = (await reminderMails()).length;
    await runAt(new Date((await startTimeOf(booking.id)).getTime() - dayMs / 2));
    expect((await jobsOf(booking.id)).filter((job) => job.kind === "start-reminder").map((job) => job.status)).toEqual([
      "cancelled",
      "cancelled",
      "cancelled",
    ]);
    expect(await reminderMails()).toHaveLength(before);
  });

  it("cancels the jobs of a booking the operator declines or cancels", async () => {
    const declined = await requestBooking();
    expect((await operatorPost(`/api/admin/bookings/${declined.booking.id}/decline`, { reason: "No operatives are free." })).status).toBe(
      200,
    );
    expect((await jobsOf(declined.booking.id)).map((job) => job.status)).toEqual(["cancelled", "cancelled"]);

    const confirmed = await requestBooking();
    expect((await operatorPost(`/api/admin/bookings/${confirmed.booking.id}/confirm`)).status).toBe(200);
    expect((await operatorPost(`/api/admin/bookings/${confirmed.booking.id}/cancel`, { reason: "The event was called off." })).status).toBe(
      200,
    );
    expect((await jobsOf(confirmed.booking.id)).map((job) => [job.kind, job.status])).toEqual([
      ["reply-alert", "cancelled"],
      ["reply-alert", "cancelled"],
      ["start-reminder", "cancelled"],
      ["start-reminder", "cancelled"],
      ["start-reminder", "cancelled"],
    ]);
  });
});

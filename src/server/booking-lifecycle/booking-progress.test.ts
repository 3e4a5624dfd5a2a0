import { afterAll, beforeAll, expect, it } from "vitest";
import { manualClock } from "../clock.ts";
import { startJobWorker } from "../jobs/worker.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { createStaff } from "../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";

// ADR 089 through the API: the operator's confirmation queues the booking's start and completion;
// the worker, on a clock moved by hand, moves the booking to in progress at 00:00 Stockholm of its
// first day and to completed at 00:00 of the day after its last, as the system, each move with its
// audit row and event. A booking cancelled before its start never moves; one confirmed late moves
// at once.

const dayMs = 24 * 3_600_000;

describeEachEngine("a confirmed booking is started and completed by its jobs", (engine) => {
  let test: TestApp;
  let operator: { cookie: string; user: { id: string } };
  let customer: { cookie: string };

  beforeAll(async () => {
    test = await createTestApp(engine);
    operator = await createStaff(test, "operator");
    customer = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  const runAt = async (instant: Date) => {
    const worker = startJobWorker(test.deps, {
      pollIntervalMs: 60_000,
      batchSize: 100,
      clock: manualClock(instant),
      bookingLifecycle: test.services.bookingLifecycle,
    });
    await worker.runOnce();
    await worker.stop();
  };
  const customerStatus = async (bookingId: string) => {
    const response = await test.request("GET", `/api/bookings/${bookingId}`, { headers: { cookie: customer.cookie } });
    expect(response.status).toBe(200);
    return (response.body as { status: string }).status;
  };
  const timesOf = async (bookingId: string) => {
    const row = await test.db
      .selectFrom("bookings")
      .select(["start_time", "end_time"])
      .where("id", "=", bookingId)
      .executeTakeFirstOrThrow();
    return { start: new Date(row.start_time), end: new Date(row.end_time) };
  };
  const movesOf = async (bookingId: string) => ({
    audit: (
      await test.db
        .selectFrom("audit_log")
        .select(["action", "actor_user_id"])
        .where("subject_id", "=", bookingId)
        .orderBy("created_at")
        .execute()
    ).map((row) => [row.action, row.actor_user_id]),
    // The request's own event (booking.pending) is not a transition's.
    events: (
      await test.db
        .selectFrom("events")
        .select(["type", "actor_role"])
        .where("booking_id", "=", bookingId)
        .where("type", "!=", "booking.pending")
        .orderBy("id")
        .execute()
    ).map((row) => [row.type, row.actor_role]),
  });
  const progressJobs = (bookingId: string) =>
    test.db
      .selectFrom("jobs")
      .select(["kind", "status"])
      .where("reference_key", "=", `booking:${bookingId}`)
      .where("kind", "in", ["booking-start", "booking-complete"])
      .orderBy("run_at")
      .execute();

  async function requestBooking() {
    const request = bookingRequest();
    const response = await test.request("POST", "/api/bookings", { body: request, headers: { cookie: customer.cookie } });
    expect(response.status).toBe(201);
    return request.bookingId;
  }
  const operatorPost = (url: string, body: unknown = {}) => test.request("POST", url, { body, headers: { cookie: operator.cookie } });

  it("is in progress from 00:00 Stockholm of its first day and completed after its last, as the customer sees", async () => {
    const bookingId = await requestBooking();
    expect((await operatorPost(`/api/admin/bookings/${bookingId}/confirm`)).status).toBe(200);
    const { start, end } = await timesOf(bookingId);
    // Three days from the first day's midnight in Stockholm (an hour or two before UTC midnight).
    expect(start.toLocaleString("sv-SE", { timeZone: "Europe/Stockholm" })).toMatch(/ 00:00:00$/);
    expect(end.getTime() - start.getTime()).toBeGreaterThanOrEqual(3 * dayMs - 3_600_000);

    await runAt(new Date(start.getTime() - 1));
    expect(await customerStatus(bookingId)).toBe("confirmed");
    await runAt(start);
    expect(await customerStatus(bookingId)).toBe("in_progress");
    await runAt(new Date(end.getTime() - 1));
    expect(await customerStatus(bookingId)).toBe("in_progress");
    await runAt(end);
    expect(await customerStatus(bookingId)).toBe("completed");

    expect(await movesOf(bookingId)).toEqual({
      audit: [
        ["booking.confirm", operator.user.id],
        ["booking.start", null],
        ["booking.complete", null],
      ],
      events: [
        ["booking.confirmed", "operator"],
        ["booking.in_progress", "system"],
        ["booking.completed", "system"],
      ],
    });
    expect((await progressJobs(bookingId)).map((job) => [job.kind, job.status])).toEqual([
      ["booking-start", "done"],
      ["booking-complete", "done"],
    ]);
  });

  it("never moves a booking cancelled before its start", async () => {
    const bookingId = await requestBooking();
    expect((await operatorPost(`/api/admin/bookings/${bookingId}/confirm`)).status).toBe(200);
    expect((await test.request("POST", `/api/bookings/${bookingId}/cancel`, { headers: { cookie: customer.cookie } })).status).toBe(200);
    expect((await progressJobs(bookingId)).map((job) => job.status)).toEqual(["cancelled", "cancelled"]);

    const { end } = await timesOf(bookingId);
    await runAt(new Date(end.getTime() + dayMs));
    expect(await customerStatus(bookingId)).toBe("cancelled_by_customer");
    expect((await movesOf(bookingId)).events.map(([type]) => type)).toEqual(["booking.confirmed", "booking.cancelled_by_customer"]);
  });

  it("leaves a booking staff moved already, without an error or a retry", async () => {
    const bookingId = await requestBooking();
    expect((await operatorPost(`/api/admin/bookings/${bookingId}/confirm`)).status).toBe(200);
    const { start } = await timesOf(bookingId);
    await test.services.bookingLifecycle.transition({
      bookingId,
      transition: "start",
      actor: { kind: "user", id: operator.user.id, role: "operator" },
    });
    await runAt(start);
    expect(await progressJobs(bookingId)).toEqual([
      { kind: "booking-start", status: "done" },
      { kind: "booking-complete", status: "pending" },
    ]);
    expect((await movesOf(bookingId)).events.map(([type]) => type)).toEqual(["booking.confirmed", "booking.in_progress"]);
  });

  it("moves a booking confirmed after its start at once, and one confirmed after its end through both steps", async () => {
    const staff = { kind: "user", id: operator.user.id, role: "operator" } as const;
    const lateId = await requestBooking();
    const late = await timesOf(lateId);
    const lateNow = new Date(late.start.getTime() + 3_600_000);
    await test.services.bookingLifecycle.transition({ bookingId: lateId, transition: "confirm", actor: staff, now: lateNow });
    await runAt(lateNow);
    expect(await customerStatus(lateId)).toBe("in_progress");

    const overId = await requestBooking();
    const over = await timesOf(overId);
    const overNow = new Date(over.end.getTime() + 3_600_000);
    await test.services.bookingLifecycle.transition({ bookingId: overId, transition: "confirm", actor: staff, now: overNow });
    // Both jobs are due in one batch and run side by side.
    await runAt(overNow);
    expect(await customerStatus(overId)).toBe("completed");
    expect((await movesOf(overId)).events).toEqual([
      ["booking.confirmed", "operator"],
      ["booking.in_progress", "system"],
      ["booking.completed", "system"],
    ]);
  });
});

import { afterAll, beforeAll, expect, it } from "vitest";
import type { BookingChanges } from "../../../shared/booking-changes.ts";
import { addDays, operatorToday } from "../../../shared/time.ts";
import { recomputeSummary, storedSummary } from "../../insights/daily-summary.ts";
import { startJobWorker } from "../../jobs/worker.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { bookingRequest } from "../../test-support/booking-request.ts";
import { downloadDataExport } from "../../test-support/data-export.ts";
import { auditActions, createStaff } from "../../test-support/operator.ts";
import { latestQueuedMail } from "../../test-support/queued-mail.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// docs/product.md §12 Engagement (versions and requests), ADR 187–189, through the API on both
// engines: an operator's proposal approved (locked, the booking follows it, a higher total charged
// only then) or declined (the booking unchanged); steps the state machine refuses; a customer's
// request accepted (repriced; a new total waits for approval) or declined with a reason; who may
// see and do what; bad input changes nothing; the mails in the customer's language.

type User = Awaited<ReturnType<typeof createSignedInUser>>;

describeEachEngine("quote versions and change requests", (engine) => {
  let test: TestApp;
  let operator: User;
  let customer: User;
  let swedish: User;
  let stranger: User;
  let operative: User;

  beforeAll(async () => {
    test = await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" });
    operator = await createStaff(test, "operator");
    customer = await createSignedInUser(test);
    swedish = await createSignedInUser(test, { language: "sv" });
    stranger = await createSignedInUser(test);
    operative = await createSignedInUser(test, { role: "operative" });
  });
  afterAll(() => test.close());

  async function runJobs() {
    const worker = startJobWorker(test.deps, {
      pollIntervalMs: 60_000,
      batchSize: 100,
      payments: test.services.payments,
      bookingLifecycle: test.services.bookingLifecycle,
    });
    await worker.runOnce();
    await worker.stop();
  }

  const as = (user: User) => ({ headers: { cookie: user.cookie } });

  async function book(user: User, options: { card?: boolean; language?: "en" | "sv" } = {}) {
    const today = operatorToday(new Date());
    let payment: { paymentMethodId: string } | undefined;
    if (options.card) {
      const saved = await test.request("POST", "/api/account/payment-methods", {
        body: { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvv: "123" },
        ...as(user),
      });
      expect(saved.status).toBe(201);
      payment = { paymentMethodId: (saved.body.paymentMethod as { id: string }).id };
    }
    const body = {
      ...bookingRequest(),
      startDate: addDays(today, 3),
      endDate: addDays(today, 4),
      services: [{ serviceId: "svc-residential", options: { guards: 1, days: 2, timeOfDay: "day" } }],
      language: options.language ?? "en",
      ...(payment && { payment }),
    };
    const created = await test.request("POST", "/api/bookings", { body, ...as(user) });
    expect(created.status).toBe(201);
    return { id: body.bookingId, totalCents: Number(created.body.totalCents), startDate: body.startDate };
  }

  const propose = (bookingId: string, body: Record<string, unknown>, user = operator) =>
    test.request("POST", `/api/admin/bookings/${bookingId}/versions`, { body, ...as(user) });
  const changes = async (bookingId: string, user = customer) => {
    const response = await test.request("GET", `/api/bookings/${bookingId}/changes`, as(user));
    expect(response.status).toBe(200);
    return response.body as unknown as BookingChanges;
  };
  const approve = (bookingId: string, versionId: string, user = customer) =>
    test.request("POST", `/api/bookings/${bookingId}/versions/${versionId}/approve`, as(user));
  const decline = (bookingId: string, versionId: string, user = customer) =>
    test.request("POST", `/api/bookings/${bookingId}/versions/${versionId}/decline`, { body: { reason: "Too expensive" }, ...as(user) });
  const ownBooking = async (bookingId: string, user = customer) =>
    (await test.request("GET", `/api/bookings/${bookingId}`, as(user))).body as { totalCents: number; startDate: string; endDate: string };
  const paymentEvents = async (bookingId: string) =>
    (
      await test.db
        .selectFrom("payment_events")
        .innerJoin("payments", "payments.id", "payment_events.payment_id")
        .select(["payment_events.type", "payment_events.amount_cents", "payments.purpose"])
        .where("payment_events.booking_id", "=", bookingId)
        .orderBy("payment_events.created_at")
        .execute()
    ).map((row) => `${row.purpose}:${row.type}:${Number(row.amount_cents)}`);
  const eventTypes = async (bookingId: string) =>
    (await test.db.selectFrom("events").select("type").where("booking_id", "=", bookingId).orderBy("id").execute()).map((row) => row.type);

  it("approves a higher price on a confirmed booking: the version is locked, the booking follows, the difference is charged then", async () => {
    const booking = await book(customer, { card: true });
    expect((await test.request("POST", `/api/admin/bookings/${booking.id}/confirm`, { body: {}, ...as(operator) })).status).toBe(200);
    await runJobs();
    expect(await paymentEvents(booking.id)).toEqual([`hold:authorised:${booking.totalCents}`, `hold:captured:${booking.totalCents}`]);

    const higher = booking.totalCents + 25_000;
    const proposed = await propose(booking.id, {
      startDate: booking.startDate,
      endDate: addDays(booking.startDate, 1),
      services: [{ serviceId: "svc-residential", options: { guards: 2, days: 2, timeOfDay: "day" } }],
      adjustedTotal: higher / 100,
      reason: "A second car is needed for the route",
    });
    expect(proposed.status).toBe(201);
    const seen = await changes(booking.id);
    expect(seen.versions.map((version) => [version.number, version.status, version.current, version.totalCents])).toEqual([
      [1, "approved", true, booking.totalCents],
      [2, "proposed", false, higher],
    ]);
    // Nothing changed before the customer's answer: not the total, not the money.
    expect((await ownBooking(booking.id)).totalCents).toBe(booking.totalCents);
    await runJobs();
    expect(await paymentEvents(booking.id)).toHaveLength(2);
    const mail = await latestQueuedMail(test, customer.user.email, "booking-change");
    expect(mail.subject).toMatch(/^A change to your booking needs your approval/);
    expect(mail.text).toContain("A second car is needed for the route");

    const version = seen.versions[1];
    if (!version) throw new Error("no proposal");
    expect((await approve(booking.id, version.id, operator)).status).toBe(404);
    const approved = await approve(booking.id, version.id);
    expect(approved.status).toBe(200);
    expect((await ownBooking(booking.id)).totalCents).toBe(higher);
    // ADR 155: the insights summary follows the approved version's days and total.
    expect(Object.fromEntries(await storedSummary(test.db))).toEqual(Object.fromEntries(await recomputeSummary(test.db)));
    await runJobs();
    expect(await paymentEvents(booking.id)).toEqual([
      `hold:authorised:${booking.totalCents}`,
      `hold:captured:${booking.totalCents}`,
      "difference:captured:25000",
    ]);

    // Locked: a second approval, or a decline of the approved version, changes nothing.
    const again = await approve(booking.id, version.id);
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe("invalid_transition");
    expect((await decline(booking.id, version.id)).status).toBe(409);
    expect((await changes(booking.id)).versions.map((row) => [row.status, row.current])).toEqual([
      ["approved", false],
      ["approved", true],
    ]);
    await runJobs();
    expect(await paymentEvents(booking.id)).toHaveLength(3);
    // The booking's own steps; its ledger's (payment.*, document.issued) are events too (docs/payments.md "Live updates").
    expect((await eventTypes(booking.id)).filter((type) => type.startsWith("booking."))).toEqual([
      "booking.pending",
      "booking.confirmed",
      "booking.change_proposed",
      "booking.change_approved",
    ]);
    expect(await auditActions(test, booking.id)).toEqual(expect.arrayContaining(["booking.change_proposed", "booking.change_approved"]));
    expect((await latestQueuedMail(test, customer.user.email, "booking-change")).subject).toMatch(/^You approved the change/);
  });

  it("a pending booking's approved higher total is charged with the confirmation, and a lower one captures less", async () => {
    const booking = await book(customer, { card: true });
    const higher = booking.totalCents + 10_000;
    const input = {
      startDate: booking.startDate,
      endDate: addDays(booking.startDate, 1),
      services: [{ serviceId: "svc-residential", options: { guards: 1, days: 2, timeOfDay: "day" } }],
    };
    await propose(booking.id, { ...input, adjustedTotal: higher / 100, reason: "Longer shifts" });
    const first = (await changes(booking.id)).versions.at(-1);
    expect((await approve(booking.id, String(first?.id))).status).toBe(200);
    await runJobs();
    expect(await paymentEvents(booking.id)).toEqual([`hold:authorised:${booking.totalCents}`]);
    expect((await test.request("POST", `/api/admin/bookings/${booking.id}/confirm`, { body: {}, ...as(operator) })).status).toBe(200);
    await runJobs();
    expect((await paymentEvents(booking.id)).sort()).toEqual(
      ["difference:captured:10000", `hold:authorised:${booking.totalCents}`, `hold:captured:${booking.totalCents}`].sort(),
    );
    // No second approval is asked for: the version was the approval.
    expect(
      (await test.db.selectFrom("bookings").select("approval_total_cents").where("id", "=", booking.id).executeTakeFirstOrThrow())
        .approval_total_cents,
    ).toBeNull();

    const lower = higher - 30_000;
    await propose(booking.id, { ...input, adjustedTotal: lower / 100, reason: "One night fewer on site" });
    const second = (await changes(booking.id)).versions.at(-1);
    expect((await approve(booking.id, String(second?.id))).status).toBe(200);
    await runJobs();
    expect((await paymentEvents(booking.id)).filter((event) => event.includes("refunded")).sort()).toEqual([
      "difference:refunded:10000",
      "hold:refunded:20000",
    ]);
  });

  it("declining keeps the previous version; a superseded proposal cannot be approved; a customer cannot propose", async () => {
    const booking = await book(customer);
    const input = {
      startDate: addDays(booking.startDate, 1),
      endDate: addDays(booking.startDate, 2),
      services: [{ serviceId: "svc-residential", options: { guards: 2, days: 2, timeOfDay: "day" } }],
    };
    await propose(booking.id, { ...input, reason: "Two guards are safer" });
    const superseded = (await changes(booking.id)).versions.at(-1);
    await propose(booking.id, { ...input, adjustedTotal: 1500, reason: "Two guards, our price" });
    const latest = (await changes(booking.id)).versions.at(-1);
    expect((await changes(booking.id)).versions.map((version) => version.status)).toEqual(["approved", "superseded", "proposed"]);
    const stale = await approve(booking.id, String(superseded?.id));
    expect(stale.status).toBe(409);

    const declined = await decline(booking.id, String(latest?.id));
    expect(declined.status).toBe(200);
    const after = await ownBooking(booking.id);
    expect([after.totalCents, after.startDate]).toEqual([booking.totalCents, booking.startDate]);
    expect((await changes(booking.id)).versions.map((version) => [version.status, version.current])).toEqual([
      ["approved", true],
      ["superseded", false],
      ["declined", false],
    ]);
    expect((await approve(booking.id, String(latest?.id))).status).toBe(409);

    // The customer's own session on the console's endpoint: 403 (staff only), nothing written.
    const byCustomer = await propose(booking.id, { ...input, reason: "I want it" }, customer);
    expect(byCustomer.status).toBe(403);
    expect((await changes(booking.id)).versions).toHaveLength(3);
  });

  it("refuses bad input with the field named and changes nothing", async () => {
    const booking = await book(customer);
    const today = operatorToday(new Date());
    const cases: [Record<string, unknown>, string][] = [
      [{ startDate: booking.startDate, services: [{ serviceId: "svc-residential", options: { guards: 1, days: 2 } }] }, "reason"],
      [
        { startDate: addDays(today, -1), services: [{ serviceId: "svc-residential", options: { guards: 1, days: 2 } }], reason: "x" },
        "startDate",
      ],
      [
        { startDate: booking.startDate, services: [{ serviceId: "svc-nope", options: { guards: 1, days: 2 } }], reason: "x" },
        "services.0.serviceId",
      ],
      [
        { startDate: booking.startDate, services: [{ serviceId: "svc-residential", options: { guards: 11, days: 2 } }], reason: "x" },
        "services.0.options.guards",
      ],
    ];
    for (const [body, field] of cases) {
      const response = await propose(booking.id, body);
      expect(response.status, field).toBe(400);
      expect(response.body.error?.code).toBe("invalid_input");
      expect(Object.keys(response.body.error?.fields ?? {})).toContain(field);
    }
    // The same booking again is no change at all.
    const same = await propose(booking.id, {
      startDate: booking.startDate,
      endDate: addDays(booking.startDate, 1),
      services: [{ serviceId: "svc-residential", options: { guards: 1, days: 2, timeOfDay: "day" } }],
      reason: "Nothing",
    });
    expect(same.status).toBe(400);
    expect(same.body.error?.message).toMatch(/same as the booking/);
    expect((await changes(booking.id)).versions).toEqual([]);
    const badRequest = await test.request("POST", `/api/bookings/${booking.id}/change-requests`, {
      body: { message: "hello" },
      ...as(customer),
    });
    expect(badRequest.status).toBe(400);
    expect(badRequest.body.error?.fields).toHaveProperty("startDate");
    expect((await changes(booking.id)).requests).toEqual([]);
    expect(await eventTypes(booking.id)).toEqual(["booking.pending"]);
  });

  it("accepts a request to move a day at the same price at once, and a request that changes the total as a version to approve", async () => {
    const booking = await book(customer);
    const moved = addDays(booking.startDate, 1);
    const requested = await test.request("POST", `/api/bookings/${booking.id}/change-requests`, {
      body: { startDate: moved, meetingPoint: "Grand Hôtel, main entrance", message: "Our flight moved" },
      ...as(customer),
    });
    expect(requested.status).toBe(201);
    const second = await test.request("POST", `/api/bookings/${booking.id}/change-requests`, {
      body: { startDate: moved },
      ...as(customer),
    });
    expect(second.status).toBe(409);
    const queue = await test.request("GET", "/api/admin/bookings?waiting=us&limit=100", as(operator));
    expect((queue.body.bookings as { id: string }[]).map((row) => row.id)).toContain(booking.id);
    const request = (await changes(booking.id)).requests[0];
    expect(request).toMatchObject({ status: "pending", startDate: moved, meetingPoint: "Grand Hôtel, main entrance" });

    const accepted = await test.request(
      "POST",
      `/api/admin/bookings/${booking.id}/change-requests/${String(request?.id)}/accept`,
      as(operator),
    );
    expect(accepted.status).toBe(200);
    const after = await ownBooking(booking.id);
    expect([after.startDate, after.endDate, after.totalCents]).toEqual([moved, addDays(moved, 1), booking.totalCents]);
    const versions = (await changes(booking.id)).versions;
    expect(versions.map((version) => [version.status, version.current, version.meetingPoint])).toEqual([
      ["approved", false, null],
      ["approved", true, "Grand Hôtel, main entrance"],
    ]);
    const waiting = await test.request("GET", "/api/admin/bookings?waiting=us&limit=100", as(operator));
    expect((waiting.body.bookings as { id: string }[]).map((row) => row.id)).not.toContain(booking.id);
    expect((await latestQueuedMail(test, customer.user.email, "booking-change")).subject).toMatch(/^Your change request is accepted/);
    const twice = await test.request(
      "POST",
      `/api/admin/bookings/${booking.id}/change-requests/${String(request?.id)}/accept`,
      as(operator),
    );
    expect(twice.status).toBe(409);

    // Adding a driver changes the total: the operator's acceptance becomes a version to approve.
    const added = await test.request("POST", `/api/bookings/${booking.id}/change-requests`, {
      body: { addServices: [{ serviceId: "svc-driver", options: { guards: 1, days: 2 } }] },
      ...as(customer),
    });
    expect(added.status).toBe(201);
    const addRequest = (await changes(booking.id)).requests.at(-1);
    await test.request("POST", `/api/admin/bookings/${booking.id}/change-requests/${String(addRequest?.id)}/accept`, as(operator));
    const latest = (await changes(booking.id)).versions.at(-1);
    expect(latest).toMatchObject({ status: "proposed", changeRequestId: addRequest?.id });
    expect(latest?.totalCents).toBeGreaterThan(booking.totalCents);
    expect((await ownBooking(booking.id)).totalCents).toBe(booking.totalCents);
    expect((await latestQueuedMail(test, customer.user.email, "booking-change")).subject).toMatch(/new price to approve/);
    expect((await approve(booking.id, String(latest?.id))).status).toBe(200);
    expect((await ownBooking(booking.id)).totalCents).toBe(latest?.totalCents);
  });

  it("keeps a total an operator set by hand when a request moves the booking a day", async () => {
    const booking = await book(customer);
    const input = {
      startDate: booking.startDate,
      endDate: addDays(booking.startDate, 1),
      services: [{ serviceId: "svc-residential", options: { guards: 1, days: 2, timeOfDay: "day" } }],
    };
    await propose(booking.id, { ...input, adjustedTotal: (booking.totalCents + 40_000) / 100, reason: "A second car" });
    await approve(booking.id, String((await changes(booking.id)).versions.at(-1)?.id));
    const moved = addDays(booking.startDate, 2);
    await test.request("POST", `/api/bookings/${booking.id}/change-requests`, { body: { startDate: moved }, ...as(customer) });
    const request = (await changes(booking.id)).requests[0];
    await test.request("POST", `/api/admin/bookings/${booking.id}/change-requests/${String(request?.id)}/accept`, as(operator));
    const after = await ownBooking(booking.id);
    expect([after.startDate, after.totalCents]).toEqual([moved, booking.totalCents + 40_000]);
    expect((await changes(booking.id)).versions.map((version) => version.status)).toEqual(["approved", "approved", "approved"]);
  });

  it("declines a request with a reason, mailed in the customer's language", async () => {
    const booking = await book(swedish, { language: "sv" });
    const requested = await test.request("POST", `/api/bookings/${booking.id}/change-requests`, {
      body: { startDate: addDays(booking.startDate, 2) },
      ...as(swedish),
    });
    expect(requested.status).toBe(201);
    expect((await latestQueuedMail(test, swedish.user.email, "booking-change")).subject).toMatch(/^Vi har tagit emot din ändringsbegäran/);
    const request = (await changes(booking.id, swedish)).requests[0];
    // The queue's reply timer runs from the pending request (24 h), like an unanswered message's.
    const queueRow = async () =>
      (
        (await test.request("GET", "/api/admin/bookings?limit=100&status=pending", as(operator))).body.bookings as {
          id: string;
          messagesWaitingSince: string | null;
          messageReplyDueAt: string | null;
        }[]
      ).find((row) => row.id === booking.id);
    expect(await queueRow()).toMatchObject({ messagesWaitingSince: request?.createdAt });
    expect(Date.parse((await queueRow())?.messageReplyDueAt ?? "") - Date.parse(request?.createdAt ?? "")).toBe(24 * 3_600_000);
    const url = `/api/admin/bookings/${booking.id}/change-requests/${String(request?.id)}/decline`;
    const noReason = await test.request("POST", url, { body: { reason: " " }, ...as(operator) });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error?.fields).toHaveProperty("reason");
    const declined = await test.request("POST", url, { body: { reason: "Inget team är ledigt den dagen" }, ...as(operator) });
    expect(declined.status).toBe(200);
    expect((await changes(booking.id, swedish)).requests[0]).toMatchObject({
      status: "declined",
      declineReason: "Inget team är ledigt den dagen",
    });
    const mail = await latestQueuedMail(test, swedish.user.email, "booking-change");
    expect(mail.subject).toMatch(/^Vi kan inte göra ändringen du bad om/);
    expect(mail.text).toContain("Anledning: Inget team är ledigt den dagen");
    expect((await ownBooking(booking.id, swedish)).startDate).toBe(booking.startDate);
    expect(await queueRow()).toMatchObject({ messagesWaitingSince: null, messageReplyDueAt: null });

    await propose(booking.id, {
      startDate: booking.startDate,
      services: [{ serviceId: "svc-residential", options: { guards: 3, days: 2, timeOfDay: "day" } }],
      reason: "Tre väktare behövs",
    });
    expect((await latestQueuedMail(test, swedish.user.email, "booking-change")).subject).toMatch(/^En ändring av din bokning väntar/);
  });

  it("puts versions and requests in the customer's data export, and deleting the account removes them", async () => {
    const leaving = await createSignedInUser(test);
    const booking = await book(leaving);
    const requested = await test.request("POST", `/api/bookings/${booking.id}/change-requests`, {
      body: { startDate: addDays(booking.startDate, 1), meetingPoint: "Villa Solbacken, gate 2", message: "We land a day later" },
      ...as(leaving),
    });
    expect(requested.status).toBe(201);
    await propose(booking.id, {
      startDate: booking.startDate,
      services: [{ serviceId: "svc-residential", options: { guards: 2, days: 2, timeOfDay: "day" } }],
      reason: "Two guards for the gate",
    });
    const exported = (await downloadDataExport(test, leaving.cookie)).data.bookings.find((row) => row.id === booking.id);
    expect(exported?.changeRequests).toEqual([
      expect.objectContaining({
        status: "pending",
        statusText: "Waiting for an answer",
        request: expect.objectContaining({ message: "We land a day later" }),
      }),
    ]);
    expect(exported?.quoteVersions.map((version) => [version.number, version.status])).toEqual([
      [1, "approved"],
      [2, "proposed"],
    ]);
    expect((await downloadDataExport(test, stranger.cookie)).json).not.toContain("Solbacken");

    expect((await test.request("POST", `/api/bookings/${booking.id}/cancel`, as(leaving))).status).toBe(200);
    const deleted = await test.request("POST", "/api/account/security/delete-account", {
      body: { password: leaving.password },
      ...as(leaving),
    });
    expect(deleted.status).toBe(200);
    const left = async (table: "booking_versions" | "booking_change_requests") =>
      (await test.db.selectFrom(table).select("id").where("booking_id", "=", booking.id).execute()).length;
    expect([await left("booking_versions"), await left("booking_change_requests")]).toEqual([0, 0]);
  });

  it("answers 404 to another customer and an operative, 403 on the console's side, and the steps change nothing", async () => {
    const booking = await book(customer);
    await propose(booking.id, {
      startDate: booking.startDate,
      services: [{ serviceId: "svc-residential", options: { guards: 2, days: 2, timeOfDay: "day" } }],
      reason: "Two guards",
    });
    const version = (await changes(booking.id)).versions.at(-1);
    for (const user of [stranger, operative]) {
      expect((await test.request("GET", `/api/bookings/${booking.id}/changes`, as(user))).status).toBe(404);
      expect((await approve(booking.id, String(version?.id), user)).status).toBe(404);
      expect((await decline(booking.id, String(version?.id), user)).status).toBe(404);
      const request = await test.request("POST", `/api/bookings/${booking.id}/change-requests`, {
        body: { startDate: addDays(booking.startDate, 1) },
        ...as(user),
      });
      expect(request.status).toBe(404);
      expect((await test.request("GET", `/api/admin/bookings/${booking.id}/changes`, as(user))).status).toBe(403);
      expect((await propose(booking.id, { startDate: booking.startDate, services: [], reason: "x" }, user)).status).toBe(403);
    }
    expect((await test.request("GET", `/api/bookings/not-a-uuid/changes`, as(customer))).status).toBe(404);
    const foreign = await test.request("POST", `/api/bookings/${booking.id}/change-requests`, {
      body: { startDate: addDays(booking.startDate, 1) },
      headers: { cookie: customer.cookie, origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    const seen = await changes(booking.id);
    expect(seen.versions.map((row) => row.status)).toEqual(["approved", "proposed"]);
    expect(seen.requests).toEqual([]);
    const console = await test.request("GET", `/api/admin/bookings/${booking.id}/changes`, as(operator));
    expect(console.status).toBe(200);
  });
});

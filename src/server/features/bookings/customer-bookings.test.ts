import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CustomerBooking, CustomerBookingList } from "../../../shared/customer-bookings.ts";
import { addDays, operatorToday } from "../../../shared/time.ts";
import type { BookingsTable } from "../../db/tables/bookings.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { createStaff, operativeBody } from "../../test-support/operator.ts";
import { latestQueuedMail } from "../../test-support/queued-mail.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// docs/product.md §2 BOOKINGS, §4 (upcoming/past, status), §9 (filter windows, refund rule): the dashboard's
// list, detail and cancel endpoints, owner only, on both engines.

const today = operatorToday(new Date());
const inDays = (days: number) => addDays(today, days);

type Customer = { cookie: string; user: { id: string; email: string } };

describeEachEngine("customer bookings", (engine) => {
  let test: TestApp;
  let astrid: Customer;
  let erik: Customer;

  /** A booking made through POST /api/bookings as the booking page makes it. */
  async function book(customer: Customer, startDate = inDays(10), language: "en" | "sv" = "en"): Promise<string> {
    const bookingId = randomUUID();
    const response = await test.request("POST", "/api/bookings", {
      headers: { cookie: customer.cookie },
      body: {
        bookingId,
        location: "Stockholm, Sweden",
        startDate,
        services: [{ serviceId: "svc-residential", options: { guards: 2, days: 2, timeOfDay: "day_night" } }],
        language,
      },
    });
    expect(response.status).toBe(201);
    return bookingId;
  }

  /** No operator screen exists yet: statuses and past dates are set in the database directly. */
  async function setBooking(id: string, values: { status?: BookingsTable["status"]; startDate?: string }) {
    await test.db
      .updateTable("bookings")
      .set({
        ...(values.status && { status: values.status }),
        ...(values.startDate && { start_date: values.startDate, end_date: addDays(values.startDate, 1) }),
      })
      .where("id", "=", id)
      .execute();
  }

  const row = (id: string) => test.db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const cancellationMails = async (id: string) =>
    (await test.db.selectFrom("outbox").select("payload").where("kind", "=", "booking-cancellation").execute()).filter((mail) =>
      mail.payload?.includes(id),
    );
  const list = async (customer: Customer, window?: string) => {
    const response = await test.request("GET", `/api/bookings${window ? `?window=${window}` : ""}`, {
      headers: { cookie: customer.cookie },
    });
    expect(response.status).toBe(200);
    return response.body as unknown as CustomerBookingList;
  };
  const cancel = (customer: Customer, id: string) =>
    test.request("POST", `/api/bookings/${id}/cancel`, { headers: { cookie: customer.cookie } });

  beforeAll(async () => {
    test = await createTestApp(engine);
    astrid = await createSignedInUser(test, { fullName: "Astrid Lindqvist" });
    erik = await createSignedInUser(test, { fullName: "Erik Other" });
  });
  afterAll(() => test.close());

  it("lists upcoming bookings nearest first and past ones most recent first within the chosen window, chosen in SQL", async () => {
    const customer = await createSignedInUser(test, { fullName: "Window Customer" });
    const later = await book(customer, inDays(12));
    const soon = await book(customer, inDays(2));
    const startsToday = await book(customer, today);
    const lastWeek = await book(customer);
    const lastMonth = await book(customer);
    const lastYear = await book(customer);
    const longAgo = await book(customer);
    await setBooking(lastWeek, { startDate: inDays(-3), status: "confirmed" });
    await setBooking(lastMonth, { startDate: inDays(-20) });
    await setBooking(lastYear, { startDate: inDays(-200) });
    await setBooking(longAgo, { startDate: inDays(-500) });
    await book(erik, inDays(5)); // someone else's booking is never listed

    const all = await list(customer);
    expect(all.upcoming.map((booking) => booking.id)).toEqual([startsToday, soon, later]);
    expect(all.past.map((booking) => booking.id)).toEqual([lastWeek, lastMonth, lastYear, longAgo]);
    expect((await list(customer, "all")).past).toHaveLength(4);
    expect((await list(customer, "year")).past.map((booking) => booking.id)).toEqual([lastWeek, lastMonth, lastYear]);
    expect((await list(customer, "month")).past.map((booking) => booking.id)).toEqual([lastWeek, lastMonth]);
    const week = await list(customer, "week");
    expect(week.past.map((booking) => booking.id)).toEqual([lastWeek]);
    // The window narrows the past only: every upcoming booking stays.
    expect(week.upcoming).toHaveLength(3);

    const card = all.upcoming[1] as CustomerBooking;
    expect(card).toMatchObject({
      id: soon,
      location: "Stockholm, Sweden",
      startDate: inDays(2),
      status: "pending",
      guardCount: 2,
      timeOfDay: "day_night",
      totalDays: 2,
      cancelledAt: null,
    });
    // docs/product.md §9 and docs/money.md: residential 499 × 2 (day & night) × 2 guards × 2 days, in cents, 25 % VAT included.
    expect(card.totalCents).toBe(499 * 2 * 2 * 2 * 100);
    expect(card.vatCents).toBe(79_840);
  });

  it("refuses an unknown window with 400 and a field message", async () => {
    const response = await test.request("GET", "/api/bookings?window=decade", { headers: { cookie: astrid.cookie } });
    expect(response.status).toBe(400);
    expect(response.body.error?.fields?.window).toBe("Choose week, month, year or all");
  });

  it("answers a booking's details to its owner only; another user's id is 404", async () => {
    const id = await book(astrid, inDays(8));
    const own = await test.request("GET", `/api/bookings/${id}`, { headers: { cookie: astrid.cookie } });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id, guardCount: 2, timeOfDay: "day_night", status: "pending" });
    const foreign = await test.request("GET", `/api/bookings/${id}`, { headers: { cookie: erik.cookie } });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain("Stockholm");
    expect((await test.request("GET", "/api/bookings/not-a-uuid", { headers: { cookie: astrid.cookie } })).status).toBe(404);
  });

  it("needs a session for the list, the details and a cancel (401), and a signed-out cancel changes nothing", async () => {
    const id = await book(astrid);
    expect((await test.request("GET", "/api/bookings?window=week")).status).toBe(401);
    expect((await test.request("GET", `/api/bookings/${id}`)).status).toBe(401);
    expect((await test.request("POST", `/api/bookings/${id}/cancel`)).status).toBe(401);
    expect((await row(id)).status).toBe("pending");
    expect(await cancellationMails(id)).toHaveLength(0);
  });

  it("cancels an upcoming booking once: status and cancelled_at in one step with exactly one fully-refundable mail", async () => {
    const id = await book(astrid, inDays(10));
    await setBooking(id, { status: "confirmed" });
    const response = await cancel(astrid, id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id, status: "cancelled_by_customer" });
    const stored = await row(id);
    expect(stored.status).toBe("cancelled_by_customer");
    expect(stored.cancelled_at).not.toBeNull();

    const mails = await cancellationMails(id);
    expect(mails).toHaveLength(1);
    // ADR 182: the cancel's calendar sequence (the request's entry was 0) and its time travel with it.
    expect(JSON.parse(mails[0]?.payload ?? "{}")).toEqual({
      bookingId: id,
      refund: "fully_refundable",
      calendarSequence: 1,
      at: expect.any(String),
    });
    const mail = await latestQueuedMail(test, astrid.user.email, "booking-cancellation");
    expect(mail.subject).toBe(`Booking ${id.slice(0, 8).toUpperCase()} cancelled: Stockholm, Sweden`);
    expect(mail.text).toContain("Fully refundable");
    expect(mail.text).toContain(`/customer-dashboard/bookings/${id}`);

    // A repeated cancel (a double click, a retry) is refused and changes nothing.
    const again = await cancel(astrid, id);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "booking_not_cancellable", message: "This booking is already cancelled." });
    expect((await row(id)).cancelled_at).toBe(stored.cancelled_at);
    expect(await cancellationMails(id)).toHaveLength(1);
  });

  it("states 'Non-refundable booking' less than 2 days before the start, in the booking's language (Swedish)", async () => {
    const id = await book(astrid, inDays(1), "sv");
    expect((await cancel(astrid, id)).status).toBe(200);
    const mails = await cancellationMails(id);
    expect(mails).toHaveLength(1);
    expect(JSON.parse(mails[0]?.payload ?? "{}")).toMatchObject({ refund: "non_refundable" });
    const mail = await latestQueuedMail(test, astrid.user.email, "booking-cancellation");
    expect(mail.subject).toContain("avbokad");
    expect(mail.text).toContain("Bokningen kan inte återbetalas");
  });

  it("refuses to cancel a past booking (409) and changes nothing", async () => {
    const id = await book(astrid);
    await setBooking(id, { startDate: inDays(-2), status: "confirmed" });
    const response = await cancel(astrid, id);
    expect(response.status).toBe(409);
    expect(response.body.error?.message).toMatch(/already started or taken place/);
    const stored = await row(id);
    expect(stored).toMatchObject({ status: "confirmed", cancelled_at: null });
    expect(await cancellationMails(id)).toHaveLength(0);
  });

  it("answers 404 to another user's cancel and leaves the booking as it was", async () => {
    const id = await book(astrid);
    const response = await cancel(erik, id);
    expect(response.status).toBe(404);
    expect(await row(id)).toMatchObject({ status: "pending", cancelled_at: null });
    expect(await cancellationMails(id)).toHaveLength(0);
    expect((await cancel(astrid, randomUUID())).status).toBe(404);
  });
  it("shows the customer the operator's decision: the lead's first name and phone and the note once confirmed, the reason when declined", async () => {
    const operator = await createStaff(test, "operator");
    const asOperator = (method: string, url: string, body?: unknown) =>
      test.request(method, url, { body, headers: { cookie: operator.cookie } });
    const confirmedId = await book(astrid, inDays(20));
    const declinedId = await book(astrid, inDays(22));
    const detail = async (id: string) =>
      (await test.request("GET", `/api/bookings/${id}`, { headers: { cookie: astrid.cookie } })).body as unknown as CustomerBooking;

    const created = await asOperator("POST", "/api/admin/operatives", operativeBody({ name: "Karin Holm", phone: "+46 70 555 01 02" }));
    expect(created.status).toBe(201);
    const operativeId = (created.body as { id: string }).id;
    expect(
      (await asOperator("POST", `/api/admin/bookings/${confirmedId}/assignments`, { operatives: [{ operativeId, lead: true }] })).status,
    ).toBe(201);
    // Assigned but not yet confirmed: the customer does not see who.
    expect((await detail(confirmedId)).lead).toBeNull();

    const note = "Karin will meet you in the hotel lobby.";
    expect((await asOperator("POST", `/api/admin/bookings/${confirmedId}/confirm`, { note })).status).toBe(200);
    expect(await detail(confirmedId)).toMatchObject({
      status: "confirmed",
      operatorNote: note,
      lead: { firstName: "Karin", phone: "+46 70 555 01 02", photoUrl: null },
    });
    const listed = (await list(astrid)).upcoming.find((booking) => booking.id === confirmedId);
    expect(listed?.lead).toEqual({ firstName: "Karin", phone: "+46 70 555 01 02", photoUrl: null });

    const reason = "No operatives are free on those dates.";
    expect((await asOperator("POST", `/api/admin/bookings/${declinedId}/decline`, { reason })).status).toBe(200);
    expect(await detail(declinedId)).toMatchObject({ status: "declined", declineReason: reason, lead: null, operatorNote: null });
    // Another customer sees none of it.
    expect((await test.request("GET", `/api/bookings/${confirmedId}`, { headers: { cookie: erik.cookie } })).status).toBe(404);
  });
});

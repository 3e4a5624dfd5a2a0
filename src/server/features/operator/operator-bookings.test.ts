import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays } from "../../../shared/time.ts";
import type { AdminBookingDetail, BookingQueuePage } from "../../../shared/operator.ts";
import { operatorToday } from "../../../shared/time.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { auditActions, createStaff, insertBooking } from "../../test-support/operator.ts";
import { latestQueuedMail } from "../../test-support/queued-mail.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// The bookings queue and the operator's decisions (ADR 070): filters, waiting-time order and
// cursor pages; confirm, decline and cancel only from the statuses they leave, each with its
// audit row and the customer's mail in the booking's language.

const today = operatorToday(new Date());
const inDays = (days: number) => addDays(today, days);
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describeEachEngine("operator bookings", (engine) => {
  let test: TestApp;
  let operator: { cookie: string; user: { id: string } };
  let customer: { cookie: string; user: { id: string; email: string } };
  let swede: { cookie: string; user: { id: string; email: string } };
  const get = (url: string) => test.request("GET", url, { headers: { cookie: operator.cookie } });
  const post = (url: string, body: unknown = {}) => test.request("POST", url, { body, headers: { cookie: operator.cookie } });
  const queue = async (query: string) => {
    const response = await get(`/api/admin/bookings?${query}`);
    expect(response.status).toBe(200);
    return response.body as unknown as BookingQueuePage;
  };

  beforeAll(async () => {
    test = await createTestApp(engine);
    operator = await createStaff(test, "operator");
    customer = await createSignedInUser(test, { fullName: "Astrid Lindqvist", email: `astrid-${randomUUID().slice(0, 6)}@example.test` });
    swede = await createSignedInUser(test, { fullName: "Sven Ek", language: "sv" });
  });
  afterAll(() => test.close());

  it("lists bookings oldest first with the reply deadline and the customer's e-mail, filtered and paged by cursor", async () => {
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      ids.push(
        await insertBooking(test, {
          userId: customer.user.id,
          customerName: "Astrid Lindqvist",
          location: index % 2 === 0 ? "Göteborg, Sweden" : "Malmö, Sweden",
          startDate: inDays(10 + index),
          createdAt: hoursAgo(30 - index),
          serviceType: index === 4 ? "vip_driver" : "vip_residential",
        }),
      );
    }
    const other = await insertBooking(test, {
      userId: swede.user.id,
      customerName: "Sven Ek",
      location: "Uppsala 100%_Sweden",
      startDate: inDays(40),
      status: "confirmed",
      createdAt: hoursAgo(2),
    });

    const pending = await queue("status=pending");
    expect(pending.bookings.map((booking) => booking.id)).toEqual(ids);
    const first = pending.bookings[0];
    expect(first).toMatchObject({
      status: "pending",
      customerEmail: customer.user.email,
      totalCents: 199_600,
      vatCents: 39_920,
      startDate: inDays(10),
    });
    expect(new Date(first?.replyDueAt ?? "").getTime() - new Date(first?.createdAt ?? "").getTime()).toBe(24 * 3_600_000);

    // Cursor pages of two: the same five in the same order, then no cursor.
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: BookingQueuePage = await queue(`status=pending&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      seen.push(...page.bookings.map((booking) => booking.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(ids);
    expect(pages).toBe(3);

    // Text search: case-insensitive over the customer's name, e-mail and the location; LIKE's
    // wildcards are taken literally.
    expect((await queue("q=GÖTEBORG")).bookings.map((booking) => booking.id)).toEqual([ids[0], ids[2], ids[4]]);
    expect((await queue("q=sven")).bookings.map((booking) => booking.id)).toEqual([other]);
    expect((await queue(`q=${encodeURIComponent(customer.user.email.toUpperCase())}`)).bookings).toHaveLength(5);
    expect((await queue("q=100%25_")).bookings.map((booking) => booking.id)).toEqual([other]);
    expect((await queue("q=%25")).bookings.map((booking) => booking.id)).toEqual([other]);
    // Service type, status and date range (bookings overlapping the days).
    expect((await queue("serviceType=vip_driver")).bookings.map((booking) => booking.id)).toEqual([ids[4]]);
    expect((await queue("status=confirmed")).bookings.map((booking) => booking.id)).toEqual([other]);
    expect((await queue(`from=${inDays(11)}&to=${inDays(12)}`)).bookings.map((booking) => booking.id)).toEqual([ids[1], ids[2]]);

    expect((await get("/api/admin/bookings?limit=101")).status).toBe(400);
    expect((await get("/api/admin/bookings?cursor=not-a-cursor")).status).toBe(400);
    expect((await get(`/api/admin/bookings?from=${inDays(5)}&to=${inDays(1)}`)).status).toBe(400);
  });

  it("searches and filters by days the same way when a search matches more than a thousand bookings", async () => {
    const many: string[] = [];
    for (let start = 0; start < 1010; start += 101) {
      const batch = await Promise.all(
        Array.from({ length: 101 }, (_, index) =>
          insertBooking(test, {
            location: "Kiruna, Sweden",
            customerName: "Many Bookings",
            startDate: inDays(300 + ((start + index) % 30)),
            endDate: inDays(300 + ((start + index) % 30) + 4),
            createdAt: new Date(Date.UTC(2026, 0, 1) + (start + index) * 1000).toISOString(),
          }),
        ),
      );
      many.push(...batch);
    }
    const firstPage = await queue("q=KIRUNA&limit=100");
    expect(firstPage.bookings.map((booking) => booking.id)).toEqual(many.slice(0, 100));
    expect(firstPage.nextCursor).not.toBeNull();
    // A five-day booking starting four days before the range still overlaps it.
    const inRange = await queue(`q=kiruna&from=${inDays(304)}&to=${inDays(304)}&limit=100`);
    expect(inRange.bookings.every((booking) => booking.startDate <= inDays(304) && booking.endDate >= inDays(304))).toBe(true);
    expect(inRange.bookings.length).toBe(100);
    expect((await queue("q=kiruna zzz")).bookings).toEqual([]);
  });

  it("shows a booking's customer, ID status, I.C.E. contacts, services and audit", async () => {
    const now = new Date().toISOString();
    await test.db
      .insertInto("emergency_contacts")
      .values({
        id: randomUUID(),
        user_id: customer.user.id,
        name: "Lars Lindqvist",
        phone: "+46 70 999 00 00",
        email: "lars@example.test",
        created_at: now,
        updated_at: now,
      })
      .execute();
    await test.db
      .insertInto("id_verifications")
      .values({
        id: randomUUID(),
        user_id: customer.user.id,
        type: "passport",
        status: "pending",
        file_key: null,
        content_type: null,
        file_size: null,
        rejection_reason: null,
        reviewed_by: null,
        reviewed_at: null,
        created_at: now,
      })
      .execute();
    const id = await insertBooking(test, { userId: customer.user.id, startDate: inDays(3) });
    const response = await get(`/api/admin/bookings/${id}`);
    expect(response.status).toBe(200);
    const detail = response.body as unknown as AdminBookingDetail;
    expect(detail.customer).toMatchObject({
      fullName: "Astrid Lindqvist",
      email: customer.user.email,
      phoneNumber: "+46 70 123 45 67",
      city: "Stockholm",
    });
    expect(detail.idVerification).toMatchObject({ type: "passport", status: "pending" });
    expect(detail.emergencyContacts).toEqual([{ name: "Lars Lindqvist", phone: "+46 70 999 00 00", email: "lars@example.test" }]);
    expect(detail.services[0]).toMatchObject({ serviceId: "svc-residential", options: { guards: 2, timeOfDay: "night" } });
    expect(detail.totalCents).toBe(199_600);
    expect(detail.vatCents).toBe(39_920);
    expect(detail.assignments).toEqual([]);
    expect(detail.audit).toEqual([]);
    expect((await get(`/api/admin/bookings/${randomUUID()}`)).status).toBe(404);
    expect((await get("/api/admin/bookings/not-an-id")).status).toBe(404);
  });

  it("confirms with an adjusted price and a note: audit keeps the old price, the customer is mailed", async () => {
    const id = await insertBooking(test, { userId: customer.user.id, startDate: inDays(20), priceCents: 199_600 });
    const response = await post(`/api/admin/bookings/${id}/confirm`, { adjustedTotal: 1750.5, note: "Your guard meets you at the lobby." });
    expect(response.status).toBe(200);
    const detail = response.body as unknown as AdminBookingDetail;
    expect(detail).toMatchObject({
      status: "confirmed",
      totalCents: 175_050,
      vatCents: 35_010,
      operatorNote: "Your guard meets you at the lobby.",
    });
    expect(detail.confirmedAt).not.toBeNull();
    expect(detail.audit).toHaveLength(1);
    expect(detail.audit[0]).toMatchObject({
      action: "booking.confirm",
      actorUserId: operator.user.id,
      before: { status: "pending", price: 199_600 },
      after: { status: "confirmed", price: 175_050, operatorNote: "Your guard meets you at the lobby." },
    });
    const mail = await latestQueuedMail(test, customer.user.email, "booking-decision");
    expect(mail.subject).toContain("Your booking is confirmed");
    expect(mail.text).toContain("Your guard meets you at the lobby.");
    // docs/money.md: an adjusted total is VAT-inclusive; its VAT part is computed on it.
    expect(mail.text).toContain("Total (incl. VAT): €1,750.50 (of which VAT 25%: €350.10)");

    // Decided once: confirming again or declining is refused and changes nothing.
    const again = await post(`/api/admin/bookings/${id}/confirm`, {});
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe("invalid_transition");
    expect((await post(`/api/admin/bookings/${id}/decline`, { reason: "No." })).status).toBe(409);
    expect(await auditActions(test, id)).toEqual(["booking.confirm"]);
  });

  it("declines with a reason in Swedish for a Swedish booking, and refuses to confirm it afterwards", async () => {
    const id = await insertBooking(test, { userId: swede.user.id, startDate: inDays(8), language: "sv" });
    const mailsBefore = await test.countRows("outbox");
    expect((await post(`/api/admin/bookings/${id}/decline`, {})).status).toBe(400);
    const declined = await post(`/api/admin/bookings/${id}/decline`, { reason: "Inga väktare lediga de dagarna." });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: "declined", declineReason: "Inga väktare lediga de dagarna." });
    // Declined is a status of its own (docs/booking-lifecycle.md), with declined_at.
    const row = await test.db
      .selectFrom("bookings")
      .select(["status", "declined_at", "cancelled_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("declined");
    expect(row.declined_at).not.toBeNull();
    expect(await test.countRows("outbox")).toBe(mailsBefore + 1);
    const mail = await latestQueuedMail(test, swede.user.email, "booking-decision");
    expect(mail.subject).toContain("Vi kan inte ta din bokning");
    expect(mail.text).toContain("Inga väktare lediga de dagarna.");

    const confirm = await post(`/api/admin/bookings/${id}/confirm`, {});
    expect(confirm.status).toBe(409);
    expect(confirm.body.error?.message).toContain("declined");
    expect((await queue("status=declined")).bookings.map((booking) => booking.id)).toContain(id);
    expect((await queue("status=cancelled_by_operator")).bookings.map((booking) => booking.id)).not.toContain(id);
    expect(await auditActions(test, id)).toEqual(["booking.decline"]);
  });

  it("cancels a confirmed booking, and refuses to confirm a cancelled one", async () => {
    const id = await insertBooking(test, { userId: customer.user.id, startDate: inDays(15) });
    expect((await post(`/api/admin/bookings/${id}/confirm`, {})).status).toBe(200);
    const cancelled = await post(`/api/admin/bookings/${id}/cancel`, { reason: "The customer called to cancel." });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled_by_operator" });
    const mail = await latestQueuedMail(test, customer.user.email, "booking-decision");
    expect(mail.subject).toContain("Your booking is cancelled");
    const refused = await post(`/api/admin/bookings/${id}/confirm`, {});
    expect(refused.status).toBe(409);
    expect((await post(`/api/admin/bookings/${id}/cancel`, {})).status).toBe(400);
    expect((await post(`/api/admin/bookings/${id}/cancel`, { reason: "Twice." })).status).toBe(409);
    expect(await auditActions(test, id)).toEqual(["booking.confirm", "booking.cancel"]);
    const row = await test.db.selectFrom("bookings").select(["status", "cancelled_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("cancelled_by_operator");
    expect(row.cancelled_at).not.toBeNull();
  });

  it("finds a booking made through the booking API in the queue", async () => {
    const bookingId = randomUUID();
    const created = await test.request("POST", "/api/bookings", {
      body: {
        bookingId,
        location: "Visby, Sweden",
        startDate: inDays(30),
        services: [{ serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "day" } }],
        language: "en",
      },
      headers: { cookie: customer.cookie },
    });
    expect(created.status).toBe(201);
    const found = await queue("q=visby&status=pending");
    expect(found.bookings.map((booking) => booking.id)).toEqual([bookingId]);
    expect(found.bookings[0]).toMatchObject({ customerEmail: customer.user.email, totalCents: 49_900 });
  });

  it("names every service of a booking and finds it under each, not only its first", async () => {
    const bookingId = randomUUID();
    const created = await test.request("POST", "/api/bookings", {
      body: {
        bookingId,
        location: "Sigtuna, Sweden",
        startDate: inDays(31),
        services: [
          { serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "day" } },
          { serviceId: "svc-driver", options: { guards: 1, days: 1, duration: "12h", car: "without_car" } },
          { serviceId: "svc-bodyguard", options: { guards: 1, days: 1, duration: "12h" } },
        ],
        language: "en",
      },
      headers: { cookie: customer.cookie },
    });
    expect(created.status).toBe(201);
    const found = await queue("q=sigtuna");
    expect(found.bookings.map((booking) => booking.serviceIds)).toEqual([["svc-residential", "svc-driver", "svc-bodyguard"]]);
    for (const serviceType of ["vip_residential", "vip_driver", "vip_outdoor"]) {
      expect((await queue(`q=sigtuna&serviceType=${serviceType}`)).bookings.map((booking) => booking.id)).toEqual([bookingId]);
    }
    const detail = await get(`/api/admin/bookings/${bookingId}`);
    expect(detail.body).toMatchObject({ serviceIds: ["svc-residential", "svc-driver", "svc-bodyguard"] });
  });
});

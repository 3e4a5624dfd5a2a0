import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays } from "../../../shared/time.ts";
import type { InsightsReport } from "../../../shared/insights.ts";
import { standardVatRateBasisPoints, vatOfInclusive } from "../../../shared/money.ts";
import { operatorToday, startOfDayInZone } from "../../../shared/time.ts";
import type { BookingStatus } from "../../../shared/booking-lifecycle.ts";
import type { ServiceType } from "../../../shared/service-types.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { createStaff, insertBooking, operativeBody } from "../../test-support/operator.ts";
import type { PaymentEventType } from "../../../shared/payments.ts";
import type { AssignmentState } from "../../db/tables/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { perWeek, rebuildSummary, recomputeSummary, storedSummary, storedWeeks } from "../../insights/daily-summary.ts";
import { bookedTotals, conversion, demandByHour, replyOutcomes } from "./insights-repo.ts";

// The insights page's figures (docs/insights.md) over a hand-made set of bookings and events whose
// answers are known: 42 requests in the last 30 days, of which 40 count for the reply promise and
// 31 were answered within 24 hours (77.5 %), 28 confirmed, 8 declined, 5 cancelled; the 30 days
// before hold 10 requests all answered within the hour. Checked figure by figure on both engines.

const hour = 3_600_000;
const now = new Date();
const today = operatorToday(now);
/** 11:00 UTC of the day `daysAgo` before today: 12:00 or 13:00 in Stockholm, far from midnight. */
const noonOf = (daysAgo: number) => new Date(`${addDays(today, -daysAgo)}T11:00:00.000Z`);
const at = (instant: Date, hours: number) => new Date(instant.getTime() + hours * hour).toISOString();

type Seed = {
  createdAt: string;
  status: BookingStatus;
  serviceType?: ServiceType;
  startDate?: string;
  endDate?: string;
  priceCents?: number;
  cancelledAt?: string | null;
  confirmedAt?: string | null;
  declinedAt?: string | null;
  events?: { type: string; at: string }[];
};

async function seedBooking(test: TestApp, seed: Seed): Promise<string> {
  const id = randomUUID();
  const startDate = seed.startDate ?? addDays(today, -1);
  const endDate = seed.endDate ?? startDate;
  const serviceType = seed.serviceType ?? "vip_residential";
  const price = seed.priceCents ?? 100_000;
  await test.db
    .insertInto("bookings")
    .values({
      id,
      user_id: null,
      customer_name: "Astrid Lindqvist",
      location: "Stockholm, Sweden",
      start_time: startOfDayInZone(startDate).toISOString(),
      end_time: startOfDayInZone(addDays(endDate, 1)).toISOString(),
      start_date: startDate,
      end_date: endDate,
      price,
      service_type: serviceType,
      status: seed.status,
      time_of_day: null,
      guard_count: 1,
      style: null,
      car_option: null,
      duration: null,
      total_days: Math.round((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000) + 1,
      vat_cents: vatOfInclusive(price),
      customer_note: null,
      language: "en",
      idempotency_key: null,
      request_hash: randomUUID(),
      created_at: seed.createdAt,
      cancelled_at: seed.cancelledAt ?? null,
      confirmed_at: seed.confirmedAt ?? null,
      declined_at: seed.declinedAt ?? null,
    })
    .execute();
  await test.db
    .insertInto("booking_lines")
    .values({
      booking_id: id,
      position: 0,
      service_id: `svc-${serviceType}`,
      service_type: serviceType,
      title: "Service",
      description: "",
      options: JSON.stringify({ guards: 1, days: 1 }),
      daily_price_cents: price,
      guards: 1,
      days: 1,
      line_total_cents: price,
      vat_cents: vatOfInclusive(price),
      vat_rate_basis_points: standardVatRateBasisPoints,
    })
    .execute();
  for (const event of [{ type: "booking.pending", at: seed.createdAt }, ...(seed.events ?? [])]) {
    await test.db
      .insertInto("events")
      .values({ type: event.type, booking_id: id, actor_user_id: null, actor_role: "operator", payload: "{}", created_at: event.at })
      .execute();
  }
  return id;
}

/** Reply times of the 39 answered requests, in hours: 31 within 24 h (one exactly at 24 h), 8 beyond. */
const replyHours = [
  ...Array<number>(10).fill(0.5), // 0–1 h
  ...Array<number>(5).fill(1.5), // 1–2 h
  ...Array<number>(4).fill(3), // 2–4 h
  ...Array<number>(4).fill(5), // 4–8 h
  ...Array<number>(3).fill(10), // 8–12 h
  ...Array<number>(4).fill(20), // 12–24 h
  24, // exactly the promise: kept
  ...Array<number>(5).fill(30), // 24–48 h
  ...Array<number>(3).fill(50), // 48 h and more
];

describeEachEngine("insights", (engine) => {
  let test: TestApp;
  let operator: { cookie: string };
  let admin: { cookie: string };
  let customer: { cookie: string };
  let report: InsightsReport;
  const ids = { missed: "", waiting: "", licenceSoon: "", licenceExpired: "" };
  const paidBookings: string[] = [];
  const operativeIdsForLater: string[] = [];

  beforeAll(async () => {
    test = await createTestApp(engine);
    operator = await createStaff(test, "operator");
    admin = await createStaff(test, "admin");
    customer = await createSignedInUser(test);

    // The current period (the last 30 days): 39 answered requests, created 3 to 27 days ago.
    for (const [index, hours] of replyHours.entries()) {
      const created = noonOf(3 + (index % 25));
      const answeredAt = at(created, hours);
      if (index < 28) {
        // Confirmed: 19 residential at €1,000 (the last later cancelled by its customer), 9 driver at €1,500.50.
        const driver = index % 3 === 2;
        const cancelledLater = index === 27;
        paidBookings[index] = await seedBooking(test, {
          createdAt: created.toISOString(),
          status: cancelledLater ? "cancelled_by_customer" : "confirmed",
          serviceType: driver ? "vip_driver" : "vip_residential",
          priceCents: driver ? 150_050 : 100_000,
          confirmedAt: answeredAt,
          cancelledAt: cancelledLater ? at(created, hours + 1) : null,
          events: [
            { type: "booking.confirmed", at: answeredAt },
            ...(cancelledLater ? [{ type: "booking.cancelled_by_customer", at: at(created, hours + 1) }] : []),
          ],
        });
      } else if (index < 36) {
        await seedBooking(test, {
          createdAt: created.toISOString(),
          status: "declined",
          serviceType: "vip_outdoor",
          cancelledAt: answeredAt,
          declinedAt: answeredAt,
          events: [{ type: "booking.declined", at: answeredAt }],
        });
      } else {
        await seedBooking(test, {
          createdAt: created.toISOString(),
          status: "cancelled_by_operator",
          serviceType: "vip_outdoor",
          cancelledAt: answeredAt,
          events: [{ type: "booking.cancelled_by_operator", at: answeredAt }],
        });
      }
    }
    // Never answered, 3 days old: the promise broken. Starts in 20 days.
    ids.missed = await seedBooking(test, { createdAt: noonOf(3).toISOString(), status: "pending", startDate: addDays(today, 20) });
    // Two hours old: still within the promise. Starts in 5 days.
    ids.waiting = await seedBooking(test, { createdAt: at(now, -2), status: "pending", startDate: addDays(today, 5) });
    // Withdrawn by the customer three hours after asking, unanswered: counted neither way.
    const withdrawn = noonOf(10);
    await seedBooking(test, {
      createdAt: withdrawn.toISOString(),
      status: "cancelled_by_customer",
      cancelledAt: at(withdrawn, 3),
      events: [{ type: "booking.cancelled_by_customer", at: at(withdrawn, 3) }],
    });

    // The previous period: 10 requests, each confirmed after half an hour, €500 each.
    for (let index = 0; index < 10; index += 1) {
      const created = noonOf(35 + index);
      await seedBooking(test, {
        createdAt: created.toISOString(),
        status: "confirmed",
        priceCents: 50_000,
        confirmedAt: at(created, 0.5),
        events: [{ type: "booking.confirmed", at: at(created, 0.5) }],
      });
    }

    // The team: six operatives, five active; bookings made long ago, so they count in neither period's demand.
    const operativeIds = operativeIdsForLater;
    const licences = [
      { expires: "2030-12-31", active: true },
      { expires: "2030-12-31", active: true },
      { expires: addDays(today, 100), active: true },
      { expires: addDays(today, 10), active: true, key: "licenceSoon" as const },
      { expires: addDays(today, -5), active: true, key: "licenceExpired" as const },
      { expires: addDays(today, 3), active: false },
    ];
    for (const licence of licences) {
      const created = await test.request("POST", "/api/admin/operatives", {
        headers: { cookie: operator.cookie, origin: "http://localhost:3000" },
        body: operativeBody({ licenceExpiresOn: licence.expires, active: licence.active, name: `Operative ${operativeIds.length + 1}` }),
      });
      expect(created.status).toBe(201);
      const id = String(created.body.id);
      operativeIds.push(id);
      if (licence.key) ids[licence.key] = id;
    }
    const longAgo = noonOf(200).toISOString();
    const assign = async (bookingId: string, operatives: string[]) => {
      for (const operativeId of operatives)
        await test.db
          .insertInto("booking_assignments")
          .values({ id: randomUUID(), booking_id: bookingId, operative_id: operativeId, is_lead: 0, created_at: longAgo })
          .execute();
    };
    // 3 days (10 to 8 days ago) × 2 operatives = 6 operative-days now.
    const recent = await seedBooking(test, {
      createdAt: longAgo,
      status: "confirmed",
      startDate: addDays(today, -10),
      endDate: addDays(today, -8),
    });
    await assign(recent, operativeIds.slice(0, 2));
    // 40 to 28 days ago, 1 operative: 2 days in this period (29 and 28 days ago), 11 in the previous one.
    const across = await seedBooking(test, {
      createdAt: longAgo,
      status: "completed",
      startDate: addDays(today, -40),
      endDate: addDays(today, -28),
    });
    await assign(across, operativeIds.slice(2, 3));
    // A cancelled booking's operatives are not busy; a booking in 5 days is outside the period (and confirmed ahead).
    const cancelled = await seedBooking(test, { createdAt: longAgo, status: "cancelled_by_operator", startDate: addDays(today, -5) });
    await assign(cancelled, operativeIds.slice(0, 3));
    const ahead = await seedBooking(test, { createdAt: longAgo, status: "confirmed", startDate: addDays(today, 5) });
    await assign(ahead, operativeIds.slice(0, 1));

    // The payments ledger (docs/payments.md): residential booking 0 charged €1,000 nine days ago
    // and €250 given back five days ago; driver booking 2 holding €1,500.50 since eight days ago;
    // residential booking 1's €500 hold made 40 days ago, voided 20 days ago.
    const payment = async (
      bookingId: string,
      amountCents: number,
      createdAt: string,
      events: { type: PaymentEventType; cents: number; at: string }[],
    ) => {
      const paymentId = randomUUID();
      await test.db
        .insertInto("payments")
        .values({
          id: paymentId,
          booking_id: bookingId,
          user_id: null,
          provider: "simulated",
          purpose: "hold",
          amount_cents: amountCents,
          currency: "eur",
          method_token: "pm_test",
          created_at: createdAt,
        })
        .execute();
      for (const event of [{ type: "authorised" as const, cents: amountCents, at: createdAt }, ...events])
        await test.db
          .insertInto("payment_events")
          .values({
            id: randomUUID(),
            payment_id: paymentId,
            booking_id: bookingId,
            type: event.type,
            amount_cents: event.cents,
            idempotency_key: randomUUID(),
            actor_role: "system",
            created_at: event.at,
          })
          .execute();
    };
    await payment(paidBookings[0] ?? "", 100_000, noonOf(10).toISOString(), [
      { type: "captured", cents: 100_000, at: noonOf(9).toISOString() },
      { type: "refunded", cents: 25_000, at: noonOf(5).toISOString() },
    ]);
    await payment(paidBookings[2] ?? "", 150_050, noonOf(8).toISOString(), []);
    await payment(paidBookings[1] ?? "", 50_000, noonOf(40).toISOString(), [
      { type: "voided", cents: 50_000, at: noonOf(20).toISOString() },
    ]);

    // Offers to operatives (docs/operatives.md) on a booking a month ahead: 3 accepted, 2 declined and
    // 1 released at its deadline in this period, 1 declined in the previous one; one still open and
    // one assigned by an operator without an offer are not answers.
    const spare = await seedBooking(test, { createdAt: longAgo, status: "completed", startDate: addDays(today, 30) });
    const offers: { state: AssignmentState; respondedAt: string | null }[] = [
      { state: "accepted", respondedAt: noonOf(4).toISOString() },
      { state: "accepted", respondedAt: noonOf(4).toISOString() },
      { state: "accepted", respondedAt: noonOf(11).toISOString() },
      { state: "declined", respondedAt: noonOf(6).toISOString() },
      { state: "declined", respondedAt: noonOf(45).toISOString() },
      { state: "released", respondedAt: noonOf(12).toISOString() },
      { state: "offered", respondedAt: null },
    ];
    for (const [index, offer] of offers.entries())
      await test.db
        .insertInto("booking_assignments")
        .values({
          id: randomUUID(),
          booking_id: index < 6 ? spare : ahead,
          operative_id: operativeIds[index < 6 ? index : 1] ?? "",
          is_lead: 0,
          state: offer.state,
          respond_by: addDays(today, 20),
          responded_at: offer.respondedAt,
          created_at: longAgo,
        })
        .execute();
    await test.db
      .insertInto("booking_assignments")
      .values({
        id: randomUUID(),
        booking_id: ahead,
        operative_id: operativeIds[2] ?? "",
        is_lead: 0,
        responded_at: noonOf(3).toISOString(),
        created_at: longAgo,
      })
      .execute();

    // Written straight into the tables: the insights summary is written from them, as after a bulk load (ADR 155).
    await rebuildSummary(test.db);
    const response = await test.request("GET", "/api/admin/insights", { headers: { cookie: operator.cookie } });
    expect(response.status).toBe(200);
    report = response.body as unknown as InsightsReport;
  });
  afterAll(() => test.close());

  it("covers the last 30 days by default and compares them with the 30 before", () => {
    expect(report.period).toEqual({
      from: addDays(today, -29),
      to: today,
      days: 30,
      previousFrom: addDays(today, -59),
      previousTo: addDays(today, -30),
      granularity: "day",
    });
  });

  it("reply promise: 31 of the 40 requests that count answered within 24 hours, 77.5 %", () => {
    expect(report.reply.current).toEqual({
      requests: 42,
      answered: 39,
      answeredWithinPromise: 31,
      missed: 1,
      waitingWithinPromise: 1,
      withdrawn: 1,
      shareWithinPromise: 0.775,
    });
    expect(report.reply.previous).toMatchObject({ requests: 10, answered: 10, answeredWithinPromise: 10, shareWithinPromise: 1 });
  });

  it("reply times: a histogram whose 24-hour reply is on the kept side", () => {
    expect(report.reply.histogram).toEqual([
      { bucket: "0-1", answered: 10 },
      { bucket: "1-2", answered: 5 },
      { bucket: "2-4", answered: 4 },
      { bucket: "4-8", answered: 4 },
      { bucket: "8-12", answered: 3 },
      { bucket: "12-24", answered: 5 },
      { bucket: "24-48", answered: 5 },
      { bucket: "48+", answered: 3 },
    ]);
  });

  it("requests still waiting: oldest first, with the time left to the limit (negative once past)", () => {
    expect(report.reply.waitingTotal).toBe(2);
    expect(report.reply.waiting.map((request) => request.id)).toEqual([ids.missed, ids.waiting]);
    const [missed, waiting] = report.reply.waiting;
    // Created 3 days ago at 11:00 UTC: the limit passed 2 days ago at 11:00 UTC.
    // Counted from the moment the report was made, which may be a minute after the seed's `now`.
    expect(missed?.minutesLeft).toBe(Math.floor((noonOf(2).getTime() - Date.parse(report.generatedAt)) / 60_000));
    expect(missed?.minutesLeft).toBeLessThan(-24 * 60);
    // Created two hours ago: 22 hours left, give or take the minute the report was made in.
    expect(waiting?.minutesLeft).toBeGreaterThanOrEqual(22 * 60 - 2);
    expect(waiting?.minutesLeft).toBeLessThanOrEqual(22 * 60);
  });

  it("demand: requests, confirmations, declines and cancellations, and the conversion", () => {
    expect(report.demand.current).toEqual({
      requests: 42,
      confirmations: 28,
      declines: 8,
      // 3 answered by an operator's cancellation, 1 confirmed then cancelled by its customer, 1 withdrawn.
      cancellations: 5,
      confirmedRequests: 28,
      conversion: 28 / 42,
    });
    expect(report.demand.previous).toMatchObject({ requests: 10, confirmations: 10, conversion: 1 });
  });

  it("demand per day adds up to the totals, by day and by service", () => {
    expect(report.demand.series).toHaveLength(30);
    expect(report.demand.series[0]?.bucket).toBe(addDays(today, -29));
    const sum = (key: "requests" | "confirmations" | "declines" | "cancellations") =>
      report.demand.series.reduce((total, point) => total + point[key], 0);
    expect({ requests: sum("requests"), confirmations: sum("confirmations"), declines: sum("declines") }).toEqual({
      requests: 42,
      confirmations: 28,
      declines: 8,
    });
    // Three days ago: answered requests 0 and 25, and the unanswered one.
    expect(report.demand.series.find((point) => point.bucket === addDays(today, -3))?.requests).toBe(3);
    // Two hours ago is today or yesterday in Stockholm, depending on the hour the test runs.
    const byService = Object.fromEntries(report.demand.byService.map((entry) => [entry.serviceType, entry]));
    expect(byService.vip_driver).toEqual({ serviceType: "vip_driver", requests: 9, confirmations: 9, declines: 0, cancellations: 0 });
    expect(byService.vip_outdoor).toEqual({ serviceType: "vip_outdoor", requests: 11, confirmations: 0, declines: 8, cancellations: 3 });
    expect(byService.vip_residential).toMatchObject({ requests: 22, confirmations: 19, cancellations: 2 });
  });

  it("start days ahead: the next 60 days with the confirmed and pending bookings starting on each", () => {
    expect(report.demand.startDays).toHaveLength(60);
    expect(report.demand.startDays[0]?.day).toBe(today);
    expect(report.demand.startDays.find((day) => day.day === addDays(today, 5))).toEqual({
      day: addDays(today, 5),
      confirmed: 1,
      pending: 1,
    });
    expect(report.demand.startDays.find((day) => day.day === addDays(today, 20))).toEqual({
      day: addDays(today, 20),
      confirmed: 0,
      pending: 1,
    });
    const all = report.demand.startDays.reduce((total, day) => total + day.confirmed + day.pending, 0);
    expect(all).toBe(3);
  });

  it("money: booked value of the bookings confirmed and still going ahead, by service, and the average", () => {
    // 18 × €1,000 + 9 × €1,500.50 (the tenth driver booking was cancelled after its confirmation).
    expect(report.money.current).toMatchObject({ bookedCents: 3_150_450, bookings: 27, averageBookingCents: 116_683 });
    expect(report.money.previous).toMatchObject({ bookedCents: 500_000, bookings: 10, averageBookingCents: 50_000 });
    const byService = Object.fromEntries(report.money.byService.map((entry) => [entry.serviceType, entry.bookedCents]));
    expect(byService).toEqual({ vip_residential: 1_800_000, vip_driver: 1_350_450, vip_outdoor: 0 });
    const averages = Object.fromEntries(
      report.money.byService.map((entry) => [entry.serviceType, [entry.bookings, entry.averageBookingCents]]),
    );
    expect(averages).toEqual({ vip_residential: [18, 100_000], vip_driver: [9, 150_050], vip_outdoor: [0, null] });
    expect(report.money.series.reduce((total, week) => total + week.bookedCents, 0)).toBe(3_150_450);
    for (const week of report.money.series) {
      expect(new Date(`${week.bucket}T12:00:00Z`).getUTCDay()).toBe(1);
      expect(week.byService.vip_residential + week.byService.vip_driver + week.byService.vip_outdoor).toBe(week.bookedCents);
    }
  });

  it("money: captured, refunded and outstanding from the payments ledger, per week and by service", () => {
    // Outstanding now: the driver's open hold; at the end of the previous period: the hold voided 20 days ago.
    expect(report.money.current).toMatchObject({ capturedCents: 100_000, refundedCents: 25_000, outstandingCents: 150_050 });
    expect(report.money.previous).toMatchObject({ capturedCents: 0, refundedCents: 0, outstandingCents: 50_000 });
    const weekOfDay = (day: string) => {
      const weekday = (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;
      return addDays(day, -weekday);
    };
    const week = (daysAgo: number) => report.money.series.find((point) => point.bucket === weekOfDay(addDays(today, -daysAgo)));
    expect(report.money.series.reduce((total, point) => total + point.capturedCents, 0)).toBe(100_000);
    expect(report.money.series.reduce((total, point) => total + point.refundedCents, 0)).toBe(25_000);
    expect(week(9)?.capturedCents).toBe(100_000);
    expect(week(5)?.refundedCents).toBe(25_000);
    expect(report.money.series.at(-1)?.outstandingCents).toBe(150_050);
    // The week of 20 days ago ends with the €500 hold voided; the first week of the period ends with it open.
    expect(report.money.series[0]?.outstandingCents).toBe(weekOfDay(addDays(today, -29)) === weekOfDay(addDays(today, -20)) ? 0 : 50_000);
    const byService = Object.fromEntries(
      report.money.byService.map((entry) => [entry.serviceType, [entry.capturedCents, entry.refundedCents]]),
    );
    expect(byService).toEqual({ vip_residential: [100_000, 25_000], vip_driver: [0, 0], vip_outdoor: [0, 0] });
  });

  it("team: offers accepted, declined or released unanswered at the deadline, per week", () => {
    expect(report.team.current).toMatchObject({ offersAccepted: 3, offersDeclined: 1, offersReleased: 1 });
    expect(report.team.previous).toMatchObject({ offersAccepted: 0, offersDeclined: 1, offersReleased: 0 });
    const sum = (key: "accepted" | "declined" | "released") => report.team.offers.reduce((total, point) => total + point[key], 0);
    expect([sum("accepted"), sum("declined"), sum("released")]).toEqual([3, 1, 1]);
  });

  it("team: operative-days booked against the operatives available, and licences expiring within 90 days", () => {
    // Four active operatives with valid licences all 30 days (120) and one whose licence ended 5 days ago (25).
    expect(report.team.current).toMatchObject({ bookedOperativeDays: 8, availableOperativeDays: 145, utilisation: 8 / 145 });
    expect(report.team.previous).toMatchObject({ bookedOperativeDays: 11, availableOperativeDays: 150, utilisation: 11 / 150 });
    expect(report.team.activeOperatives).toBe(5);
    expect(report.team.utilisation.reduce((total, week) => total + week.bookedOperativeDays, 0)).toBe(8);
    expect(report.team.licences).toEqual([
      { operativeId: ids.licenceExpired, name: "Operative 5", licenceExpiresOn: addDays(today, -5), daysLeft: -5 },
      { operativeId: ids.licenceSoon, name: "Operative 4", licenceExpiresOn: addDays(today, 10), daysLeft: 10 },
    ]);
  });

  it("a chosen period of 90 days is drawn per week; a wrong period is refused", async () => {
    const chosen = await test.request("GET", "/api/admin/insights?days=90", {
      headers: { cookie: admin.cookie },
    });
    expect(chosen.status).toBe(200);
    const wide = chosen.body as unknown as InsightsReport;
    expect(wide.period).toMatchObject({ from: addDays(today, -89), to: today, granularity: "week" });
    expect(wide.demand.current.requests).toBe(52);
    expect(wide.demand.series.reduce((total, point) => total + point.requests, 0)).toBe(52);

    const range = await test.request("GET", `/api/admin/insights?from=${addDays(today, -59)}&to=${addDays(today, -30)}`, {
      headers: { cookie: operator.cookie },
    });
    // The previous period chosen as a range of its own gives the figures shown as "previous".
    expect((range.body as unknown as InsightsReport).reply.current).toEqual(report.reply.previous);
    expect((range.body as unknown as InsightsReport).money.current).toEqual(report.money.previous);

    for (const query of [
      `from=${today}&to=${addDays(today, -1)}`,
      `from=${addDays(today, -400)}&to=${today}`,
      `from=${today}`,
      "days=14",
      `days=7&from=${today}&to=${today}`,
    ]) {
      const refused = await test.request("GET", `/api/admin/insights?${query}`, { headers: { cookie: operator.cookie } });
      expect(refused.status).toBe(400);
      expect(refused.body.error?.code).toBe("invalid_input");
    }
  });

  it("the summary equals a recomputation from the bookings and events after a mix of transitions", async () => {
    const owner = await createSignedInUser(test);
    const staffPost = (url: string, body: unknown = {}) => test.request("POST", url, { body, headers: { cookie: operator.cookie } });
    const made: string[] = [];
    for (let index = 0; index < 8; index += 1)
      made.push(
        await insertBooking(test, {
          userId: owner.user.id,
          startDate: addDays(today, 15 + index),
          createdAt: at(now, -(index * 7 + 1)),
          serviceType: index % 2 === 0 ? "vip_driver" : "vip_residential",
        }),
      );
    const [confirmOnly, confirmThenCancel, confirmThenWithdraw, decline, cancelPending, withdraw, stillPending] = made;
    for (const id of [confirmOnly, confirmThenCancel, confirmThenWithdraw])
      expect((await staffPost(`/api/admin/bookings/${id}/confirm`)).status).toBe(200);
    expect((await staffPost(`/api/admin/bookings/${decline}/decline`, { reason: "No operatives are free." })).status).toBe(200);
    expect((await staffPost(`/api/admin/bookings/${cancelPending}/cancel`, { reason: "Asked by phone." })).status).toBe(200);
    for (const id of [confirmThenWithdraw, withdraw])
      expect((await test.request("POST", `/api/bookings/${id}/cancel`, { headers: { cookie: owner.cookie } })).status).toBe(200);
    // Operatives assigned to a confirmed booking, one removed again; the later cancellation frees them.
    const [first, second, third] = operativeIdsForLater;
    const teams = [
      [confirmOnly, [{ operativeId: first ?? "", lead: true }, { operativeId: second ?? "" }]],
      [confirmThenCancel, [{ operativeId: third ?? "", lead: true }]],
    ] as const;
    for (const [id, operatives] of teams) {
      const assigned = await test.request("POST", `/api/admin/bookings/${id}/assignments`, {
        body: { operatives },
        headers: { cookie: operator.cookie },
      });
      expect(assigned.body.error ?? null).toBeNull();
    }
    expect(
      (await test.request("DELETE", `/api/admin/bookings/${confirmOnly}/assignments/${second}`, { headers: { cookie: operator.cookie } }))
        .status,
    ).toBe(200);
    expect((await staffPost(`/api/admin/bookings/${confirmThenCancel}/cancel`, { reason: "The event was called off." })).status).toBe(200);
    // A refused transition changes nothing either.
    expect((await staffPost(`/api/admin/bookings/${decline}/confirm`)).status).toBe(409);
    expect(stillPending).toBeDefined();

    const stored = await storedSummary(test.db);
    const recomputed = await recomputeSummary(test.db);
    expect(stored.size).toBeGreaterThan(0);
    expect(Object.fromEntries(stored)).toEqual(Object.fromEntries(recomputed));
    expect(Object.fromEntries(await storedWeeks(test.db))).toEqual(Object.fromEntries(perWeek(recomputed)));

    // And the page's figures equal the documented statements run over the raw rows (docs/insights.md).
    const fresh = (await test.request("GET", "/api/admin/insights?days=7", { headers: { cookie: operator.cookie } }))
      .body as unknown as InsightsReport;
    const range = {
      start: startOfDayInZone(fresh.period.from).toISOString(),
      end: startOfDayInZone(addDays(fresh.period.to, 1)).toISOString(),
    };
    const waitingSince = new Date(Date.parse(fresh.generatedAt) - 24 * hour).toISOString();
    const outcomes = Object.fromEntries(
      (await replyOutcomes(test.db, range, waitingSince)).map((row) => [row.outcome, Number(row.requests)]),
    );
    expect(fresh.reply.current.waitingWithinPromise).toBe(outcomes.waiting ?? 0);
    expect(fresh.reply.current.withdrawn).toBe(outcomes.withdrawn ?? 0);
    expect(fresh.reply.current.missed).toBe(outcomes.missed ?? 0);
    for (const entry of fresh.reply.histogram) expect(entry.answered).toBe(outcomes[entry.bucket] ?? 0);
    const demand = await demandByHour(test.db, range);
    const count = (kinds: string[]) => demand.filter((row) => kinds.includes(row.kind)).reduce((total, row) => total + Number(row.n), 0);
    expect(fresh.demand.current).toMatchObject({
      requests: count(["booking.pending"]),
      confirmations: count(["booking.confirmed"]),
      declines: count(["booking.declined"]),
      cancellations: count(["booking.cancelled_by_customer", "booking.cancelled_by_operator"]),
      confirmedRequests: (await conversion(test.db, range)).confirmed,
    });
    const booked = await bookedTotals(test.db, range);
    expect(fresh.money.current).toMatchObject({ bookedCents: booked.cents, bookings: booked.bookings });
    expect(fresh.demand.current.requests).toBeGreaterThanOrEqual(8);
  });

  it("is refused to signed-out visitors (401) and customers (403)", async () => {
    expect((await test.request("GET", "/api/admin/insights")).status).toBe(401);
    const asCustomer = await test.request("GET", "/api/admin/insights", { headers: { cookie: customer.cookie } });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.error?.code).toBe("forbidden");
  });
});

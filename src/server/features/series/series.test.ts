import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeriesView } from "../../../shared/series-schema.ts";
import { expandSeries, isoWeekdayOf, occurrencePeriod, type SeriesRule } from "../../../shared/series.ts";
import { addDays, operatorToday } from "../../../shared/time.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { expandCalendar } from "../../test-support/calendar-expansion.ts";
import { createStaff } from "../../test-support/operator.ts";
import { createOperative, inviteAndSignIn } from "../../test-support/operatives.ts";
import type { MyAssignment } from "../../../shared/operatives.ts";
import { queuedMails } from "../../test-support/queued-mail.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { ledgerOf } from "../../payments/ledger.ts";
import { startJobWorker } from "../../jobs/worker.ts";
import { manualClock, systemClock } from "../../clock.ts";
import { extendSeriesWindows } from "./service.ts";

// docs/series.md, ADR 280–284, on both engines: a series is booked once and each occurrence is a
// booking of the lifecycle, paid and refunded by the booking's rules; a change reaches exactly the
// occurrences of its scope, their money and jobs, and sends ONE mail whose ONE calendar entry
// expands (Python's icalendar and dateutil) to exactly the occurrences that stand.

const today = operatorToday(new Date());

/** The due jobs (card captures and refunds are `payment` jobs) run as the worker runs them. */
async function runDueJobs(test: TestApp) {
  const worker = startJobWorker(test.deps, {
    pollIntervalMs: 60_000,
    batchSize: 100,
    clock: systemClock,
    payments: test.services.payments,
    bookingLifecycle: test.services.bookingLifecycle,
  });
  try {
    for (let round = 0; round < 10; round += 1) if ((await worker.runOnce()) === 0) break;
  } finally {
    await worker.stop();
  }
}
/** The first Saturday at least 8 days ahead: every cancellation below is before the refund deadline. */
const firstSaturday = (() => {
  let day = addDays(today, 8);
  while (isoWeekdayOf(day) !== 6) day = addDays(day, 1);
  return day;
})();

type Customer = { cookie: string; user: { id: string; email: string } };

describeEachEngine("recurring series", (engine) => {
  let test: TestApp;
  let operator: { cookie: string };
  const as = (cookie: string) => ({ headers: { cookie } });

  beforeAll(async () => {
    test = await createTestApp(engine);
    operator = await createStaff(test, "operator");
  });
  afterAll(() => test.close());

  async function customerWithCard(): Promise<{ customer: Customer; paymentMethodId: string }> {
    const customer = await createSignedInUser(test);
    const added = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvv: "123" },
      ...as(customer.cookie),
    });
    return { customer, paymentMethodId: (added.body.paymentMethod as { id: string }).id };
  }

  function seriesBody(paymentMethodId: string | null, rule: Partial<SeriesRule> = {}, overrides: Record<string, unknown> = {}) {
    return {
      seriesId: randomUUID(),
      location: "Djursholm, Sweden",
      // Weekend protection: Saturday 10:00 to Sunday 22:00, residential protection day and night.
      services: [{ serviceId: "svc-residential", options: { guards: 2, days: 2, timeOfDay: "day_night" } }],
      days: 2,
      startTime: "10:00",
      endTime: "22:00",
      rule: { frequency: "weekly", interval: 1, weekdays: [6], firstDay: firstSaturday, count: 8, ...rule },
      meetingPoint: "Villa gate",
      language: "en",
      ...(paymentMethodId && { payment: { paymentMethodId, chargeLaterConsent: true } }),
      ...overrides,
    };
  }

  const bookingRow = (id: string) => test.db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const seriesMails = (email: string) => queuedMails(test, email, "series-update");
  const calendarOf = (mail: { attachments?: { filename: string; content: string }[] }) => {
    const attachment = mail.attachments?.find((entry) => entry.filename === "series.ics");
    if (!attachment) throw new Error("the mail carries no series.ics");
    return expandCalendar(String(attachment.content));
  };
  const instant = (date: Date) => date.toISOString().replace(".000", "");

  it("books eight weekends, confirms them, moves one and cancels the last three: five stand with their money right", async () => {
    const { customer, paymentMethodId } = await customerWithCard();
    const body = seriesBody(paymentMethodId);
    const created = await test.request("POST", "/api/series", { body, ...as(customer.cookie) });
    expect(created.status).toBe(201);
    const series = created.body as unknown as SeriesView;
    const days = expandSeries({ ...body.rule, monthDay: null, until: null } as SeriesRule);
    expect(series.occurrences.map((occurrence) => occurrence.day)).toEqual(days);
    // Each occurrence is a pending booking of its own, priced by the engine, with its card payment.
    const ids = series.occurrences.map((occurrence) => occurrence.bookingId as string);
    expect(new Set(ids).size).toBe(8);
    const rows = await Promise.all(ids.map(bookingRow));
    expect(rows.map((row) => row.status)).toEqual(Array(8).fill("pending"));
    const price = Number(rows[0]?.price);
    expect(price).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Number(row.price)).toBe(price);
      expect(row.start_clock).toBe("10:00");
      expect(row.end_date).toBe(addDays(row.start_date, 1));
      expect((await ledgerOf(test.db, row.id)).payments).toHaveLength(1);
    }
    // The same series sent again is the same series: nothing more is written.
    const again = await test.request("POST", "/api/series", { body, ...as(customer.cookie) });
    expect(again.status).toBe(200);
    expect(await test.countRows("booking_series_occurrences")).toBeGreaterThanOrEqual(8);
    expect((await seriesMails(customer.user.email)).length).toBe(1);

    // The firm confirms the whole series: every occurrence is confirmed, its card charged.
    const confirmed = await test.request("POST", `/api/admin/series/${series.id}/confirm`, { body: {}, ...as(operator.cookie) });
    expect(confirmed.status).toBe(200);
    await runDueJobs(test);
    for (const id of ids) {
      expect((await bookingRow(id)).status).toBe("confirmed");
      const [payment] = (await ledgerOf(test.db, id)).payments;
      expect(payment?.position).toMatchObject({ state: "captured", capturedCents: price, refundedCents: 0 });
    }

    // Move the fourth weekend a day earlier, to Friday–Saturday: that one alone changes.
    const fourth = days[3] as string;
    const moved = await test.request("POST", `/api/series/${series.id}/changes`, {
      body: { action: "move", scope: "this", occurrenceDay: fourth, day: addDays(fourth, -1), startTime: "10:00", endTime: "22:00" },
      ...as(customer.cookie),
    });
    expect(moved.status).toBe(200);
    const after = await Promise.all(ids.map(bookingRow));
    expect(after.map((row) => row.start_date)).toEqual(days.map((day, index) => (index === 3 ? addDays(day, -1) : day)));
    const movedPeriod = occurrencePeriod({ day: addDays(fourth, -1), days: 2, startTime: "10:00", endTime: "22:00" });
    expect(after[3]?.start_time).toBe(movedPeriod.start.toISOString());
    // Its start job follows it; the others' stay where they were.
    const startJob = await test.db
      .selectFrom("jobs")
      .select("run_at")
      .where("kind", "=", "booking-start")
      .where("reference_key", "=", `booking:${ids[3] as string}`)
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    expect(Date.parse(startJob.run_at)).toBe(movedPeriod.start.getTime());

    // Cancel the last three ("this and the following" from the sixth).
    const cancelled = await test.request("POST", `/api/series/${series.id}/changes`, {
      body: { action: "cancel", scope: "following", occurrenceDay: days[5] },
      ...as(customer.cookie),
    });
    expect(cancelled.status).toBe(200);
    await runDueJobs(test);
    const statuses = (await Promise.all(ids.map(bookingRow))).map((row) => row.status);
    expect(statuses).toEqual([...Array(5).fill("confirmed"), ...Array(3).fill("cancelled_by_customer")]);
    // Five keep their money; the three cancelled before the deadline are refunded in full.
    let kept = 0;
    for (const [index, id] of ids.entries()) {
      const [payment] = (await ledgerOf(test.db, id)).payments;
      const position = payment?.position;
      expect(position?.capturedCents).toBe(price);
      expect(position?.refundedCents).toBe(index < 5 ? 0 : price);
      kept += (position?.capturedCents ?? 0) - (position?.refundedCents ?? 0);
    }
    expect(kept).toBe(5 * price);
    // No start job is left for the cancelled ones.
    const leftJobs = await test.db
      .selectFrom("jobs")
      .select("reference_key")
      .where("kind", "in", ["booking-start", "booking-complete", "start-reminder"])
      .where("status", "=", "pending")
      .where(
        "reference_key",
        "in",
        ids.slice(5).map((id) => `booking:${id}`),
      )
      .execute();
    expect(leftJobs).toEqual([]);

    // ONE mail per change (booked, confirmed, moved, cancelled), each with the series' one entry.
    const mails = await seriesMails(customer.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/requested: 8 occurrences/),
      expect.stringMatching(/is confirmed/),
      expect.stringMatching(/^1 occurrences .* moved/),
      expect.stringMatching(/^3 occurrences .* cancelled/),
    ]);
    const calendars = mails.map(calendarOf);
    expect(calendars.map((calendar) => calendar.sequence)).toEqual([0, 1, 2, 3]);
    expect(new Set(calendars.map((calendar) => calendar.uid)).size).toBe(1);
    const last = calendars[3];
    expect(last?.method).toBe("REQUEST");
    const standing = days
      .slice(0, 5)
      .map((day, index) => occurrencePeriod({ day: index === 3 ? addDays(day, -1) : day, days: 2, startTime: "10:00", endTime: "22:00" }));
    expect(last?.occurrences.map(({ start, end }) => ({ start, end }))).toEqual(
      standing.map((period) => ({ start: instant(period.start), end: instant(period.end) })),
    );
    expect(last?.occurrences[3]?.recurrenceId).toBe(
      instant(occurrencePeriod({ day: fourth, days: 2, startTime: "10:00", endTime: "22:00" }).start),
    );
  });

  it("retimes exactly the chosen scope: this, this and the following, all remaining", async () => {
    const customer = await createSignedInUser(test);
    const body = seriesBody(null, { count: 4 });
    const created = await test.request("POST", "/api/series", { body, ...as(customer.cookie) });
    expect(created.status).toBe(201);
    const series = created.body as unknown as SeriesView;
    const days = series.occurrences.map((occurrence) => occurrence.occurrenceDay);
    const clocks = async () =>
      (await Promise.all(series.occurrences.map((occurrence) => bookingRow(occurrence.bookingId as string)))).map(
        (row) => `${row.start_clock as string}-${row.end_clock as string}`,
      );
    const retime = (scope: string, occurrenceDay: string, startTime: string) =>
      test.request("POST", `/api/series/${series.id}/changes`, {
        body: { action: "move", scope, occurrenceDay, day: occurrenceDay, startTime, endTime: "22:00" },
        ...as(customer.cookie),
      });
    expect((await retime("this", days[1] as string, "11:00")).status).toBe(200);
    expect(await clocks()).toEqual(["10:00-22:00", "11:00-22:00", "10:00-22:00", "10:00-22:00"]);
    expect((await retime("following", days[2] as string, "12:00")).status).toBe(200);
    expect(await clocks()).toEqual(["10:00-22:00", "11:00-22:00", "12:00-22:00", "12:00-22:00"]);
    expect((await retime("remaining", days[3] as string, "13:00")).status).toBe(200);
    expect(await clocks()).toEqual(Array(4).fill("13:00-22:00"));
    // The occurrences' price is for their hours per day, not their clock: unchanged by the retimes.
    const calendar = calendarOf((await seriesMails(customer.user.email)).at(-1) as never);
    expect(calendar.occurrences.map((occurrence) => occurrence.start)).toEqual(
      days.map((day) => instant(occurrencePeriod({ day, days: 2, startTime: "13:00", endTime: "22:00" }).start)),
    );
    // The firm's steps are the firm's: a customer is refused them.
    for (const path of [`/api/admin/series/${series.id}/confirm`, `/api/admin/series/${series.id}/assignments`]) {
      expect((await test.request("POST", path, { body: {}, ...as(customer.cookie) })).status).toBe(403);
    }
    expect(
      (await test.request("GET", `/api/admin/series/of-booking/${series.occurrences[0]?.bookingId as string}`, as(customer.cookie))).status,
    ).toBe(403);
    // Another customer reaches nothing of it.
    const other = await createSignedInUser(test);
    const refused = await test.request("POST", `/api/series/${series.id}/changes`, {
      body: { action: "cancel", scope: "remaining", occurrenceDay: days[0] },
      ...as(other.cookie),
    });
    expect(refused.status).toBe(404);
  });

  it("offers operatives every coming occurrence of a series at once, or one occurrence alone; the offer names the series", async () => {
    const customer = await createSignedInUser(test);
    const created = await test.request("POST", "/api/series", { body: seriesBody(null, { count: 3 }), ...as(customer.cookie) });
    const series = created.body as unknown as SeriesView;
    const whole = await inviteAndSignIn(test, operator.cookie, await createOperative(test, operator.cookie, { name: "Johan Berg" }));
    const single = await inviteAndSignIn(test, operator.cookie, await createOperative(test, operator.cookie, { name: "Lisa Ström" }));
    const assigned = await test.request("POST", `/api/admin/series/${series.id}/assignments`, {
      body: { operatives: [{ operativeId: whole.operative.id, lead: true }] },
      ...as(operator.cookie),
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toEqual({ assigned: series.occurrences.map((occurrence) => occurrence.day), refused: [] });
    const third = series.occurrences[2]?.bookingId as string;
    const one = await test.request("POST", `/api/admin/bookings/${third}/assignments`, {
      body: { operatives: [{ operativeId: single.operative.id }] },
      ...as(operator.cookie),
    });
    expect(one.status).toBe(201);
    const offers = async (cookie: string) =>
      ((await test.request("GET", "/api/operative/assignments", as(cookie))).body.assignments as MyAssignment[]).filter((assignment) =>
        series.occurrences.some((occurrence) => occurrence.bookingId === assignment.bookingId),
      );
    const wholeOffers = await offers(whole.cookie);
    expect(wholeOffers.map((offer) => offer.startDate)).toEqual(series.occurrences.map((occurrence) => occurrence.day));
    expect(new Set(wholeOffers.map((offer) => offer.seriesReference))).toEqual(new Set([series.id.slice(0, 8).toUpperCase()]));
    expect((await offers(single.cookie)).map((offer) => offer.bookingId)).toEqual([third]);
  });

  it("prices a night across the change of the clocks for its real hours, and refuses a move that would change a price", async () => {
    // The server's clock stands on 1 March 2027; summer time begins on Sunday 28 March.
    const clocked = await createTestApp(engine, {}, { clock: manualClock(new Date("2027-03-01T09:00:00Z")) });
    try {
      const customer = await createSignedInUser(clocked);
      const body = seriesBody(null, { firstDay: "2027-03-13", count: 3 }, { days: 1, startTime: "22:00", endTime: "06:00" });
      const created = await clocked.request("POST", "/api/series", { body, headers: { cookie: customer.cookie } });
      expect(created.status).toBe(201);
      const series = created.body as unknown as SeriesView;
      expect(series.occurrences.map((occurrence) => occurrence.day)).toEqual(["2027-03-13", "2027-03-20", "2027-03-27"]);
      expect(series.occurrences.map((occurrence) => occurrence.realHours)).toEqual([8, 8, 7]);
      const [full, , short] = series.occurrences.map((occurrence) => occurrence.totalCents as number);
      expect(short).toBe(Math.round(((full as number) * 7) / 8 / 100) * 100);
      // The short night moved to Friday would last 8 hours: refused, and nothing of the series moves.
      const refused = await clocked.request("POST", `/api/series/${series.id}/changes`, {
        body: { action: "move", scope: "following", occurrenceDay: "2027-03-20", day: "2027-03-19", startTime: "22:00", endTime: "06:00" },
        headers: { cookie: customer.cookie },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ reason: "seriesChangeAltersPrice" });
      const rows = await Promise.all(
        series.occurrences.map((occurrence) =>
          clocked.db
            .selectFrom("bookings")
            .select("start_date")
            .where("id", "=", occurrence.bookingId as string)
            .executeTakeFirstOrThrow(),
        ),
      );
      expect(rows.map((row) => row.start_date)).toEqual(["2027-03-13", "2027-03-20", "2027-03-27"]);
    } finally {
      await clocked.close();
    }
  });

  it("creates later occurrences as the rolling window reaches them, leaving out cancelled ones", async () => {
    const customer = await createSignedInUser(test);
    // Monthly on the 15th, six times: the last three are beyond the 90-day window today.
    const firstDay = addDays(today, 1);
    const body = seriesBody(
      null,
      { frequency: "monthly", weekdays: [], monthDay: 15, firstDay, count: 6 },
      { days: 1, startTime: "20:00", endTime: "06:00" },
    );
    const created = await test.request("POST", "/api/series", { body, ...as(customer.cookie) });
    expect(created.status).toBe(201);
    const series = created.body as unknown as SeriesView;
    const horizon = addDays(today, 90);
    expect(series.occurrences.map((occurrence) => occurrence.bookingId !== null)).toEqual(
      series.occurrences.map((occurrence) => occurrence.day <= horizon),
    );
    const last = series.occurrences[5]?.occurrenceDay as string;
    const cancel = await test.request("POST", `/api/series/${series.id}/changes`, {
      body: { action: "cancel", scope: "this", occurrenceDay: last },
      ...as(customer.cookie),
    });
    expect(cancel.status).toBe(200);
    // 75 days on, the window reaches the fifth occurrence: the job creates every one but the cancelled sixth.
    const later = new Date(Date.now() + 75 * 86_400_000);
    await extendSeriesWindows(test.deps, { ...test.services, clock: { now: () => later } });
    const view = (await test.request("GET", `/api/series/${series.id}`, as(customer.cookie))).body as unknown as SeriesView;
    expect(view.occurrences.map((occurrence) => occurrence.bookingId !== null)).toEqual([true, true, true, true, true, false]);
    const system = await test.db
      .selectFrom("events")
      .select(["actor_role"])
      .where("booking_id", "=", view.occurrences[4]?.bookingId as string)
      .executeTakeFirstOrThrow();
    expect(system.actor_role).toBe("system");
    // The night shifts keep 20:00–06:00 Stockholm time whatever the season.
    for (const occurrence of view.occurrences.slice(0, 5)) {
      const row = await bookingRow(occurrence.bookingId as string);
      const period = occurrencePeriod({ day: occurrence.day, days: 1, startTime: "20:00", endTime: "06:00" });
      expect(row.start_time).toBe(period.start.toISOString());
      expect(row.end_time).toBe(period.end.toISOString());
    }
  });
});

describe("the series schema", () => {
  it("refuses a rule with both an end date and a count, or neither", async () => {
    const test = await createTestApp("sqlite");
    try {
      const customer = await createSignedInUser(test);
      const body = {
        seriesId: randomUUID(),
        location: "Stockholm, Sweden",
        services: [{ serviceId: "svc-residential", options: { guards: 2, days: 1, timeOfDay: "day_night" } }],
        days: 1,
        startTime: "10:00",
        endTime: "22:00",
        rule: { frequency: "weekly", interval: 1, weekdays: [6], firstDay: firstSaturday, count: 3, until: addDays(firstSaturday, 30) },
        language: "en",
      };
      const refused = await test.request("POST", "/api/series", { body, headers: { cookie: customer.cookie } });
      expect(refused.status).toBe(400);
      expect(await test.countRows("booking_series")).toBe(0);
    } finally {
      await test.close();
    }
  });
});

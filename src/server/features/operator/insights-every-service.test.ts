import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, operatorToday } from "../../../shared/time.ts";
import type { InsightsReport } from "../../../shared/insights.ts";
import { recomputeSummary, storedSummary } from "../../insights/daily-summary.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { createStaff } from "../../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// ADR 249: the insights page counts a booking under each of its services. A residential booking
// with a security driver and a bodyguard is demand for all three, and a bodyguard with going-out
// security is one request of the outdoor type; the totals still count each booking once.

describeEachEngine("insights by service, for bookings of several services", (engine) => {
  let test: TestApp;
  let report: InsightsReport;

  beforeAll(async () => {
    test = await createTestApp(engine, { BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" });
    const operator = await createStaff(test, "operator");
    const customer = await createSignedInUser(test);
    const startDate = addDays(operatorToday(new Date()), 30);
    const book = async (services: { serviceId: string; options: Record<string, unknown> }[]) => {
      const bookingId = randomUUID();
      const created = await test.request("POST", "/api/bookings", {
        body: { bookingId, location: "Stockholm, Sweden", startDate, services, language: "en" },
        headers: { cookie: customer.cookie },
      });
      expect(created.status).toBe(201);
      return { id: bookingId, totalCents: Number(created.body.totalCents) };
    };
    const full = await book([
      { serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "day" } },
      { serviceId: "svc-driver", options: { guards: 1, days: 1, duration: "12h", car: "without_car" } },
      { serviceId: "svc-bodyguard", options: { guards: 1, days: 1, duration: "12h" } },
    ]);
    await book([
      { serviceId: "svc-bodyguard", options: { guards: 1, days: 1, duration: "12h" } },
      { serviceId: "svc-going-out", options: { guards: 1, days: 1, duration: "6h" } },
    ]);
    const confirmed = await test.request("POST", `/api/admin/bookings/${full.id}/confirm`, {
      body: {},
      headers: { cookie: operator.cookie },
    });
    expect(confirmed.status).toBe(200);
    const response = await test.request("GET", "/api/admin/insights?days=7", { headers: { cookie: operator.cookie } });
    expect(response.status).toBe(200);
    report = response.body as unknown as InsightsReport;
  });
  afterAll(() => test.close());

  it("counts a booking's request and confirmation under each of its services, and once in the totals", () => {
    const byService = Object.fromEntries(report.demand.byService.map(({ serviceType, ...counts }) => [serviceType, counts]));
    expect(byService).toEqual({
      vip_residential: { requests: 1, confirmations: 1, declines: 0, cancellations: 0 },
      vip_driver: { requests: 1, confirmations: 1, declines: 0, cancellations: 0 },
      vip_outdoor: { requests: 2, confirmations: 1, declines: 0, cancellations: 0 },
    });
    expect(report.demand.current).toMatchObject({ requests: 2, confirmations: 1, confirmedRequests: 1 });
    expect(report.demand.series.reduce((sum, point) => sum + point.requests, 0)).toBe(2);
  });

  it("counts the confirmed booking under each of its services in the money figures, and once in the totals", () => {
    const bookings = Object.fromEntries(report.money.byService.map((entry) => [entry.serviceType, entry.bookings]));
    expect(bookings).toEqual({ vip_residential: 1, vip_driver: 1, vip_outdoor: 1 });
    expect(report.money.current.bookings).toBe(1);
    const value = report.money.byService.reduce((sum, entry) => sum + entry.bookedCents, 0);
    expect(report.money.current.bookedCents).toBe(value);
    // A service's average is what that service came to per booking that had it.
    for (const entry of report.money.byService) expect(entry.averageBookingCents).toBe(entry.bookedCents);
  });

  it("keeps the stored summary equal to a recomputation", async () => {
    expect(Object.fromEntries(await storedSummary(test.db))).toEqual(Object.fromEntries(await recomputeSummary(test.db)));
  });

  it("names every service of a waiting request", () => {
    expect(report.reply.waiting.map((request) => request.serviceIds)).toEqual([["svc-bodyguard", "svc-going-out"]]);
  });
});

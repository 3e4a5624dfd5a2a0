import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { BookingQuote, BookingView } from "../../../shared/booking.ts";
import { addDays } from "../../../shared/time.ts";
import { operatorToday } from "../../../shared/time.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { auditActions, createStaff } from "../../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import type { EditableService } from "../../../shared/operator.ts";

// The catalogue editor (ADR 070): every docs/product.md §3 field of a service, validated, prices in euros;
// a change prices new quotes at once while stored bookings keep the price they were booked at.

const startDate = addDays(operatorToday(new Date()), 14);
const residentialDay = {
  services: [{ serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "day" } }],
  startDate,
  language: "en",
};

describeEachEngine("operator catalogue editor", (engine) => {
  let test: TestApp;
  let operator: { cookie: string; user: { id: string } };
  let customer: { cookie: string };
  const request = (method: string, url: string, body?: unknown) =>
    test.request(method, url, { body, headers: { cookie: operator.cookie } });

  beforeAll(async () => {
    test = await createTestApp(engine);
    operator = await createStaff(test, "operator");
    customer = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  it("reads every field in euros, saves a new price for new quotes only, and audits the old one", async () => {
    const booked = await test.request("POST", "/api/bookings", {
      body: { ...residentialDay, bookingId: randomUUID(), location: "Stockholm, Sweden" },
      headers: { cookie: customer.cookie },
    });
    expect(booked.status).toBe(201);
    expect((booked.body as unknown as BookingView).totalCents).toBe(49_900);

    const read = await request("GET", "/api/admin/services/svc-residential");
    expect(read.status).toBe(200);
    const service = read.body as unknown as EditableService;
    expect(service).toMatchObject({ id: "svc-residential", basePrice: 499, type: "vip_residential", minGuards: 1, maxGuards: 10 });
    expect(service.timeOfDayPrices).toEqual({ day: 1, night: 1.2, day_night: 2 });
    expect(((await request("GET", "/api/admin/services")).body.services as EditableService[]).length).toBeGreaterThanOrEqual(5);

    // Read before the change so the catalogue cache holds the old price.
    expect(((await test.request("POST", "/api/bookings/quote", { body: residentialDay })).body as unknown as BookingQuote).totalCents).toBe(
      49_900,
    );
    const { id: _id, ...fields } = service;
    const saved = await request("PUT", "/api/admin/services/svc-residential", { ...fields, basePrice: 549.5, originalPrice: 650 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ basePrice: 549.5, originalPrice: 650 });
    const row = await test.db
      .selectFrom("services")
      .select(["base_price_cents", "original_price_cents"])
      .where("id", "=", "svc-residential")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ base_price_cents: 54_950, original_price_cents: 65_000 });

    const quote = (await test.request("POST", "/api/bookings/quote", { body: residentialDay })).body as unknown as BookingQuote;
    // Daily prices are whole euros (ADR 050): 549.50 → 550.
    expect(quote.totalCents).toBe(55_000);
    const stored = await test.request("GET", `/api/bookings/${(booked.body as unknown as BookingView).id}`, {
      headers: { cookie: customer.cookie },
    });
    expect((stored.body as unknown as BookingView).totalCents).toBe(49_900);

    const audit = await test.db.selectFrom("audit_log").selectAll().where("subject_id", "=", "svc-residential").executeTakeFirstOrThrow();
    expect(audit.action).toBe("service.update");
    expect(JSON.parse(audit.before ?? "{}")).toMatchObject({ basePrice: 499 });
    expect(JSON.parse(audit.after ?? "{}")).toMatchObject({ basePrice: 549.5 });
  });

  it("refuses invalid fields and changes nothing", async () => {
    const service = (await request("GET", "/api/admin/services/svc-driver")).body as unknown as EditableService;
    const { id: _id, ...fields } = service;
    const invalid = [
      { ...fields, basePrice: -1 },
      { ...fields, basePrice: 10.001 },
      { ...fields, minGuards: 5, maxGuards: 2 },
      { ...fields, type: "vip_space" },
      { ...fields, carPrices: { "S-class": 1.5 } },
      { ...fields, durationOptions: { "six hours": 0.5 } },
      { ...fields, title: "" },
      { ...fields, slug: "Not A Slug" },
    ];
    for (const body of invalid) {
      const response = await request("PUT", "/api/admin/services/svc-driver", body);
      expect(response.status).toBe(400);
    }
    const clash = await request("PUT", "/api/admin/services/svc-driver", { ...fields, slug: "residential" });
    expect(clash.status).toBe(409);
    expect((await request("PUT", "/api/admin/services/svc-nothing", fields)).status).toBe(404);
    expect(await auditActions(test, "svc-driver")).toEqual([]);
    expect((await request("GET", "/api/admin/services/svc-driver")).body).toEqual(service);
  });
});

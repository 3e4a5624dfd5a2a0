import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingQuote, BookingView } from "../../../shared/booking.ts";
import { addDays, operatorToday } from "../../../shared/time.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { startJobWorker } from "../../jobs/worker.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { bookingForMail } from "./service.ts";

const today = operatorToday(new Date());
const inDays = (days: number) => addDays(today, days);

/** A valid request: residential 2 guards at night + driver 18h with an S-class, 3 days. */
function bookingBody(overrides: Record<string, unknown> = {}) {
  return {
    bookingId: randomUUID(),
    location: "Göteborg, Sweden",
    startDate: inDays(10),
    endDate: inDays(12),
    services: [
      { serviceId: "svc-residential", options: { guards: 2, days: 3, timeOfDay: "night" } },
      { serviceId: "svc-driver", options: { guards: 1, days: 3, duration: "18h", car: "with_car", carClass: "S-class", style: "Formal" } },
    ],
    language: "en",
    ...overrides,
  };
}
// Hand-computed (docs/product.md §9, ADR 050): residential 499 × 1.2 × 2 = 1197.6 → 1198 per day;
// driver 199 × 1.5 (18h) × 1.5 (car) × 1.5 (S-class) = 671.625 + 500 = 1171.625 → 1172 per day.
const expectedTotal = (1198 + 1172) * 3;

describeEachEngine("bookings", (engine) => {
  let test: TestApp;
  let customer: { cookie: string; user: { id: string; email: string } };
  let other: { cookie: string; user: { id: string; email: string } };
  const counts = async () => ({
    bookings: (await test.db.selectFrom("bookings").select("id").execute()).length,
    mails: (await test.db.selectFrom("outbox").select("id").where("kind", "=", "booking-confirmation").execute()).length,
  });
  /** Runs the outbox worker once, as the server does (it renders the mail then), and reads the copy kept. */
  const deliveredConfirmation = async (bookingId: string) => {
    const worker = startJobWorker(test.deps, {
      pollIntervalMs: 60_000,
      batchSize: 1000,
      sources: { booking: (id) => bookingForMail(test.deps, id) },
    });
    await worker.runOnce();
    await worker.stop();
    return test.db.selectFrom("outbox").selectAll().where("payload", "=", JSON.stringify({ bookingId })).executeTakeFirstOrThrow();
  };
  const post = (body: unknown, cookie = customer.cookie, headers: Record<string, string> = {}) =>
    test.request("POST", "/api/bookings", { body, headers: { cookie, ...headers } });

  beforeAll(async () => {
    test = await createTestApp(engine);
    customer = await createSignedInUser(test, { fullName: "Astrid Lindqvist" });
    other = await createSignedInUser(test, { fullName: "Erik Other" });
  });
  afterAll(() => test.close());

  it("creates a pending booking priced from the catalogue, with one confirmation mail and its .ics", async () => {
    const body = bookingBody();
    const response = await post(body);
    expect(response.status).toBe(201);
    const booking = response.body as BookingView;
    expect(booking).toMatchObject({
      id: body.bookingId,
      location: "Göteborg, Sweden",
      startDate: inDays(10),
      endDate: inDays(12),
      totalDays: 3,
      status: "pending",
      totalCents: expectedTotal * 100,
      // docs/money.md: 25 % VAT included, computed per line: 71 880 + 70 320 cents.
      vatCents: 142_200,
      customerName: "Astrid Lindqvist",
    });
    expect(
      booking.services.map((line) => [line.serviceId, line.serviceType, line.dailyPriceCents, line.totalCents, line.vatCents]),
    ).toEqual([
      ["svc-residential", "vip_residential", 119_800, 359_400, 71_880],
      ["svc-driver", "vip_driver", 117_200, 351_600, 70_320],
    ]);

    const row = await test.db.selectFrom("bookings").selectAll().where("id", "=", body.bookingId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: customer.user.id,
      price: expectedTotal * 100,
      status: "pending",
      service_type: "vip_residential",
      guard_count: 3,
      time_of_day: "night",
      style: "Formal",
      car_option: "with_car",
      duration: "18h",
      total_days: 3,
      language: "en",
    });
    expect(row.vat_cents).toBe(142_200);
    // The lines were written with the booking and read back through the shared schema.
    const fetched = await test.request("GET", `/api/bookings/${body.bookingId}`, { headers: { cookie: customer.cookie } });
    expect((fetched.body as BookingView).services).toEqual(booking.services);
    expect(await test.db.selectFrom("booking_lines").select("position").where("booking_id", "=", body.bookingId).execute()).toHaveLength(2);

    const queued = await test.db
      .selectFrom("outbox")
      .selectAll()
      .where("payload", "=", JSON.stringify({ bookingId: body.bookingId }))
      .executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ kind: "booking-confirmation", recipient: customer.user.email, status: "pending" });
    const mail = await deliveredConfirmation(body.bookingId);
    expect(mail.status).toBe("kept");
    expect(mail.recipient).toBe(customer.user.email);
    expect(mail.subject).toContain(body.bookingId.slice(0, 8).toUpperCase());
    // ADR 119: a request awaiting the firm's confirmation, and the subject says so.
    expect(mail.subject).toContain("received, awaiting confirmation");
    expect(mail.text).toContain("Quoted total (incl. VAT): €7,110");
    expect(mail.text).toContain("of which VAT 25%: €1,422");
    expect(mail.text).toContain("within 24 hours");
    expect(mail.text).toMatch(/Fully refundable if you cancel before .+ \(Stockholm time\)/);
    expect(mail.html).toContain("Göteborg, Sweden");
    const attachments = JSON.parse(mail.attachments ?? "[]") as { filename: string; contentType: string; content: string }[];
    expect(attachments).toHaveLength(1);
    expect(attachments[0]?.filename).toBe("booking.ics");
    expect(attachments[0]?.contentType).toContain("text/calendar");
    const ics = attachments[0]?.content ?? "";
    expect(ics).toContain(`\r\nUID:${body.bookingId}\r\n`);
    expect(ics).toContain(`DTSTART;VALUE=DATE:${inDays(10).replace(/-/g, "")}`);
    expect(ics).toContain(`DTEND;VALUE=DATE:${inDays(13).replace(/-/g, "")}`);
  });

  it("keeps a queued confirmation that cannot be rendered, with its error, for a later attempt", async () => {
    const bookingId = randomUUID();
    await enqueueMail(test.db, { kind: "booking-confirmation", to: customer.user.email, payload: { bookingId } });
    const mail = await deliveredConfirmation(bookingId);
    expect(mail).toMatchObject({ status: "pending", attempts: 1, subject: "" });
    expect(mail.last_error).toContain(`Booking ${bookingId} does not exist`);
  });

  it("ignores every price and total the client sends (price tampering)", async () => {
    const body = bookingBody({ total: 1, price: 1 });
    const tampered = {
      ...body,
      services: body.services.map((line) => ({ ...line, price: 1, dailyPrice: 1, total: 1, options: { ...line.options, price: 1 } })),
    };
    const response = await post(tampered);
    expect(response.status).toBe(201);
    expect((response.body as BookingView).totalCents).toBe(expectedTotal * 100);
    const row = await test.db.selectFrom("bookings").select("price").where("id", "=", body.bookingId).executeTakeFirstOrThrow();
    expect(row.price).toBe(expectedTotal * 100);
  });

  it("creates exactly one booking and one mail under 20 concurrent identical requests", async () => {
    const before = await counts();
    const body = bookingBody();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post(body, customer.cookie, { "Idempotency-Key": body.bookingId })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(19);
    for (const response of responses) expect((response.body as BookingView).id).toBe(body.bookingId);
    expect(await counts()).toEqual({ bookings: before.bookings + 1, mails: before.mails + 1 });
  });

  it("answers a replay with the existing booking and refuses the same id with other details", async () => {
    const body = bookingBody();
    expect((await post(body)).status).toBe(201);
    const before = await counts();
    const replay = await post(body);
    expect(replay.status).toBe(200);
    expect((replay.body as BookingView).id).toBe(body.bookingId);

    const changed = await post({ ...body, location: "Malmö, Sweden" });
    expect(changed.status).toBe(409);
    expect(changed.body.error?.code).toBe("booking_conflict");

    // Another user cannot take over or read the booking through its id.
    const stolen = await post(body, other.cookie);
    expect(stolen.status).toBe(409);
    expect(JSON.stringify(stolen.body)).not.toContain("Göteborg");
    expect(await counts()).toEqual(before);
  });

  it("treats a retried Idempotency-Key with a new id as the same booking", async () => {
    const key = `retry-${randomUUID()}`;
    const first = await post(bookingBody(), customer.cookie, { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const before = await counts();
    const second = await post(bookingBody(), customer.cookie, { "Idempotency-Key": key });
    expect(second.status).toBe(200);
    expect((second.body as BookingView).id).toBe((first.body as BookingView).id);
    expect(await counts()).toEqual(before);
    const bad = await post(bookingBody(), customer.cookie, { "Idempotency-Key": "x".repeat(300) });
    expect(bad.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("shows a booking to its owner only (another user's id answers 404)", async () => {
    const body = bookingBody({ startDate: inDays(2), endDate: undefined });
    expect((await post(body)).status).toBe(201);
    const own = await test.request("GET", `/api/bookings/${body.bookingId}`, { headers: { cookie: customer.cookie } });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: body.bookingId, totalDays: 3, endDate: inDays(4) });

    const foreign = await test.request("GET", `/api/bookings/${body.bookingId}`, { headers: { cookie: other.cookie } });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain("Göteborg");
    expect((await test.request("GET", `/api/bookings/${randomUUID()}`, { headers: { cookie: customer.cookie } })).status).toBe(404);

    const list = await test.request("GET", "/api/bookings", { headers: { cookie: customer.cookie } });
    const bookings = list.body.upcoming as BookingView[];
    expect(bookings.length).toBeGreaterThanOrEqual(2);
    expect(bookings[0]?.id).toBe(body.bookingId); // earliest start first
    const starts = bookings.map((booking) => booking.startDate);
    expect(starts).toEqual([...starts].sort());
    const otherList = await test.request("GET", "/api/bookings", { headers: { cookie: other.cookie } });
    expect(otherList.body).toEqual({ upcoming: [], past: [] });
  });

  it("needs a session to create or read bookings (401), whatever the body", async () => {
    const before = await counts();
    expect((await test.request("POST", "/api/bookings", { body: bookingBody() })).status).toBe(401);
    expect((await test.request("POST", "/api/bookings", { body: { nonsense: true } })).status).toBe(401);
    expect(
      (await test.request("POST", "/api/bookings", { body: bookingBody(), headers: { cookie: "nordic-shield.session_token=forged" } }))
        .status,
    ).toBe(401);
    expect((await test.request("GET", "/api/bookings")).status).toBe(401);
    expect((await test.request("GET", `/api/bookings/${randomUUID()}`)).status).toBe(401);
    expect(await counts()).toEqual(before);
  });

  describe("refuses each docs/product.md §5 rule with a clear message and stores nothing", () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ["no service", { services: [] }, "services", "Select a service"],
      ["no location", { location: "   " }, "location", "Enter location"],
      ["location missing", { location: undefined }, "location", "Enter location"],
      ["no date", { startDate: "" }, "startDate", "Select a date"],
      ["date missing", { startDate: undefined, endDate: undefined }, "startDate", "Select a date"],
      ["an impossible date", { startDate: "2030-02-30", endDate: undefined }, "startDate", "Select a date"],
      [
        "a start in the past",
        { startDate: inDays(-1), endDate: inDays(2) },
        "startDate",
        "The start date cannot be in the past. Select today or a later date.",
      ],
      ["end before start", { startDate: inDays(5), endDate: inDays(4) }, "endDate", "The end date must be on or after the start date."],
      ["more than 365 days", { startDate: inDays(1), endDate: inDays(366) }, "endDate", "A booking can cover at most 365 days."],
      [
        "more than 10 services",
        { services: Array.from({ length: 11 }, () => ({ serviceId: "svc-event", options: { guards: 1, days: 1 } })) },
        "services",
        "At most 10 services per booking",
      ],
      [
        "guards above 10",
        { services: [{ serviceId: "svc-event", options: { guards: 11, days: 1 } }] },
        "services.0.options.guards",
        "Choose at most 10 guards",
      ],
      [
        "no guards",
        { services: [{ serviceId: "svc-event", options: { guards: 0, days: 1 } }] },
        "services.0.options.guards",
        "Choose at least 1 guard",
      ],
      [
        "an unknown service",
        { services: [{ serviceId: "svc-submarine", options: { guards: 1, days: 1 } }] },
        "services.0.serviceId",
        "This service is not available. Please choose another service.",
      ],
      [
        "an option the service does not offer",
        { services: [{ serviceId: "svc-event", options: { guards: 1, days: 1, car: "with_car" } }] },
        "services.0.options.car",
        "VIP Event and Party Security has no car option.",
      ],
      [
        "a car class without a car",
        { services: [{ serviceId: "svc-driver", options: { guards: 1, days: 1, car: "without_car", carClass: "V-class" } }] },
        "services.0.options.carClass",
        "A car class can only be chosen together with a car.",
      ],
      [
        "the same service twice",
        {
          services: [
            { serviceId: "svc-event", options: { guards: 1, days: 1 } },
            { serviceId: "svc-event", options: { guards: 2, days: 1 } },
          ],
        },
        "services.1.serviceId",
        "VIP Event and Party Security is already in this booking.",
      ],
      ["a malformed booking id", { bookingId: "not-a-uuid" }, "bookingId", ""],
    ];
    it.each(cases)("%s", async (_name, overrides, field, message) => {
      const before = await counts();
      const response = await post(bookingBody(overrides));
      expect(response.status).toBe(400);
      expect(response.body.error?.code).toBe("invalid_input");
      expect(response.body.error?.fields).toHaveProperty([field]);
      if (message) expect(response.body.error?.fields?.[field]).toBe(message);
      expect(await counts()).toEqual(before);
    });
  });

  it("refuses a booking that would end past year 9999 with a 400, not a 500 or a garbled end date", async () => {
    const before = await counts();
    for (const overrides of [
      { startDate: "9999-12-31", endDate: undefined },
      { startDate: "9999-12-20", endDate: undefined, services: [{ serviceId: "svc-residential", options: { guards: 1, days: 30 } }] },
    ]) {
      const created = await post(bookingBody(overrides));
      expect(created.status).toBe(400);
      expect(created.body.error?.fields?.startDate).toEqual(expect.any(String));
      const { bookingId: _id, location: _location, ...quoteBody } = bookingBody(overrides);
      const quoted = await test.request("POST", "/api/bookings/quote", { body: quoteBody });
      expect(quoted.status).toBe(400);
      expect(quoted.body.error?.fields?.startDate).toEqual(expect.any(String));
    }
    expect(await counts()).toEqual(before);
  });

  it("quotes without a session, with the same prices as a booking", async () => {
    const { bookingId: _id, location: _location, ...body } = bookingBody();
    const response = await test.request("POST", "/api/bookings/quote", { body });
    expect(response.status).toBe(200);
    const quote = response.body as BookingQuote;
    expect(quote).toMatchObject({
      totalCents: expectedTotal * 100,
      vatCents: 142_200,
      totalDays: 3,
      startDate: inDays(10),
      endDate: inDays(12),
    });
    expect(quote.lines.map((line) => line.dailyPriceCents)).toEqual([119_800, 117_200]);
    const invalid = await test.request("POST", "/api/bookings/quote", { body: { ...body, services: [] } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error?.message).toBe("Select a service");
  });

  it("prices a car without a class as the page does: no class is added and no class fee charged (ADR 050 addendum)", async () => {
    const options = { guards: 1, days: 1, duration: "12h", car: "with_car" as const };
    const { bookingId: _id, location: _location, ...body } = bookingBody({ services: [{ serviceId: "svc-driver", options }] });
    const response = await test.request("POST", "/api/bookings/quote", { body });
    expect(response.status).toBe(200);
    const quote = response.body as BookingQuote;
    // 199 × 1.5 (car) = 298.5 → 299 per day, for the three days of the default range.
    expect(quote.lines.map((line) => line.dailyPriceCents)).toEqual([29_900]);
    expect(quote.lines[0]?.options).not.toHaveProperty("carClass");
    expect(quote.totalCents).toBe(299 * 3 * 100);
  });

  it("writes the confirmation in Swedish and marks a close start non-refundable", async () => {
    const body = bookingBody({
      language: "sv",
      startDate: inDays(1),
      endDate: inDays(1),
      services: [{ serviceId: "svc-event", options: { guards: 2, days: 1 } }],
    });
    expect((await post(body)).status).toBe(201);
    const mail = await deliveredConfirmation(body.bookingId);
    expect(mail.subject).toMatch(/^Bokning /);
    expect(mail.subject).toContain("mottagen, inväntar bekräftelse");
    expect(mail.text).toContain("inom 24 timmar");
    expect(mail.text).toContain("398\u00a0€");
    expect(mail.text).toContain("varav moms 25 %: 79,60\u00a0€");
    expect(mail.text).toContain("Bokningen kan inte återbetalas");
    expect(mail.text).toContain("VIP-säkerhet för evenemang och fester");
  });

  it("prices against the fallback services when the catalogue table is empty", async () => {
    await test.db.deleteFrom("services").execute();
    test.services.catalogue.forget();
    const body = bookingBody({ services: [{ serviceId: "svc-bodyguard", options: { guards: 1, days: 3, duration: "12h" } }] });
    const response = await post(body);
    expect(response.status).toBe(201);
    expect((response.body as BookingView).totalCents).toBe(199 * 3 * 100);
    const unknown = await post(bookingBody({ services: [{ serviceId: "svc-event", options: { guards: 1, days: 1 } }] }));
    expect(unknown.status).toBe(400);
  });
});

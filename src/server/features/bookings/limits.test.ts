import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, operatorToday } from "../../../shared/time.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// ADR 034: every booking queues a mail, so one account or address cannot flood the outbox and
// delay everyone's sign-up codes; quotes cost CPU only and get a generous budget per address.

const start = addDays(operatorToday(new Date()), 10);
const quote = { startDate: start, services: [{ serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "day" } }] };
/** A client address of its own per call (the X-Test-Client-Ip header stands in for the socket). */
const freshIp = () => `203.0.113.${randomBytes(4).toString("hex")}`;
const booking = () => ({ ...quote, bookingId: randomUUID(), location: "Stockholm, Sweden", language: "en" });

describeEachEngine("booking and quote limits", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  const create = (cookie: string, ip: string, body: unknown = booking()) =>
    test.request("POST", "/api/bookings", { body, headers: { cookie, "x-test-client-ip": ip } });
  const stored = async () => ({ bookings: await test.countRows("bookings"), mails: await test.countRows("outbox") });

  it("allows 30 bookings per account per hour, from any address; the 31st answers 429 with Retry-After and writes nothing", async () => {
    const { cookie } = await createSignedInUser(test);
    for (let index = 0; index < 30; index += 1) expect((await create(cookie, freshIp())).status).toBe(201);
    const before = await stored();
    const refused = await create(cookie, freshIp());
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await stored()).toEqual(before);
    // Another customer is not affected.
    expect((await create((await createSignedInUser(test)).cookie, freshIp())).status).toBe(201);
  });

  it("a replay of a stored booking and an invalid booking count nothing", async () => {
    const { cookie } = await createSignedInUser(test);
    const ip = freshIp();
    const first = booking();
    expect((await create(cookie, ip, first)).status).toBe(201);
    for (let index = 0; index < 40; index += 1) expect((await create(cookie, ip, first)).status).toBe(200);
    expect((await create(cookie, ip, { ...booking(), startDate: "2000-01-01" })).status).toBe(400);
    for (let index = 0; index < 29; index += 1) expect((await create(cookie, ip)).status).toBe(201);
    expect((await create(cookie, ip)).status).toBe(429);
  });

  it("allows 60 bookings per address per hour over all accounts", async () => {
    const ip = freshIp();
    const customers = await Promise.all([0, 1, 2].map(() => createSignedInUser(test)));
    for (const customer of customers)
      for (let index = 0; index < 20; index += 1) expect((await create(customer.cookie, ip)).status).toBe(201);
    const before = await stored();
    const refused = await create((await createSignedInUser(test)).cookie, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await stored()).toEqual(before);
  });

  it("allows 600 quotes per address per hour, then 429 with Retry-After", async () => {
    const ip = freshIp();
    const ask = () => test.request("POST", "/api/bookings/quote", { body: quote, headers: { "x-test-client-ip": ip } });
    for (let index = 0; index < 600; index += 1) expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const other = await test.request("POST", "/api/bookings/quote", { body: quote, headers: { "x-test-client-ip": freshIp() } });
    expect(other.status).toBe(200);
  }, 60_000);
});

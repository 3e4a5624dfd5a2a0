import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays } from "../../shared/time.ts";
import { operatorToday } from "../../shared/time.ts";
import { cookieHeader, createSignedInUser, freshIp } from "../test-support/accounts.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { openEventStream, type EventStreamClient, type ReceivedEvent } from "../test-support/event-stream.ts";
import { createStaff, insertBooking } from "../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";

// ADR 092: GET /api/events/stream sends a signed-in user the events the booking access policy lets
// them see, as they happen, across app processes on one PostgreSQL; a reconnect with
// Last-Event-ID gets exactly the missed events; nobody gets another customer's events.

const inDays = (days: number) => addDays(operatorToday(new Date()), days);
const bookingOf = (event: ReceivedEvent) => (JSON.parse(event.data) as { bookingId: string }).bookingId;
const forBooking = (id: string, type?: string) => (event: ReceivedEvent) =>
  event.event === "message" && bookingOf(event) === id && (!type || (JSON.parse(event.data) as { type: string }).type === type);

describeEachEngine("live booking events", (engine) => {
  let test: TestApp;
  /** A second app on the same database: a second process behind the load balancer (PostgreSQL only). */
  let second: TestApp;
  let customer: Awaited<ReturnType<typeof createSignedInUser>>;
  let other: Awaited<ReturnType<typeof createSignedInUser>>;
  let operator: Awaited<ReturnType<typeof createStaff>>;
  const streams: EventStreamClient[] = [];
  const open = async (app: TestApp, cookie: string, lastEventId?: string) => {
    const stream = await openEventStream(app.app, "/api/events/stream", { cookie, ...(lastEventId && { "Last-Event-ID": lastEventId }) });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === "ready");
    return stream;
  };
  const decide = (app: TestApp, id: string, decision: "confirm" | "decline" | "cancel", body: unknown = {}) =>
    app.request("POST", `/api/admin/bookings/${id}/${decision}`, { body, headers: { cookie: operator.cookie } });

  beforeAll(async () => {
    test = await createTestApp(engine);
    second = engine === "postgres" ? await createTestApp(engine, {}, { sharedWith: test }) : test;
    customer = await createSignedInUser(test);
    other = await createSignedInUser(test);
    operator = await createStaff(test, "operator");
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    if (second !== test) await second.close();
    await test.close();
  });

  it("refuses a signed-out visitor (401) and a client that does not ask for an event stream (406)", async () => {
    expect((await test.app.request("/api/events/stream", { headers: { Accept: "text/event-stream" } })).status).toBe(401);
    const plain = await test.request("GET", "/api/events/stream", { headers: { cookie: customer.cookie } });
    expect(plain.status).toBe(406);
    expect(plain.body.error?.code).toBe("not_acceptable");
  });

  it("is an uncompressed, uncached event stream even when the client accepts compression", async () => {
    const stream = await openEventStream(test.app, "/api/events/stream", { cookie: customer.cookie, "Accept-Encoding": "gzip, br" });
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(stream.headers.get("Content-Encoding")).toBeNull();
    expect(stream.headers.get("Cache-Control")).toMatch(/no-store|no-cache/);
    await stream.next((event) => event.event === "ready");
  });

  it("shows the customer, within a second, a confirmation made through another app process", async () => {
    const id = await insertBooking(test, { userId: customer.user.id, startDate: inDays(9) });
    const stream = await open(test, customer.cookie);
    const started = Date.now();
    expect((await decide(second, id, "confirm", { note: "See you at the gate." })).status).toBe(200);
    const event = await stream.next(forBooking(id), 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(JSON.parse(event.data)).toMatchObject({
      type: "booking.confirmed",
      bookingId: id,
      payload: { from: "pending", to: "confirmed", transition: "confirm" },
    });
    expect(event.id).toMatch(/^\d+$/);
  });

  it("tells the operators of a new request as it is made, through any process", async () => {
    const staffStream = await open(test, operator.cookie);
    const request = bookingRequest();
    const created = await second.request("POST", "/api/bookings", { body: request, headers: { cookie: customer.cookie } });
    expect(created.status).toBe(201);
    const event = await staffStream.next(forBooking(request.bookingId, "booking.pending"), 1000);
    expect(JSON.parse(event.data)).toMatchObject({ payload: { from: null, to: "pending", transition: "request" } });
  });

  it("never sends a customer another customer's events; staff see every booking's", async () => {
    const mine = await insertBooking(test, { userId: customer.user.id, startDate: inDays(11) });
    const theirs = await insertBooking(test, { userId: other.user.id, startDate: inDays(11) });
    const customerStream = await open(test, customer.cookie);
    const staffStream = await open(second, operator.cookie);
    expect((await decide(test, theirs, "decline", { reason: "No operatives free." })).status).toBe(200);
    expect((await decide(second, mine, "cancel", { reason: "Called us." })).status).toBe(200);
    // Events arrive in id order: once the customer's own (later) event is here, the other's would have been too.
    await customerStream.next(forBooking(mine, "booking.cancelled_by_operator"));
    expect(customerStream.events.some(forBooking(theirs))).toBe(false);
    await staffStream.next(forBooking(theirs, "booking.declined"));
    await staffStream.next(forBooking(mine, "booking.cancelled_by_operator"));
    // The other customer's own stream has theirs and not the first customer's.
    const otherStream = await open(test, other.cookie, "0");
    await otherStream.next(forBooking(theirs, "booking.declined"));
    expect(otherStream.events.some(forBooking(mine))).toBe(false);
  });

  it("a reconnect with Last-Event-ID gets exactly the events missed meanwhile, in order", async () => {
    const first = await insertBooking(test, { userId: customer.user.id, startDate: inDays(14) });
    const stream = await open(test, customer.cookie);
    expect((await decide(test, first, "confirm")).status).toBe(200);
    const seen = await stream.next(forBooking(first));
    stream.close();

    // While the customer is away: three of their bookings change, and one of someone else's.
    const missed = [
      await insertBooking(test, { userId: customer.user.id, startDate: inDays(15) }),
      await insertBooking(test, { userId: customer.user.id, startDate: inDays(16) }),
    ];
    const foreign = await insertBooking(test, { userId: other.user.id, startDate: inDays(16) });
    expect((await decide(second, missed[0] ?? "", "confirm")).status).toBe(200);
    expect((await decide(second, foreign, "confirm")).status).toBe(200);
    expect((await decide(test, missed[1] ?? "", "decline", { reason: "Fully booked." })).status).toBe(200);
    expect((await test.request("POST", `/api/bookings/${first}/cancel`, { headers: { cookie: customer.cookie } })).status).toBe(200);

    const resumed = await open(second, customer.cookie, seen.id ?? "");
    const received = resumed.events.filter((event) => event.event === "message");
    expect(received.map((event) => [bookingOf(event), (JSON.parse(event.data) as { type: string }).type])).toEqual([
      [missed[0], "booking.confirmed"],
      [missed[1], "booking.declined"],
      [first, "booking.cancelled_by_customer"],
    ]);
    const ids = received.map((event) => Number(event.id));
    expect(ids.every((id, index) => id > Number(seen.id) && (index === 0 || id > (ids[index - 1] ?? 0)))).toBe(true);
  });

  // ADR 291: a page reads the session (and its cursor) before its data, then opens the stream.
  it("a first stream opened after the session's cursor gets the events between that read and its opening", async () => {
    const session = await test.request("GET", "/api/account/session", { headers: { cookie: customer.cookie } });
    const cursor = (session.body as { liveEventsCursor: number }).liveEventsCursor;
    expect(cursor).toBeGreaterThan(0);
    const between = await insertBooking(test, { userId: customer.user.id, startDate: inDays(17) });
    expect((await decide(second, between, "confirm")).status).toBe(200);
    const stream = await openEventStream(second.app, `/api/events/stream?after=${cursor}`, { cookie: customer.cookie });
    streams.push(stream);
    expect(stream.status).toBe(200);
    const event = await stream.next(forBooking(between));
    expect(JSON.parse(event.data)).toMatchObject({ bookingId: between, type: "booking.confirmed" });
    expect(Number(event.id)).toBeGreaterThan(cursor);
  });

  it("treats a Last-Event-ID beyond the newest event as the newest, so no live event is skipped", async () => {
    const id = await insertBooking(test, { userId: customer.user.id, startDate: inDays(13) });
    const stream = await openEventStream(test.app, "/api/events/stream", { cookie: customer.cookie, "Last-Event-ID": "999999999999" });
    streams.push(stream);
    expect(stream.status).toBe(200);
    const ready = await stream.next((event) => event.event === "ready");
    expect(Number(ready.data)).toBeLessThan(999_999_999_999);
    expect((await decide(test, id, "confirm")).status).toBe(200);
    const event = await stream.next(forBooking(id, "booking.confirmed"), 5000);
    expect(Number(event.id)).toBeGreaterThan(Number(ready.data));
  });

  /** Opens a stream with `cookie` and waits until it is ready. */
  const ready = async (app: TestApp, cookie: string) => {
    const stream = await openEventStream(app.app, "/api/events/stream", { cookie });
    await stream.next((event) => event.event === "ready");
    return stream;
  };
  /** Another session of the same account: a second browser or device (POST /api/account/sign-in). */
  const anotherSession = async (app: TestApp, user: Awaited<ReturnType<typeof createSignedInUser>>) => {
    const signedIn = await app.request("POST", "/api/account/sign-in", {
      body: { email: user.user.email, password: user.password },
      headers: { "X-Test-Client-Ip": freshIp() },
    });
    expect(signedIn.status).toBe(200);
    return cookieHeader(signedIn.headers.getSetCookie());
  };

  it("keeps at most six streams per session: a seventh replaces the session's oldest, which is told why and ended", async () => {
    const extra = await createTestApp(engine);
    const user = await createSignedInUser(extra);
    const opened: EventStreamClient[] = [];
    try {
      for (let count = 0; count < 7; count += 1) opened.push(await ready(extra, user.cookie));
      const [oldest, ...rest] = opened;
      const closed = await oldest!.next((event) => event.event === "closed");
      expect(JSON.parse(closed.data)).toEqual({ reason: "too_many_streams", scope: "session" });
      await expect(oldest!.next(() => false, 2000)).rejects.toThrow("ended");
      expect(rest.every((stream) => !stream.ended())).toBe(true);
      expect(extra.services.events.size()).toBe(6);
    } finally {
      for (const stream of opened) stream.close();
      await extra.close();
    }
  });

  it("a session over its limit replaces only its own streams; the account's limit (twelve) replaces its oldest of any session", async () => {
    const extra = await createTestApp(engine);
    const user = await createSignedInUser(extra);
    const phone: EventStreamClient[] = [];
    const laptop: EventStreamClient[] = [];
    const tablet: EventStreamClient[] = [];
    try {
      const laptopCookie = await anotherSession(extra, user);
      const tabletCookie = await anotherSession(extra, user);
      for (let count = 0; count < 6; count += 1) phone.push(await ready(extra, user.cookie));
      // A runaway tab on the laptop: seven streams, the laptop's first is replaced, the phone keeps all six.
      for (let count = 0; count < 7; count += 1) laptop.push(await ready(extra, laptopCookie));
      const laptopClosed = await laptop[0]!.next((event) => event.event === "closed");
      expect(JSON.parse(laptopClosed.data)).toEqual({ reason: "too_many_streams", scope: "session" });
      expect(phone.every((stream) => !stream.ended())).toBe(true);
      expect(extra.services.events.size()).toBe(12);
      // A thirteenth stream of the account: its oldest (the phone's first) goes, told it was the account's limit.
      tablet.push(await ready(extra, tabletCookie));
      const phoneClosed = await phone[0]!.next((event) => event.event === "closed");
      expect(JSON.parse(phoneClosed.data)).toEqual({ reason: "too_many_streams", scope: "account" });
      await expect(phone[0]!.next(() => false, 2000)).rejects.toThrow("ended");
      expect([...phone.slice(1), ...laptop.slice(1), ...tablet].every((stream) => !stream.ended())).toBe(true);
      expect(extra.services.events.size()).toBe(12);
    } finally {
      for (const stream of [...phone, ...laptop, ...tablet]) stream.close();
      await extra.close();
    }
  });

  it("ends every open stream when the app shuts down", async () => {
    const extra = await createTestApp(engine);
    const user = await createSignedInUser(extra);
    const stream = await openEventStream(extra.app, "/api/events/stream", { cookie: user.cookie });
    await stream.next((event) => event.event === "ready");
    expect(extra.services.events.size()).toBe(1);
    await extra.close();
    await expect(stream.next(() => false, 2000)).rejects.toThrow("ended");
  });
});

describeEachEngine("live booking events after sign-out", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    // The session is re-checked after every wake-up instead of about every 15 seconds.
    // With the metrics timer on too: it must not hold the stream (ADR 080).
    test = await createTestApp(engine, { LIVE_SESSION_CHECK_SECONDS: "0", METRICS_TOKEN: "m".repeat(40) });
  });
  afterAll(() => test.close());

  it("ends the stream of a session that has ended", async () => {
    const customer = await createSignedInUser(test);
    const operator = await createStaff(test, "operator");
    const id = await insertBooking(test, { userId: customer.user.id, startDate: inDays(9) });
    const stream = await openEventStream(test.app, "/api/events/stream", { cookie: customer.cookie });
    await stream.next((event) => event.event === "ready");
    expect((await test.request("POST", "/api/account/sign-out", { headers: { cookie: customer.cookie } })).status).toBe(200);
    expect((await test.request("GET", "/api/bookings", { headers: { cookie: customer.cookie } })).status).toBe(401);
    // The next wake-up finds the session gone and ends the stream.
    const decided = await test.request("POST", `/api/admin/bookings/${id}/confirm`, { body: {}, headers: { cookie: operator.cookie } });
    expect(decided.status).toBe(200);
    await expect(stream.next(() => false, 5000)).rejects.toThrow("ended");
    expect(test.services.events.size()).toBe(0);
  });
});

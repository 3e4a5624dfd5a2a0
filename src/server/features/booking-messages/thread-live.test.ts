import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays } from "../../../shared/time.ts";
import { operatorToday } from "../../../shared/time.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { openEventStream, type EventStreamClient, type ReceivedEvent } from "../../test-support/event-stream.ts";
import { createStaff, insertBooking } from "../../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";

// docs/product.md §12, ADR 092: a thread message reaches the open streams of the other side at
// once (and through a second app process on the same PostgreSQL), naming the message but not
// carrying its text; another customer's stream never hears of it.

const inDays = (days: number) => addDays(operatorToday(new Date()), days);

type Data = { type: string; bookingId: string; payload: { message: number; author: string } };
const dataOf = (event: ReceivedEvent) => JSON.parse(event.data) as Data;
const messageEventOf = (bookingId: string, messageId: number) => (event: ReceivedEvent) =>
  event.event === "message" &&
  dataOf(event).type === "booking.message" &&
  dataOf(event).payload.message === messageId &&
  dataOf(event).bookingId === bookingId;

describeEachEngine("live thread messages", (engine) => {
  let test: TestApp;
  let second: TestApp;
  let customer: Awaited<ReturnType<typeof createSignedInUser>>;
  let other: Awaited<ReturnType<typeof createSignedInUser>>;
  let operator: Awaited<ReturnType<typeof createStaff>>;
  const streams: EventStreamClient[] = [];
  const open = async (app: TestApp, cookie: string) => {
    const stream = await openEventStream(app.app, "/api/events/stream", { cookie });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === "ready");
    return stream;
  };

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

  it("delivers each side's message to the other side's open stream, without its text, and to nobody else", async () => {
    const booking = await insertBooking(test, { userId: customer.user.id, startDate: inDays(12) });
    const customerStream = await open(test, customer.cookie);
    // The operator's console is served by another process (PostgreSQL); on SQLite by the same one.
    const operatorStream = await open(second, operator.cookie);
    const otherStream = await open(test, other.cookie);

    const asked = await test.request("POST", `/api/bookings/${booking}/messages`, {
      body: { text: "Is the driver armed?" },
      headers: { cookie: customer.cookie },
    });
    expect(asked.status).toBe(201);
    const askedId = (asked.body as { id: number }).id;
    const heard = await operatorStream.next(messageEventOf(booking, askedId), 5_000);
    expect(dataOf(heard).payload).toEqual({ message: askedId, author: "customer" });
    expect(heard.data).not.toContain("armed");

    const answered = await second.request("POST", `/api/admin/bookings/${booking}/messages`, {
      body: { text: "Licensed, as the law requires." },
      headers: { cookie: operator.cookie },
    });
    expect(answered.status).toBe(201);
    const answeredId = (answered.body as { id: number }).id;
    const arrived = await customerStream.next(messageEventOf(booking, answeredId), 5_000);
    expect(dataOf(arrived).payload.author).toBe("staff");
    expect(arrived.data).not.toContain("Licensed");

    // Another customer's stream, open all along, heard of neither (a later event of their own proves it was live).
    const own = await insertBooking(test, { userId: other.user.id, startDate: inDays(13) });
    const mine = await test.request("POST", `/api/bookings/${own}/messages`, { body: { text: "Mine" }, headers: { cookie: other.cookie } });
    await otherStream.next(messageEventOf(own, (mine.body as { id: number }).id), 5_000);
    expect(otherStream.events.some((event) => event.event === "message" && dataOf(event).bookingId === booking)).toBe(false);
  });
});

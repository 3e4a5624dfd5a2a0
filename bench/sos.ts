// SOS → console banner (docs/on-duty.md, ADR 285, 092): one production server process with
// SOS_STREAMS (50) open console streams of operators (the live stream that every console page,
// and so the alarm banner, listens to). Each round the booking's customer raises an SOS in the
// booking's active window; the latency is from sending that request to the `alarm.raised` event's
// arrival at each console stream (p50, p95, p99 over every stream and round). The booking, its lead
// and the lead's "on the way" are written as the product stores them. Prints one JSON line. A
// report, not a target: the server and the clients share this machine's cores.
// Run: npm run bench:sos (SQLite), or DATABASE_URL=postgres://… npm run bench:sos (LISTEN/NOTIFY).
import { randomUUID } from "node:crypto";
import { addDays, operatorToday, startOfDayInZone } from "../src/shared/time.ts";
import { openEventStream, type EventStreamClient } from "../src/server/test-support/event-stream.ts";
import type { ServerProcess } from "../src/server/test-support/server-process.ts";
import { freePort, startSmtpSink, type SmtpSink } from "../src/server/test-support/smtp-sink.ts";
import { createAccounts, createRecordingClient, prepareDatabase, signInOverApi, startBenchServer } from "./load-support.ts";

const streamCount = Number(process.env.SOS_STREAMS ?? 50);
// Below the per-raiser limit of 30 alarms an hour (src/server/rate-limit-rules.ts).
const rounds = Math.min(25, Number(process.env.SOS_ROUNDS ?? 20));
const roundTimeoutMs = 30_000;

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

const database = await prepareDatabase("bench-sos", process.env.DATABASE_URL);
let smtp: SmtpSink | undefined;
let server: ServerProcess | undefined;
const streams: EventStreamClient[] = [];
try {
  const smtpPort = await freePort();
  smtp = await startSmtpSink(smtpPort, () => {});
  const [operatorAccount] = await createAccounts(database, {
    count: 1,
    prefix: "operator",
    role: "operator",
    addressOf: () => "198.51.100.1",
  });
  const [customerAccount] = await createAccounts(database, { count: 1, prefix: "customer", addressOf: () => "198.51.100.2" });
  if (!operatorAccount || !customerAccount) throw new Error("no accounts");

  // A confirmed booking of today whose lead is on the way: its active window is open.
  const handle = database.open();
  const customer = await handle.db.selectFrom("users").select("id").where("email", "=", customerAccount.email).executeTakeFirstOrThrow();
  const now = new Date();
  const day = operatorToday(now);
  const bookingId = randomUUID();
  await handle.db
    .insertInto("bookings")
    .values({
      id: bookingId,
      user_id: customer.id,
      customer_name: "Bench customer",
      location: "Stockholm, Sweden",
      start_time: startOfDayInZone(day).toISOString(),
      end_time: startOfDayInZone(addDays(day, 1)).toISOString(),
      start_date: day,
      end_date: day,
      price: 100_000,
      service_type: "vip_residential",
      status: "confirmed",
      time_of_day: null,
      guard_count: 1,
      style: null,
      car_option: null,
      duration: null,
      total_days: 1,
      vat_cents: 20_000,
      customer_note: null,
      language: "en",
      idempotency_key: null,
      request_hash: "bench",
      created_at: now.toISOString(),
      cancelled_at: null,
    })
    .execute();
  const operativeId = randomUUID();
  await handle.db
    .insertInto("operatives")
    .values({
      id: operativeId,
      name: "Bench Lead",
      phone: "+46 70 000 00 00",
      licence_number: "SE-BENCH",
      licence_expires_on: "2099-12-31",
      languages: '["sv","en"]',
      skills: "[]",
      active: 1,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      user_id: null,
      email: null,
      invited_at: null,
    })
    .execute();
  await handle.db
    .insertInto("booking_assignments")
    .values({
      id: randomUUID(),
      booking_id: bookingId,
      operative_id: operativeId,
      is_lead: 1,
      created_at: now.toISOString(),
      state: "accepted",
      respond_by: null,
      responded_at: now.toISOString(),
      decline_reason: null,
      on_the_way_at: now.toISOString(),
      on_duty_at: null,
      completed_at: null,
    })
    .execute();
  await handle.close();

  server = await startBenchServer(database, {
    smtpPort,
    env: { LIVE_STREAMS_PER_SESSION: String(streamCount), LIVE_STREAMS_PER_ACCOUNT: String(streamCount) },
  });
  const client = createRecordingClient();
  const operatorCookie = await signInOverApi(client, server.url, operatorAccount);
  const customerCookie = await signInOverApi(client, server.url, customerAccount);
  const url = `${server.url}/api/events/stream`;
  for (let index = 0; index < streamCount; index += 25) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(25, streamCount - index) }, () =>
        openEventStream((input, init) => fetch(new URL(input, url), init), url, { cookie: operatorCookie }),
      ),
    );
    streams.push(...batch);
  }
  await Promise.all(streams.map((stream) => stream.next((event) => event.event === "ready", roundTimeoutMs)));

  const latencies: number[] = [];
  let missed = 0;
  for (let round = 0; round < rounds; round += 1) {
    const sent = performance.now();
    const answer = await fetch(`${server.url}/api/bookings/${bookingId}/alarms`, {
      method: "POST",
      headers: { cookie: customerCookie, origin: server.url, "content-type": "application/json" },
      body: JSON.stringify({ position: { latitude: 59.3326, longitude: 18.0649, accuracy: 15 } }),
    });
    if (answer.status !== 201) throw new Error(`the SOS answered ${answer.status}: ${await answer.text()}`);
    const alarmId = ((await answer.json()) as { id: string }).id;
    const arrivals = await Promise.allSettled(
      streams.map((stream) =>
        stream.next(
          (event) => event.event === "message" && event.data.includes("alarm.raised") && event.data.includes(alarmId),
          roundTimeoutMs,
        ),
      ),
    );
    for (const arrival of arrivals) {
      if (arrival.status === "fulfilled") latencies.push(arrival.value.receivedAt - sent);
      else missed += 1;
    }
  }
  latencies.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      bench: "sos",
      engine: database.engine,
      consoleStreams: streamCount,
      rounds,
      deliveries: latencies.length,
      missed,
      sosToBannerMs: {
        p50: Number(percentile(latencies, 0.5).toFixed(1)),
        p95: Number(percentile(latencies, 0.95).toFixed(1)),
        p99: Number(percentile(latencies, 0.99).toFixed(1)),
        max: Number((latencies.at(-1) ?? 0).toFixed(1)),
      },
    }),
  );
  client.close();
} finally {
  for (const stream of streams) stream.close();
  await server?.stop();
  await smtp?.close();
  await database.remove();
}

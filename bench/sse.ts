// Live updates at scale (ADR 092, docs/booking-lifecycle.md): one production server process with
// SSE_STREAMS (1,000) open event streams, half the operator's and half the customer's, all entitled
// to every change. Each round an operator confirms or cancels one of the customer's bookings; the
// latency is from sending that request to the event's arrival at each stream (every stream, every
// round: p50 and p99 over all of them). Memory per stream is the server's resident memory with the
// streams open minus before, divided by their number. That server lifts the stream limits
// (LIVE_STREAMS_PER_SESSION/ACCOUNT): the round is about fan-out, not about the limits.
// Then the flood (ADR 253): a second server process on the same database, with the default limits
// and its inspector on loopback, gets SSE_FLOOD_STREAMS (2,000) streams from one session; each new
// one replaces the session's oldest. Its resident memory and heap are read before (settled), at the
// peak (sampled while the flood lasts) and after the streams are closed, settled by explicit garbage
// collections until four readings in a row agree (bench/server-memory.ts), never by a sleep.
// Prints one JSON line. A report, not a target: the server and the clients share this machine's cores.
// Run: npm run bench:sse (SQLite), or DATABASE_URL=postgres://… npm run bench:sse (LISTEN/NOTIFY).
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { addDays } from "../src/shared/time.ts";
import { operatorToday, startOfDayInZone } from "../src/shared/time.ts";
import { openEventStream, type EventStreamClient } from "../src/server/test-support/event-stream.ts";
import type { ServerProcess } from "../src/server/test-support/server-process.ts";
import { freePort, startSmtpSink, type SmtpSink } from "../src/server/test-support/smtp-sink.ts";
import {
  createAccounts,
  createRecordingClient,
  prepareDatabase,
  signInOverApi,
  startBenchServer,
  type BenchAccount,
} from "./load-support.ts";
import { connectServerMemory, type MemoryReading } from "./server-memory.ts";

const streamCount = Number(process.env.SSE_STREAMS ?? 1000);
const rounds = Number(process.env.SSE_ROUNDS ?? 20);
const floodCount = Number(process.env.SSE_FLOOD_STREAMS ?? 2000);
const roundTimeoutMs = 30_000;

function residentBytes(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/**
 * ADR 253: `floodCount` streams of one session against a server with the default limits; the memory
 * before, at the peak and after, and what the clients were told.
 */
async function floodOneSession(account: BenchAccount, smtpPort: number) {
  const inspectorPort = await freePort();
  const floodServer = await startBenchServer(database, { smtpPort, nodeArguments: [`--inspect=127.0.0.1:${inspectorPort}`] });
  const memory = await connectServerMemory(inspectorPort);
  const opened: EventStreamClient[] = [];
  try {
    const client = createRecordingClient();
    const cookie = await signInOverApi(client, floodServer.url, account);
    client.close();
    const url = `${floodServer.url}/api/events/stream`;
    const fetcher = (input: string, init: RequestInit) => fetch(new URL(input, url), init);
    // A first stream and its end, so "before" counts what any stream leaves for good (the hub, its timers).
    const first = await openEventStream(fetcher, url, { cookie });
    await first.next((event) => event.event === "ready", roundTimeoutMs);
    first.close();
    const before = await memory.settle();

    let peak: MemoryReading = await memory.read();
    let peakRss = residentBytes(floodServer.child.pid);
    const sampleResident = setInterval(() => (peakRss = Math.max(peakRss, residentBytes(floodServer.child.pid))), 25);
    const started = performance.now();
    try {
      for (let index = 0; index < floodCount; index += 50) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(50, floodCount - index) }, () => openEventStream(fetcher, url, { cookie })),
        );
        opened.push(...batch);
        const reading = await memory.read();
        if (reading.heapUsedMiB > peak.heapUsedMiB) peak = reading;
      }
      // Each stream is either still open and ready, or was replaced (told why) and ended.
      await Promise.all(
        opened.map((stream) => stream.next((event) => event.event === "ready" || event.event === "closed", roundTimeoutMs)),
      );
    } finally {
      clearInterval(sampleResident);
    }
    const floodSeconds = (performance.now() - started) / 1000;
    const stillOpen = opened.filter((stream) => !stream.ended() && !stream.events.some((event) => event.event === "closed")).length;
    const told = opened.filter((stream) =>
      stream.events.some(
        (event) => event.event === "closed" && event.data === JSON.stringify({ reason: "too_many_streams", scope: "session" }),
      ),
    ).length;
    const refused = opened.filter((stream) => stream.status !== 200).length;
    for (const stream of opened) stream.close();
    const after = await memory.settle();
    return {
      streams: floodCount,
      seconds: Number(floodSeconds.toFixed(2)),
      refused,
      stillOpen,
      toldTooManyInSession: told,
      before,
      peak: { ...peak, rssMiB: Number(Math.max(peak.rssMiB, peakRss / 1048576).toFixed(1)) },
      after,
      heapUsedAfterMinusBeforeMiB: Number((after.heapUsedMiB - before.heapUsedMiB).toFixed(1)),
      rssAfterMinusBeforeMiB: Number((after.rssMiB - before.rssMiB).toFixed(1)),
    };
  } finally {
    for (const stream of opened) stream.close();
    memory.close();
    await floodServer.stop();
  }
}

const database = await prepareDatabase("bench-sse", process.env.DATABASE_URL);
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

  // The customer's bookings, written as the booking writer stores them.
  const handle = database.open();
  const customer = await handle.db.selectFrom("users").select("id").where("email", "=", customerAccount.email).executeTakeFirstOrThrow();
  const bookingIds: string[] = [];
  const now = new Date();
  for (let round = 0; round < rounds; round += 1) {
    const id = randomUUID();
    const day = addDays(operatorToday(now), 30 + round);
    await handle.db
      .insertInto("bookings")
      .values({
        id,
        user_id: customer.id,
        customer_name: "Bench customer",
        location: "Stockholm, Sweden",
        start_time: startOfDayInZone(day).toISOString(),
        end_time: startOfDayInZone(addDays(day, 1)).toISOString(),
        start_date: day,
        end_date: day,
        price: 100_000,
        service_type: "vip_residential",
        status: "pending",
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
    bookingIds.push(id);
  }
  await handle.close();

  // The fan-out round's streams are two sessions' (ADR 253 would replace all but six of each).
  server = await startBenchServer(database, {
    smtpPort,
    env: { LIVE_STREAMS_PER_SESSION: String(streamCount), LIVE_STREAMS_PER_ACCOUNT: String(streamCount) },
  });
  const client = createRecordingClient();
  const operatorCookie = await signInOverApi(client, server.url, operatorAccount);
  const customerCookie = await signInOverApi(client, server.url, customerAccount);
  const idleBytes = residentBytes(server.child.pid);

  const url = `${server.url}/api/events/stream`;
  const opened = performance.now();
  for (let index = 0; index < streamCount; index += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, streamCount - index) }, (_, offset) =>
        openEventStream((input, init) => fetch(new URL(input, url), init), url, {
          cookie: (index + offset) % 2 === 0 ? operatorCookie : customerCookie,
        }),
      ),
    );
    streams.push(...batch);
  }
  await Promise.all(streams.map((stream) => stream.next((event) => event.event === "ready", roundTimeoutMs)));
  const openSeconds = (performance.now() - opened) / 1000;
  const openBytes = residentBytes(server.child.pid);

  const latencies: number[] = [];
  let missed = 0;
  for (const [round, bookingId] of bookingIds.entries()) {
    const decision = round % 2 === 0 ? "confirm" : "cancel";
    const sent = performance.now();
    const answer = await fetch(`${server.url}/api/admin/bookings/${bookingId}/${decision}`, {
      method: "POST",
      headers: { cookie: operatorCookie, origin: server.url, "content-type": "application/json" },
      // An operator's cancel states its reason (docs/operatives.md).
      body: decision === "cancel" ? JSON.stringify({ reason: "The client changed plans." }) : "{}",
    });
    if (answer.status !== 200) throw new Error(`${decision} answered ${answer.status}: ${await answer.text()}`);
    const arrivals = await Promise.allSettled(
      streams.map((stream) => stream.next((event) => event.event === "message" && event.data.includes(bookingId), roundTimeoutMs)),
    );
    for (const arrival of arrivals) {
      if (arrival.status === "fulfilled") latencies.push(arrival.value.receivedAt - sent);
      else missed += 1;
    }
  }
  latencies.sort((a, b) => a - b);
  for (const stream of streams.splice(0)) stream.close();
  await server.stop();
  const flood = await floodOneSession(customerAccount, smtpPort);
  console.log(
    JSON.stringify({
      bench: "sse",
      engine: database.engine,
      streams: streamCount,
      rounds,
      deliveries: latencies.length,
      missed,
      openSeconds: Number(openSeconds.toFixed(2)),
      latencyMs: {
        p50: Number(percentile(latencies, 0.5).toFixed(1)),
        p99: Number(percentile(latencies, 0.99).toFixed(1)),
        max: Number((latencies.at(-1) ?? 0).toFixed(1)),
      },
      serverMemory: {
        idleMiB: Number((idleBytes / 1048576).toFixed(1)),
        withStreamsMiB: Number((openBytes / 1048576).toFixed(1)),
        perStreamKiB: Number(((openBytes - idleBytes) / streamCount / 1024).toFixed(1)),
      },
      flood,
    }),
  );
  client.close();
} finally {
  for (const stream of streams) stream.close();
  await server?.stop();
  await smtp?.close();
  await database.remove();
}

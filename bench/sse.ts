// Live updates at scale (ADR 092, docs/booking-lifecycle.md): one production server process with
// SSE_STREAMS (1,000) open event streams, half the operator's and half the customer's, all entitled
// to every change. Each round an operator confirms or cancels one of the customer's bookings; the
// latency is from sending that request to the event's arrival at each stream (every stream, every
// round: p50 and p99 over all of them). Memory per stream is the server's resident memory with the
// streams open minus before, divided by their number. Prints one JSON line. A report, not a target:
// the server and the 1,000 clients share this machine's cores.
// Run: npm run bench:sse (SQLite), or DATABASE_URL=postgres://… npm run bench:sse (LISTEN/NOTIFY).
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { addDays } from "../src/shared/time.ts";
import { operatorToday, startOfDayInZone } from "../src/shared/time.ts";
import { openEventStream, type EventStreamClient } from "../src/server/test-support/event-stream.ts";
import type { ServerProcess } from "../src/server/test-support/server-process.ts";
import { freePort, startSmtpSink, type SmtpSink } from "../src/server/test-support/smtp-sink.ts";
import { createAccounts, createRecordingClient, prepareDatabase, signInOverApi, startBenchServer } from "./load-support.ts";

const streamCount = Number(process.env.SSE_STREAMS ?? 1000);
const rounds = Number(process.env.SSE_ROUNDS ?? 20);
const roundTimeoutMs = 30_000;

function residentBytes(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
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

  server = await startBenchServer(database, { smtpPort });
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
    }),
  );
  client.close();
} finally {
  for (const stream of streams) stream.close();
  await server?.stop();
  await smtp?.close();
  await database.remove();
}

// Booking API load benchmark (ADR 053). Starts the production server on SQLite in a temporary
// DATA_DIR, creates a customer and signs in through the API, then measures booking creation twice:
//  - open loop: a fixed offered rate (500 requests/s for 20 s), the load a busy day could bring;
//    target p99 ≤ 20 ms with zero errors. Requests leave on an even schedule and each latency is
//    measured from its scheduled departure, so a slow answer cannot hold back the next request
//    (no coordinated omission). autocannon's `overallRate` is also reported: it releases each
//    connection's per-second budget at the start of every second, so it measures bursts of the
//    whole second's load rather than an even rate;
//  - closed loop: 50 connections as fast as the server answers (saturation), reported as a ratio to
//    /api/health in the same run; target ≥ 0.10;
// plus the price quote and /api/health closed-loop, and prints one JSON summary. A unique bookingId
// per request makes every request create a booking and its confirmation mail.
// Run: npm run bench:booking
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { addDays, operatorToday } from "../src/shared/pricing.ts";
import { openDatabase } from "../src/server/db/database.ts";
import { benchPassword, createAccounts, prepareDatabase } from "./load-support.ts";

const port = Number(process.env.BENCH_PORT ?? 4205);
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const offeredRate = Number(process.env.BENCH_RATE ?? 500);
const origin = `http://127.0.0.1:${port}`;
const email = "bench-customer-0@example.test";
const password = benchPassword;

// 1. The database and a customer, created by the same service code as sign-up.
const benchDatabase = await prepareDatabase("bench-booking", undefined);
const { dataDirectory, authSecret } = benchDatabase;
await createAccounts(benchDatabase, { count: 1, prefix: "bench-customer", addressOf: () => "127.0.0.1" });

// 2. The production server, as `npm run serve` starts it.
// BENCH_SERVER_ARGS passes Node flags to the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/profile".
const serverArguments = (process.env.BENCH_SERVER_ARGS ?? "").split(" ").filter(Boolean);
const server = spawn(process.execPath, [...serverArguments, "src/server/index.ts"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: origin,
    DATA_DIR: dataDirectory,
    AUTH_SECRET: authSecret,
    DATABASE_URL: "",
    SMTP_URL: "",
    LOG_LEVEL: "warn",
    BUILD_DIR: process.env.BUILD_DIR ?? path.join(dataDirectory, "no-build"),
    // One customer books thousands of times: limits far above the run, still checked on every request (ADR 034).
    BOOKINGS_PER_ACCOUNT_HOUR: "1000000000",
    BOOKINGS_PER_ADDRESS_HOUR: "1000000000",
    QUOTES_PER_ADDRESS_HOUR: "1000000000",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const stopServer = async () => {
  if (server.exitCode !== null) return;
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
};

async function waitForServer() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The server did not start within 10 s");
}

type Summary = {
  requestsPerSecond: number;
  p50Ms: number;
  p90Ms?: number;
  p99Ms: number;
  maxMs?: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

// BENCH_PHASES limits the run (e.g. "booking" to profile booking creation alone).
const phases = new Set((process.env.BENCH_PHASES ?? "open,booking,quote,health").split(","));
const skipped: Summary = { requestsPerSecond: 0, p50Ms: 0, p99Ms: 0, requests: 0, non2xx: 0, errors: 0, timeouts: 0 };

/** Sends `rate` requests per second on an even schedule for durationSeconds; see the header. */
async function openLoop(rate: number, send: () => { path: string; headers: Record<string, string>; body: string }): Promise<Summary> {
  if (!phases.has("open")) return skipped;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  const pending = new Set<Promise<void>>();
  const total = rate * durationSeconds;
  const started = performance.now();
  const request = (scheduledAt: number) => {
    const { path: requestPath, headers, body } = send();
    const done = new Promise<void>((resolve) => {
      const outgoing = http.request(`${origin}${requestPath}`, { method: "POST", agent, headers, timeout: 10_000 }, (response) => {
        response.resume();
        response.on("end", () => {
          latencies.push(performance.now() - scheduledAt);
          if (response.statusCode === undefined || response.statusCode < 200 || response.statusCode > 299) non2xx += 1;
          resolve();
        });
      });
      outgoing.on("timeout", () => {
        timeouts += 1;
        outgoing.destroy();
      });
      outgoing.on("error", () => {
        errors += 1;
        resolve();
      });
      outgoing.end(body);
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
    for (; sent < due; sent += 1) request(started + (sent / rate) * 1000);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    Math.round((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0) * 10) / 10;
  return {
    requestsPerSecond: Math.round(latencies.length / ((performance.now() - started) / 1000)),
    p50Ms: percentile(0.5),
    p90Ms: percentile(0.9),
    p99Ms: percentile(0.99),
    maxMs: percentile(1),
    requests: latencies.length,
    non2xx,
    errors,
    timeouts,
  };
}

function run(options: autocannon.Options, phase: string): Promise<Summary> {
  if (!phases.has(phase)) return Promise.resolve(skipped);
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration: durationSeconds, ...options }, (error, result) => {
      if (error) return reject(error);
      resolve({
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      });
    });
  });
}

try {
  await waitForServer();
  const signIn = await fetch(`${origin}/api/account/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`Sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="))
    .join("; ");

  const start = addDays(operatorToday(new Date()), 30);
  const content = {
    location: "Stockholm, Sweden",
    startDate: start,
    endDate: addDays(start, 2),
    services: [
      { serviceId: "svc-residential", options: { guards: 2, days: 3, timeOfDay: "night" } },
      { serviceId: "svc-driver", options: { guards: 1, days: 3, duration: "12h", car: "with_car", carClass: "S-class", style: "Formal" } },
    ],
    language: "en",
  };
  const check = await fetch(`${origin}/api/bookings`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin },
    body: JSON.stringify({ ...content, bookingId: randomUUID() }),
  });
  if (check.status !== 201) throw new Error(`Booking creation failed before the run: ${check.status} ${await check.text()}`);

  const bookingRequests: autocannon.Options["requests"] = [
    {
      method: "POST",
      path: "/api/bookings",
      headers: { "content-type": "application/json", cookie, origin },
      setupRequest: (request) => ({ ...request, body: JSON.stringify({ ...content, bookingId: randomUUID() }) }),
    },
  ];
  const openLoopSummary = await openLoop(offeredRate, () => ({
    path: "/api/bookings",
    headers: { "content-type": "application/json", cookie, origin },
    body: JSON.stringify({ ...content, bookingId: randomUUID() }),
  }));
  const autocannonRate = await run({ url: origin, requests: bookingRequests, overallRate: offeredRate }, "open");
  const booking = await run({ url: origin, requests: bookingRequests }, "booking");
  const { location: _location, ...quoteContent } = content;
  const quote = await run(
    {
      url: `${origin}/api/bookings/quote`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(quoteContent),
    },
    "quote",
  );
  const health = await run({ url: `${origin}/api/health` }, "health");

  await stopServer();
  const database = openDatabase({ dataDirectory });
  const stored = (
    await database.db
      .selectFrom("bookings")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow()
  ).count;
  const mails = (
    await database.db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("kind", "=", "booking-confirmation")
      .executeTakeFirstOrThrow()
  ).count;
  await database.close();

  const ratio = Math.round((booking.requestsPerSecond / Math.max(1, health.requestsPerSecond)) * 1000) / 1000;
  console.log(
    JSON.stringify({
      benchmark: "booking-api",
      engine: "sqlite",
      connections,
      durationSeconds,
      bookingCreateOpenLoop: { offeredRequestsPerSecond: offeredRate, ...openLoopSummary },
      bookingCreateAutocannonOverallRate: { offeredRequestsPerSecond: offeredRate, ...autocannonRate },
      bookingCreate: booking,
      quote,
      health,
      bookingToHealthThroughput: ratio,
      bookingsStored: Number(stored),
      confirmationMailsStored: Number(mails),
      targets: { openLoopP99Ms: 20, bookingToHealthThroughput: 0.1 },
      meetsTargets:
        openLoopSummary.p99Ms <= 20 &&
        openLoopSummary.errors + openLoopSummary.non2xx + openLoopSummary.timeouts === 0 &&
        ratio >= 0.1 &&
        booking.errors + booking.non2xx === 0,
    }),
  );
} finally {
  await stopServer();
  await benchDatabase.remove();
}

// What the load benchmarks (bench/load.ts, bench/scale-out.ts) share (ADR 081): a database of either
// engine with customers created by the same service code as sign-up, the production server as a
// process, an HTTP client that records every answer per operation, booking bodies built from the
// live catalogue, and the check that every acknowledged booking is stored once at the server's price.
import { markSessionAsPasskeySignIn } from "../src/server/journey-test-support.ts";
import { randomBytes, randomUUID } from "node:crypto";
import { seededRandom as seededGenerator } from "../src/server/test-support/seeded-random.ts";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import type { CatalogueService, SelectedService } from "../src/shared/booking.ts";
import { bookingPeriod, defaultOptions, priceSelection } from "../src/shared/pricing.ts";
import { addDays, operatorToday } from "../src/shared/time.ts";
import { openDatabase, type DatabaseHandle } from "../src/server/db/database.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { loadEnvironment } from "../src/server/env.ts";
import { createAccount } from "../src/server/features/accounts/service.ts";
import { createLocalDiskStorage } from "../src/server/storage/local-disk-storage.ts";
import { createPostgresSchema, startServerProcess, type ServerProcess } from "../src/server/test-support/server-process.ts";
import { cookieHeader } from "../src/server/test-support/accounts.ts";

export const benchPassword = "Harbour-Lantern-42";

/** A database for one run: SQLite in a temporary DATA_DIR, or a fresh schema when `databaseUrl` is given. */
export type BenchDatabase = {
  engine: "sqlite" | "postgres";
  dataDirectory: string;
  authSecret: string;
  /** DATABASE_URL for the server processes ("" for SQLite). */
  serverDatabaseUrl: string;
  open: () => DatabaseHandle;
  remove: () => Promise<void>;
};

export async function prepareDatabase(prefix: string, databaseUrl: string | undefined): Promise<BenchDatabase> {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  const schema = databaseUrl ? await createPostgresSchema(databaseUrl) : undefined;
  const serverDatabaseUrl = schema?.url ?? "";
  const open = () => openDatabase({ dataDirectory, databaseUrl: serverDatabaseUrl || undefined });
  const database = open();
  await migrateToLatest(database.db);
  await database.close();
  return {
    engine: schema ? "postgres" : "sqlite",
    dataDirectory,
    authSecret: randomBytes(32).toString("hex"),
    serverDatabaseUrl,
    open,
    async remove() {
      await schema?.drop();
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}

/**
 * A bench account. `staffSession`, on staff accounts only, marks a password session as the journeys'
 * server marks its staff (test only): the console admits passkey or BankID sessions alone (ADR 271).
 */
export type BenchAccount = { email: string; password: string; address: string; staffSession?: (setCookies: string[]) => Promise<void> };

/**
 * Accounts created by the same service code as sign-up (the e-mail code step is skipped), as
 * bench/booking.ts does. `address` is the simulated client's own address, sent in X-Forwarded-For
 * (RFC 5737 documentation ranges: it is a header value, never a destination).
 */
export async function createAccounts(
  database: BenchDatabase,
  options: { count: number; prefix: string; role?: "customer" | "operator"; addressOf: (index: number) => string },
): Promise<BenchAccount[]> {
  const env = loadEnvironment({ NODE_ENV: "production", DATA_DIR: database.dataDirectory, AUTH_SECRET: database.authSecret });
  const handle = database.open();
  const deps = { env, database: handle, logger: pino({ level: "silent" }), storage: createLocalDiskStorage(env.uploadsDirectory) };
  const accounts: BenchAccount[] = [];
  try {
    for (let index = 0; index < options.count; index += 1) {
      const account = { email: `${options.prefix}-${index}@example.test`, password: benchPassword, address: options.addressOf(index) };
      await createAccount(deps, {
        email: account.email,
        password: account.password,
        fullName: `Bench ${options.prefix} ${index}`,
        phoneNumber: "+46 70 000 00 00",
        address: "Strandvägen 7",
        city: "Stockholm",
        country: "Sweden",
        postalCode: "114 56",
        language: "en",
        role: options.role,
      });
      accounts.push(
        options.role === "operator" ? { ...account, staffSession: (setCookies) => markStaffSession(database, setCookies) } : account,
      );
    }
  } finally {
    await handle.close();
  }
  return accounts;
}

async function markStaffSession(database: BenchDatabase, setCookies: string[]): Promise<void> {
  const handle = database.open();
  try {
    await markSessionAsPasskeySignIn(handle.db, setCookies);
  } finally {
    await handle.close();
  }
}

/** Stops with a clear message when the client build the static pages come from is missing. */
export function requireBuild(buildDirectory: string): string {
  const resolved = path.resolve(buildDirectory);
  if (!existsSync(path.join(resolved, "client", "index.html"))) {
    console.error(`No client build in ${resolved}: run \`npm run build\` first (or set BUILD_DIR).`);
    process.exit(2);
  }
  return resolved;
}

/**
 * The production server as `npm run serve` starts it, against the bench database, with a real SMTP
 * server on loopback for the outbox worker. Client addresses are read from X-Forwarded-For because
 * the load generator stands where a reverse proxy would (ADR 034).
 */
export function startBenchServer(
  database: BenchDatabase,
  options: { smtpPort: number; buildDirectory?: string; env?: Record<string, string>; nodeArguments?: string[] },
): Promise<ServerProcess> {
  return startServerProcess({
    env: {
      DATA_DIR: database.dataDirectory,
      AUTH_SECRET: database.authSecret,
      DATABASE_URL: database.serverDatabaseUrl,
      SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`,
      TRUSTED_PROXIES: "127.0.0.1",
      ...(options.buildDirectory ? { BUILD_DIR: options.buildDirectory } : {}),
      ...options.env,
    },
    nodeArguments: options.nodeArguments,
    readyTimeoutMs: 60_000,
  });
}

export type Answer = { status: number; body: string; setCookies: string[] };
export type RequestSpec = {
  origin: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  address: string;
  cookie?: string;
  json?: unknown;
  /** Pages are asked for as a browser asks (precompressed Brotli). */
  acceptEncoding?: string;
};

type OperationRecord = {
  latencies: number[];
  statuses: Map<number, number>;
  errors: number;
  errorCodes: Map<string, number>;
  timeouts: number;
};

export type OperationSummary = {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  /** Network errors by their code (ECONNRESET, …). */
  errorCodes: Record<string, number>;
  timeouts: number;
  non2xx: Record<string, number>;
};

/**
 * An HTTP/1.1 keep-alive client that records, per operation, each latency from `startedAt` (the
 * scheduled departure in an open loop, so a slow answer cannot hide the wait of the requests behind
 * it: no coordinated omission, ADR 053), the status of every answer, and network errors.
 */
export function createRecordingClient(timeoutMs = 10_000) {
  // An idle connection is dropped after 4 s, before the server's own 5 s keep-alive timeout
  // (Node's default): otherwise a request can leave on a connection the server is closing at
  // that moment and fail with ECONNRESET, an artefact of the load generator (browsers retry it).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024, timeout: 4000 });
  const records = new Map<string, OperationRecord>();
  /** Every answer's departure and latency, for the per-second timeline. */
  const samples: { startedAt: number; latency: number }[] = [];
  const recordOf = (operation: string) => {
    let record = records.get(operation);
    if (!record) {
      record = { latencies: [], statuses: new Map(), errors: 0, errorCodes: new Map(), timeouts: 0 };
      records.set(operation, record);
    }
    return record;
  };

  function send(operation: string, spec: RequestSpec, startedAt = performance.now()): Promise<Answer | undefined> {
    const record = recordOf(operation);
    const body = spec.json === undefined ? undefined : JSON.stringify(spec.json);
    const headers: Record<string, string> = { "x-forwarded-for": spec.address };
    if (spec.cookie) headers.cookie = spec.cookie;
    if (spec.acceptEncoding) headers["accept-encoding"] = spec.acceptEncoding;
    if (body !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(Buffer.byteLength(body));
    }
    // ADR 035: a state-changing request comes from the site's own pages.
    if (spec.method !== "GET") headers.origin = spec.origin;
    return new Promise((resolve) => {
      const outgoing = http.request(
        `${spec.origin}${spec.path}`,
        { method: spec.method, agent, headers, timeout: timeoutMs },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const latency = performance.now() - startedAt;
            record.latencies.push(latency);
            samples.push({ startedAt, latency });
            const status = response.statusCode ?? 0;
            record.statuses.set(status, (record.statuses.get(status) ?? 0) + 1);
            const setCookie = response.headers["set-cookie"] ?? [];
            resolve({ status, body: Buffer.concat(chunks).toString("utf8"), setCookies: setCookie });
          });
        },
      );
      outgoing.on("timeout", () => {
        record.timeouts += 1;
        outgoing.destroy(new Error("timeout"));
      });
      outgoing.on("error", (error: NodeJS.ErrnoException) => {
        record.errors += 1;
        const code = error.code ?? error.message;
        record.errorCodes.set(code, (record.errorCodes.get(code) ?? 0) + 1);
        resolve(undefined);
      });
      outgoing.end(body);
    });
  }

  function summary(operation: string, elapsedSeconds: number): OperationSummary {
    const record = recordOf(operation);
    const sorted = [...record.latencies].sort((a, b) => a - b);
    const percentile = (share: number) =>
      Math.round((sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? 0) * 10) / 10;
    const non2xx: Record<string, number> = {};
    for (const [status, count] of record.statuses) if (status < 200 || status > 299) non2xx[String(status)] = count;
    return {
      requests: sorted.length,
      requestsPerSecond: Math.round((sorted.length / elapsedSeconds) * 10) / 10,
      p50Ms: percentile(0.5),
      p95Ms: percentile(0.95),
      p99Ms: percentile(0.99),
      maxMs: percentile(1),
      errors: record.errors,
      errorCodes: Object.fromEntries(record.errorCodes),
      timeouts: record.timeouts,
      non2xx,
    };
  }

  /** The slowest answer to the requests that left in each second from `from` on: where a stall sits in the run. */
  function timeline(from: number): number[] {
    const slowest: number[] = [];
    for (const sample of samples) {
      if (sample.startedAt < from) continue;
      const second = Math.floor((sample.startedAt - from) / 1000);
      slowest[second] = Math.max(slowest[second] ?? 0, Math.round(sample.latency));
    }
    return [...slowest].map((value) => value ?? 0);
  }

  return { send, summary, timeline, close: () => agent.destroy() };
}
export type RecordingClient = ReturnType<typeof createRecordingClient>;

/**
 * The open loop (ADR 053): calls `start(scheduledAt)` `rate` times a second on an even schedule for
 * `seconds`, never waiting for an answer before the next departure, then waits for every answer.
 * Latencies counted from `scheduledAt` include any wait behind a slow answer (no coordinated omission).
 */
export async function sendOnSchedule(
  rate: number,
  seconds: number,
  start: (scheduledAt: number) => Promise<unknown>,
): Promise<{ started: number; elapsedSeconds: number }> {
  const pending = new Set<Promise<unknown>>();
  const total = Math.round(rate * seconds);
  const started = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
    for (; sent < due; sent += 1) {
      const done = start(started + (sent / rate) * 1000);
      pending.add(done);
      void done.finally(() => pending.delete(done));
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(pending);
  return { started, elapsedSeconds: (performance.now() - started) / 1000 };
}

/** The non-2xx answers of several operations added up by status. */
export function non2xxByStatus(summaries: readonly OperationSummary[]): Record<string, number> {
  const total: Record<string, number> = {};
  for (const summary of summaries)
    for (const [status, count] of Object.entries(summary.non2xx)) total[status] = (total[status] ?? 0) + count;
  return total;
}

/** Signs in through the API as the browser does and returns the Cookie header value. */
export async function signInOverApi(client: RecordingClient, origin: string, account: BenchAccount, operation = "setup"): Promise<string> {
  const answer = await client.send(operation, {
    origin,
    method: "POST",
    path: "/api/account/sign-in",
    address: account.address,
    json: { email: account.email, password: account.password },
  });
  if (answer?.status !== 200) throw new Error(`Sign-in of ${account.email} failed: ${answer?.status} ${answer?.body}`);
  await account.staffSession?.(answer.setCookies);
  return cookieHeader(answer.setCookies);
}

export async function readCatalogue(client: RecordingClient, origin: string): Promise<CatalogueService[]> {
  const answer = await client.send("setup", { origin, method: "GET", path: "/api/services?language=en", address: "192.0.2.1" });
  if (answer?.status !== 200) throw new Error(`The catalogue could not be read: ${answer?.status}`);
  return (JSON.parse(answer.body) as { services: CatalogueService[] }).services;
}

/** A small deterministic generator (mulberry32), so two runs offer the same mix. */
export function seededRandom(seed: number): () => number {
  return seededGenerator(seed).next;
}

export type BookingContent = { startDate: string; endDate: string; services: SelectedService[]; language: "en" | "sv" };

/**
 * What visitors choose on the booking page: one or two services of the live catalogue with their
 * card defaults and a guard count in the service's range, 1 to 5 days starting 3 to 90 days ahead.
 */
export function bookingContentFactory(catalogue: readonly CatalogueService[], random: () => number) {
  const pick = <Item>(items: readonly Item[]): Item => items[Math.floor(random() * items.length)] as Item;
  return (): BookingContent => {
    const first = pick(catalogue);
    const second = pick(catalogue);
    const chosen = random() < 0.3 && second.id !== first.id ? [first, second] : [first];
    const startDate = addDays(operatorToday(new Date()), 3 + Math.floor(random() * 88));
    const days = 1 + Math.floor(random() * 5);
    const services = chosen.map((service) => {
      const guards = service.minGuards + Math.floor(random() * Math.min(4, service.maxGuards - service.minGuards + 1));
      return { serviceId: service.id, options: { ...defaultOptions(service), guards, days } };
    });
    return { startDate, endDate: addDays(startDate, days - 1), services, language: random() < 0.7 ? "en" : "sv" };
  };
}

/** The booking's total in cents as the shared pricing module computes it from the catalogue (docs/product.md §9). */
export function expectedTotal(catalogue: readonly CatalogueService[], content: BookingContent): number {
  const period = bookingPeriod(content.startDate, content.endDate, content.services);
  return priceSelection(catalogue, content.services, period.totalDays).totalCents;
}

export type AcknowledgedBooking = { id: string; total: number; expectedTotal: number };

/**
 * Every booking that was answered 201 must be stored exactly once with the server-computed price,
 * and nothing else may have been stored (no duplicate from a retry, no booking nobody was told of).
 */
export async function checkBookings(database: BenchDatabase, acknowledged: readonly AcknowledgedBooking[]) {
  const handle = database.open();
  try {
    const rows = await handle.db.selectFrom("bookings").select(["id", "price"]).execute();
    const stored = new Map<string, number[]>();
    for (const row of rows) stored.set(row.id, [...(stored.get(row.id) ?? []), Number(row.price)]);
    let lost = 0;
    let duplicated = 0;
    let wrongPrice = 0;
    let answeredPriceDiffers = 0;
    const acknowledgedIds = new Set<string>();
    for (const booking of acknowledged) {
      acknowledgedIds.add(booking.id);
      const prices = stored.get(booking.id) ?? [];
      if (prices.length === 0) lost += 1;
      if (prices.length > 1) duplicated += 1;
      if (prices.some((cents) => cents !== booking.expectedTotal)) wrongPrice += 1;
      if (booking.total !== booking.expectedTotal) answeredPriceDiffers += 1;
    }
    const unacknowledged = [...stored.keys()].filter((id) => !acknowledgedIds.has(id)).length;
    return {
      acknowledged: acknowledged.length,
      stored: rows.length,
      lost,
      duplicated,
      unacknowledged,
      wrongPrice,
      answeredPriceDiffers,
      ok: lost + duplicated + unacknowledged + wrongPrice + answeredPriceDiffers === 0,
    };
  } finally {
    await handle.close();
  }
}

export function newBookingId(): string {
  return randomUUID();
}

/**
 * CPU seconds a process has used so far (user + system, from /proc/<pid>/stat on Linux; 0 where
 * there is none), to tell a server that is busy from a machine that is busy with something else.
 */
export function processCpuSeconds(pid: number | undefined): number {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return 0;
  // Fields 14 and 15 (utime, stime) after the command name, in clock ticks of 1/100 s (proc(5)).
  const fields = readFileSync(file, "utf8")
    .slice(readFileSync(file, "utf8").lastIndexOf(")") + 2)
    .split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** What else the machine was doing: the one-minute load average (runnable processes per core × cores). */
export function machineLoadAverage(): number {
  return Math.round((loadavg()[0] ?? 0) * 100) / 100;
}

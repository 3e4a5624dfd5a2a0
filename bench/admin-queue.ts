// Operator queue benchmark (ADR 072). Seeds a fresh SQLite database (or DATABASE_URL's, which
// must be empty of demo data) with the demo data set (100,000 bookings), then runs the queue
// query (listQueue, the exact code behind GET /api/admin/bookings) with the filters an operator
// uses most, and prints one JSON line: p50/p95 per filter and over all, for SQLite and, when
// DATABASE_URL is set, for PostgreSQL too (in a schema of its own, dropped afterwards). Target p95 ≤ 20 ms
// on both (ADR 114).
// Run: npm run bench:admin-queue  (BENCH_BOOKINGS and BENCH_ROUNDS to change the size)
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { bookingQueueQuerySchema, type BookingQueueQuery } from "../src/shared/operator.ts";
import { addDays } from "../src/shared/time.ts";
import { operatorToday } from "../src/shared/time.ts";
import { openDatabase } from "../src/server/db/database.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { listQueue } from "../src/server/features/operator/repo.ts";
import { systemActor as staffReader } from "../src/server/access/booking-access.ts";
import { describeHost, hostSpeedOver, measureHostSpeed, scaledTargetMs } from "./host-speed.ts";
import { withPostgresSchema } from "./postgres-schema.ts";
import { demoDefaults, seedDemo } from "../scripts/demo-data.ts";

const bookings = Number(process.env.BENCH_BOOKINGS ?? demoDefaults.bookings);
const rounds = Number(process.env.BENCH_ROUNDS ?? 200);

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Seeds a fresh database of one engine and times the queue on it. */
async function measure(databaseUrl: string | undefined) {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "bench-admin-queue-"));
  const database = openDatabase({
    databaseUrl,
    dataDirectory,
    timeouts: { connectTimeoutMs: 5_000, statementTimeoutMs: 600_000 },
  });
  try {
    await migrateToLatest(database.db);
    const seedStarted = performance.now();
    await seedDemo(database.db, { ...demoDefaults, bookings });
    const seedMs = Math.round(performance.now() - seedStarted);
    const today = operatorToday(new Date());
    const sample = await database.db
      .selectFrom("bookings")
      .innerJoin("users", "users.id", "bookings.user_id")
      .select(["bookings.customer_name", "users.email"])
      .limit(1)
      .executeTakeFirstOrThrow();
    const lastName = sample.customer_name.split(" ").at(-1) ?? "";

    // The screens an operator opens: the default queue, pending work, a service, the coming week,
    // a customer (last name, full name, e-mail) or a place, a search that finds nothing, and a later
    // page reached by cursor.
    const scenarios: Record<string, BookingQueueQuery> = {
      all: {},
      pending: { status: "pending" },
      pendingDriver: { status: "pending", serviceType: "vip_driver" },
      confirmedNextWeek: { status: "confirmed", from: today, to: addDays(today, 7) },
      searchCustomer: { q: lastName.toLowerCase() },
      searchFullName: { q: sample.customer_name.toLowerCase() },
      searchEmail: { q: sample.email },
      searchLocation: { q: "monaco", status: "confirmed" },
      searchNothing: { q: "zzqx" },
    };
    const timings: Record<string, number[]> = {};
    const all: number[] = [];
    for (const [name, query] of Object.entries(scenarios)) {
      const parsed = bookingQueueQuerySchema.parse(query);
      await listQueue(database.db, staffReader, parsed);
      const first = await listQueue(database.db, staffReader, parsed);
      timings[name] = [];
      for (let round = 0; round < rounds; round += 1) {
        const started = performance.now();
        await listQueue(database.db, staffReader, parsed);
        const elapsed = performance.now() - started;
        timings[name].push(elapsed);
        all.push(elapsed);
      }
      // Page 5 through the cursor: keyset pages cost the same at any depth.
      if (name === "all" && first.nextCursor) {
        let cursor: string | null = first.nextCursor;
        for (let page = 0; page < 3 && cursor; page += 1)
          cursor = (await listQueue(database.db, staffReader, { ...parsed, cursor })).nextCursor;
        if (cursor) {
          const deep = bookingQueueQuerySchema.parse({ cursor });
          timings.deepPage = [];
          for (let round = 0; round < rounds; round += 1) {
            const started = performance.now();
            await listQueue(database.db, staffReader, deep);
            const elapsed = performance.now() - started;
            timings.deepPage.push(elapsed);
            all.push(elapsed);
          }
        }
      }
    }
    const summary = Object.fromEntries(
      Object.entries(timings).map(([name, values]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return [name, { p50: round2(percentile(sorted, 0.5)), p95: round2(percentile(sorted, 0.95)) }];
      }),
    );
    const sorted = [...all].sort((a, b) => a - b);
    return {
      seedMs,
      p50Ms: round2(percentile(sorted, 0.5)),
      p95Ms: round2(percentile(sorted, 0.95)),
      // The machine's load while measuring: figures from a busy machine are not comparable.
      loadAverage: round2(loadavg()[0] ?? 0),
      scenarios: summary,
    };
  } finally {
    await database.close();
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}

// The host is measured around the run, so the target follows its speed and load (ADR 202).
const hostBefore = measureHostSpeed();
const engines: Record<string, Awaited<ReturnType<typeof measure>>> = { sqlite: await measure(undefined) };
const postgresUrl = process.env.DATABASE_URL;
if (postgresUrl) engines.postgres = await withPostgresSchema("bench_admin_queue", postgresUrl, measure);
const host = hostSpeedOver(hostBefore, measureHostSpeed());
const scaledTargetP95Ms = scaledTargetMs(20, host);
console.log(
  JSON.stringify({
    bench: "admin-queue",
    bookings,
    rounds,
    targetP95Ms: 20,
    host: describeHost(host),
    scaledTargetP95Ms,
    engines,
    meetsTargets: Object.values(engines).every((engine) => engine.p95Ms <= scaledTargetP95Ms),
  }),
);

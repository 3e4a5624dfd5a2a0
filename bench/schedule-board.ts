// Schedule board benchmark (ADR 166). Seeds a fresh SQLite database (and, when DATABASE_URL is set,
// a PostgreSQL schema of its own, dropped afterwards) with 200 operatives and 2,000 assignments in
// one week (1,000 bookings of two operatives each, of one to three days, in every assignment
// state), then requests GET /api/admin/board through the app itself, signed in as an operator
// (session check, validation, the three queries, JSON), and prints one JSON line with p50/p95 per
// engine. Target: server p95 ≤ 50 ms on both.
// Run: npm run bench:schedule-board  (BENCH_ROUNDS to change the number of requests)
import { markSessionAsPasskeySignIn } from "../src/server/journey-test-support.ts";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { describeHost, hostSpeedOver, measureHostSpeed, scaledTargetMs } from "./host-speed.ts";
import { withPostgresSchema } from "./postgres-schema.ts";
import { addDays } from "../src/shared/time.ts";
import { operatorToday, startOfDayInZone } from "../src/shared/time.ts";
import { createApp, createServices } from "../src/server/app.ts";
import { openDatabase } from "../src/server/db/database.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { loadEnvironment } from "../src/server/env.ts";
import { createAccount } from "../src/server/features/accounts/service.ts";
import { mondayOf, scheduleBoard } from "../src/server/features/operator/board-service.ts";
import { createLocalDiskStorage } from "../src/server/storage/local-disk-storage.ts";

const operativeCount = 200;
const bookingCount = 1000;
const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
const states = ["accepted", "accepted", "accepted", "offered", "declined"] as const;

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}
const round2 = (value: number) => Math.round(value * 100) / 100;

async function measure(databaseUrl: string | undefined) {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "bench-schedule-board-"));
  const env = loadEnvironment({
    NODE_ENV: "test",
    DATA_DIR: dataDirectory,
    APP_URL: "http://localhost:3000",
    AUTH_SECRET: randomBytes(32).toString("hex"),
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  });
  const database = openDatabase({ databaseUrl, dataDirectory, timeouts: { connectTimeoutMs: 5_000, statementTimeoutMs: 600_000 } });
  const deps = { env, database, logger: pino({ level: "silent" }), storage: createLocalDiskStorage(env.uploadsDirectory) };
  const services = createServices(deps);
  const app = createApp(deps, undefined, services);
  try {
    await migrateToLatest(database.db);
    const week = mondayOf(operatorToday(new Date()));
    const now = new Date().toISOString();
    const operatives = Array.from({ length: operativeCount }, (_, index) => ({
      id: randomUUID(),
      name: `Operative ${String(index).padStart(3, "0")}`,
      phone: "+46 70 000 00 00",
      licence_number: `SE-${index}`,
      licence_expires_on: index % 10 === 0 ? addDays(week, 20) : "2030-12-31",
      languages: '["sv"]',
      skills: "[]",
      active: 1,
      created_at: now,
      updated_at: now,
    }));
    await database.db.insertInto("operatives").values(operatives).execute();
    const bookings = [];
    const assignments = [];
    for (let index = 0; index < bookingCount; index += 1) {
      const start = addDays(week, index % 6);
      const end = addDays(start, index % 3 === 0 ? 1 : 0);
      const id = randomUUID();
      bookings.push({
        id,
        user_id: null,
        customer_name: "Bench Customer",
        location: `Place ${index % 40}, Sweden`,
        start_time: startOfDayInZone(start).toISOString(),
        end_time: startOfDayInZone(addDays(end, 1)).toISOString(),
        start_date: start,
        end_date: end,
        price: 100_000,
        service_type: "vip_residential" as const,
        status: index % 7 === 0 ? ("pending" as const) : ("confirmed" as const),
        time_of_day: "night" as const,
        guard_count: 2,
        style: null,
        car_option: null,
        duration: null,
        total_days: 1,
        vat_cents: 20_000,
        customer_note: null,
        language: "en" as const,
        idempotency_key: null,
        request_hash: id,
        created_at: now,
        cancelled_at: null,
      });
      for (const [slot, lead] of [
        [0, 1],
        [1, 0],
      ] as const) {
        assignments.push({
          id: randomUUID(),
          booking_id: id,
          operative_id: operatives[(index * 2 + slot) % operativeCount]?.id ?? "",
          is_lead: lead,
          created_at: now,
          state: states[(index + slot) % states.length] ?? "accepted",
        });
      }
    }
    for (let offset = 0; offset < bookings.length; offset += 200) {
      await database.db
        .insertInto("bookings")
        .values(bookings.slice(offset, offset + 200))
        .execute();
    }
    for (let offset = 0; offset < assignments.length; offset += 400) {
      await database.db
        .insertInto("booking_assignments")
        .values(assignments.slice(offset, offset + 400))
        .execute();
    }
    await createAccount(deps, {
      email: "bench-operator@example.test",
      password: "Bench-Harbour-Lantern-58",
      fullName: "Bench Operator",
      phoneNumber: "",
      address: "",
      city: "",
      country: "",
      postalCode: "",
      language: "en",
      role: "operator",
    });
    const signIn = await app.request("/api/account/sign-in", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "bench-operator@example.test", password: "Bench-Harbour-Lantern-58" }),
    });
    // ADR 271: the console takes passkey sessions only; marked as the journeys' server marks its staff (test only).
    await markSessionAsPasskeySignIn(database.db, signIn.headers.getSetCookie());
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const get = async () => {
      const response = await app.request(`/api/admin/board?week=${week}`, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`board answered ${response.status}`);
      return (await response.json()) as { operatives: { assignments: unknown[] }[] };
    };
    const first = await get();
    const shown = first.operatives.reduce((sum, row) => sum + row.assignments.length, 0);
    for (let warm = 0; warm < 10; warm += 1) await get();
    const timings: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      await get();
      timings.push(performance.now() - started);
    }
    const sorted = timings.sort((a, b) => a - b);
    // The board's queries alone, without the session check and the JSON, to tell the two apart.
    const queryTimings: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      await scheduleBoard(database.db, week);
      queryTimings.push(performance.now() - started);
    }
    queryTimings.sort((a, b) => a - b);
    return {
      queriesP50Ms: round2(percentile(queryTimings, 0.5)),
      queriesP95Ms: round2(percentile(queryTimings, 0.95)),
      operatives: first.operatives.length,
      assignments: shown,
      p50Ms: round2(percentile(sorted, 0.5)),
      p95Ms: round2(percentile(sorted, 0.95)),
      loadAverage: round2(loadavg()[0] ?? 0),
    };
  } finally {
    await services.events.close();
    await database.close();
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}

// The host is measured around the run, so the target follows its speed and load (ADR 202).
const hostBefore = measureHostSpeed();
const engines: Record<string, Awaited<ReturnType<typeof measure>>> = { sqlite: await measure(undefined) };
const postgresUrl = process.env.DATABASE_URL;
if (postgresUrl) engines.postgres = await withPostgresSchema("bench_schedule_board", postgresUrl, measure);
const host = hostSpeedOver(hostBefore, measureHostSpeed());
const scaledTargetP95Ms = scaledTargetMs(50, host);
console.log(
  JSON.stringify({
    bench: "schedule-board",
    rounds,
    targetP95Ms: 50,
    host: describeHost(host),
    scaledTargetP95Ms,
    engines,
    meetsTargets: Object.values(engines).every((engine) => engine.p95Ms <= scaledTargetP95Ms),
  }),
);

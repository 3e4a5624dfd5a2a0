// Insights benchmark (docs/insights.md, ADR 151). Seeds a fresh SQLite database (and, when
// DATABASE_URL is set, a PostgreSQL schema of its own, dropped afterwards) with the demo data set
// (100,000 bookings with their events and assignments, scripts/demo-data.ts), then times
// insightsReport — every query behind GET /api/admin/insights, the period and the one before it —
// for the periods an operator picks, and prints one JSON line: p50/p95 per period and over all,
// per engine. Target p95 ≤ 200 ms on both.
// Run: npm run bench:insights  (BENCH_BOOKINGS and BENCH_ROUNDS to change the size)
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { addDays } from "../src/shared/time.ts";
import { insightsQuerySchema, type InsightsQuery } from "../src/shared/insights.ts";
import { operatorToday } from "../src/shared/time.ts";
import { openDatabase } from "../src/server/db/database.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { insightsReport } from "../src/server/features/operator/insights-service.ts";
import { describeHost, hostSpeedOver, measureHostSpeed, scaledTargetMs } from "./host-speed.ts";
import { withPostgresSchema } from "./postgres-schema.ts";
import { demoDefaults, seedDemo } from "../scripts/demo-data.ts";

const bookings = Number(process.env.BENCH_BOOKINGS ?? demoDefaults.bookings);
const rounds = Number(process.env.BENCH_ROUNDS ?? 40);

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}
const round2 = (value: number) => Math.round(value * 100) / 100;

async function measure(databaseUrl: string | undefined) {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "bench-insights-"));
  const database = openDatabase({ databaseUrl, dataDirectory, timeouts: { connectTimeoutMs: 5_000, statementTimeoutMs: 600_000 } });
  try {
    await migrateToLatest(database.db);
    const seedStarted = performance.now();
    const seeded = await seedDemo(database.db, { ...demoDefaults, bookings });
    const seedMs = Math.round(performance.now() - seedStarted);
    const today = operatorToday(new Date());
    const scenarios: Record<string, InsightsQuery> = {
      last7Days: { days: 7 },
      last30Days: {},
      last90Days: { days: 90 },
      lastYear: { from: addDays(today, -365), to: today },
    };
    const timings: Record<string, number[]> = {};
    // This process's CPU time per report (user + system): what the report costs here whatever the
    // host's load; on PostgreSQL the server's own work is not in it.
    const cpuMs: Record<string, number> = {};
    const all: number[] = [];
    let sample: Awaited<ReturnType<typeof insightsReport>> | undefined;
    for (const [name, query] of Object.entries(scenarios)) {
      const parsed = insightsQuerySchema.parse(query);
      sample = await insightsReport(database.db, parsed);
      timings[name] = [];
      const cpuBefore = process.cpuUsage();
      for (let round = 0; round < rounds; round += 1) {
        const started = performance.now();
        await insightsReport(database.db, parsed);
        const elapsed = performance.now() - started;
        timings[name].push(elapsed);
        all.push(elapsed);
      }
      const cpu = process.cpuUsage(cpuBefore);
      cpuMs[name] = round2((cpu.user + cpu.system) / 1000 / rounds);
    }
    const summary = Object.fromEntries(
      Object.entries(timings).map(([name, values]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return [name, { p50: round2(percentile(sorted, 0.5)), p95: round2(percentile(sorted, 0.95)), cpuMs: cpuMs[name] }];
      }),
    );
    const sorted = [...all].sort((a, b) => a - b);
    return {
      seedMs,
      events: seeded.events,
      assignments: seeded.assignments,
      p50Ms: round2(percentile(sorted, 0.5)),
      p95Ms: round2(percentile(sorted, 0.95)),
      loadAverage: round2(loadavg()[0] ?? 0),
      scenarios: summary,
      // The last year's headline figures, so a reader sees the data was there to be counted.
      lastYear: sample && {
        requests: sample.demand.current.requests,
        shareWithinPromise: sample.reply.current.shareWithinPromise,
        bookedCents: sample.money.current.bookedCents,
        capturedCents: sample.money.current.capturedCents,
        utilisation: sample.team.current.utilisation,
      },
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
if (postgresUrl) engines.postgres = await withPostgresSchema("bench_insights", postgresUrl, measure);
const host = hostSpeedOver(hostBefore, measureHostSpeed());
const targetP95Ms = 200;
// ADR 202: the target scaled by how fast this host ran in this run; met when every period's p95 is
// within it on every engine measured.
const scaledTargetP95Ms = scaledTargetMs(targetP95Ms, host);
const meets = (engine: Awaited<ReturnType<typeof measure>>) =>
  Object.values(engine.scenarios).every((scenario) => scenario.p95 <= scaledTargetP95Ms);
const meetsTargets = Object.fromEntries(Object.entries(engines).map(([name, engine]) => [name, meets(engine)]));
console.log(
  JSON.stringify({
    bench: "insights",
    bookings,
    rounds,
    targetP95Ms,
    host: describeHost(host),
    scaledTargetP95Ms,
    engines,
    meetsTargets: { ...meetsTargets, all: Object.values(meetsTargets).every(Boolean), postgresMeasured: "postgres" in engines },
  }),
);

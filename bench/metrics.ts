// The cost of request metrics on the hot path (ADR 080): the same app in-process with and without
// METRICS_TOKEN (without it the timing middleware is not installed), on one SQLite database, in
// interleaved rounds (ABBA order) so that the noise of a shared machine falls on both alike; the
// fastest round of each is the figure least disturbed by other processes. Measures an
// endpoint (GET /api/health), a request refused by a middleware guard before its handler, and a
// path no endpoint has. Prints one JSON line. Run: npm run bench:metrics
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { createApp } from "../src/server/app.ts";
import { openDatabase } from "../src/server/db/database.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { loadEnvironment } from "../src/server/env.ts";
import { createLocalDiskStorage } from "../src/server/storage/local-disk-storage.ts";

const rounds = Number(process.env.BENCH_ROUNDS ?? 40);
const requestsPerRound = Number(process.env.BENCH_REQUESTS ?? 1000);

const dataDirectory = mkdtempSync(path.join(tmpdir(), "bench-metrics-"));
const token = randomBytes(32).toString("hex");
const env = loadEnvironment({
  NODE_ENV: "test",
  DATA_DIR: dataDirectory,
  AUTH_SECRET: randomBytes(32).toString("hex"),
  METRICS_TOKEN: token,
});
const database = openDatabase({ dataDirectory: env.dataDirectory });
await migrateToLatest(database.db);
const deps = { env, database, logger: pino({ level: "silent" }), storage: createLocalDiskStorage(env.uploadsDirectory) };
const apps = {
  withMetrics: createApp(deps),
  withoutMetrics: createApp({ ...deps, env: { ...env, metricsToken: undefined } }),
};

const requests = {
  endpoint: "/api/health",
  guardedBeforeHandler: "/api/emergency-contacts",
  unknownPath: "/api/no-such-endpoint",
};

/** Mean microseconds per request over one round. */
async function round(app: ReturnType<typeof createApp>, url: string): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < requestsPerRound; index += 1) await (await app.request(url)).arrayBuffer();
  return ((performance.now() - started) * 1000) / requestsPerRound;
}

const fastest = (values: number[]) => Math.min(...values);
const round1 = (value: number) => Math.round(value * 10) / 10;

const result: Record<string, { withoutMetricsUs: number; withMetricsUs: number; overheadUs: number; overheadPercent: number }> = {};
for (const [name, url] of Object.entries(requests)) {
  // Warm-up: the JIT, the router and the first series of each route.
  await round(apps.withMetrics, url);
  await round(apps.withoutMetrics, url);
  const without: number[] = [];
  const withMetrics: number[] = [];
  for (let index = 0; index < rounds; index += 1) {
    if (index % 2 === 0) {
      without.push(await round(apps.withoutMetrics, url));
      withMetrics.push(await round(apps.withMetrics, url));
    } else {
      withMetrics.push(await round(apps.withMetrics, url));
      without.push(await round(apps.withoutMetrics, url));
    }
  }
  const base = fastest(without);
  const measured = fastest(withMetrics);
  result[name] = {
    withoutMetricsUs: round1(base),
    withMetricsUs: round1(measured),
    overheadUs: round1(measured - base),
    overheadPercent: round1(((measured - base) / base) * 100),
  };
}
const scrape = await apps.withMetrics.request("/api/metrics", { headers: { Authorization: `Bearer ${token}` } });
const scrapeLines = (await scrape.text()).split("\n").length;
await database.close();
rmSync(dataDirectory, { recursive: true, force: true });

console.log(
  JSON.stringify({ benchmark: "request-metrics-overhead", rounds, requestsPerRound, ...result, scrapeStatus: scrape.status, scrapeLines }),
);

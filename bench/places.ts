// Place autocomplete benchmark (ADR 052: p95 ≤ 5 ms server time over the whole world
// list). Measures the gazetteer alone and the full GET /api/places endpoint in-process (routing,
// validation, cache lookup, JSON), with distinct queries so the 5-minute cache does not hide the
// search. Prints one JSON summary. Run: npm run bench:places
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { createApp } from "../src/server/app.ts";
import { openDatabase } from "../src/server/db/database.ts";
import { createLocalDiskStorage } from "../src/server/storage/local-disk-storage.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { loadEnvironment } from "../src/server/env.ts";
import { foldPlaceText, loadWorldGazetteer } from "../src/server/features/places/gazetteer.ts";
import { describeHost, hostSpeedOver, measureHostSpeed, scaledTargetMs } from "./host-speed.ts";

const sampleSize = Number(process.env.BENCH_QUERIES ?? 5000);
const targetP95Milliseconds = 5;

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 0.5)),
    p95Ms: round(percentile(sorted, 0.95)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
  };
}

// Deterministic pseudo-random numbers, so two runs measure the same queries.
let seed = 20261121;
function random(): number {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}

const memoryBefore = process.memoryUsage().heapUsed;
const loadStarted = performance.now();
const gazetteer = loadWorldGazetteer();
const loadMilliseconds = performance.now() - loadStarted;
const heapMegabytes = (process.memoryUsage().heapUsed - memoryBefore) / 1e6;

// Queries: prefixes (2–8 characters) of city names drawn from the world list itself, the way
// people type, half of them with diacritics folded; plus every two-letter prefix a–z × a–z
// (the widest ranges the index has to scan).
function sampleNames(): string[] {
  const names: string[] = [];
  const letters = "abcdefghijklmnopqrstuvwxyz";
  for (let index = 0; names.length < sampleSize; index += 1) {
    const first = letters[Math.floor(random() * 26)] ?? "a";
    const second = letters[Math.floor(random() * 26)] ?? "a";
    const results = gazetteer.search(first + second, "en");
    const place = results[Math.floor(random() * results.length)];
    if (!place) continue;
    names.push(place.city);
    if (index > sampleSize * 20) break;
  }
  return names;
}
const cityNames = sampleNames();
const queries: string[] = cityNames.map((name, index) => {
  const length = 2 + Math.floor(random() * 7);
  const prefix = name.slice(0, length);
  return index % 2 === 0 ? foldPlaceText(prefix) : prefix;
});
const letters = "abcdefghijklmnopqrstuvwxyz";
const twoLetterQueries = [...letters].flatMap((first) => [...letters].map((second) => first + second));

// Warm up the JIT and the country-name cache before measuring.
for (const query of queries.slice(0, 500)) gazetteer.search(query, "en");

// The host is measured around the run, so the target follows its speed and load (ADR 202).
const hostBefore = measureHostSpeed();
const engineTimes: number[] = [];
for (const query of queries) {
  const started = performance.now();
  gazetteer.search(query, "en");
  engineTimes.push(performance.now() - started);
}
const twoLetterTimes: number[] = [];
for (const query of twoLetterQueries) {
  const started = performance.now();
  gazetteer.search(query, "en");
  twoLetterTimes.push(performance.now() - started);
}

// The endpoint in-process on a temporary SQLite database.
const dataDirectory = mkdtempSync(path.join(tmpdir(), "bench-places-"));
const env = loadEnvironment({ NODE_ENV: "test", DATA_DIR: dataDirectory, AUTH_SECRET: randomBytes(32).toString("hex") });
const database = openDatabase({ dataDirectory: env.dataDirectory });
await migrateToLatest(database.db);
const app = createApp({ env, database, logger: pino({ level: "silent" }), storage: createLocalDiskStorage(env.uploadsDirectory) });
// Distinct folded queries only: a repeated one would be answered from the 5-minute cache.
const endpointQueries = [...new Map(queries.map((query) => [foldPlaceText(query), query])).values()];
const endpointTimes: number[] = [];
let found = 0;
for (const [index, query] of endpointQueries.entries()) {
  const started = performance.now();
  const response = await app.request(`/api/places?q=${encodeURIComponent(query)}`);
  const body = (await response.json()) as { results: unknown[] };
  const elapsed = performance.now() - started;
  if (index >= 200) endpointTimes.push(elapsed); // the first 200 warm the route
  if (body.results.length > 0) found += 1;
}
await database.close();
rmSync(dataDirectory, { recursive: true, force: true });

const host = hostSpeedOver(hostBefore, measureHostSpeed());
const scaledTargetP95Ms = scaledTargetMs(targetP95Milliseconds, host);
const engine = summary(engineTimes);
const endpoint = summary(endpointTimes);
const result = {
  benchmark: "places-autocomplete",
  cities: gazetteer.size,
  loadMs: Math.round(loadMilliseconds),
  indexHeapMb: Math.round(heapMegabytes),
  gazetteerSearch: engine,
  gazetteerTwoLetterPrefixes: summary(twoLetterTimes),
  endpoint: { ...endpoint, queriesWithResults: found, distinctQueries: endpointQueries.length },
  targetP95Ms: targetP95Milliseconds,
  host: describeHost(host),
  scaledTargetP95Ms,
  meetsTargets: endpoint.p95Ms <= scaledTargetP95Ms && engine.p95Ms <= scaledTargetP95Ms,
};
console.log(JSON.stringify(result));

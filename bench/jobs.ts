// Job queue benchmark (ADR 096). Measures how many jobs per second worker processes claim, run and
// complete: one and two processes on one PostgreSQL schema (FOR UPDATE SKIP LOCKED), and one on
// SQLite (one process per SQLite file, ADR 082). Each run queues BENCH_JOBS jobs once the workers
// are polling and times them until the last is done. The jobs are reply alerts for bookings that do
// not exist: the handler reads the booking and finds nothing to do, so the figure is the queue's own
// cost (claim, lease renewal, handler read, completion). Prints one JSON line.
// Run: npm run bench:jobs  (DATABASE_URL for PostgreSQL, else postgres://postgres@127.0.0.1:5432/test;
// BENCH_JOBS to change the size)
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { openDatabase, type DatabaseHandle } from "../src/server/db/database.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { loadEnvironment } from "../src/server/env.ts";
import { pendingJobRow } from "../src/server/jobs/queue.ts";
import { startJobWorker } from "../src/server/jobs/worker.ts";
import { createLocalDiskStorage } from "../src/server/storage/local-disk-storage.ts";
import { createPostgresSchema } from "../src/server/test-support/server-process.ts";

const jobCount = Number(process.env.BENCH_JOBS ?? 4000);
const postgresUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

/** A worker process: runs jobs until SIGTERM. */
async function runWorker(databaseUrl: string, dataDirectory: string): Promise<void> {
  const env = loadEnvironment({
    NODE_ENV: "production",
    DATA_DIR: dataDirectory,
    DATABASE_URL: databaseUrl,
    APP_URL: "http://localhost",
    AUTH_SECRET: "b".repeat(64),
    LOG_LEVEL: "silent",
  });
  const database = openDatabase({ databaseUrl: env.databaseUrl, dataDirectory });
  const deps = { env, database, logger: pino({ level: "silent" }), storage: createLocalDiskStorage(env.uploadsDirectory) };
  const worker = startJobWorker(deps, { pollIntervalMs: 20, batchSize: 50, parallelSends: 4 });
  process.stdout.write("ready\n");
  process.once("SIGTERM", () => {
    void worker
      .stop()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}

function startWorkerProcess(databaseUrl: string, dataDirectory: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [import.meta.filename, "worker", databaseUrl, dataDirectory], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`A worker process exited early with code ${code}`)));
  });
}

async function stopWorkerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  await exited;
}

async function queueJobs(database: DatabaseHandle): Promise<void> {
  const rows = Array.from({ length: jobCount }, () =>
    pendingJobRow({ kind: "reply-alert", payload: { bookingId: randomUUID(), hours: 18 } }),
  );
  await database.db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += 500)
      await trx
        .insertInto("jobs")
        .values(rows.slice(start, start + 500))
        .execute();
  });
}

/** Jobs per second with `processes` workers on a fresh database. */
async function measure(engine: "postgres" | "sqlite", processes: number): Promise<number> {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), `bench-jobs-${engine}-`));
  const schema = engine === "postgres" ? await createPostgresSchema(postgresUrl) : undefined;
  const databaseUrl = schema?.url ?? "";
  const database = openDatabase({ databaseUrl, dataDirectory });
  const children: ChildProcess[] = [];
  try {
    await migrateToLatest(database.db);
    // The recurring sweeps are not measured: only the queued jobs are.
    for (let index = 0; index < processes; index++) children.push(await startWorkerProcess(databaseUrl, dataDirectory));
    const started = performance.now();
    await queueJobs(database);
    for (;;) {
      const open = await database.db
        .selectFrom("jobs")
        .select("id")
        .where("kind", "=", "reply-alert")
        .where("status", "!=", "done")
        .limit(1)
        .execute();
      if (open.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Math.round(jobCount / ((performance.now() - started) / 1000));
  } finally {
    for (const child of children) await stopWorkerProcess(child);
    await database.close();
    await schema?.drop();
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}

if (process.argv[2] === "worker") {
  await runWorker(process.argv[3] ?? "", process.argv[4] ?? tmpdir());
} else {
  const onePostgres = await measure("postgres", 1);
  const twoPostgres = await measure("postgres", 2);
  const oneSqlite = await measure("sqlite", 1);
  console.log(
    JSON.stringify({
      benchmark: "jobs",
      jobs: jobCount,
      jobsPerSecond: {
        postgresOneProcess: onePostgres,
        postgresTwoProcesses: twoPostgres,
        postgresTwoToOneRatio: Math.round((twoPostgres / onePostgres) * 100) / 100,
        sqliteOneProcess: oneSqlite,
      },
      loadAverage: loadavg()[0],
    }),
  );
}

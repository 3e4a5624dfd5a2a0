import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { z } from "zod";
import type { AppDependencies } from "../context.ts";
import type { Database } from "../db/database.ts";
import { PermanentJobError } from "./errors.ts";
import { jobKindOf, lanePriority, type JobKind } from "./kinds.ts";
import { enqueueRecurring, type Executor } from "./queue.ts";
import type { JobHandler, JobOutcome, JobRow, JobWorker, JobWorkerSettings } from "./types.ts";

// ADR 095, 096: polls the jobs table, claims due jobs under a lease (FOR UPDATE SKIP LOCKED on
// PostgreSQL; a compare-and-set on SQLite), runs each with its kind's handler, marks it done, and
// on failure retries it with exponential backoff, keeping the last error. A lease left by a
// crashed worker runs out and another worker takes the job. Two lanes poll side by side (ADR 036):
// the urgent lane claims only priority 0 (codes and reset links), the general lane everything.
// The runner knows no job kind of its own: it is given the map of handlers (jobs/handlers.ts), so
// a handler never imports the runner (ADR 236).

export function backoffDelayMs(attempts: number, options: { baseBackoffMs: number; maxBackoffMs: number }): number {
  return Math.min(options.maxBackoffMs, options.baseBackoffMs * 2 ** Math.max(0, attempts - 1));
}

/** Runs `work` on every item with at most `limit` running at once; a rejection does not stop the others. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<unknown[]> {
  const errors: unknown[] = [];
  let next = 0;
  const runner = async () => {
    for (let item = items[next++]; item !== undefined; item = items[next++]) {
      await work(item).catch((error: unknown) => void errors.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  return errors;
}

/**
 * Returns the jobs a previous server process was running when it ended to `pending`, so they run
 * at once instead of after their lease runs out. Only for a database one process uses alone
 * (SQLite, ADR 082): on a shared database another, living process may hold those leases.
 */
export async function releaseLeasesOfEndedProcess(db: Database, now = new Date()): Promise<number> {
  const result = await db
    .updateTable("jobs")
    .set({ status: "pending", lease_owner: null, lease_token: null, lease_expires_at: null, run_at: now.toISOString() })
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Polls of a lane that failed in a row: since when, how many, and when that was last logged. */
type FailingPolls = { since: number; count: number; loggedAt: number; countAtLog: number };

type Lane = {
  name: "urgent" | "general";
  onlyPriority?: number;
  running: Promise<number> | null;
  timer?: NodeJS.Timeout;
  failing?: FailingPolls;
};

export function startJobRunner(
  deps: Pick<AppDependencies, "database" | "logger">,
  handlers: Partial<Record<string, JobHandler>>,
  settings: JobWorkerSettings,
): JobWorker {
  const { database, logger } = deps;
  const db = database.db;
  const clock = settings.clock;
  const log = logger.child({ component: "job-worker" });
  // Which worker holds a lease, for people reading the table; the token is what proves it.
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  /** Kinds whose handler cannot run now (mail without SMTP): left in the table, unclaimed. */
  const unavailableKinds = () =>
    Object.entries(handlers)
      .filter(([, handler]) => handler?.available && !handler.available())
      .map(([kind]) => kind);

  let stopped = false;
  const lanes: Lane[] = [
    { name: "urgent", onlyPriority: lanePriority.urgent, running: null },
    { name: "general", running: null },
  ];

  async function claimDue(lane: Lane): Promise<JobRow[]> {
    const now = clock.now();
    const nowText = now.toISOString();
    const token = randomUUID();
    const unavailable = unavailableKinds();
    let due = db
      .selectFrom("jobs")
      .select("id")
      .where((where) =>
        where.or([
          where.and([where("status", "=", "pending"), where("run_at", "<=", nowText)]),
          // A worker that died while running left its lease behind; it runs out (ADR 096).
          where.and([where("status", "=", "running"), where("lease_expires_at", "<", nowText)]),
        ]),
      )
      .orderBy("priority")
      .orderBy("run_at")
      .limit(settings.batchSize);
    if (lane.onlyPriority !== undefined) due = due.where("priority", "=", lane.onlyPriority);
    if (unavailable.length > 0) due = due.where("kind", "not in", unavailable);
    const claimable = database.engine === "postgres" ? due.forUpdate().skipLocked() : due;
    return (
      db
        .updateTable("jobs")
        .set((expression) => ({
          status: "running",
          lease_owner: owner,
          lease_token: token,
          lease_expires_at: new Date(now.getTime() + settings.claimMs).toISOString(),
          attempts: expression("attempts", "+", 1),
        }))
        .where("id", "in", claimable)
        // The compare-and-set: a row is taken only while it is still claimable, so of two processes
        // that picked it, one changes it and the other changes nothing (ADR 096).
        .where((where) =>
          where.or([
            where("status", "=", "pending"),
            where.and([where("status", "=", "running"), where("lease_expires_at", "<", nowText)]),
          ]),
        )
        .returningAll()
        .execute()
    );
  }

  /**
   * A batch is claimed at once but run a few jobs at a time, so by the time a job's turn comes its
   * lease may have run out and another worker may have taken it. Just before running, the lease is
   * renewed only if it still holds our token: a job taken over is left to its new owner (ADR 032).
   */
  async function renewLease(job: JobRow): Promise<boolean> {
    const result = await db
      .updateTable("jobs")
      .set({ lease_expires_at: new Date(clock.now().getTime() + settings.claimMs).toISOString() })
      .where("id", "=", job.id)
      .where("status", "=", "running")
      .where("lease_token", "=", job.lease_token)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  function parsedPayload(job: JobRow): unknown {
    const kind = jobKindOf(job.kind);
    if (!kind) throw new PermanentJobError(`There is no job kind ${job.kind}`);
    let data: unknown;
    try {
      data = JSON.parse(job.payload ?? "null");
    } catch {
      throw new PermanentJobError(`The payload of this ${job.kind} job is not JSON`);
    }
    const parsed = kind.payload.safeParse(data);
    if (!parsed.success) throw new PermanentJobError(`The payload of this ${job.kind} job is not valid: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  }

  /** ADR 098: a recurring kind queues its next run when a run ends, done or given up. */
  async function queueNextRun(job: JobRow, executor: Executor) {
    const everyMs = jobKindOf(job.kind)?.everyMs;
    if (everyMs) await enqueueRecurring(executor, job.kind as JobKind, new Date(clock.now().getTime() + everyMs), clock);
  }

  /** Runs `write` in a transaction only when the kind queues a next run with it (a recurring kind, ADR 098). */
  function withNextRun<Result>(job: JobRow, write: (executor: Executor) => Promise<Result>): Promise<Result> {
    return jobKindOf(job.kind)?.everyMs ? db.transaction().execute(write) : write(db);
  }

  /** The handler's afterEnd, once the end is recorded; its failure leaves the job as recorded. */
  async function ended(job: JobRow): Promise<void> {
    try {
      await handlers[job.kind]?.afterEnd?.(job);
    } catch (error) {
      log.warn({ err: error, id: job.id, kind: job.kind }, "the work after a job's end failed");
    }
  }

  async function complete(job: JobRow, outcome: JobOutcome | undefined): Promise<void> {
    const recorded = await withNextRun(job, async (executor) => {
      const result = await executor
        .updateTable("jobs")
        .set({
          status: "done",
          finished_at: clock.now().toISOString(),
          lease_owner: null,
          lease_token: null,
          lease_expires_at: null,
          last_error: null,
          ...(outcome?.payload !== undefined && { payload: outcome.payload }),
          ...(outcome?.output !== undefined && { output: outcome.output }),
        })
        .where("id", "=", job.id)
        .where("lease_token", "=", job.lease_token)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await queueNextRun(job, executor);
      return true;
    });
    if (recorded) await ended(job);
  }

  /** A failed run: retried with backoff, given up after the kind's maxAttempts or at once when retrying cannot help. */
  async function failed(job: JobRow, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const maxAttempts = settings.maxAttempts ?? job.max_attempts;
    const giveUp = job.attempts >= maxAttempts || error instanceof PermanentJobError;
    const retryAt = new Date(clock.now().getTime() + backoffDelayMs(job.attempts, settings));
    const leftPayload = giveUp ? handlers[job.kind]?.afterGivingUp?.(job) : undefined;
    const gaveUp = await withNextRun(job, async (executor) => {
      const result = await executor
        .updateTable("jobs")
        .set({
          status: giveUp ? "failed" : "pending",
          run_at: retryAt.toISOString(),
          lease_owner: null,
          lease_token: null,
          lease_expires_at: null,
          last_error: message.slice(0, 500),
          ...(giveUp && { finished_at: clock.now().toISOString() }),
          ...(leftPayload !== undefined && { payload: leftPayload }),
        })
        .where("id", "=", job.id)
        .where("status", "=", "running")
        .where("lease_token", "=", job.lease_token)
        .executeTakeFirst();
      if (!giveUp || Number(result.numUpdatedRows) !== 1) return false;
      await queueNextRun(job, executor);
      return true;
    });
    if (gaveUp) await ended(job);
    const fields = { id: job.id, kind: job.kind, attempts: job.attempts, error: message };
    if (giveUp) log.error(fields, "job failed; gave up");
    else log.warn({ ...fields, retryAt }, "job failed; will retry");
  }

  async function runJob(job: JobRow): Promise<void> {
    if (!(await renewLease(job))) return;
    try {
      const handler = handlers[job.kind];
      if (!handler) throw new PermanentJobError(`There is no handler for job kind ${job.kind}`);
      const outcome = await handler.run(job, parsedPayload(job));
      await complete(job, outcome);
    } catch (error) {
      await failed(job, error);
    }
  }

  async function tick(lane: Lane): Promise<number> {
    const jobs = await claimDue(lane);
    const errors = await inParallel(jobs, settings.parallelSends, runJob);
    for (const error of errors) log.error({ err: error, lane: lane.name }, "job worker could not record a job's end");
    return jobs.length;
  }

  // A database outage fails every poll, about once a second per lane: the first failure is logged
  // as an error, then one line per failureLogIntervalMs with the count while it lasts, and one
  // info line when polling works again, so the outage is visible without flooding the log.
  function pollFailed(lane: Lane, error: unknown) {
    const now = clock.now().getTime();
    const failing = lane.failing;
    if (!failing) {
      lane.failing = { since: now, count: 1, loggedAt: now, countAtLog: 1 };
      log.error({ err: error, lane: lane.name }, "job worker poll failed");
      return;
    }
    failing.count += 1;
    if (now - failing.loggedAt < settings.failureLogIntervalMs) return;
    log.error(
      {
        err: error,
        lane: lane.name,
        failedPolls: failing.count,
        failedSinceLastLine: failing.count - failing.countAtLog,
        failingForMs: now - failing.since,
      },
      "job worker poll still failing",
    );
    failing.loggedAt = now;
    failing.countAtLog = failing.count;
  }

  function pollSucceeded(lane: Lane) {
    const failing = lane.failing;
    if (!failing) return;
    lane.failing = undefined;
    log.info(
      { lane: lane.name, failedPolls: failing.count, failingForMs: clock.now().getTime() - failing.since },
      "job worker polling again",
    );
  }

  function runLane(lane: Lane): Promise<number> {
    // One tick at a time per lane: a slow SMTP server never leads to overlapping polls.
    if (!lane.running) {
      lane.running = tick(lane)
        .then((handled) => {
          pollSucceeded(lane);
          return handled;
        })
        .catch((error: unknown) => {
          pollFailed(lane, error);
          return 0;
        })
        .finally(() => {
          lane.running = null;
        });
    }
    return lane.running;
  }

  function schedule(lane: Lane, handled: number) {
    if (stopped) return;
    // A full batch means more is probably waiting: poll again at once.
    const delay = handled >= settings.batchSize ? 0 : settings.pollIntervalMs;
    lane.timer = setTimeout(() => void runLane(lane).then((count) => schedule(lane, count)), delay);
  }

  for (const lane of lanes) void runLane(lane).then((count) => schedule(lane, count));

  return {
    async runOnce() {
      const counts = await Promise.all(lanes.map(runLane));
      return counts.reduce((sum, count) => sum + count, 0);
    },
    async stop() {
      stopped = true;
      for (const lane of lanes) clearTimeout(lane.timer);
      await Promise.all(lanes.map((lane) => lane.running));
      for (const handler of Object.values(handlers)) handler?.close?.();
    },
  };
}

import { randomUUID } from "node:crypto";
import type { Insertable, Kysely, Transaction } from "kysely";
import type { Clock } from "../clock.ts";
import { systemClock } from "../clock.ts";
import type { DatabaseSchema } from "../db/schema.ts";
import type { JobsTable } from "../db/tables/jobs.ts";
import { jobKinds, lanePriority, recurringKinds, type JobKind, type JobKindSettings, type JobLane, type JobPayload } from "./kinds.ts";

// ADR 095: the lifecycle of a job from the caller's side. A job is written with the caller's own
// executor, so it commits or rolls back with the change that causes it (a booking, a code, a
// deletion), and can be cancelled by its reference key before it runs.

export type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

export type NewJob<Kind extends JobKind = JobKind> = {
  kind: Kind;
  payload: JobPayload<Kind>;
  /** Not run before this instant; now by default. */
  runAt?: Date;
  lane?: JobLane;
  /** What the job belongs to, such as `booking:<id>` (cancelJobsByReference). */
  referenceKey?: string;
  /** Kept for a mail migrated from the outbox or given a known id; a new UUID otherwise. */
  id?: string;
};

/** The row of a new pending job. The payload is checked against its kind's schema (a mistake fails the caller). */
export function pendingJobRow<Kind extends JobKind>(job: NewJob<Kind>, now: Date = systemClock.now()): Insertable<JobsTable> {
  const settings: JobKindSettings = jobKinds[job.kind];
  const payload: unknown = settings.payload.parse(job.payload);
  return {
    id: job.id ?? randomUUID(),
    kind: job.kind,
    payload: JSON.stringify(payload),
    run_at: (job.runAt ?? now).toISOString(),
    priority: lanePriority[job.lane ?? settings.lane],
    attempts: 0,
    max_attempts: settings.maxAttempts,
    status: "pending",
    lease_owner: null,
    lease_token: null,
    lease_expires_at: null,
    last_error: null,
    reference_key: job.referenceKey ?? null,
    output: null,
    created_at: now.toISOString(),
    finished_at: null,
  };
}

/** Queues a job inside the caller's transaction (or on its own); resolves with its id. */
export async function enqueueJob<Kind extends JobKind>(executor: Executor, job: NewJob<Kind>, clock: Clock = systemClock): Promise<string> {
  const row = pendingJobRow(job, clock.now());
  await executor.insertInto("jobs").values(row).execute();
  return row.id;
}

/**
 * Cancels the pending jobs of a reference (a job already running finishes; its handler re-reads
 * what it acts on). Their payload goes too: a cancelled job is never run. Resolves with how many.
 */
export async function cancelJobsByReference(executor: Executor, referenceKey: string, clock: Clock = systemClock): Promise<number> {
  const result = await executor
    .updateTable("jobs")
    .set({ status: "cancelled", payload: null, finished_at: clock.now().toISOString() })
    .where("reference_key", "=", referenceKey)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The reference key of a recurring kind: at most one pending run has it (a unique index, ADR 098). */
export const recurringReference = (kind: JobKind) => `recurring:${kind}`;

/**
 * Queues the next run of a recurring kind unless one is already pending, whichever process queued
 * it: the unique index on pending recurring references turns a second insert into nothing (ADR 098).
 */
export async function enqueueRecurring(executor: Executor, kind: JobKind, runAt: Date, clock: Clock = systemClock): Promise<void> {
  const row = pendingJobRow({ kind, payload: {} as JobPayload<typeof kind>, runAt, referenceKey: recurringReference(kind) }, clock.now());
  await executor
    .insertInto("jobs")
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** At start: every recurring kind gets its first run now, unless a run is already pending. */
export async function ensureRecurringJobs(executor: Executor, clock: Clock = systemClock): Promise<void> {
  for (const kind of recurringKinds) await enqueueRecurring(executor, kind, clock.now(), clock);
}

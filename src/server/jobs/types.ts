import type { Selectable } from "kysely";
import type { BookingLifecycle } from "../booking-lifecycle/state-machine.ts";
import type { Clock } from "../clock.ts";
import type { JobsTable } from "../db/tables/jobs.ts";
import type { MailSources } from "../mail/registry.ts";
import type { PaymentsService } from "../payments/payments-service.ts";

// The words the job runner and the job handlers share (ADR 095, 236): a handler names these types and
// nothing of the runner, so no handler imports the module that runs it.

export type JobWorkerOptions = {
  pollIntervalMs?: number;
  /** Delay before the first retry; doubled after each failure up to maxBackoffMs. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** How long a claimed job stays leased; a worker that crashed frees it after this. */
  claimMs?: number;
  batchSize?: number;
  /** Jobs of a batch run at the same time; the SMTP pool holds one connection more for the urgent lane (ADR 036). */
  parallelSends?: number;
  /** Where templates read the records their payload names (ADR 037); given by the composition root. */
  sources?: MailSources;
  /** While polls keep failing (a database outage), at most one log line per lane this often. */
  failureLogIntervalMs?: number;
  /** The time jobs are due against (ADR 096); the system clock unless a test moves one by hand. */
  clock?: Clock;
  /** Overrides every kind's maxAttempts (tests of giving up). */
  maxAttempts?: number;
  /** The app's booking state machine, which the booking-start and booking-complete jobs move bookings through (ADR 089). */
  bookingLifecycle?: BookingLifecycle;
  /** The app's payments service, whose gateway the payment jobs call (ADR 132). */
  payments?: PaymentsService;
};

export type JobWorkerSettings = Required<Omit<JobWorkerOptions, "sources" | "clock" | "maxAttempts" | "bookingLifecycle" | "payments">> & {
  clock: Clock;
  maxAttempts?: number;
};

export type JobRow = Selectable<JobsTable>;

/** What a finished job leaves: a reduced payload (ADR 097) and a copy to read. */
export type JobOutcome = { payload?: string | null; output?: string | null };

export type JobHandler = {
  run: (job: JobRow, payload: unknown) => Promise<JobOutcome | undefined>;
  /** The payload left once the job is given up (a one-time secret goes, ADR 032). */
  afterGivingUp?: (job: JobRow) => string | null | undefined;
  /**
   * Runs once the job's end (done or given up) is recorded, outside any transaction: ADR 252, the
   * database files are rewritten after a deleted account's last mail has dropped its address.
   */
  afterEnd?: (job: JobRow) => Promise<void>;
  /** False while the handler cannot run at all (mail without SMTP): its kind is left unclaimed. */
  available?: () => boolean;
  /** Releases what the handler holds open (the SMTP pool) when the worker stops. */
  close?: () => void;
};

export type JobWorker = {
  /** Runs one poll of every lane now; resolves with the number of jobs handled. */
  runOnce: () => Promise<number>;
  /** Stops polling and waits for the jobs running to finish. */
  stop: () => Promise<void>;
};

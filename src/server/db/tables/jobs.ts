import type { ColumnType } from "kysely";

// Row types of migration 0014 (ADR 095). Times are UTC ISO-8601 text; payload and output are JSON text.

export type JobStatus = "pending" | "running" | "done" | "failed" | "cancelled";

/** One piece of background work: a mail, a reminder, an alert or a sweep (ADR 095). */
export type JobsTable = {
  id: string;
  kind: string;
  /** The kind's payload as JSON; reduced or null once its personal data is of no more use (ADR 097). */
  payload: string | null;
  /** Not claimed before this instant. */
  run_at: string;
  /** 0 is the urgent lane (codes and reset links), 1 everything else (ADR 036). */
  priority: ColumnType<number, number | undefined, number>;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: number;
  status: JobStatus;
  /** Which worker holds the job while it runs, the token that proves it, and when the lease runs out (ADR 096). */
  lease_owner: string | null;
  lease_token: string | null;
  lease_expires_at: string | null;
  last_error: string | null;
  /** What the job belongs to, such as `booking:<id>`, so it can be found and cancelled; `recurring:<kind>` for a sweep. */
  reference_key: string | null;
  /** What a finished job leaves to read: the copy of a mail kept for the dev mailbox. */
  output: string | null;
  created_at: string;
  finished_at: string | null;
};

export type JobTables = { jobs: JobsTable };

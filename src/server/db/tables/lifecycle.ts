import type { ColumnType } from "kysely";

// Row types of migration 0013 (the booking lifecycle, docs/booking-lifecycle.md).

/** Append-only domain events (ADR 091): inserted in the transaction of what they record, never updated. */
export type EventsTable = {
  /** Autoincrement on SQLite, bigserial on PostgreSQL (which pg answers as text: read through Number()). */
  id: ColumnType<number | string, never, never>;
  type: string;
  booking_id: string | null;
  /** Null for the system; kept after the actor's account is deleted. */
  actor_user_id: string | null;
  /** "customer", "operator", "admin" or "system". */
  actor_role: string;
  /** JSON. */
  payload: string;
  created_at: string;
};

/** The payments work's status, beside the booking's own (ADR 090). */
export type BookingLifecycleColumns = {
  payment_status: ColumnType<string, string | undefined, string>;
  /** ADR 225 (migration 0029): until when a `payment_needed` booking waits for its money. */
  payment_due_at: ColumnType<string | null, string | null | undefined, string | null>;
};

/**
 * The insights page's per-day summary (migration 0025, ADR 154): the sum of every booking's
 * contribution (src/server/insights/daily-summary.ts), moved by the difference in each change's
 * own transaction. `day` is the operator day; `service_type` is '' for rows of all services.
 */
export type InsightsDaysTable = {
  day: string;
  service_type: string;
  kind: string;
  n: ColumnType<number | string, number | undefined, number>;
  /** PostgreSQL's bigint is answered as text: read through Number(). */
  cents: ColumnType<number | string, number | undefined, number>;
};

/** insights_days added up per ISO week; `week` is the Monday (migration 0025, ADR 154). */
export type InsightsWeeksTable = Omit<InsightsDaysTable, "day"> & { week: string };

export type LifecycleTables = { events: EventsTable; insights_days: InsightsDaysTable; insights_weeks: InsightsWeeksTable };

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
};

export type LifecycleTables = { events: EventsTable };

import type { ColumnType } from "kysely";

// Row types of migration 0012 (the operator console, ADR 070). Times are UTC ISO-8601 text,
// calendar days 'YYYY-MM-DD', flags 0/1, lists JSON text.

type Flag = ColumnType<number, number | undefined, number>;

/** Append-only: rows are inserted in the transaction of the action they record, never updated. */
export type AuditLogTable = {
  id: string;
  /** Null for actions taken by the system (the retention sweep) or an actor since deleted. */
  actor_user_id: string | null;
  action: string;
  subject_type: string;
  subject_id: string;
  /** JSON of the changed fields before the action, or null when the subject is new. */
  before: string | null;
  /** JSON of the changed fields after the action, or null when the subject is gone. */
  after: string | null;
  created_at: string;
};

/** A security operative who can be assigned to bookings. */
export type OperativesTable = {
  id: string;
  name: string;
  phone: string;
  licence_number: string;
  /** The last day the security licence is valid (inclusive). */
  licence_expires_on: string;
  /** JSON: ["sv", "en"] */
  languages: string;
  /** JSON: ["driver", "close_protection"] */
  skills: string;
  active: Flag;
  created_at: string;
  updated_at: string;
};

/** An operative working a booking; one assignment per booking is the lead. */
export type BookingAssignmentsTable = {
  id: string;
  booking_id: string;
  operative_id: string;
  is_lead: Flag;
  created_at: string;
};

/** The operator's columns on bookings (migration 0012). */
export type BookingOperatorColumns = {
  /** The note the operator wrote on confirming; the customer sees it. */
  operator_note: string | null;
  decline_reason: string | null;
  confirmed_at: string | null;
  declined_at: string | null;
};

export type OperatorTables = {
  audit_log: AuditLogTable;
  operatives: OperativesTable;
  booking_assignments: BookingAssignmentsTable;
};

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
  /** The operative's own account once invited (migration 0019, ADR 160). */
  user_id: string | null;
  /** Where the invitation went. */
  email: string | null;
  invited_at: string | null;
};

/** An operative working a booking; one assignment per booking is the lead. */
export type BookingAssignmentsTable = {
  id: string;
  booking_id: string;
  operative_id: string;
  is_lead: Flag;
  created_at: string;
  /** ADR 161: offered → accepted or declined; an offer not answered by respond_by is released. */
  state: ColumnType<AssignmentState, AssignmentState | undefined, AssignmentState>;
  respond_by: Nullable;
  responded_at: Nullable;
  decline_reason: Nullable;
  /** The lead's status during the service (ADR 163), each set once, in order. */
  on_the_way_at: Nullable;
  on_duty_at: Nullable;
  completed_at: Nullable;
};

export type AssignmentState = "offered" | "accepted" | "declined" | "released";

type Nullable = string | null;

/** An incident the lead reports (migration 0019); the customer sees it once shared_at is set. */
export type IncidentReportsTable = {
  id: string;
  booking_id: string;
  operative_id: string;
  occurred_at: string;
  severity: "green" | "amber" | "red";
  text: string;
  reviewed_at: Nullable;
  shared_at: Nullable;
  created_at: string;
};

/** The customer's rating of a completed booking, one per booking. */
export type BookingRatingsTable = {
  booking_id: string;
  user_id: string | null;
  stars: number;
  comment: string | null;
  created_at: string;
};

/** The operator's columns on bookings (migration 0012). */
export type BookingOperatorColumns = {
  /** The note the operator wrote on confirming; the customer sees it. */
  operator_note: string | null;
  decline_reason: string | null;
  confirmed_at: string | null;
  declined_at: string | null;
  /** Why an operator cancelled (migration 0019). */
  cancel_reason: string | null;
};

export type OperatorTables = {
  audit_log: AuditLogTable;
  operatives: OperativesTable;
  booking_assignments: BookingAssignmentsTable;
  incident_reports: IncidentReportsTable;
  booking_ratings: BookingRatingsTable;
};

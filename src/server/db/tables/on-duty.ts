import type { AlarmKind, AlarmOutcome, AlarmRaiser, AlarmState } from "../../../shared/on-duty.ts";

// Row types of migrations 0060 and 0061 (docs/on-duty.md).

type Nullable = string | null;

export type AlarmsTable = {
  id: string;
  booking_id: string;
  kind: AlarmKind;
  raised_by: AlarmRaiser;
  raised_by_user_id: Nullable;
  raised_by_name: string;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  state: AlarmState;
  acknowledged_by_user_id: Nullable;
  acknowledged_by_name: Nullable;
  acknowledged_at: Nullable;
  resolved_by_user_id: Nullable;
  resolved_at: Nullable;
  outcome: AlarmOutcome | null;
  note: Nullable;
  shared_at: Nullable;
  created_at: string;
};

export type AlarmEscalationsTable = { alarm_id: string; level: number; recipients: string; notified_at: string };

export type OnCallMembersTable = { user_id: string; position: number; updated_at: string };

export type PrincipalLinksTable = { id: string; booking_id: string; created_at: string; revoked_at: Nullable };

export type CheckInPlansTable = { booking_id: string; interval_minutes: number; grace_minutes: number; updated_at: string };

export type CheckInPinsTable = { user_id: string; pin_hash: string; duress_pin_hash: string; updated_at: string };

export type CheckInsTable = {
  id: string;
  booking_id: string;
  operative_id: string;
  duress: number;
  latitude: number | null;
  longitude: number | null;
  created_at: string;
};

/** `stage`: "reminder", "missed", or "checkpoint:<checkpoint id>" (a checkpoint missed, migration 0062). */
export type CheckInNoticesTable = { booking_id: string; due_at: string; stage: string; created_at: string };

export type SharedPositionsTable = {
  booking_id: string;
  user_id: string;
  first_name: string;
  latitude: number;
  longitude: number;
  accuracy: number | null;
  updated_at: string;
};

export type OnDutyTables = {
  alarms: AlarmsTable;
  alarm_escalations: AlarmEscalationsTable;
  on_call_members: OnCallMembersTable;
  principal_links: PrincipalLinksTable;
  check_in_plans: CheckInPlansTable;
  check_in_pins: CheckInPinsTable;
  check_ins: CheckInsTable;
  check_in_notices: CheckInNoticesTable;
  shared_positions: SharedPositionsTable;
} & TourTables;

/** Migration 0062: guard tours (docs/on-duty.md). */
export type TourTables = {
  tour_sites: { id: string; code: string; name: string; created_at: string };
  tour_checkpoints: { id: string; site_id: string; code: string; name: string; position: number; interval_minutes: number };
  booking_tours: { booking_id: string; site_id: string; shared_at: Nullable; updated_at: string };
  tour_scans: {
    id: string;
    booking_id: string;
    checkpoint_id: string;
    operative_first_name: string;
    device_time: Nullable;
    server_time: string;
    latitude: number | null;
    longitude: number | null;
  };
};

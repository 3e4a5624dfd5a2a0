// Row types of migration 0023 (quote versions and change requests, docs/product.md §12, ADR 187, 188).

/** "approved" (locked), "proposed" (waiting for the customer), "declined" or "superseded". */
export type BookingVersionsTable = {
  id: string;
  booking_id: string;
  number: number;
  status: string;
  /** JSON: `VersionSnapshot` of src/shared/booking-changes.ts. */
  snapshot: string;
  total_cents: number;
  vat_cents: number;
  reason: string | null;
  change_request_id: string | null;
  proposed_by_user_id: string | null;
  /** "customer" for version 1 (as booked), otherwise the operator's role. */
  proposed_by_role: string;
  created_at: string;
  decided_at: string | null;
  decided_by_user_id: string | null;
  decline_reason: string | null;
};

/** "pending", "accepted" or "declined". */
export type BookingChangeRequestsTable = {
  id: string;
  booking_id: string;
  requested_by_user_id: string | null;
  status: string;
  /** JSON: `ChangeRequestInput` of src/shared/booking-changes.ts. */
  request: string;
  created_at: string;
  decided_at: string | null;
  decided_by_user_id: string | null;
  decline_reason: string | null;
};

export type BookingChangeTables = { booking_versions: BookingVersionsTable; booking_change_requests: BookingChangeRequestsTable };

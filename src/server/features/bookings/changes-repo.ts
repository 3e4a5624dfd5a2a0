import type { Selectable, Transaction } from "kysely";
import type { BookingLine } from "../../../shared/booking.ts";
import {
  versionSnapshotSchema,
  type BookingChanges,
  type ChangeRequestInput,
  type ChangeRequestView,
  type QuoteVersionView,
  type RequestStatus,
  type VersionSnapshot,
  type VersionStatus,
} from "../../../shared/booking-changes.ts";
import { addDays, startOfDayInZone } from "../../../shared/time.ts";
import { bookingLineRows } from "../../booking-lines.ts";
import type { BookingRow } from "../../booking-lifecycle/state-machine.ts";
import type { Database } from "../../db/database.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import type { BookingChangeRequestsTable, BookingVersionsTable } from "../../db/tables/booking-changes.ts";

// docs/product.md §12 Engagement (versions and requests): the rows of quote versions and change
// requests (migration 0023). ADR 187: a version is inserted once; only a proposed version's status
// is ever updated, and every update says so in its WHERE clause, so an approved version is locked.

type Executor = Database | Transaction<DatabaseSchema>;
type VersionRow = Selectable<BookingVersionsTable>;
type RequestRow = Selectable<BookingChangeRequestsTable>;

/** The booking as it is now, as a version's snapshot (version 1, and the base of a change), with its times and meeting point (ADR 180). */
export function snapshotOf(booking: BookingRow, lines: readonly BookingLine[]): VersionSnapshot {
  return {
    input: {
      startDate: booking.start_date,
      endDate: booking.end_date,
      services: lines.map((line) => ({ serviceId: line.serviceId, options: line.options })),
    },
    startDate: booking.start_date,
    endDate: booking.end_date,
    totalDays: Number(booking.total_days),
    location: booking.location,
    meetingPoint: booking.meeting_point,
    startTime: booking.start_clock,
    endTime: booking.end_clock,
    lines: [...lines],
  };
}

export function parseSnapshot(row: Pick<VersionRow, "snapshot" | "id">): VersionSnapshot {
  const parsed = versionSnapshotSchema.safeParse(JSON.parse(row.snapshot));
  if (!parsed.success) throw new Error(`Booking version ${row.id} is not valid: ${parsed.error.message}`);
  return parsed.data;
}

export async function versionsOf(executor: Executor, bookingId: string): Promise<VersionRow[]> {
  return executor.selectFrom("booking_versions").selectAll().where("booking_id", "=", bookingId).orderBy("number").execute();
}

export async function requestsOf(executor: Executor, bookingId: string): Promise<RequestRow[]> {
  return executor
    .selectFrom("booking_change_requests")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** The latest approved version: what the booking is now. */
export function currentVersion(rows: readonly VersionRow[]): VersionRow | undefined {
  return rows.filter((row) => row.status === "approved").at(-1);
}

/** Writes version 1, the booking as booked (approved by booking it), when the booking has none yet. */
export async function ensureFirstVersion(
  transaction: Transaction<DatabaseSchema>,
  booking: BookingRow,
  lines: readonly BookingLine[],
  newId: () => string,
): Promise<VersionRow[]> {
  const rows = await versionsOf(transaction, booking.id);
  if (rows.length > 0) return rows;
  const first: VersionRow = {
    id: newId(),
    booking_id: booking.id,
    number: 1,
    status: "approved",
    snapshot: JSON.stringify(snapshotOf(booking, lines)),
    total_cents: Number(booking.price),
    vat_cents: Number(booking.vat_cents),
    reason: null,
    change_request_id: null,
    proposed_by_user_id: booking.user_id,
    proposed_by_role: "customer",
    created_at: booking.created_at,
    decided_at: booking.created_at,
    decided_by_user_id: booking.user_id,
    decline_reason: null,
  };
  await transaction.insertInto("booking_versions").values(first).execute();
  return [first];
}

/** A proposal waiting for the customer is superseded by a newer one (it can no longer be approved). */
export async function supersedeProposals(transaction: Transaction<DatabaseSchema>, bookingId: string, now: string): Promise<void> {
  await transaction
    .updateTable("booking_versions")
    .set({ status: "superseded", decided_at: now })
    .where("booking_id", "=", bookingId)
    .where("status", "=", "proposed")
    .execute();
}

export async function insertVersion(transaction: Transaction<DatabaseSchema>, row: VersionRow): Promise<void> {
  await transaction.insertInto("booking_versions").values(row).execute();
}

/** The customer's answer to a proposal; false when it is no longer proposed (answered, superseded). */
export async function answerProposal(
  transaction: Transaction<DatabaseSchema>,
  versionId: string,
  answer: { status: "approved" | "declined"; userId: string; now: string; reason?: string | null },
): Promise<boolean> {
  const result = await transaction
    .updateTable("booking_versions")
    .set({ status: answer.status, decided_at: answer.now, decided_by_user_id: answer.userId, decline_reason: answer.reason ?? null })
    .where("id", "=", versionId)
    .where("status", "=", "proposed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The first of the booking's services' options, as the booking's single columns keep them (docs/product.md §3). */
function firstOption<Key extends "timeOfDay" | "style" | "duration" | "car">(lines: readonly BookingLine[], key: Key) {
  return lines.find((line) => line.options[key] !== undefined)?.options[key] ?? null;
}

/**
 * Makes the booking what an approved version says: its days, times, meeting point, lines and total
 * (ADR 187). A version written before times and meeting points were kept leaves them as they are.
 */
export async function applyVersion(
  transaction: Transaction<DatabaseSchema>,
  bookingId: string,
  snapshot: VersionSnapshot,
  totals: { totalCents: number; vatCents: number },
): Promise<void> {
  await transaction
    .updateTable("bookings")
    .set({
      start_date: snapshot.startDate,
      end_date: snapshot.endDate,
      total_days: snapshot.totalDays,
      start_time: startOfDayInZone(snapshot.startDate).toISOString(),
      end_time: startOfDayInZone(addDays(snapshot.endDate, 1)).toISOString(),
      price: totals.totalCents,
      vat_cents: totals.vatCents,
      guard_count: snapshot.lines.reduce((sum, line) => sum + line.options.guards, 0),
      time_of_day: firstOption(snapshot.lines, "timeOfDay"),
      style: firstOption(snapshot.lines, "style"),
      car_option: firstOption(snapshot.lines, "car"),
      duration: firstOption(snapshot.lines, "duration"),
      // A version names a meeting point or leaves the booking's: one written before meeting points
      // were kept in versions says null, which must not erase the booking's.
      ...(snapshot.meetingPoint && { meeting_point: snapshot.meetingPoint }),
      ...(snapshot.startTime !== undefined &&
        snapshot.endTime !== undefined && { start_clock: snapshot.startTime, end_clock: snapshot.endTime }),
    })
    .where("id", "=", bookingId)
    .execute();
  await transaction.deleteFrom("booking_lines").where("booking_id", "=", bookingId).execute();
  await transaction.insertInto("booking_lines").values(bookingLineRows(bookingId, snapshot.lines)).execute();
}

export async function insertRequest(transaction: Transaction<DatabaseSchema>, row: RequestRow): Promise<void> {
  await transaction.insertInto("booking_change_requests").values(row).execute();
}

/** An operator's answer to a pending request; false when it was answered meanwhile. */
export async function answerRequest(
  transaction: Transaction<DatabaseSchema>,
  requestId: string,
  answer: { status: "accepted" | "declined"; userId: string; now: string; reason?: string | null },
): Promise<boolean> {
  const result = await transaction
    .updateTable("booking_change_requests")
    .set({ status: answer.status, decided_at: answer.now, decided_by_user_id: answer.userId, decline_reason: answer.reason ?? null })
    .where("id", "=", requestId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function parseRequest(row: Pick<RequestRow, "request">): ChangeRequestInput {
  return JSON.parse(row.request) as ChangeRequestInput;
}

function toVersionView(row: VersionRow, current: VersionRow | undefined): QuoteVersionView {
  const snapshot = parseSnapshot(row);
  return {
    id: row.id,
    number: Number(row.number),
    status: row.status as VersionStatus,
    current: row.id === current?.id,
    totalCents: Number(row.total_cents),
    vatCents: Number(row.vat_cents),
    startDate: snapshot.startDate,
    endDate: snapshot.endDate,
    totalDays: snapshot.totalDays,
    location: snapshot.location,
    meetingPoint: snapshot.meetingPoint ?? null,
    startTime: snapshot.startTime ?? null,
    endTime: snapshot.endTime ?? null,
    lines: snapshot.lines,
    reason: row.reason,
    changeRequestId: row.change_request_id,
    proposedBy: row.proposed_by_role === "customer" ? "customer" : "operator",
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    declineReason: row.decline_reason,
  };
}

function toRequestView(row: RequestRow, versions: readonly VersionRow[]): ChangeRequestView {
  const request = parseRequest(row);
  return {
    id: row.id,
    status: row.status as RequestStatus,
    startDate: request.startDate ?? null,
    endDate: request.endDate ?? null,
    startTime: request.startTime ?? null,
    endTime: request.endTime ?? null,
    meetingPoint: request.meetingPoint ?? null,
    addServices: (request.addServices ?? []).map((service) => ({ serviceId: service.serviceId, guards: service.options.guards })),
    message: request.message ?? null,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    declineReason: row.decline_reason,
    versionId: versions.find((version) => version.change_request_id === row.id)?.id ?? null,
  };
}

/** The versions (oldest first) and the requests (oldest first) of one booking. */
export async function changesOf(executor: Executor, bookingId: string): Promise<BookingChanges> {
  const [versions, requests] = await Promise.all([versionsOf(executor, bookingId), requestsOf(executor, bookingId)]);
  const current = currentVersion(versions);
  return {
    versions: versions.map((row) => toVersionView(row, current)),
    requests: requests.map((row) => toRequestView(row, versions)),
  };
}

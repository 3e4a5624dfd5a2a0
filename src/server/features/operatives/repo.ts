import type { Kysely, Selectable } from "kysely";
import { bookingServiceIdsOf } from "../../booking-lines.ts";
import { dutyStepOpensAt, incidentsOpenAt, type DutyWindows } from "../../../shared/booking-lifecycle.ts";
import { addDays } from "../../../shared/time.ts";
import type { MyAssignment, MyOperativeRecord, ServiceProgress } from "../../../shared/operatives.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { canAccessBooking, userActor, type BookingActor } from "../../access/booking-access.ts";
import { bookingReference } from "../../../shared/booking-reference.ts";

// Queries of the operative's own area (docs/operatives.md): always through the operative row of
// the signed-in account, so an operative reaches their own assignments and nothing else.

type Db = Kysely<DatabaseSchema>;

/** An assignment with its booking, and the series the booking is an occurrence of (docs/series.md: the offer names it). */
export function assignmentQuery(db: Db) {
  return db
    .selectFrom("booking_assignments")
    .innerJoin("operatives", "operatives.id", "booking_assignments.operative_id")
    .innerJoin("bookings", "bookings.id", "booking_assignments.booking_id")
    .leftJoin("booking_series_occurrences", "booking_series_occurrences.booking_id", "booking_assignments.booking_id")
    .select([
      "booking_series_occurrences.series_id",
      "booking_assignments.id",
      "booking_assignments.booking_id",
      "booking_assignments.operative_id",
      "booking_assignments.state",
      "booking_assignments.is_lead",
      "booking_assignments.respond_by",
      "booking_assignments.responded_at",
      "booking_assignments.created_at",
      "booking_assignments.on_the_way_at",
      "booking_assignments.on_duty_at",
      "booking_assignments.completed_at",
      "operatives.user_id",
      "operatives.name as operative_name",
      "bookings.user_id as booking_user_id",
      "bookings.location",
      "bookings.start_date",
      "bookings.end_date",
      "bookings.start_time",
      "bookings.end_time",
      "bookings.time_of_day",
      "bookings.service_type",
      "bookings.status as booking_status",
    ]);
}

export type AssignmentRow = Awaited<ReturnType<ReturnType<typeof assignmentQuery>["execute"]>>[number];

export function progressOf(row: Pick<AssignmentRow, "on_the_way_at" | "on_duty_at" | "completed_at">): ServiceProgress {
  return { onTheWayAt: row.on_the_way_at, onDutyAt: row.on_duty_at, completedAt: row.completed_at };
}

/** The booking as the access policy reads it for this operative's own assignment (ADR 164). */
export function accessRowOf(row: AssignmentRow) {
  return {
    user_id: row.booking_user_id,
    end_time: row.end_time,
    operative_assignments:
      row.state === "accepted" && row.user_id
        ? [{ userId: row.user_id, acceptedAt: row.responded_at ?? row.created_at, lead: Number(row.is_lead) === 1 }]
        : [],
  };
}

export function toMyAssignment(
  row: AssignmentRow,
  serviceIds: string[],
  actor: BookingActor,
  now: Date,
  windows: DutyWindows,
): MyAssignment {
  return {
    id: row.id,
    bookingId: row.booking_id,
    reference: bookingReference(row.booking_id),
    state: row.state,
    lead: Number(row.is_lead) === 1,
    respondBy: row.respond_by,
    respondedAt: row.responded_at,
    location: row.location,
    startDate: row.start_date,
    endDate: row.end_date,
    timeOfDay: row.time_of_day,
    serviceType: row.service_type,
    serviceIds,
    bookingStatus: row.booking_status,
    seriesReference: row.series_id ? bookingReference(row.series_id) : null,
    briefOpen: canAccessBooking(actor, accessRowOf(row), "brief", now),
    progress: progressOf(row),
    startTime: row.start_time,
    // ADR 218: from when each step and the incident form can be used, so the screen offers them only then.
    stepsOpenAt: {
      on_the_way: dutyStepOpensAt("on_the_way", row.start_time, windows).toISOString(),
      on_duty: dutyStepOpensAt("on_duty", row.start_time, windows).toISOString(),
      completed: dutyStepOpensAt("completed", row.start_time, windows).toISOString(),
    },
    incidentsOpenAt: incidentsOpenAt(row.start_time, row.on_duty_at).toISOString(),
  };
}

/** The signed-in operative's assignments, soonest first; past ones drop off a week after their end. */
export async function myAssignments(
  db: Db,
  user: { id: string; role: string | null },
  now: Date,
  windows: DutyWindows,
): Promise<MyAssignment[]> {
  const since = new Date(now.getTime() - 7 * 24 * 3_600_000).toISOString();
  const rows = await assignmentQuery(db)
    .where("operatives.user_id", "=", user.id)
    .where("bookings.end_time", ">", since)
    .where("bookings.status", "not in", ["declined", "cancelled_by_customer", "cancelled_by_operator"])
    .orderBy("bookings.start_time", "asc")
    .orderBy("booking_assignments.id")
    .limit(100)
    .execute();
  const services = await bookingServiceIdsOf(
    db,
    rows.map((row) => row.booking_id),
  );
  return rows.map((row) => toMyAssignment(row, services.get(row.booking_id) ?? [], userActor(user), now, windows));
}

/** One of the operative's assignments as their list shows it. */
export async function myAssignmentView(
  db: Db,
  row: AssignmentRow,
  actor: BookingActor,
  now: Date,
  windows: DutyWindows,
): Promise<MyAssignment> {
  const services = await bookingServiceIdsOf(db, [row.booking_id]);
  return toMyAssignment(row, services.get(row.booking_id) ?? [], actor, now, windows);
}

/** One of the signed-in operative's own assignments, or undefined (someone else's answers the same: 404). */
export function myAssignment(db: Db, userId: string, assignmentId: string): Promise<AssignmentRow | undefined> {
  return assignmentQuery(db).where("booking_assignments.id", "=", assignmentId).where("operatives.user_id", "=", userId).executeTakeFirst();
}

export type BookingRow = Selectable<DatabaseSchema["bookings"]>;

const parseList = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
  } catch {
    return [];
  }
};

/** ADR 220: the signed-in operative's own roster record; undefined when no roster row names the account. */
export async function myOperativeRecord(db: Db, userId: string, today: string): Promise<MyOperativeRecord | undefined> {
  const row = await db
    .selectFrom("operatives")
    .select(["name", "phone", "email", "licence_number", "licence_expires_on", "languages", "skills"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    name: row.name,
    phone: row.phone,
    email: row.email,
    licenceNumber: row.licence_number,
    licenceExpiresOn: row.licence_expires_on,
    licenceExpiringSoon: row.licence_expires_on <= addDays(today, 30),
    languages: parseList(row.languages),
    skills: parseList(row.skills),
  };
}

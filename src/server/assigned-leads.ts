import type { Kysely } from "kysely";
import type { AssignedLead } from "../shared/operator.ts";
import type { CustomerTeam, IncidentView, RatingView, SharedIncident } from "../shared/operatives.ts";
import type { DatabaseSchema } from "./db/schema.ts";

// Outside the features because several read it (features never import each other): the operator
// console, the operative's area and the customer's bookings.
// docs/product.md §2: a confirmed upcoming booking tells the customer to expect their guard's
// contact. ADR 161: the customer sees the lead's first name, photo (the operative's own profile
// picture) and phone once the lead has accepted the assignment ("Team confirmed"), never the
// operative's full name, licence or other bookings.

type Db = Kysely<DatabaseSchema>;

function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** The statuses in which the customer sees the lead. */
const leadVisibleStatuses = ["confirmed", "in_progress"] as const;

/**
 * The accepted lead operatives of the given bookings that are confirmed or in progress, by
 * booking id; any other booking is absent. One query for a whole list of bookings.
 */
export async function assignedLeadsFor(db: Db, bookingIds: readonly string[]): Promise<Map<string, AssignedLead>> {
  const leads = new Map<string, AssignedLead>();
  if (bookingIds.length === 0) return leads;
  const rows = await db
    .selectFrom("booking_assignments")
    .innerJoin("bookings", "bookings.id", "booking_assignments.booking_id")
    .innerJoin("operatives", "operatives.id", "booking_assignments.operative_id")
    .leftJoin("profiles", "profiles.id", "operatives.user_id")
    .select(["booking_assignments.booking_id", "operatives.name", "operatives.phone", "profiles.avatar_url"])
    .where("booking_assignments.booking_id", "in", [...bookingIds])
    .where("booking_assignments.is_lead", "=", 1)
    .where("booking_assignments.state", "=", "accepted")
    .where("bookings.status", "in", [...leadVisibleStatuses])
    .execute();
  for (const row of rows) {
    leads.set(row.booking_id, { firstName: firstNameOf(row.name), phone: row.phone, photoUrl: row.avatar_url ?? null });
  }
  return leads;
}

/** The accepted lead of one booking once it is confirmed, else null. */
export async function assignedLeadFor(db: Db, bookingId: string): Promise<AssignedLead | null> {
  return (await assignedLeadsFor(db, [bookingId])).get(bookingId) ?? null;
}

/** The customer's view of the team: confirmed once the lead accepted, and the lead's status during the service (ADR 163). */
export async function customerTeamOf(db: Db, bookingId: string): Promise<CustomerTeam> {
  const lead = await assignedLeadFor(db, bookingId);
  const progress = await db
    .selectFrom("booking_assignments")
    .select(["on_the_way_at", "on_duty_at", "completed_at"])
    .where("booking_id", "=", bookingId)
    .where("is_lead", "=", 1)
    .where("state", "=", "accepted")
    .executeTakeFirst();
  return {
    confirmed: lead !== null,
    lead,
    progress: {
      onTheWayAt: progress?.on_the_way_at ?? null,
      onDutyAt: progress?.on_duty_at ?? null,
      completedAt: progress?.completed_at ?? null,
    },
  };
}

/** Every incident report of a booking, oldest first (operators; the lead in the brief). */
export async function incidentsOfBooking(db: Db, bookingId: string): Promise<IncidentView[]> {
  const rows = await db
    .selectFrom("incident_reports")
    .innerJoin("operatives", "operatives.id", "incident_reports.operative_id")
    .selectAll("incident_reports")
    .select("operatives.name as operative_name")
    .where("incident_reports.booking_id", "=", bookingId)
    .orderBy("incident_reports.occurred_at")
    .orderBy("incident_reports.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    occurredAt: row.occurred_at,
    severity: row.severity,
    text: row.text,
    operativeName: row.operative_name,
    reviewedAt: row.reviewed_at,
    sharedAt: row.shared_at,
    createdAt: row.created_at,
  }));
}

/** ADR 165: the reports an operator shared, as the customer sees them. */
export async function sharedIncidentsOf(db: Db, bookingId: string): Promise<SharedIncident[]> {
  const rows = await db
    .selectFrom("incident_reports")
    .select(["id", "occurred_at", "severity", "text"])
    .where("booking_id", "=", bookingId)
    .where("shared_at", "is not", null)
    .orderBy("occurred_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ id: row.id, occurredAt: row.occurred_at, severity: row.severity, text: row.text }));
}

export async function ratingOfBooking(db: Db, bookingId: string): Promise<RatingView | null> {
  const row = await db.selectFrom("booking_ratings").selectAll().where("booking_id", "=", bookingId).executeTakeFirst();
  return row ? { stars: Number(row.stars), comment: row.comment, createdAt: row.created_at } : null;
}

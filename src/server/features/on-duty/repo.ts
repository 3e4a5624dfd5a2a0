import type { Kysely, Selectable } from "kysely";
import { bookingReference } from "../../../shared/booking-reference.ts";
import type { AlarmStatusView, ConsoleAlarm, OnCallMember } from "../../../shared/on-duty.ts";
import type { BookingAccessRow } from "../../access/booking-access.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import type { AlarmsTable } from "../../db/tables/on-duty.ts";

// The reads of on duty (docs/on-duty.md): a booking's active window, its parties as the access
// policy reads them, its alarms as each audience sees them, and the on-call list.

type Db = Kysely<DatabaseSchema>;
type AlarmRow = Selectable<AlarmsTable>;

export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The booking's columns on-duty reads, with the lead's marks (ADR 163) that bound the active window. */
export async function dutyBooking(db: Db, bookingId: string) {
  const booking = await db
    .selectFrom("bookings")
    .select(["id", "user_id", "status", "start_time", "end_time", "location", "customer_name", "principal_codename"])
    .where("id", "=", bookingId)
    .executeTakeFirst();
  if (!booking) return undefined;
  const assignments = await db
    .selectFrom("booking_assignments")
    .innerJoin("operatives", "operatives.id", "booking_assignments.operative_id")
    .select([
      "booking_assignments.id",
      "booking_assignments.operative_id",
      "booking_assignments.is_lead",
      "booking_assignments.state",
      "booking_assignments.responded_at",
      "booking_assignments.created_at",
      "booking_assignments.on_the_way_at",
      "booking_assignments.on_duty_at",
      "booking_assignments.completed_at",
      "operatives.user_id",
      "operatives.name",
      "operatives.phone",
    ])
    .where("booking_assignments.booking_id", "=", bookingId)
    .where("booking_assignments.state", "=", "accepted")
    .orderBy("booking_assignments.is_lead", "desc")
    .orderBy("operatives.name")
    .execute();
  const lead = assignments.find((entry) => Number(entry.is_lead) === 1);
  return { ...booking, assignments, lead };
}

export type DutyBooking = NonNullable<Awaited<ReturnType<typeof dutyBooking>>>;

/**
 * ADR 285: a booking's active window runs from the lead's "on the way" to "completed" (ADR 163),
 * while the booking is confirmed or in progress. Outside it there is no SOS, no shared position.
 */
export function activeWindow(booking: DutyBooking): { from: string | null; until: string | null; active: boolean } {
  const from = booking.lead?.on_the_way_at ?? null;
  const until = booking.lead?.completed_at ?? null;
  const live = booking.status === "confirmed" || booking.status === "in_progress";
  return { from, until, active: live && from !== null && until === null };
}

/** The booking as the access policy reads it (ADR 093, 164). */
export function accessRowOf(booking: DutyBooking): BookingAccessRow {
  return {
    user_id: booking.user_id,
    end_time: booking.end_time,
    operative_assignments: booking.assignments.flatMap((entry) =>
      entry.user_id
        ? [{ userId: entry.user_id, acceptedAt: entry.responded_at ?? entry.created_at, lead: Number(entry.is_lead) === 1 }]
        : [],
    ),
  };
}

export function toStatusView(row: AlarmRow): AlarmStatusView {
  const shared = row.shared_at !== null;
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    raisedAt: row.created_at,
    acknowledgedBy: row.acknowledged_by_name,
    acknowledgedAt: row.acknowledged_at,
    resolvedAt: row.resolved_at,
    outcome: shared ? row.outcome : null,
    note: shared ? row.note : null,
  };
}

/**
 * The alarms of a booking a party sees: never a duress alarm (ADR 287: silent, staff only); the
 * principal only their own.
 */
export async function alarmsForParty(db: Db, bookingId: string, only?: { raisedBy: "principal" }): Promise<AlarmStatusView[]> {
  const rows = await db
    .selectFrom("alarms")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .where("kind", "!=", "duress")
    .$if(only !== undefined, (query) => query.where("raised_by", "=", "principal"))
    .orderBy("created_at", "desc")
    .limit(20)
    .execute();
  return rows.map(toStatusView);
}

/** The alarms an operative raised on a booking, duress included: their phone shows its own SOS state. */
export async function alarmsOfRaiser(db: Db, bookingId: string, userId: string): Promise<AlarmStatusView[]> {
  const rows = await db
    .selectFrom("alarms")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .where("raised_by_user_id", "=", userId)
    .where("kind", "=", "sos")
    .orderBy("created_at", "desc")
    .limit(20)
    .execute();
  return rows.map(toStatusView);
}

/** The console's alarms: every open or acknowledged one, and the resolved ones of the last day. */
export async function consoleAlarms(db: Db, now: Date, options: { alarmId?: string } = {}): Promise<ConsoleAlarm[]> {
  const since = new Date(now.getTime() - 24 * 3_600_000).toISOString();
  const rows = await db
    .selectFrom("alarms")
    .innerJoin("bookings", "bookings.id", "alarms.booking_id")
    .selectAll("alarms")
    .select(["bookings.location", "bookings.customer_name"])
    .$if(options.alarmId !== undefined, (query) => query.where("alarms.id", "=", options.alarmId ?? ""))
    .$if(options.alarmId === undefined, (query) =>
      query.where((eb) => eb.or([eb("alarms.state", "!=", "resolved"), eb("alarms.resolved_at", ">=", since)])),
    )
    .orderBy("alarms.created_at", "desc")
    .limit(100)
    .execute();
  if (rows.length === 0) return [];
  const bookingIds = [...new Set(rows.map((row) => row.booking_id))];
  const alarmIds = rows.map((row) => row.id);
  const team = await db
    .selectFrom("booking_assignments")
    .innerJoin("operatives", "operatives.id", "booking_assignments.operative_id")
    .select(["booking_assignments.booking_id", "operatives.name", "operatives.phone", "booking_assignments.is_lead"])
    .where("booking_assignments.booking_id", "in", bookingIds)
    .where("booking_assignments.state", "=", "accepted")
    .orderBy("booking_assignments.is_lead", "desc")
    .orderBy("operatives.name")
    .execute();
  const checkIns = await db
    .selectFrom("check_ins")
    .select(["booking_id", (eb) => eb.fn.max("created_at").as("last")])
    .where("booking_id", "in", bookingIds)
    .groupBy("booking_id")
    .execute();
  const escalations = await db.selectFrom("alarm_escalations").selectAll().where("alarm_id", "in", alarmIds).orderBy("level").execute();
  return rows.map((row) => ({
    id: row.id,
    bookingId: row.booking_id,
    bookingReference: bookingReference(row.booking_id),
    kind: row.kind,
    state: row.state,
    raisedBy: row.raised_by,
    raisedByName: row.raised_by_name,
    raisedAt: row.created_at,
    location: row.location,
    position:
      row.latitude !== null && row.longitude !== null
        ? {
            latitude: Number(row.latitude),
            longitude: Number(row.longitude),
            accuracy: row.accuracy === null ? undefined : Number(row.accuracy),
            at: row.created_at,
          }
        : null,
    lastCheckInAt: checkIns.find((entry) => entry.booking_id === row.booking_id)?.last ?? null,
    team: team
      .filter((member) => member.booking_id === row.booking_id)
      .map((member) => ({ firstName: firstName(member.name), phone: member.phone, lead: Number(member.is_lead) === 1 })),
    customerName: row.customer_name,
    acknowledgedBy: row.acknowledged_by_name,
    acknowledgedAt: row.acknowledged_at,
    resolvedAt: row.resolved_at,
    outcome: row.outcome,
    note: row.note,
    shared: row.shared_at !== null,
    escalations: escalations
      .filter((step) => step.alarm_id === row.id)
      .map((step) => ({ level: Number(step.level), recipients: JSON.parse(step.recipients) as string[], at: step.notified_at })),
  }));
}

/** The on-call list in order, with each member's name (the profile's full name, else the e-mail). */
export async function onCallMembers(db: Db | Kysely<DatabaseSchema>): Promise<(OnCallMember & { language: "en" | "sv" })[]> {
  const rows = await db
    .selectFrom("on_call_members")
    .innerJoin("users", "users.id", "on_call_members.user_id")
    .leftJoin("profiles", "profiles.id", "users.id")
    .select(["users.id", "users.email", "users.name", "profiles.language", "on_call_members.position"])
    .where("users.role", "in", ["operator", "admin"])
    .orderBy("on_call_members.position")
    .execute();
  return rows.map((row) => ({
    userId: row.id,
    name: row.name || row.email,
    email: row.email,
    position: Number(row.position),
    language: row.language === "sv" ? "sv" : "en",
  }));
}

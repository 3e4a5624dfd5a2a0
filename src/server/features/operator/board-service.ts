import type { Kysely } from "kysely";
import { addDays, parseIsoDay } from "../../../shared/time.ts";
import type { BoardAssignment, BoardRow, BoardWeek } from "../../../shared/operatives.ts";
import { startOfDayInZone } from "../../../shared/time.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { bookingReference } from "../../../shared/booking-reference.ts";

// ADR 166: the schedule board, operatives × the seven days of a week, in two queries whatever
// the roster's size (the roster, and the week's bookings with all their assignments, from which
// the accepted counts are taken);
// bench/schedule-board.ts measures it with 200 operatives and 2,000 assignments.

type Db = Kysely<DatabaseSchema>;

/** docs/product.md §13: licences expiring within 30 days are flagged. */
export const licenceWarningDays = 30;

/** The Monday (ISO 8601 week) of the week holding `day`. */
export function mondayOf(day: string): string {
  const time = parseIsoDay(day);
  if (time === null) throw new RangeError(`Not a calendar day: ${day}`);
  const weekday = (new Date(time).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

export async function scheduleBoard(db: Db, day: string): Promise<BoardWeek> {
  const weekStart = mondayOf(day);
  const days = Array.from({ length: 7 }, (_, index) => addDays(weekStart, index));
  const weekEnd = days[6] ?? weekStart;
  const from = startOfDayInZone(weekStart).toISOString();
  const until = startOfDayInZone(addDays(weekEnd, 1)).toISOString();
  const operatives = await db
    .selectFrom("operatives")
    .select(["id", "name", "licence_expires_on"])
    .where("active", "=", 1)
    .orderBy("name")
    .orderBy("id")
    .execute();
  const rows = await db
    .selectFrom("booking_assignments")
    .innerJoin("bookings", "bookings.id", "booking_assignments.booking_id")
    .select([
      "booking_assignments.id",
      "booking_assignments.operative_id",
      "booking_assignments.state",
      "booking_assignments.is_lead",
      "booking_assignments.on_duty_at",
      "booking_assignments.completed_at",
      "bookings.id as booking_id",
      "bookings.location",
      "bookings.start_date",
      "bookings.end_date",
      "bookings.status",
      "bookings.guard_count",
    ])
    .where("bookings.start_time", "<", until)
    .where("bookings.end_time", ">", from)
    .where("bookings.status", "in", ["pending", "confirmed", "in_progress", "completed"])
    .orderBy("bookings.start_time")
    .execute();
  // Every assignment of a booking overlapping the week is in `rows`, so its accepted count is counted here.
  const accepted = new Map<string, number>();
  for (const row of rows) if (row.state === "accepted") accepted.set(row.booking_id, (accepted.get(row.booking_id) ?? 0) + 1);
  const byOperative = new Map<string, BoardAssignment[]>();
  for (const row of rows) {
    const onDuty = row.state === "accepted" && (row.status === "in_progress" || (row.on_duty_at !== null && row.completed_at === null));
    const entry: BoardAssignment = {
      id: row.id,
      bookingId: row.booking_id,
      reference: bookingReference(row.booking_id),
      location: row.location,
      startDate: row.start_date,
      endDate: row.end_date,
      state: onDuty ? "on_duty" : row.state,
      lead: Number(row.is_lead) === 1,
      shortStaffed: (accepted.get(row.booking_id) ?? 0) < Number(row.guard_count) && row.status !== "completed",
    };
    const list = byOperative.get(row.operative_id);
    if (list) list.push(entry);
    else byOperative.set(row.operative_id, [entry]);
  }
  const warnUntil = addDays(weekStart, licenceWarningDays);
  const board: BoardRow[] = operatives.map((operative) => ({
    operativeId: operative.id,
    name: operative.name,
    licenceExpiresOn: operative.licence_expires_on,
    licenceExpiringSoon: operative.licence_expires_on <= warnUntil,
    assignments: byOperative.get(operative.id) ?? [],
  }));
  return { weekStart, days, operatives: board };
}

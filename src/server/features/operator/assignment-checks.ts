import type { Kysely, Selectable } from "kysely";
import { activeStatuses } from "../../../shared/booking-lifecycle.ts";
import type { OperativeEligibility } from "../../../shared/operator.ts";
import type { DatabaseSchema } from "../../db/schema.ts";

// ADR 162: whether an operative can take a booking: active, not already on it, a licence valid to
// the booking's last day, no overlapping assignment, and the minimum rest between two assignments
// (default 11 hours, the daily rest of the Swedish Working Hours Act). An assignment that was
// declined or released holds nothing.

type Db = Kysely<DatabaseSchema>;
type OperativeRow = Selectable<DatabaseSchema["operatives"]>;
type BookingTimes = { id: string; start_time: string; end_time: string; end_date: string };

const heldStates = ["offered", "accepted"] as const;

function eligibility(operative: OperativeRow, refusal: Partial<OperativeEligibility> | null): OperativeEligibility {
  return {
    operativeId: operative.id,
    name: operative.name,
    eligible: refusal === null,
    refusal: refusal?.refusal ?? null,
    date: refusal?.date ?? null,
    otherLocation: refusal?.otherLocation ?? null,
    otherStartDate: refusal?.otherStartDate ?? null,
    otherEndDate: refusal?.otherEndDate ?? null,
    restHours: refusal?.restHours ?? null,
  };
}

/** The checks for one operative, in the order an operator would want them explained. */
export async function checkOperative(
  db: Db,
  operative: OperativeRow,
  booking: BookingTimes,
  restMs: number,
): Promise<OperativeEligibility> {
  if (Number(operative.active) !== 1) return eligibility(operative, { refusal: "inactive" });
  const existing = await db
    .selectFrom("booking_assignments")
    .select("id")
    .where("booking_id", "=", booking.id)
    .where("operative_id", "=", operative.id)
    .where("state", "in", [...heldStates])
    .executeTakeFirst();
  if (existing) return eligibility(operative, { refusal: "already_assigned" });
  if (operative.licence_expires_on < booking.end_date) {
    // otherEndDate carries this booking's last day for the explanation.
    return eligibility(operative, { refusal: "licence_expires", date: operative.licence_expires_on, otherEndDate: booking.end_date });
  }
  const restStart = new Date(Date.parse(booking.start_time) - restMs).toISOString();
  const restEnd = new Date(Date.parse(booking.end_time) + restMs).toISOString();
  const nearby = await db
    .selectFrom("booking_assignments")
    .innerJoin("bookings", "bookings.id", "booking_assignments.booking_id")
    .select(["bookings.location", "bookings.start_date", "bookings.end_date", "bookings.start_time", "bookings.end_time"])
    .where("booking_assignments.operative_id", "=", operative.id)
    .where("booking_assignments.state", "in", [...heldStates])
    .where("bookings.id", "!=", booking.id)
    .where("bookings.status", "in", [...activeStatuses])
    .where("bookings.start_time", "<", restEnd)
    .where("bookings.end_time", ">", restStart)
    .orderBy("bookings.start_time")
    .execute();
  const other = {
    otherLocation: nearby[0]?.location,
    otherStartDate: nearby[0]?.start_date,
    otherEndDate: nearby[0]?.end_date,
  };
  const overlapping = nearby.find((row) => row.start_time < booking.end_time && row.end_time > booking.start_time);
  if (overlapping) {
    return eligibility(operative, {
      refusal: "overlap",
      otherLocation: overlapping.location,
      otherStartDate: overlapping.start_date,
      otherEndDate: overlapping.end_date,
    });
  }
  if (nearby[0]) {
    const row = nearby[0];
    const gapMs =
      row.end_time <= booking.start_time
        ? Date.parse(booking.start_time) - Date.parse(row.end_time)
        : Date.parse(row.start_time) - Date.parse(booking.end_time);
    return eligibility(operative, { refusal: "rest_time", ...other, restHours: Math.round((gapMs / 3_600_000) * 10) / 10 });
  }
  return eligibility(operative, null);
}

/** English wording of a refusal, for the API's message (the console words it in the operator's own language). */
export function refusalMessage(check: OperativeEligibility, restHours: number): string {
  switch (check.refusal) {
    case "inactive":
      return `${check.name} is not active.`;
    case "already_assigned":
      return `${check.name} is already assigned to this booking.`;
    case "licence_expires":
      return `${check.name}'s licence expires on ${check.date}, before the booking ends on ${check.otherEndDate}.`;
    case "overlap":
      return `${check.name} already works an overlapping booking (${check.otherLocation}, ${check.otherStartDate} to ${check.otherEndDate}).`;
    case "rest_time":
      return `${check.name} would rest only ${check.restHours} hours after another booking (${check.otherLocation}, ${check.otherStartDate} to ${check.otherEndDate}); at least ${restHours} hours are required.`;
    default:
      return "";
  }
}

/** Every active operative and whether they can take the booking, for the assign dialog (one query per operative; a small firm's roster). */
export async function eligibilityFor(db: Db, booking: BookingTimes, restMs: number): Promise<OperativeEligibility[]> {
  const operatives = await db.selectFrom("operatives").selectAll().where("active", "=", 1).orderBy("name").execute();
  const checks: OperativeEligibility[] = [];
  for (const operative of operatives) checks.push(await checkOperative(db, operative, booking, restMs));
  return checks;
}

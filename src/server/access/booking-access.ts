import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { staffRoles, type Role } from "../../shared/roles.ts";
import type { DatabaseSchema } from "../db/schema.ts";
import { companyApprovalStatuses } from "../../shared/booking-lifecycle.ts";
import { visibleCompanyBookings, type CompanyBookingAccess } from "./company-access.ts";

// ADR 093: the one access policy for bookings (docs/product.md §6). Every read and write of a
// booking asks it: the customer who owns the booking, staff (operators and admins), and, when
// those links exist, an operative assigned to it or a second person named on it. Anyone else is
// told the booking does not exist (404, OWASP API1:2023), never that it is someone else's.

/** Who is asking: a signed-in user (with their role) or the system itself (sweeps, jobs). */
export type BookingActor = { kind: "user"; id: string; role: string | null } | { kind: "system" };

/** What the actor wants to do with the booking. */
/** `amend`: the owner answers a proposed change and asks for one (docs/product.md §12, ADR 187). */
/** `approve`: an approver of the company the booking is for approves or declines it (ADR 276). */
/** `alarm`: raise an SOS during the booking's active window (docs/on-duty.md, ADR 285); staff acknowledge it. */
export type BookingAction =
  "view" | "cancel" | "decide" | "assign" | "progress" | "brief" | "thread" | "principal" | "amend" | "approve" | "alarm";

/** The columns the policy reads; the optional links are filled by callers that know them. */
export type BookingAccessRow = {
  user_id: string | null;
  /** The end of the booking's last day (an operative's window ends 24 hours later). */
  end_time?: string;
  /** Users working the booking as operatives (their accounts), when known. */
  operative_user_ids?: readonly string[];
  /**
   * ADR 164: the operatives' accepted assignments, when known: an operative sees the booking from
   * acceptance until 24 hours after its end, and only the lead reports its progress.
   */
  operative_assignments?: readonly OperativeAccess[];
  /** A second person the owner named on the booking (a travelling companion), when known. */
  second_person_user_id?: string | null;
  /** The booking's status, when known: the firm does not see a booking its company has not approved (ADR 276). */
  status?: string;
  /** ADR 277: the members of the company the booking is for who see it or approve it, when known. */
  company?: CompanyBookingAccess | null;
};

/** One accepted assignment as the policy reads it. */
export type OperativeAccess = { userId: string; acceptedAt: string; lead: boolean };

/** ADR 164: how long after the booking's end its operatives still see the brief. */
export const briefAfterEndMs = 24 * 60 * 60 * 1000;

/** The window in which an operative with an accepted assignment sees the booking. */
export function briefWindow(access: OperativeAccess, booking: { end_time: string }) {
  return { from: new Date(access.acceptedAt), until: new Date(Date.parse(booking.end_time) + briefAfterEndMs) };
}

export const userActor = (user: { id: string; role: string | null }): BookingActor => ({ kind: "user", id: user.id, role: user.role });
export const systemActor: BookingActor = { kind: "system" };

export function isStaff(actor: BookingActor): boolean {
  return actor.kind === "user" && actor.role !== null && staffRoles.includes(actor.role as Role);
}

/** The actor's relation to the booking, for the transition table's owner/staff/system columns. */
export function relationTo(
  actor: BookingActor,
  booking: BookingAccessRow,
  now: Date = new Date(),
): "owner" | "staff" | "system" | "operative" | "lead" | "second_person" | "approver" | "company_member" | null {
  if (actor.kind === "system") return "system";
  if (booking.user_id !== null && booking.user_id === actor.id) return isStaff(actor) && !beforeTheFirm(booking) ? "staff" : "owner";
  // ADR 276: a booking waiting for its company's approval, or declined by it, never reached the firm.
  if (isStaff(actor)) return beforeTheFirm(booking) ? companyRelation(actor.id, booking) : "staff";
  const assignment = booking.operative_assignments?.find((entry) => entry.userId === actor.id);
  if (assignment && booking.end_time) {
    const window = briefWindow(assignment, { end_time: booking.end_time });
    // Outside the window the operative is a stranger to the booking (404), like anyone else.
    if (now < window.from || now > window.until) return null;
    return assignment.lead ? "lead" : "operative";
  }
  if (booking.operative_user_ids?.includes(actor.id)) return "operative";
  if (booking.second_person_user_id && booking.second_person_user_id === actor.id) return "second_person";
  return companyRelation(actor.id, booking);
}

function beforeTheFirm(booking: BookingAccessRow): boolean {
  return booking.status !== undefined && (companyApprovalStatuses as readonly string[]).includes(booking.status);
}

/** ADR 277: an approver of the company approves and sees its bookings; other members who may see it only see it. */
function companyRelation(userId: string, booking: BookingAccessRow): "approver" | "company_member" | null {
  if (!booking.company) return null;
  if (booking.company.approverUserIds.includes(userId)) return "approver";
  return booking.company.viewerUserIds.includes(userId) ? "company_member" : null;
}

// ADR 185: the message thread ("thread": read it and write in it) is between the customer who owns
// the booking and staff. The operatives who work the booking read its brief, never the thread: what
// a customer tells the office is not forwarded to the team unless staff put it in the brief.
// ADR 181: "principal" is reading the protected person's real name: the owner who entered it,
// staff, and the operatives assigned to the booking (inside their brief window). The system reads
// no name: mails, calendar files and logs carry the codename only.
const allowedActions: Record<NonNullable<ReturnType<typeof relationTo>>, readonly BookingAction[]> = {
  system: ["view", "cancel", "decide", "assign", "progress", "amend"],
  staff: ["view", "cancel", "decide", "assign", "progress", "thread", "principal", "amend"],
  // ADR 285: the customer and every operative working the booking may raise an alarm (the window
  // of the booking's active service is checked by the on-duty service); a second person may not.
  owner: ["view", "cancel", "thread", "principal", "amend", "alarm"],
  // ADR 164: an operative reads the brief of the booking they work; its lead also reports its
  // progress (on the way, on duty, completed) and incidents. A second person only sees it.
  operative: ["view", "brief", "principal", "alarm"],
  lead: ["view", "brief", "progress", "principal", "alarm"],
  second_person: ["view"],
  // ADR 277: the company's members see its bookings by role; an approver approves or declines one.
  approver: ["view", "approve"],
  company_member: ["view"],
};

export function canAccessBooking(actor: BookingActor, booking: BookingAccessRow, action: BookingAction, now: Date = new Date()): boolean {
  const relation = relationTo(actor, booking, now);
  return relation !== null && allowedActions[relation].includes(action);
}

/**
 * The same policy as a SQL condition on `bookings`, for lists and stream reads: staff and the
 * system see every booking, anyone else the bookings they own (the links that do not exist yet
 * add their own disjuncts here). Callers still pass each row through canAccessBooking.
 */
export function visibleBookings(actor: BookingActor) {
  return (eb: ExpressionBuilder<DatabaseSchema, "bookings">): Expression<SqlBool> => {
    if (actor.kind === "system") return sql<SqlBool>`1 = 1`;
    if (isStaff(actor)) return eb.or([eb("bookings.status", "not in", companyApprovalStatuses), eb("bookings.user_id", "=", actor.id)]);
    return eb.or([eb("bookings.user_id", "=", actor.id), visibleCompanyBookings(actor.id)(eb)]);
  };
}

/**
 * The bookings the actor is a party to (owner, later a second person): what a customer's own
 * dashboard lists. Narrower than visibleBookings: staff see every booking in the console, yet their
 * own dashboard lists only their own.
 */
export function bookingsOfParty(actor: BookingActor) {
  return (eb: ExpressionBuilder<DatabaseSchema, "bookings">): Expression<SqlBool> => {
    if (actor.kind === "system") return sql<SqlBool>`1 = 0`;
    return eb("bookings.user_id", "=", actor.id);
  };
}

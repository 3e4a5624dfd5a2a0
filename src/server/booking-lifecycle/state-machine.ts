import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { BookingLine } from "../../shared/booking.ts";
import type { AuditAction } from "../../shared/audit-actions.ts";
import {
  amendmentAllowed,
  bookingAmendments,
  bookingCreations,
  bookingEventType,
  bookingTransitions,
  dutyStepOfTransition,
  dutyStepOpensAt,
  transitionAllowed,
  type DutyWindows,
  type BookingAmendment,
  type BookingCreation,
  type BookingStatus,
  type BookingTransition,
  type TransitionActor,
} from "../../shared/booking-lifecycle.ts";
import { canAccessBooking, relationTo, type BookingAction, type BookingActor, type OperativeAccess } from "../access/booking-access.ts";
import { companyAccessOf } from "../access/company-access.ts";
import { writeAudit } from "../audit/audit-log.ts";
import type { DatabaseEngine } from "../db/database.ts";
import type { DatabaseSchema } from "../db/schema.ts";
import { appendEvent } from "../events/events-repo.ts";
import { addToSummary, bookingContribution, contributionOf, sumRows } from "../insights/daily-summary.ts";
import { bookingLineRows } from "../booking-lines.ts";

// ADR 090: the one place a booking's status changes. A transition is one transaction: the
// conditional update of the booking, its audit row, the effects (mails now; jobs and payments
// plug in here), and the domain event, which is appended last so event ids commit in order
// (ADR 091). If any step throws, nothing of it is kept. After the commit the live streams are
// woken (ADR 092).

export type BookingRow = Selectable<DatabaseSchema["bookings"]>;

/** What an effect knows about the transition it is part of. */
export type TransitionContext = {
  transition: BookingTransition;
  actor: BookingActor;
  before: BookingRow;
  after: BookingRow;
  now: Date;
  /** The transition's input (a note, a reason, an adjusted total), as the caller validated it. */
  input: Readonly<Record<string, unknown>>;
};

/** A step that runs inside the transition's transaction; throwing rolls the whole transition back. */
export type TransitionEffect = (transaction: Transaction<DatabaseSchema>, context: TransitionContext) => Promise<void>;

export type TransitionRequest = {
  bookingId: string;
  transition: BookingTransition;
  actor: BookingActor;
  input?: Record<string, unknown>;
  /** Columns the transition sets beside the status (confirmed_at, a note, a reason). */
  changes?: Omit<Updateable<DatabaseSchema["bookings"]>, "status" | "id">;
  /** A further rule of this transition (the customer cannot cancel a booking that has started): a refusal message, or null. */
  check?: (booking: BookingRow) => string | null;
  /** Effects of this transition alone (its mail), run before the lifecycle's own effects. */
  effects?: readonly TransitionEffect[];
  now?: Date;
  /**
   * The caller's transaction, when the transition must commit with what the caller writes (a failed
   * charge and the booking's return to payment needed, ADR 264); the caller then wakes the streams.
   */
  transaction?: Transaction<DatabaseSchema>;
};

/** Why a transition was refused; callers turn it into their own answer (404, 409 with their wording). */
export class TransitionRefused extends Error {
  readonly reason: "not_found" | "not_allowed" | "wrong_status" | "check" | "too_early";
  readonly booking: BookingRow | null;
  /** For `too_early`: from when the step can be taken (ADR 218). */
  readonly opensAt: Date | null;
  constructor(reason: TransitionRefused["reason"], booking: BookingRow | null, message: string, opensAt: Date | null = null) {
    super(message);
    this.reason = reason;
    this.booking = booking;
    this.opensAt = opensAt;
  }
}

/**
 * ADR 187, 188: a change that keeps the booking's status (a quote version, a change request). It
 * runs the same steps as a transition: the access policy and the table, the booking row written
 * conditionally on the status read (which also serialises two changes of one booking), the audit
 * row, its effects and its event, in one transaction.
 */
export type AmendmentRequest = {
  bookingId: string;
  amendment: BookingAmendment;
  actor: BookingActor;
  /** What the event's payload and the audit row carry beside the status (a version's id and number). */
  details?: Record<string, unknown>;
  changes?: Omit<Updateable<DatabaseSchema["bookings"]>, "status" | "id">;
  check?: (booking: BookingRow) => string | null;
  /** The amendment's own work (its rows, its mail, the money); the lifecycle-wide effects are for transitions. */
  effects?: readonly ((
    transaction: Transaction<DatabaseSchema>,
    context: { before: BookingRow; after: BookingRow; now: Date },
  ) => Promise<void>)[];
  now?: Date;
  /** The caller's transaction, as for a transition. */
  transaction?: Transaction<DatabaseSchema>;
};

/** What a creation's effect knows: the booking as stored, who made it and when. */
export type CreationContext = { creation: BookingCreation; actor: BookingActor; after: BookingRow; now: Date };

/** A step of a booking's creation, inside its transaction; throwing writes nothing of the booking. */
export type CreationEffect = (transaction: Transaction<DatabaseSchema>, context: CreationContext) => Promise<void>;

/**
 * ADR 238: a booking's first step, from no booking to the creation's status. It runs inside the
 * caller's transaction, so bookings arriving together share one commit (group commit, ADR 053).
 */
export type CreationRequest = {
  creation: BookingCreation;
  actor: BookingActor;
  row: Insertable<DatabaseSchema["bookings"]> & { id: string; user_id: string; created_at: string };
  lines: readonly BookingLine[];
  /** Effects of this creation alone (its payment, its mail), run before the lifecycle's own. */
  effects?: readonly CreationEffect[];
};

export type BookingLifecycle = {
  /** Creates the booking unless its id exists already: "exists" means nothing was written (a replay). */
  create: (transaction: Transaction<DatabaseSchema>, request: CreationRequest) => Promise<"created" | "exists">;
  transition: (request: TransitionRequest) => Promise<BookingRow>;
  amend: (request: AmendmentRequest) => Promise<BookingRow>;
  /** Effects every transition runs (jobs, payments); added once at start, in order. */
  readonly effects: TransitionEffect[];
};

/**
 * The steps of a creation, in the caller's transaction: the table's actor, the booking and its lines
 * (one write, docs/money.md), the creation's effects and the lifecycle's, the first event (last, so
 * event ids commit in order, ADR 091) and the insights summary (ADR 155). The id is the request's
 * (ADR 051): a replay inserts nothing and runs no effect.
 */
async function createBooking(
  transaction: Transaction<DatabaseSchema>,
  engine: DatabaseEngine,
  request: CreationRequest,
  lifecycleEffects: readonly CreationEffect[],
): Promise<"created" | "exists"> {
  const { actor, row, creation } = request;
  const definition = bookingCreations[creation];
  const owner = actor.kind === "user" && actor.id === row.user_id;
  const actors = definition.actors as readonly TransitionActor[];
  // ADR 280: the system creates a series' later occurrences (its rolling window), for their owner.
  if (!(owner && actors.includes("owner")) && !(actor.kind === "system" && actors.includes("system"))) {
    throw new TransitionRefused("not_allowed", null, "You may not make this booking.");
  }
  const after = await transaction
    .insertInto("bookings")
    .values({ ...row, status: definition.to })
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!after) return "exists";
  const lineRows = bookingLineRows(row.id, request.lines);
  await transaction.insertInto("booking_lines").values(lineRows).execute();
  const now = new Date(row.created_at);
  const context: CreationContext = { creation, actor, after, now };
  for (const effect of [...(request.effects ?? []), ...lifecycleEffects]) await effect(transaction, context);
  await appendEvent(
    transaction,
    engine,
    {
      type: bookingEventType(definition.to),
      bookingId: row.id,
      actorUserId: actor.kind === "user" ? row.user_id : null,
      actorRole: actor.kind === "user" ? "customer" : "system",
      payload: { from: null, to: definition.to, transition: creation },
    },
    row.created_at,
  );
  // ADR 155: the new booking's contribution, from the row and lines just written rather than read
  // back (four queries less on the hot path, ADR 053, docs/performance.md): a booking being created has no
  // decision event and no operative yet.
  await addToSummary(transaction, contributionOf({ booking: after, lines: lineRows, events: [], assignments: 0 }));
  return "created";
}

const actionOf: Record<BookingTransition, BookingAction> = {
  confirm: "decide",
  awaitPayment: "decide",
  // The owner completing the bank's check or paying with another card, or the system once the charge landed.
  paymentSecured: "amend",
  chargeFailed: "amend",
  decline: "decide",
  cancelByCustomer: "cancel",
  cancelByOperator: "decide",
  start: "progress",
  complete: "progress",
  // ADR 276: the company's approver decides before the firm sees the booking.
  companyApprove: "approve",
  companyDecline: "approve",
  companyWithdraw: "cancel",
};

/** The audit log's action names (the console translates them; migration 0013 reads `booking.cancel`). */
const auditActions: Record<BookingTransition, AuditAction> = {
  confirm: "booking.confirm",
  awaitPayment: "booking.await_payment",
  paymentSecured: "booking.payment_secured",
  chargeFailed: "booking.charge_failed",
  decline: "booking.decline",
  cancelByCustomer: "booking.customer_cancel",
  cancelByOperator: "booking.cancel",
  start: "booking.start",
  complete: "booking.complete",
  companyApprove: "booking.company_approve",
  companyDecline: "booking.company_decline",
  companyWithdraw: "booking.customer_cancel",
};

/** The booking's fields a transition changes, as its audit row keeps them. */
function auditFields(row: BookingRow) {
  return { status: row.status, price: row.price, operatorNote: row.operator_note, declineReason: row.decline_reason };
}

/** The accepted assignments of a booking whose operatives have accounts, as the access policy reads them. */
export async function acceptedOperativeAccess(executor: Kysely<DatabaseSchema>, bookingId: string): Promise<OperativeAccess[]> {
  const rows = await executor
    .selectFrom("booking_assignments")
    .innerJoin("operatives", "operatives.id", "booking_assignments.operative_id")
    .select(["operatives.user_id", "booking_assignments.responded_at", "booking_assignments.created_at", "booking_assignments.is_lead"])
    .where("booking_assignments.booking_id", "=", bookingId)
    .where("booking_assignments.state", "=", "accepted")
    .where("operatives.user_id", "is not", null)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id as string,
    acceptedAt: row.responded_at ?? row.created_at,
    lead: Number(row.is_lead) === 1,
  }));
}

/** One change of a booking, a transition or an amendment, as the shared steps below run it. */
type BookingChange = {
  bookingId: string;
  actor: BookingActor;
  now: Date;
  /** Who the table lets take this step. */
  actors: readonly string[];
  /** The relations, besides owning the booking, that the table knows (a transition also has the system and the lead). */
  relations: readonly TransitionActor[];
  /** What the access policy must allow the table's actor to do. */
  action: (tableActor: TransitionActor) => BookingAction;
  allowed: (status: BookingStatus, tableActor: TransitionActor) => boolean;
  check?: (booking: BookingRow) => string | null;
  /** ADR 218: the earliest time the table's actor may take this step, if the booking's times bound it. */
  notBefore?: (booking: BookingRow, tableActor: TransitionActor) => Date | null;
  status: (before: BookingRow) => BookingStatus;
  changes?: Omit<Updateable<DatabaseSchema["bookings"]>, "status" | "id">;
  audit: { action: AuditAction; details?: Record<string, unknown> };
  event: (before: BookingRow, after: BookingRow) => { type: string; payload: Record<string, unknown> };
  effects: (transaction: Transaction<DatabaseSchema>, before: BookingRow, after: BookingRow) => Promise<void>;
};

/**
 * The steps every change of a booking takes, in one transaction: the access policy and the table,
 * the booking row written conditionally on the status read (of two concurrent changes one writes),
 * the audit row, the change's effects, its event (last, so event ids commit in order, ADR 091) and
 * the insights summary (ADR 155).
 */
async function changeBooking(transaction: Transaction<DatabaseSchema>, engine: DatabaseEngine, change: BookingChange): Promise<BookingRow> {
  const { actor, bookingId, now } = change;
  const before = await transaction.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
  // ADR 164: an operative's relation to the booking comes from their accepted assignment.
  // ADR 277: a member of the booking's company, from their active membership.
  const access =
    before && actor.kind === "user" && before.user_id !== actor.id
      ? {
          ...before,
          operative_assignments: await acceptedOperativeAccess(transaction, bookingId),
          company: await companyAccessOf(transaction, bookingId, now),
        }
      : before;
  // Someone who may not see the booking learns nothing about it, not even that it exists.
  if (!before || !access || !canAccessBooking(actor, access, "view", now)) {
    throw new TransitionRefused("not_found", null, "There is no such booking.");
  }
  const relation = relationTo(actor, access, now);
  // A staff member's own booking: as its owner they may take the owner's steps too.
  const owns = actor.kind === "user" && before.user_id === actor.id;
  const tableActor: TransitionActor | null =
    owns && change.actors.includes("owner")
      ? "owner"
      : relation === "owner" || change.relations.includes(relation as TransitionActor)
        ? (relation as TransitionActor)
        : null;
  if (!tableActor || !canAccessBooking(actor, access, change.action(tableActor), now)) {
    throw new TransitionRefused("not_allowed", before, "You may not change this booking.");
  }
  if (!change.allowed(before.status as BookingStatus, tableActor)) {
    const allowedActor = change.actors.includes(tableActor);
    throw new TransitionRefused(
      allowedActor ? "wrong_status" : "not_allowed",
      before,
      allowedActor ? `This booking is ${before.status.replaceAll("_", " ")}.` : "You may not change this booking.",
    );
  }
  const opensAt = change.notBefore?.(before, tableActor);
  if (opensAt && now.getTime() < opensAt.getTime()) {
    throw new TransitionRefused("too_early", before, `This can be done from ${opensAt.toISOString()}.`, opensAt);
  }
  const refusal = change.check?.(before);
  if (refusal) throw new TransitionRefused("check", before, refusal);

  const summaryBefore = await bookingContribution(transaction, bookingId, { lock: true });
  const after = await transaction
    .updateTable("bookings")
    .set({ ...change.changes, status: change.status(before) })
    .where("id", "=", bookingId)
    .where("status", "=", before.status)
    .returningAll()
    .executeTakeFirst();
  if (!after) throw new TransitionRefused("wrong_status", before, "This booking was changed meanwhile. Please reload it.");

  const actorUserId = actor.kind === "user" ? actor.id : null;
  const actorRole = actor.kind === "user" ? (actor.role ?? "customer") : "system";
  const nowText = now.toISOString();
  await writeAudit(
    transaction,
    {
      actorUserId,
      action: change.audit.action,
      subjectType: "booking",
      subjectId: bookingId,
      before: auditFields(before),
      after: { ...auditFields(after), ...change.audit.details },
    },
    nowText,
  );
  await change.effects(transaction, before, after);
  const event = change.event(before, after);
  await appendEvent(transaction, engine, { type: event.type, bookingId, actorUserId, actorRole, payload: event.payload }, nowText);
  const summaryAfter = await bookingContribution(transaction, bookingId);
  await addToSummary(transaction, sumRows(summaryBefore, -1, sumRows(summaryAfter)).values());
  return after;
}

export function createBookingLifecycle(options: {
  db: Kysely<DatabaseSchema>;
  engine: DatabaseEngine;
  effects?: TransitionEffect[];
  /** Effects every creation runs (the reply alerts' jobs), in order. */
  creationEffects?: CreationEffect[];
  /** ADR 218: how early before the start the lead may start a booking; completing waits for the start. */
  dutyWindows: DutyWindows;
  /** Called after a transition commits (the event hub's wake-up). */
  committed?: () => void;
}): BookingLifecycle {
  const effects = [...(options.effects ?? [])];
  /** One change in its own transaction; the event hub is woken only once it has committed. */
  async function commit(change: BookingChange, within?: Transaction<DatabaseSchema>): Promise<BookingRow> {
    // Inside the caller's transaction nothing is committed yet: the caller wakes the streams after its commit.
    if (within) return changeBooking(within, options.engine, change);
    const result = await options.db.transaction().execute((transaction) => changeBooking(transaction, options.engine, change));
    options.committed?.();
    return result;
  }
  const creationEffects = [...(options.creationEffects ?? [])];
  return {
    effects,
    create: (transaction, request) => createBooking(transaction, options.engine, request, creationEffects),
    async amend(request) {
      const now = request.now ?? new Date();
      const definition = bookingAmendments[request.amendment];
      const details = request.details ?? {};
      return commit(
        {
          bookingId: request.bookingId,
          actor: request.actor,
          now,
          actors: definition.actors,
          relations: ["staff", "system"],
          action: (tableActor) => (tableActor === "staff" ? "decide" : "amend"),
          allowed: (status, tableActor) => amendmentAllowed(request.amendment, status, tableActor),
          check: request.check,
          status: (before) => before.status as BookingStatus,
          changes: request.changes,
          audit: { action: definition.event, details },
          event: (before, after) => ({
            type: definition.event,
            payload: { from: before.status, to: after.status, transition: request.amendment, ...details },
          }),
          effects: async (transaction, before, after) => {
            for (const effect of request.effects ?? []) await effect(transaction, { before, after, now });
          },
        },
        request.transaction,
      );
    },
    async transition(request) {
      const now = request.now ?? new Date();
      const definition = bookingTransitions[request.transition];
      return commit(
        {
          bookingId: request.bookingId,
          actor: request.actor,
          now,
          actors: definition.actors,
          relations: ["staff", "system", "lead", "approver"],
          action: () => actionOf[request.transition],
          allowed: (status, tableActor) => transitionAllowed(request.transition, status, tableActor),
          check: request.check,
          // ADR 218: the lead starts and completes by the booking's times; staff and the system's
          // jobs (which run at the start and the end) are not bound by the lead's windows.
          notBefore: (before, tableActor) => {
            const step = dutyStepOfTransition[request.transition];
            return step && tableActor === "lead" ? dutyStepOpensAt(step, before.start_time, options.dutyWindows) : null;
          },
          status: () => definition.to as BookingStatus,
          changes: request.changes,
          audit: { action: auditActions[request.transition] },
          event: (before, after) => ({
            type: bookingEventType(definition.to as BookingStatus),
            payload: { from: before.status, to: after.status, transition: request.transition },
          }),
          effects: async (transaction, before, after) => {
            const context: TransitionContext = {
              transition: request.transition,
              actor: request.actor,
              before,
              after,
              now,
              input: request.input ?? {},
            };
            for (const effect of [...(request.effects ?? []), ...effects]) await effect(transaction, context);
          },
        },
        request.transaction,
      );
    },
  };
}

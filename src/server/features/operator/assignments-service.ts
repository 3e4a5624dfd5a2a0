import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { assignOperativesSchema } from "../../../shared/operator.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import type { AppDependencies } from "../../context.ts";
import type { AppServices } from "../../app-env.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { writeAudit } from "../../audit/audit-log.ts";
import { canAccessBooking, userActor } from "../../access/booking-access.ts";
import { appendEvent } from "../../events/events-repo.ts";
import { withSummaryOf } from "../../insights/daily-summary.ts";
import { scheduleAssignmentDeadline } from "../../jobs/assignment-jobs.ts";
import { serviceStartOf } from "../../jobs/booking-jobs.ts";
import { bookingReference } from "../../../shared/booking-reference.ts";
import { assignmentsOf } from "./repo.ts";
import { checkOperative, eligibilityFor, refusalMessage } from "./assignment-checks.ts";

// Operatives assigned to bookings (ADR 070, ADR 161): the checks, the offer with its deadline,
// the audit row and the event in one transaction.

type Services = Pick<AppServices, "clock" | "events" | "notifier">;

/**
 * When an offer must be answered: ASSIGNMENT_RESPONSE_HOURS before the start, or, for an offer
 * made later than that, the start itself.
 */
export function responseDeadline(startTime: string, now: Date, responseMs: number): string {
  const deadline = Date.parse(startTime) - responseMs;
  return new Date(deadline > now.getTime() ? deadline : Math.max(Date.parse(startTime), now.getTime())).toISOString();
}

/** Every active operative and whether they can take this booking (the dialog marks the others). */
export async function bookingEligibility(deps: AppDependencies, actor: SignedInUser, bookingId: string) {
  const db = deps.database.db;
  const booking = await db.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
  if (!booking || !canAccessBooking(userActor(actor), booking, "assign")) throw notFound("noSuchBooking");
  return eligibilityFor(db, booking, deps.env.operativeRestMs);
}

/**
 * Offers the booking to operatives. Refused (409, with the reason in `fields.refusal`) when an
 * operative is inactive, already on it, holds a licence that expires before the booking ends,
 * works an overlapping booking or would not have the minimum rest between two assignments. The
 * checks run inside the transaction after locking each operative's row (PostgreSQL FOR UPDATE;
 * SQLite runs one write transaction at a time), so two concurrent assignments cannot both pass.
 * An operative who has an account is offered the assignment and answers it; one without an
 * account (not invited yet) is taken as accepted, the operator having agreed it with them.
 */
export async function assignOperatives(
  deps: AppDependencies,
  services: Services,
  actor: SignedInUser,
  bookingId: string,
  input: z.output<typeof assignOperativesSchema>,
) {
  const db = deps.database.db;
  const isPostgres = deps.database.engine === "postgres";
  const nowDate = services.clock.now();
  const now = nowDate.toISOString();
  await db.transaction().execute((trx) =>
    withSummaryOf(trx, bookingId, async () => {
      const booking = await trx.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
      if (!booking || !canAccessBooking(userActor(actor), booking, "assign")) throw notFound("noSuchBooking");
      if (booking.status !== "pending" && booking.status !== "confirmed") {
        throw HttpError.because(409, "invalid_transition", "assignOnlyPendingOrConfirmed", {
          values: { status: booking.status.replaceAll("_", " ") },
        });
      }
      const before = await assignmentsOf(trx, bookingId);
      // Locks in a fixed order, so two requests locking the same operatives cannot deadlock.
      const ids = input.operatives.map((entry) => entry.operativeId).sort();
      const accounts = new Map<string, string | null>();
      for (const operativeId of ids) {
        const operative = await trx
          .selectFrom("operatives")
          .selectAll()
          .where("id", "=", operativeId)
          .$if(isPostgres, (query) => query.forUpdate())
          .executeTakeFirst();
        if (!operative) throw notFound("noSuchOperative");
        const check = await checkOperative(trx, operative, booking, deps.env.operativeRestMs);
        if (!check.eligible) {
          const message = refusalMessage(check, deps.env.operativeRestMs / 3_600_000);
          throw new HttpError(409, "assignment_refused", message, {
            operatives: message,
            refusal: check.refusal ?? "",
            operativeName: check.name,
            ...(check.date && { date: check.date }),
            ...(check.otherLocation && { otherLocation: check.otherLocation }),
            ...(check.otherStartDate && { otherStartDate: check.otherStartDate }),
            ...(check.otherEndDate && { otherEndDate: check.otherEndDate }),
            ...(check.restHours !== null && { restHours: String(check.restHours) }),
            requiredRestHours: String(deps.env.operativeRestMs / 3_600_000),
          });
        }
        accounts.set(operativeId, operative.user_id);
      }
      // A previous declined or released row of the same operative is replaced by the new offer.
      await trx
        .deleteFrom("booking_assignments")
        .where("booking_id", "=", bookingId)
        .where("operative_id", "in", ids)
        .where("state", "in", ["declined", "released"])
        .execute();
      const held = before.filter((assignment) => assignment.state === "offered" || assignment.state === "accepted");
      const newLead = input.operatives.find((entry) => entry.lead);
      const hasLead = held.some((assignment) => assignment.lead);
      if (newLead) {
        await trx.updateTable("booking_assignments").set({ is_lead: 0 }).where("booking_id", "=", bookingId).execute();
      }
      // A booking always has a lead once it has operatives: the first listed unless one is marked.
      const leadId = newLead?.operativeId ?? (hasLead ? null : input.operatives[0]?.operativeId);
      const respondBy = responseDeadline(booking.start_time, nowDate, deps.env.assignmentResponseMs);
      for (const entry of input.operatives) {
        const id = randomUUID();
        const offered = accounts.get(entry.operativeId) !== null;
        await trx
          .insertInto("booking_assignments")
          .values({
            id,
            booking_id: bookingId,
            operative_id: entry.operativeId,
            is_lead: entry.operativeId === leadId ? 1 : 0,
            created_at: now,
            state: offered ? "offered" : "accepted",
            respond_by: offered ? respondBy : null,
            responded_at: offered ? null : now,
          })
          .execute();
        if (offered) {
          await scheduleAssignmentDeadline(trx, { assignmentId: id, bookingId, respondBy }, services.clock);
          // ADR 265: the operative is told of the offer on their channels, with the deadline to answer.
          await services.notifier.notify(trx, {
            kind: "offer-made",
            userId: accounts.get(entry.operativeId) ?? "",
            bookingId,
            data: { bookingId, reference: bookingReference(bookingId), startAt: serviceStartOf(booking).toISOString(), respondBy },
            eventKey: `offer:${id}`,
          });
        }
      }
      const after = await assignmentsOf(trx, bookingId);
      await writeAudit(
        trx,
        {
          actorUserId: actor.id,
          action: "booking.assign",
          subjectType: "booking",
          subjectId: bookingId,
          before: { assignments: before.map(({ operativeId, lead, state }) => ({ operativeId, lead, state })) },
          after: { assignments: after.map(({ operativeId, lead, state }) => ({ operativeId, lead, state })) },
        },
        now,
      );
      await appendAssignmentEvent(trx, deps, bookingId, actor, { change: "assigned" }, now);
    }),
  );
  services.events.wake();
  return assignmentsOf(db, bookingId);
}

/** docs/operatives.md: every change of a booking's team is an event, so open consoles and the customer's page refresh. */
export function appendAssignmentEvent(
  executor: Kysely<DatabaseSchema>,
  deps: AppDependencies,
  bookingId: string,
  actor: SignedInUser | null,
  payload: Record<string, unknown>,
  now: string,
) {
  return appendEvent(
    executor,
    deps.database.engine,
    {
      type: "booking.team",
      bookingId,
      actorUserId: actor?.id ?? null,
      actorRole: actor ? (actor.role ?? "customer") : "system",
      payload,
    },
    now,
  );
}

export async function unassignOperative(
  deps: AppDependencies,
  services: Services,
  actor: SignedInUser,
  bookingId: string,
  operativeId: string,
) {
  const db = deps.database.db;
  const now = services.clock.now().toISOString();
  await db.transaction().execute((trx) =>
    withSummaryOf(trx, bookingId, async () => {
      const before = await assignmentsOf(trx, bookingId);
      const removed = before.find((assignment) => assignment.operativeId === operativeId);
      if (!removed) throw notFound("operativeNotAssigned");
      await trx.deleteFrom("booking_assignments").where("booking_id", "=", bookingId).where("operative_id", "=", operativeId).execute();
      if (removed.lead) await passLead(trx, bookingId);
      // ADR 265: an operative who was offered or holds the assignment is told it is withdrawn.
      const account = await trx.selectFrom("operatives").select("user_id").where("id", "=", operativeId).executeTakeFirst();
      const booking = await trx.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
      if (account?.user_id && booking && (removed.state === "offered" || removed.state === "accepted"))
        await services.notifier.notify(trx, {
          kind: "offer-withdrawn",
          userId: account.user_id,
          bookingId,
          data: { bookingId, reference: bookingReference(bookingId), startAt: serviceStartOf(booking).toISOString() },
          eventKey: `withdrawn:${bookingId}:${operativeId}:${now}`,
        });
      await writeAudit(
        trx,
        {
          actorUserId: actor.id,
          action: "booking.unassign",
          subjectType: "booking",
          subjectId: bookingId,
          before: { assignments: before.map(({ operativeId: id, lead, state }) => ({ operativeId: id, lead, state })) },
          after: {
            assignments: (await assignmentsOf(trx, bookingId)).map(({ operativeId: id, lead, state }) => ({
              operativeId: id,
              lead,
              state,
            })),
          },
        },
        now,
      );
      await appendAssignmentEvent(trx, deps, bookingId, actor, { change: "unassigned" }, now);
    }),
  );
  services.events.wake();
  return assignmentsOf(db, bookingId);
}

/**
 * The lead left (removed, declined or released): the next operative still on the booking leads,
 * accepted before offered, then by name, so a staffed booking always has one.
 */
export async function passLead(executor: Kysely<DatabaseSchema>, bookingId: string): Promise<void> {
  const remaining = await assignmentsOf(executor, bookingId);
  if (remaining.some((assignment) => assignment.lead && (assignment.state === "accepted" || assignment.state === "offered"))) return;
  const next =
    remaining.find((assignment) => assignment.state === "accepted") ?? remaining.find((assignment) => assignment.state === "offered");
  await executor.updateTable("booking_assignments").set({ is_lead: 0 }).where("booking_id", "=", bookingId).execute();
  if (!next) return;
  await executor
    .updateTable("booking_assignments")
    .set({ is_lead: 1 })
    .where("booking_id", "=", bookingId)
    .where("operative_id", "=", next.operativeId)
    .execute();
}

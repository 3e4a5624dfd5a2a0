import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { assignOperativesSchema } from "../../../shared/operator.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import type { AppDependencies } from "../../context.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { writeAudit } from "../../audit/audit-log.ts";
import { activeStatuses } from "../../../shared/booking-lifecycle.ts";
import { canAccessBooking, userActor } from "../../access/booking-access.ts";
import { assignmentsOf } from "./repo.ts";

// Operatives assigned to bookings (ADR 070): the checks and the audit row in one transaction.

const refusedTransition = (message: string) => new HttpError(409, "invalid_transition", message);

const assignmentRefused = (message: string) => new HttpError(409, "assignment_refused", message, { operatives: message });

/**
 * Assigns operatives to a booking. Refused (409, with the reason) when an operative is already on
 * it, is inactive, holds a licence that expires before the booking ends, or already works an
 * overlapping pending or confirmed booking. The checks run inside the transaction after locking
 * each operative's row (PostgreSQL FOR UPDATE; SQLite runs one write transaction at a time), so
 * two concurrent assignments of one operative cannot both pass.
 */
export async function assignOperatives(
  deps: AppDependencies,
  actor: SignedInUser,
  bookingId: string,
  input: z.output<typeof assignOperativesSchema>,
) {
  const db = deps.database.db;
  const isPostgres = deps.database.engine === "postgres";
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const booking = await trx.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
    if (!booking || !canAccessBooking(userActor(actor), booking, "assign")) throw notFound("There is no such booking.");
    if (booking.status !== "pending" && booking.status !== "confirmed") {
      throw refusedTransition(
        `This booking is ${booking.status.replaceAll("_", " ")}; operatives can only be assigned to pending or confirmed bookings.`,
      );
    }
    const before = await assignmentsOf(trx, bookingId);
    // Locks in a fixed order, so two requests locking the same operatives cannot deadlock.
    const ids = input.operatives.map((entry) => entry.operativeId).sort();
    for (const operativeId of ids) {
      const operative = await trx
        .selectFrom("operatives")
        .selectAll()
        .where("id", "=", operativeId)
        .$if(isPostgres, (query) => query.forUpdate())
        .executeTakeFirst();
      if (!operative) throw notFound("There is no such operative.");
      if (Number(operative.active) !== 1) throw assignmentRefused(`${operative.name} is not active.`);
      if (before.some((assignment) => assignment.operativeId === operativeId)) {
        throw assignmentRefused(`${operative.name} is already assigned to this booking.`);
      }
      if (operative.licence_expires_on < booking.end_date) {
        throw assignmentRefused(
          `${operative.name}'s licence expires on ${operative.licence_expires_on}, before the booking ends on ${booking.end_date}.`,
        );
      }
      const overlapping = await trx
        .selectFrom("booking_assignments")
        .innerJoin("bookings", "bookings.id", "booking_assignments.booking_id")
        .select(["bookings.id", "bookings.start_date", "bookings.end_date", "bookings.location"])
        .where("booking_assignments.operative_id", "=", operativeId)
        .where("bookings.id", "!=", bookingId)
        .where("bookings.status", "in", [...activeStatuses])
        .where("bookings.start_time", "<", booking.end_time)
        .where("bookings.end_time", ">", booking.start_time)
        .executeTakeFirst();
      if (overlapping) {
        throw assignmentRefused(
          `${operative.name} already works an overlapping booking (${overlapping.location}, ${overlapping.start_date} to ${overlapping.end_date}).`,
        );
      }
    }
    const newLead = input.operatives.find((entry) => entry.lead);
    const hasLead = before.some((assignment) => assignment.lead);
    if (newLead && hasLead) {
      await trx.updateTable("booking_assignments").set({ is_lead: 0 }).where("booking_id", "=", bookingId).execute();
    }
    // A booking always has a lead once it has operatives: the first listed unless one is marked.
    const leadId = newLead?.operativeId ?? (hasLead ? null : input.operatives[0]?.operativeId);
    await trx
      .insertInto("booking_assignments")
      .values(
        input.operatives.map((entry) => ({
          id: randomUUID(),
          booking_id: bookingId,
          operative_id: entry.operativeId,
          is_lead: entry.operativeId === leadId ? 1 : 0,
          created_at: now,
        })),
      )
      .execute();
    await writeAudit(
      trx,
      {
        actorUserId: actor.id,
        action: "booking.assign",
        subjectType: "booking",
        subjectId: bookingId,
        before: { assignments: before.map(({ operativeId, lead }) => ({ operativeId, lead })) },
        after: { assignments: (await assignmentsOf(trx, bookingId)).map(({ operativeId, lead }) => ({ operativeId, lead })) },
      },
      now,
    );
  });
  return assignmentsOf(db, bookingId);
}

export async function unassignOperative(deps: AppDependencies, actor: SignedInUser, bookingId: string, operativeId: string) {
  const db = deps.database.db;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await assignmentsOf(trx, bookingId);
    const removed = before.find((assignment) => assignment.operativeId === operativeId);
    if (!removed) throw notFound("This operative is not assigned to this booking.");
    await trx.deleteFrom("booking_assignments").where("booking_id", "=", bookingId).where("operative_id", "=", operativeId).execute();
    // The lead left: the next operative (by name) leads, so a staffed booking always has one.
    const next = before.find((assignment) => assignment.operativeId !== operativeId);
    if (removed.lead && next) {
      await trx
        .updateTable("booking_assignments")
        .set({ is_lead: 1 })
        .where("booking_id", "=", bookingId)
        .where("operative_id", "=", next.operativeId)
        .execute();
    }
    await writeAudit(
      trx,
      {
        actorUserId: actor.id,
        action: "booking.unassign",
        subjectType: "booking",
        subjectId: bookingId,
        before: { assignments: before.map(({ operativeId: id, lead }) => ({ operativeId: id, lead })) },
        after: { assignments: (await assignmentsOf(trx, bookingId)).map(({ operativeId: id, lead }) => ({ operativeId: id, lead })) },
      },
      now,
    );
  });
  return assignmentsOf(db, bookingId);
}

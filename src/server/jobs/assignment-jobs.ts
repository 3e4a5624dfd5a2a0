import { systemClock, type Clock } from "../clock.ts";
import type { AppDependencies } from "../context.ts";
import { writeAudit } from "../audit/audit-log.ts";
import { appendEvent } from "../events/events-repo.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { enqueueJob, type Executor } from "./queue.ts";
import { bookingJobKey } from "./booking-jobs.ts";
import { staffRecipients } from "./sweeps.ts";
import type { JobHandler } from "./types.ts";

// ADR 161: an offered assignment not answered by its deadline is released and the operators are
// told by mail, so they can offer the booking to someone else in time. The job carries the
// booking's reference, so it is cancelled with the booking; it re-reads the assignment when it
// runs, and an offer answered meanwhile is left as it is.

/** Queues the release of an offer at its deadline (in the transaction that made the offer). */
export async function scheduleAssignmentDeadline(
  executor: Executor,
  offer: { assignmentId: string; bookingId: string; respondBy: string },
  clock: Clock = systemClock,
): Promise<void> {
  await enqueueJob(
    executor,
    {
      kind: "assignment-deadline",
      payload: { assignmentId: offer.assignmentId },
      runAt: new Date(offer.respondBy),
      referenceKey: bookingJobKey(offer.bookingId),
    },
    clock,
  );
}

export function createAssignmentJobHandlers(deps: AppDependencies, clock: Clock): Record<"assignment-deadline", JobHandler> {
  const db = deps.database.db;
  return {
    "assignment-deadline": {
      async run(_job, parsed) {
        const { assignmentId } = parsed as { assignmentId: string };
        const now = clock.now();
        await db.transaction().execute(async (trx) => {
          const assignment = await trx
            .selectFrom("booking_assignments")
            .innerJoin("operatives", "operatives.id", "booking_assignments.operative_id")
            .select([
              "booking_assignments.id",
              "booking_assignments.booking_id",
              "booking_assignments.state",
              "booking_assignments.respond_by",
              "booking_assignments.is_lead",
              "operatives.name",
            ])
            .where("booking_assignments.id", "=", assignmentId)
            .executeTakeFirst();
          // Answered, removed or not yet due (a clock moved back): nothing to release.
          if (assignment?.state !== "offered" || !assignment.respond_by || Date.parse(assignment.respond_by) > now.getTime()) return;
          const released = await trx
            .updateTable("booking_assignments")
            .set({ state: "released", responded_at: now.toISOString(), is_lead: 0 })
            .where("id", "=", assignmentId)
            .where("state", "=", "offered")
            .executeTakeFirst();
          if (Number(released.numUpdatedRows) !== 1) return;
          if (Number(assignment.is_lead) === 1) {
            const next = await trx
              .selectFrom("booking_assignments")
              .select("id")
              .where("booking_id", "=", assignment.booking_id)
              .where("state", "in", ["accepted", "offered"])
              .orderBy("state")
              .orderBy("created_at")
              .executeTakeFirst();
            if (next) await trx.updateTable("booking_assignments").set({ is_lead: 1 }).where("id", "=", next.id).execute();
          }
          await writeAudit(
            trx,
            {
              actorUserId: null,
              action: "assignment.release",
              subjectType: "booking",
              subjectId: assignment.booking_id,
              before: { operative: assignment.name, state: "offered" },
              after: { operative: assignment.name, state: "released" },
            },
            now.toISOString(),
          );
          await appendEvent(
            trx,
            deps.database.engine,
            {
              type: "booking.team",
              bookingId: assignment.booking_id,
              actorUserId: null,
              actorRole: "system",
              payload: { change: "released" },
            },
            now.toISOString(),
          );
          for (const staff of await staffRecipients(trx)) {
            await enqueueMail(trx, {
              kind: "assignment-released",
              to: staff.email,
              // ADR 258: the mail reads the booking's place and dates when it is sent.
              payload: { language: staff.language, operativeName: assignment.name, bookingId: assignment.booking_id },
            });
          }
        });
        return undefined;
      },
    },
  };
}

import { bookingReference } from "../../../shared/booking-reference.ts";
import { writeAudit } from "../../audit/audit-log.ts";
import type { Clock } from "../../clock.ts";
import type { AppDependencies } from "../../context.ts";
import { appendEvent } from "../../events/events-repo.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import type { JobHandler } from "../../jobs/types.ts";
import { notifyUrgently, type UrgentRecipient } from "./notify-urgently.ts";
import { activeWindow, dutyBooking, firstName, onCallMembers } from "./repo.ts";
import { alarmJobKey, nextCheckInDue, raiseSystemAlarm } from "./service.ts";
import { tourReport } from "./tours.ts";

// The background work of on duty (docs/on-duty.md), run by the one job runner (ADR 095, 096):
// - alarm-escalation (ADR 286): an alarm still open at its step's time notifies the next level of
//   the ladder: the on-call list one person at a time in its order, then every staff member. The
//   step's row (alarm, level) is written in the transaction that queues its notices, so a step a
//   second process runs again (a lease taken over, ADR 096) writes nothing and sends nothing.
// - check-in-sweep (ADR 287): the lead is reminded five minutes before a check-in is due, and a
//   check-in missed beyond its grace raises an alarm that climbs the same ladder; each once per due time.
// - position-retention-sweep (ADR 289): positions go a set time after the booking's end.

const reminderMs = 5 * 60_000;
const checkpointGraceMs = 5 * 60_000;

export function createOnDutyJobHandlers(
  deps: AppDependencies,
  clock: Clock,
): Record<"alarm-escalation" | "check-in-sweep" | "position-retention-sweep", JobHandler> {
  const db = deps.database.db;
  const urgent = { env: deps.env, logger: deps.logger, clock };

  /**
   * ADR 288: a checkpoint of an active booking's tour not scanned within its interval (from its last
   * scan, or from "on the way") and five minutes of grace raises a `missed_checkpoint` alarm, once
   * per checkpoint and due time (a notice row `checkpoint:<id>`, inserted first).
   */
  async function sweepCheckpoints(now: Date): Promise<number> {
    const tours = await db
      .selectFrom("booking_tours")
      .innerJoin("booking_assignments", "booking_assignments.booking_id", "booking_tours.booking_id")
      .select("booking_tours.booking_id")
      .where("booking_assignments.is_lead", "=", 1)
      .where("booking_assignments.on_the_way_at", "is not", null)
      .where("booking_assignments.completed_at", "is", null)
      .execute();
    let raised = 0;
    for (const { booking_id: bookingId } of tours) {
      const report = await tourReport(db, bookingId);
      for (const checkpoint of report?.checkpoints ?? []) {
        if (!checkpoint.nextDueAt || now.getTime() <= Date.parse(checkpoint.nextDueAt) + checkpointGraceMs) continue;
        await db.transaction().execute(async (trx) => {
          const inserted = await trx
            .insertInto("check_in_notices")
            .values({
              booking_id: bookingId,
              due_at: checkpoint.nextDueAt ?? "",
              stage: `checkpoint:${checkpoint.id}`,
              created_at: now.toISOString(),
            })
            .onConflict((conflict) => conflict.columns(["booking_id", "due_at", "stage"]).doNothing())
            .returning("stage")
            .executeTakeFirst();
          if (!inserted) return;
          await raiseSystemAlarm(trx, deps, { bookingId, kind: "missed_checkpoint", name: checkpoint.name }, now);
          raised += 1;
        });
      }
    }
    return raised;
  }

  return {
    "alarm-escalation": {
      async run(_job, parsed) {
        const { alarmId, level } = parsed as { alarmId: string; level: number };
        const now = clock.now();
        const nowText = now.toISOString();
        const outcome = await db.transaction().execute(async (trx) => {
          const alarm = await trx.selectFrom("alarms").selectAll().where("id", "=", alarmId).executeTakeFirst();
          // Acknowledged or resolved meanwhile: the ladder stops.
          if (alarm?.state !== "open") return "stopped";
          const inserted = await trx
            .insertInto("alarm_escalations")
            .values({ alarm_id: alarmId, level, recipients: "[]", notified_at: nowText })
            .onConflict((conflict) => conflict.columns(["alarm_id", "level"]).doNothing())
            .returning("level")
            .executeTakeFirst();
          if (!inserted) return "already run";
          const onCall = await onCallMembers(trx);
          const everyone = async (): Promise<(UrgentRecipient & { name: string })[]> =>
            (
              await trx
                .selectFrom("users")
                .select(["users.id", "users.email", "users.name"])
                .where("users.role", "in", ["operator", "admin"])
                .orderBy("users.email")
                .execute()
            ).map((row) => ({ userId: row.id, name: row.name || row.email }));
          // Levels 1…n: the on-call list in its order; level n + 1: every staff member; then the ladder ends.
          const recipients = level <= onCall.length ? [onCall[level - 1]].filter((member) => member !== undefined) : await everyone();
          const last = level > onCall.length;
          await trx
            .updateTable("alarm_escalations")
            .set({ recipients: JSON.stringify(recipients.map((recipient) => recipient.name)) })
            .where("alarm_id", "=", alarmId)
            .where("level", "=", level)
            .execute();
          for (const recipient of recipients) {
            await notifyUrgently(trx, urgent, recipient, {
              notice: "alarm",
              alarmId,
              level,
              kind: alarm.kind,
              raisedBy: alarm.raised_by,
              raiserName: alarm.raised_by_name,
              raisedAt: alarm.created_at,
              reference: bookingReference(alarm.booking_id),
              bookingId: alarm.booking_id,
            });
          }
          await writeAudit(
            trx,
            {
              actorUserId: null,
              action: "alarm.escalate",
              subjectType: "booking",
              subjectId: alarm.booking_id,
              before: null,
              after: { alarm: alarmId, level, recipients: recipients.map((recipient) => recipient.name), at: nowText },
            },
            nowText,
          );
          await appendEvent(
            trx,
            deps.database.engine,
            { type: "alarm.escalated", bookingId: null, actorUserId: null, actorRole: "system", payload: { alarmId, level } },
            nowText,
          );
          if (!last) {
            await enqueueJob(
              trx,
              {
                kind: "alarm-escalation",
                payload: { alarmId, level: level + 1 },
                runAt: new Date(now.getTime() + deps.env.alarmLadder.stepMs),
                referenceKey: alarmJobKey(alarmId),
              },
              clock,
            );
          }
          return "notified";
        });
        return { output: JSON.stringify({ level, outcome }) };
      },
    },
    "check-in-sweep": {
      async run() {
        const now = clock.now();
        const nowText = now.toISOString();
        const planned = await db
          .selectFrom("check_in_plans")
          .innerJoin("booking_assignments", "booking_assignments.booking_id", "check_in_plans.booking_id")
          .innerJoin("bookings", "bookings.id", "check_in_plans.booking_id")
          .select("check_in_plans.booking_id")
          .where("booking_assignments.is_lead", "=", 1)
          .where("booking_assignments.state", "=", "accepted")
          .where("booking_assignments.on_the_way_at", "is not", null)
          .where("booking_assignments.completed_at", "is", null)
          .where("bookings.status", "in", ["confirmed", "in_progress"])
          .execute();
        let reminded = 0;
        let missed = 0;
        for (const { booking_id: bookingId } of planned) {
          const booking = await dutyBooking(db, bookingId);
          if (!booking || !activeWindow(booking).active) continue;
          const { plan, due } = await nextCheckInDue(db, booking);
          if (!plan || !due) continue;
          const dueText = due.toISOString();
          const graceEnds = due.getTime() + Number(plan.grace_minutes) * 60_000;
          const stage = now.getTime() > graceEnds ? "missed" : now.getTime() >= due.getTime() - reminderMs ? "reminder" : null;
          if (!stage) continue;
          await db.transaction().execute(async (trx) => {
            const inserted = await trx
              .insertInto("check_in_notices")
              .values({ booking_id: bookingId, due_at: dueText, stage, created_at: nowText })
              .onConflict((conflict) => conflict.columns(["booking_id", "due_at", "stage"]).doNothing())
              .returning("stage")
              .executeTakeFirst();
            if (!inserted) return;
            const lead = booking.lead;
            if (stage === "reminder") {
              if (lead?.user_id) {
                await notifyUrgently(
                  trx,
                  urgent,
                  { userId: lead.user_id },
                  { notice: "check-in-due", dueAt: dueText, reference: bookingReference(bookingId), bookingId },
                );
                reminded += 1;
              }
              return;
            }
            await raiseSystemAlarm(trx, deps, { bookingId, kind: "missed_check_in", name: firstName(lead?.name ?? "Lead") }, now);
            await writeAudit(
              trx,
              {
                actorUserId: null,
                action: "check_in.missed",
                subjectType: "booking",
                subjectId: bookingId,
                before: null,
                after: { dueAt: dueText, at: nowText },
              },
              nowText,
            );
            missed += 1;
          });
        }
        missed += await sweepCheckpoints(now);
        return { output: JSON.stringify({ checkedAt: nowText, reminded, missed }) };
      },
    },
    "position-retention-sweep": {
      async run() {
        const now = clock.now();
        // Bookings whose end lies further back than the retention: every position of theirs goes.
        const endedBefore = new Date(now.getTime() - deps.env.positionRetentionMs).toISOString();
        const ended = db.selectFrom("bookings").select("id").where("end_time", "<", endedBefore);
        const shared = await db.deleteFrom("shared_positions").where("booking_id", "in", ended).executeTakeFirst();
        await db
          .updateTable("alarms")
          .set({ latitude: null, longitude: null, accuracy: null })
          .where("booking_id", "in", ended)
          .where("latitude", "is not", null)
          .execute();
        await db
          .updateTable("tour_scans")
          .set({ latitude: null, longitude: null })
          .where("booking_id", "in", ended)
          .where("latitude", "is not", null)
          .execute();
        await db
          .updateTable("check_ins")
          .set({ latitude: null, longitude: null })
          .where("booking_id", "in", ended)
          .where("latitude", "is not", null)
          .execute();
        return { output: JSON.stringify({ deletedSharedPositions: Number(shared.numDeletedRows) }) };
      },
    },
  };
}

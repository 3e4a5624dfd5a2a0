import type { AlarmKind, AlarmRaiser } from "../../../shared/on-duty.ts";
import type { Clock } from "../../clock.ts";
import type { AppDependencies } from "../../context.ts";
import type { Executor } from "../../jobs/queue.ts";
import { notify } from "../../notifications/service.ts";

// ADR 286, 297: the one seam every urgent notice of on duty leaves through (an escalation step, a
// check-in reminder). It is a notification of the one notification service (ADR 265) of an urgent
// kind: written in the caller's transaction, so it commits with the step that sends it; told at
// once whatever the quiet hours, on every channel the person can be reached on (push, SMS,
// e-mail), each channel once. The event key makes a step told again the same notification.

/** The person told: a staff member of the ladder, or the lead. Their language and addresses are their profile's. */
export type UrgentRecipient = { userId: string };

export type OnDutyNotice =
  | {
      notice: "alarm";
      alarmId: string;
      level: number;
      kind: AlarmKind;
      raisedBy: AlarmRaiser;
      raiserName: string;
      raisedAt: string;
      reference: string;
      bookingId: string;
    }
  | { notice: "check-in-due"; dueAt: string; reference: string; bookingId: string };

export type UrgentContext = Pick<AppDependencies, "env" | "logger"> & { clock: Clock };

/** Tells one person one notice; resolves with whether any channel reaches them. */
export async function notifyUrgently(
  executor: Executor,
  context: UrgentContext,
  recipient: UrgentRecipient,
  message: OnDutyNotice,
): Promise<boolean> {
  const input =
    message.notice === "alarm"
      ? {
          kind: "alarm" as const,
          eventKey: `${message.alarmId}:${message.level}`,
          data: {
            bookingId: message.bookingId,
            reference: message.reference,
            level: message.level,
            alarmKind: message.kind,
            raisedBy: message.raisedBy,
            raiserName: message.raiserName,
            raisedAt: message.raisedAt,
          },
        }
      : {
          kind: "check-in-due" as const,
          eventKey: `${message.bookingId}:${message.dueAt}`,
          data: { bookingId: message.bookingId, reference: message.reference, dueAt: message.dueAt },
        };
  const id = await notify(executor, { ...input, userId: recipient.userId, bookingId: message.bookingId }, context);
  if (id === null)
    context.logger.warn({ userId: recipient.userId, kind: input.kind }, "an urgent on-duty notice reaches this person on no channel");
  return id !== null;
}

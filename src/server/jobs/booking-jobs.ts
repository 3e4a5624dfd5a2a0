import type { BookingTransition } from "../../shared/booking-lifecycle.ts";
import { systemActor } from "../access/booking-access.ts";
import { TransitionRefused, type BookingLifecycle } from "../booking-lifecycle/state-machine.ts";
import { systemClock, type Clock } from "../clock.ts";
import type { AppDependencies } from "../context.ts";
import { PermanentJobError } from "./errors.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { cancelJobsByReference, enqueueJob, type Executor } from "./queue.ts";
import { staffRecipients } from "./sweeps.ts";
import type { JobHandler } from "./types.ts";
import { bookingReference } from "../../shared/booking-reference.ts";
import { servicePeriod } from "../../shared/engagement.ts";
import { revealArrival } from "../notifications/arrival.ts";
import { notify } from "../notifications/service.ts";

// ADR 098: the scheduled work of a booking. The booking lifecycle calls these helpers in the
// transaction of its transition, so the jobs exist exactly when the booking does; every job
// carries `booking:<id>` and is cancelled with the booking. A handler re-reads the booking when
// its time comes and does nothing if the booking has moved on, so a job that escaped cancellation
// is harmless.

const hourMs = 60 * 60 * 1000;

/** The reference key of every job of a booking. */
export const bookingJobKey = (bookingId: string) => `booking:${bookingId}`;

const instant = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * docs/product.md §10: a pending booking is answered within 24 hours. Queues the operators'
 * alerts for 18 and 24 hours after it was made. Call it when a booking becomes pending.
 */
export async function scheduleReplyAlerts(executor: Executor, booking: { id: string; createdAt: string | Date }): Promise<void> {
  const created = instant(booking.createdAt).getTime();
  for (const hours of [18, 24] as const) {
    await enqueueJob(executor, {
      kind: "reply-alert",
      payload: { bookingId: booking.id, hours },
      runAt: new Date(created + hours * hourMs),
      referenceKey: bookingJobKey(booking.id),
    });
  }
}

/** ADR 265: the reminders' hours before the start and the team's details before arrival (REMINDER_HOURS, TEAM_BEFORE_ARRIVAL_MINUTES). */
export type ReminderSchedule = { reminderHours: readonly number[]; teamBeforeArrivalMs: number };

export const defaultReminderSchedule: ReminderSchedule = { reminderHours: [72, 24, 2], teamBeforeArrivalMs: 60 * 60_000 };

/**
 * When the service begins: the first day at the customer's start time (docs/product.md §12), or
 * the stored start (00:00 Stockholm of the first day) when the booking has no times.
 */
export function serviceStartOf(booking: {
  start_time: string;
  start_date: string;
  end_date: string;
  start_clock: string | null;
  end_clock: string | null;
}): Date {
  return servicePeriod(booking.start_date, booking.end_date, booking.start_clock, booking.end_clock)?.start ?? new Date(booking.start_time);
}

/**
 * docs/product.md §12, ADR 265: the customer's reminders before the service starts, one per hour
 * count of the schedule, and the team's details before arrival. A reminder whose time has passed
 * is left out; when every one has, the nearest is sent at once (a booking confirmed late). Nothing
 * is queued for a booking that has already started. Call it when a booking is confirmed and again
 * when its times change (its pending jobs cancelled first): the jobs move with the start.
 */
export async function scheduleStartReminder(
  executor: Executor,
  booking: { id: string; startTime: string | Date },
  clock: Clock = systemClock,
  schedule: ReminderSchedule = defaultReminderSchedule,
): Promise<void> {
  const start = instant(booking.startTime).getTime();
  const now = clock.now().getTime();
  if (start <= now) return;
  const startAt = new Date(start).toISOString();
  const due = schedule.reminderHours.map((hoursBefore) => ({ hoursBefore, at: start - hoursBefore * hourMs }));
  const future = due.filter((reminder) => reminder.at > now);
  const nearest = [...due].sort((a, b) => a.hoursBefore - b.hoursBefore)[0];
  const reminders = future.length > 0 ? future : nearest ? [{ ...nearest, at: now }] : [];
  for (const reminder of reminders) {
    await enqueueJob(
      executor,
      {
        kind: "start-reminder",
        payload: { bookingId: booking.id, hoursBefore: reminder.hoursBefore, startAt },
        runAt: new Date(reminder.at),
        referenceKey: bookingJobKey(booking.id),
      },
      clock,
    );
  }
  await enqueueJob(
    executor,
    {
      kind: "team-before-arrival",
      payload: { bookingId: booking.id, startAt },
      runAt: new Date(Math.max(now, start - schedule.teamBeforeArrivalMs)),
      referenceKey: bookingJobKey(booking.id),
    },
    clock,
  );
}

/**
 * docs/product.md §10, ADR 089: the booking moves to in progress at its start and to completed at
 * the end of its last day; both are stored on the booking as instants (00:00 Europe/Stockholm of
 * the first day and of the day after the last, bookings/service.ts). Call it when a booking is
 * confirmed. A time already past (a late confirmation) is queued as due now and runs at once.
 */
export async function scheduleBookingProgress(
  executor: Executor,
  booking: { id: string; startTime: string | Date; endTime: string | Date },
  clock: Clock = systemClock,
): Promise<void> {
  const steps = [
    ["booking-start", booking.startTime],
    ["booking-complete", booking.endTime],
  ] as const;
  for (const [kind, at] of steps) {
    await enqueueJob(
      executor,
      { kind, payload: { bookingId: booking.id }, runAt: instant(at), referenceKey: bookingJobKey(booking.id) },
      clock,
    );
  }
}

/** Cancels every pending job of a booking (its alerts and reminder); call it when the booking is declined or cancelled. */
export function cancelBookingJobs(executor: Executor, bookingId: string): Promise<number> {
  return cancelJobsByReference(executor, bookingJobKey(bookingId));
}

/**
 * Takes a transition as the system. A booking no longer where the transition starts (cancelled,
 * moved by staff, or moved by another job meanwhile) is left as it is: the job is done, not retried.
 */
async function takeAsSystem(lifecycle: BookingLifecycle, bookingId: string, transition: BookingTransition, now: Date): Promise<void> {
  try {
    await lifecycle.transition({ bookingId, transition, actor: systemActor, now });
  } catch (error) {
    if (error instanceof TransitionRefused && (error.reason === "wrong_status" || error.reason === "not_found")) return;
    throw error;
  }
}

export function createBookingJobHandlers(
  deps: AppDependencies,
  options: { clock?: Clock; bookingLifecycle?: BookingLifecycle } = {},
): Record<"reply-alert" | "start-reminder" | "team-before-arrival" | "booking-start" | "booking-complete", JobHandler> {
  const db = deps.database.db;
  const clock = options.clock ?? systemClock;
  const lifecycle = () => {
    // The worker is given the app's own state machine, so a move wakes this process's live streams (ADR 092).
    if (!options.bookingLifecycle) throw new PermanentJobError("This job worker was started without the booking lifecycle");
    return options.bookingLifecycle;
  };
  const statusOf = async (bookingId: string) =>
    (await db.selectFrom("bookings").select("status").where("id", "=", bookingId).executeTakeFirst())?.status;
  return {
    "booking-start": {
      async run(_job, parsed) {
        const { bookingId } = parsed as { bookingId: string };
        if ((await statusOf(bookingId)) === "confirmed") await takeAsSystem(lifecycle(), bookingId, "start", clock.now());
        return undefined;
      },
    },
    "booking-complete": {
      async run(_job, parsed) {
        const { bookingId } = parsed as { bookingId: string };
        const status = await statusOf(bookingId);
        if (status !== "confirmed" && status !== "in_progress") return undefined;
        // Both jobs of a late confirmation can be due in one batch and run side by side: a booking
        // still confirmed at its end is started first, so it is never left in progress.
        if (status === "confirmed") await takeAsSystem(lifecycle(), bookingId, "start", clock.now());
        await takeAsSystem(lifecycle(), bookingId, "complete", clock.now());
        return undefined;
      },
    },
    "reply-alert": {
      async run(_job, parsed) {
        const { bookingId, hours } = parsed as { bookingId: string; hours: 18 | 24 };
        const booking = await db.selectFrom("bookings").select("status").where("id", "=", bookingId).executeTakeFirst();
        // Answered (or gone) meanwhile: nothing to alert about.
        if (booking?.status !== "pending") return undefined;
        await db.transaction().execute(async (trx) => {
          for (const staff of await staffRecipients(trx)) {
            await enqueueMail(
              trx,
              {
                kind: "booking-reply-alert",
                to: staff.email,
                // ADR 258: the alert reads the booking's reference and dates when it is sent.
                payload: { language: staff.language, hours, bookingId },
              },
              { referenceKey: bookingJobKey(bookingId) },
            );
          }
        });
        return undefined;
      },
    },
    "start-reminder": {
      async run(_job, parsed) {
        const { bookingId, hoursBefore = 24, startAt } = parsed as { bookingId: string; hoursBefore?: number; startAt?: string };
        const booking = await db.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
        // Only a confirmed booking is reminded of; a deleted account (no user) gets nothing.
        if (booking?.status !== "confirmed" || !booking.user_id) return undefined;
        const start = serviceStartOf(booking).toISOString();
        // Timed by a start that has since moved: the reminders of the new start are queued already.
        if (startAt && startAt !== start) return undefined;
        await notify(
          db,
          {
            kind: "booking-reminder",
            userId: booking.user_id,
            bookingId,
            language: booking.language,
            data: { bookingId, reference: bookingReference(bookingId), startAt: start, hoursBefore },
            eventKey: `${bookingId}:${hoursBefore}:${start}`,
          },
          { env: deps.env, clock },
        );
        return undefined;
      },
    },
    "team-before-arrival": {
      async run(_job, parsed) {
        const { bookingId, startAt } = parsed as { bookingId: string; startAt: string };
        const booking = await db.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
        if ((booking?.status !== "confirmed" && booking?.status !== "in_progress") || !booking.user_id) return undefined;
        const start = serviceStartOf(booking).toISOString();
        if (start !== startAt) return undefined;
        const arrival = await revealArrival(db, bookingId, deps.env);
        if (!arrival) return undefined;
        await notify(
          db,
          {
            kind: "team-before-arrival",
            userId: booking.user_id,
            bookingId,
            language: booking.language,
            data: { bookingId, reference: bookingReference(bookingId), startAt: start, ...arrival },
            eventKey: `${bookingId}:${start}`,
          },
          { env: deps.env, clock },
        );
        return undefined;
      },
    },
  };
}

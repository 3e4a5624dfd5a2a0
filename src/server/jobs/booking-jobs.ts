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

/**
 * docs/product.md §12: the customer's reminder 24 hours before the service starts (at once when
 * the booking is confirmed later than that). Call it when a booking is confirmed; nothing is
 * queued for a booking that has already started.
 */
export async function scheduleStartReminder(
  executor: Executor,
  booking: { id: string; startTime: string | Date },
  clock: Clock = systemClock,
): Promise<void> {
  const start = instant(booking.startTime).getTime();
  if (start <= clock.now().getTime()) return;
  await enqueueJob(executor, {
    kind: "start-reminder",
    payload: { bookingId: booking.id },
    runAt: new Date(Math.max(clock.now().getTime(), start - 24 * hourMs)),
    referenceKey: bookingJobKey(booking.id),
  });
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
): Record<"reply-alert" | "start-reminder" | "booking-start" | "booking-complete", JobHandler> {
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
        const { bookingId } = parsed as { bookingId: string };
        const booking = await db
          .selectFrom("bookings")
          .innerJoin("users", "users.id", "bookings.user_id")
          .select(["bookings.status", "bookings.start_date", "bookings.end_date", "bookings.location", "bookings.language", "users.email"])
          .where("bookings.id", "=", bookingId)
          .executeTakeFirst();
        // Only a confirmed booking is reminded of; a deleted account (no user) gets nothing.
        if (booking?.status !== "confirmed") return undefined;
        const lead = await db
          .selectFrom("booking_assignments")
          .innerJoin("operatives", "operatives.id", "booking_assignments.operative_id")
          .select(["operatives.name", "operatives.phone"])
          .where("booking_assignments.booking_id", "=", bookingId)
          .where("booking_assignments.is_lead", "=", 1)
          .executeTakeFirst();
        await enqueueMail(
          db,
          {
            kind: "booking-reminder",
            to: booking.email,
            payload: {
              language: booking.language,
              reference: bookingReference(bookingId),
              location: booking.location,
              startDate: booking.start_date,
              endDate: booking.end_date,
              ...(lead && { lead: { firstName: lead.name.split(/\s+/)[0] ?? lead.name, phone: lead.phone } }),
            },
          },
          { referenceKey: bookingJobKey(bookingId) },
        );
        return undefined;
      },
    },
  };
}

import { isCancelled } from "../../shared/booking-lifecycle.ts";
import {
  cancelBookingJobs,
  defaultReminderSchedule,
  scheduleBookingProgress,
  scheduleReplyAlerts,
  scheduleStartReminder,
  serviceStartOf,
  type ReminderSchedule,
} from "../jobs/booking-jobs.ts";
import type { CreationEffect, TransitionEffect } from "./state-machine.ts";

// ADR 098: a booking's scheduled work changes with its status in the transition's own transaction,
// so a confirmed booking always has its reminder and a declined or cancelled one has no job left
// that could still run. The reply alerts are queued with the request itself, by its creation (ADR 238).

/**
 * docs/product.md §10: a pending request is answered within 24 hours; the operators' alerts are
 * queued in the request's own commit, so they exist exactly when the booking does.
 */
export const replyAlertsEffect: CreationEffect = async (transaction, { after }) => {
  if (after.status === "pending") await scheduleReplyAlerts(transaction, { id: after.id, createdAt: after.created_at });
};

/**
 * The lifecycle-wide effect on the job queue; the transition's `now` is the clock the reminders are
 * timed by, and the schedule is REMINDER_HOURS and TEAM_BEFORE_ARRIVAL_MINUTES (ADR 265).
 */
export const createBookingJobsEffect =
  (schedule: ReminderSchedule): TransitionEffect =>
  async (transaction, { before, after, now }) => {
    if (after.status === "confirmed") {
      // docs/product.md §12, ADR 265: the reminders before the start and the team's details before arrival.
      await scheduleStartReminder(transaction, { id: after.id, startTime: serviceStartOf(after) }, { now: () => now }, schedule);
      // docs/product.md §10, ADR 089: in progress at the start, completed at the end (at once if past).
      await scheduleBookingProgress(
        transaction,
        { id: after.id, startTime: after.start_time, endTime: after.end_time },
        { now: () => now },
      );
    } else if (
      after.status === "declined" ||
      isCancelled(after.status) ||
      (before.status === "confirmed" && after.status === "payment_needed")
    ) {
      // ADR 225, 242: a confirmed booking back to waiting for its money is not confirmed: nothing starts it.
      // docs/product.md §10: an answered-no or cancelled booking gets neither alerts nor a reminder.
      await cancelBookingJobs(transaction, after.id);
    }
  };

/** The effect with the default schedule (72, 24 and 2 hours; the team 60 minutes before). */
export const bookingJobsEffect: TransitionEffect = createBookingJobsEffect(defaultReminderSchedule);

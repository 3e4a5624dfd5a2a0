import { bookingReference } from "../../shared/booking-reference.ts";
import { isCancelled } from "../../shared/booking-lifecycle.ts";
import type { TransitionEffect } from "../booking-lifecycle/state-machine.ts";
import { serviceStartOf } from "../jobs/booking-jobs.ts";
import type { Notifier } from "./service.ts";

// ADR 265: a booking's confirmation and cancellation, in the transition's own transaction, are
// told to the customer on push and SMS as they chose; their e-mail stays the essential mail the
// decision already queues (mail/registry.ts booking-decision, booking-cancellation), so it is not
// sent twice.

export const createBookingNotificationsEffect =
  (notifier: Notifier): TransitionEffect =>
  async (transaction, { before, after, now }) => {
    if (!after.user_id || before.status === after.status) return;
    const kind =
      after.status === "confirmed" && before.status !== "payment_needed"
        ? "booking-confirmed"
        : isCancelled(after.status)
          ? "booking-cancelled"
          : null;
    if (!kind) return;
    await notifier.notify(transaction, {
      kind,
      userId: after.user_id,
      bookingId: after.id,
      language: after.language,
      data: { bookingId: after.id, reference: bookingReference(after.id), startAt: serviceStartOf(after).toISOString() },
      eventKey: `${kind}:${after.id}:${now.toISOString()}`,
      onlyChannels: ["push", "sms"],
    });
  };

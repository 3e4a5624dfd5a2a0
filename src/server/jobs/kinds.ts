import { z } from "zod";
import { issueDocumentPayload } from "../../shared/invoicing.ts";
import { paymentJobPayload } from "../payments/payment-job-payload.ts";

// ADR 095: every kind of background work, its payload schema and how it is retried. The handlers
// live beside the code they run (mail/worker.ts, jobs/booking-jobs.ts, jobs/sweeps.ts) and are
// joined to these kinds by the worker (jobs/worker.ts). A new kind is one entry here and one handler.

const hour = 60 * 60 * 1000;

/** A queued mail (ADR 037): its template kind, recipient and the template's payload. */
export const mailJobPayload = z.object({
  template: z.string().min(1),
  to: z.string().optional(),
  data: z.unknown().optional(),
  /** The content of a mail queued already rendered, before migration 0005. */
  rendered: z.object({ subject: z.string(), html: z.string(), text: z.string(), attachments: z.string().nullable() }).optional(),
});

export type JobKindSettings = {
  payload: z.ZodType;
  /** The lane a job of this kind takes unless enqueueJob names one. */
  lane: JobLane;
  maxAttempts: number;
  /** A recurring kind runs again this long after each run; one run is pending at a time (ADR 098). */
  everyMs?: number;
};

export type JobLane = "urgent" | "general";

/** ADR 036: priority 0 is the urgent lane, claimed on its own and before everything else. */
export const lanePriority: Record<JobLane, number> = { urgent: 0, general: 1 };

const bookingReference = z.object({ bookingId: z.string().min(1) });
const nothing = z.object({}).strict();

export const jobKinds = {
  // ADR 032/036: a mail; its lane comes from its template's priority.
  mail: { payload: mailJobPayload, lane: "general", maxAttempts: 120 },
  // docs/product.md §10: a pending booking not answered after 18 h, and again after 24 h.
  "reply-alert": { payload: bookingReference.extend({ hours: z.union([z.literal(18), z.literal(24)]) }), lane: "general", maxAttempts: 10 },
  // docs/product.md §12: the customer's reminder 24 h before the service starts.
  "start-reminder": { payload: bookingReference, lane: "general", maxAttempts: 10 },
  // docs/product.md §10: a confirmed booking is in progress from its start (ADR 089).
  "booking-start": { payload: bookingReference, lane: "general", maxAttempts: 10 },
  // docs/product.md §10: an in-progress booking is completed at the end of its last day (ADR 089).
  "booking-complete": { payload: bookingReference, lane: "general", maxAttempts: 10 },
  // ADR 184: one mail about a burst of thread messages, a few minutes after the first unread one.
  "thread-notification": {
    payload: bookingReference.extend({ audience: z.enum(["customer", "staff"]) }),
    lane: "general",
    maxAttempts: 10,
  },
  // docs/invoices.md: an invoice, receipt or credit note issued from the booking and the amounts
  // given; the ledger queues a receipt with each capture and a credit note with each refund (docs/payments.md).
  "documents.issue": { payload: issueDocumentPayload, lane: "general", maxAttempts: 20 },
  // ADR 161: an offered assignment not answered by its deadline is released and operators alerted.
  "assignment-deadline": { payload: z.object({ assignmentId: z.string().min(1) }), lane: "general", maxAttempts: 10 },
  // docs/product.md §13: operators are told 30 days before an operative's licence runs out.
  "licence-expiry-check": { payload: nothing, lane: "general", maxAttempts: 5, everyMs: 24 * hour },
  // ADR 070: identity document files deleted after the retention period.
  "id-retention-sweep": { payload: nothing, lane: "general", maxAttempts: 5, everyMs: hour },
  // ADR 132: one provider call that moves money (capture, void, refund, charge, re-authorise), with
  // its idempotency key; its answer is recorded in the ledger once. Retried on a timeout or an outage.
  payment: { payload: paymentJobPayload, lane: "general", maxAttempts: 12 },
  // ADR 135: hourly, holds that would expire before they are captured are renewed or replaced.
  "payment-holds-sweep": { payload: nothing, lane: "general", maxAttempts: 5, everyMs: hour },
  // docs/series.md, ADR 280: hourly, the occurrences of every series that came within the rolling window get their bookings.
  "series-window": { payload: nothing, lane: "general", maxAttempts: 5, everyMs: hour },
  // ADR 286: one step of an unacknowledged alarm's escalation ladder; each level runs once.
  "alarm-escalation": {
    payload: z.object({ alarmId: z.string().min(1), level: z.number().int().positive() }),
    lane: "urgent",
    maxAttempts: 20,
  },
  // ADR 287: each minute, the lead's check-in reminders and the alarms of check-ins missed beyond their grace.
  "check-in-sweep": { payload: nothing, lane: "urgent", maxAttempts: 5, everyMs: 60_000 },
  // ADR 289: positions deleted a set time after their booking ends (GDPR art. 5(1)(c),(e)).
  "position-retention-sweep": { payload: nothing, lane: "general", maxAttempts: 5, everyMs: hour },
  // ADR 031/034: expired verification codes and rate-limit windows are deleted.
  "expired-codes-sweep": { payload: nothing, lane: "general", maxAttempts: 5, everyMs: hour },
} satisfies Record<string, JobKindSettings>;

export type JobKind = keyof typeof jobKinds;

export type JobPayload<Kind extends JobKind> = z.input<(typeof jobKinds)[Kind]["payload"]>;

const settingsByKind: Record<string, JobKindSettings | undefined> = jobKinds;

/** The settings of a stored job's kind; undefined for a kind this version does not know. */
export function jobKindOf(kind: string): JobKindSettings | undefined {
  return Object.hasOwn(settingsByKind, kind) ? settingsByKind[kind] : undefined;
}

/** The kinds that run again after each run. */
export const recurringKinds = (Object.keys(jobKinds) as JobKind[]).filter((kind) => (jobKinds[kind] as JobKindSettings).everyMs);

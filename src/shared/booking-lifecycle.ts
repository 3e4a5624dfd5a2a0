// The booking's life (docs/product.md §10, docs/booking-lifecycle.md): every status a booking can
// have and every transition between them, with who may take it. Pure data, read by the server's
// state machine (src/server/booking-lifecycle/state-machine.ts), which alone writes a status, and
// by the web, which shows the statuses in the visitor's language.

// ——— Companies (docs/companies.md, ADR 276) ———
// A booking a company's rules send to its own approver first waits in `awaiting_company_approval`:
// no hold, no invoice line, not in the firm's queue. The approver's yes sends it on as a pending
// request; their no ends it as `declined_by_company`. Kept in one block, spread into the tables below.

export const companyApprovalStatuses = ["awaiting_company_approval", "declined_by_company"] as const;

const companyTransitions = {
  companyApprove: { from: ["awaiting_company_approval"], to: "pending", actors: ["approver"] },
  companyDecline: { from: ["awaiting_company_approval"], to: "declined_by_company", actors: ["approver"] },
  /** The booker withdraws a booking still waiting for the company: cancelled, as by a customer. */
  companyWithdraw: { from: ["awaiting_company_approval"], to: "cancelled_by_customer", actors: ["owner"] },
} as const;

const companyCreations = {
  /** A booking for a company whose rules ask nothing: to the firm at once. */
  companyRequest: { to: "pending", actors: ["owner"] },
  /** A booking for a company whose rules ask for its approval first. */
  companyApprovalRequest: { to: "awaiting_company_approval", actors: ["owner"] },
} as const;
// ——— end of companies ———

export const bookingStatuses = [
  "pending",
  "payment_needed",
  "confirmed",
  "in_progress",
  "completed",
  "declined",
  "cancelled_by_customer",
  "cancelled_by_operator",
  ...companyApprovalStatuses,
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/**
 * Who takes a transition: the customer who owns the booking, staff (operators and admins), the
 * system itself, or the booking's lead operative (on duty starts it, completed ends it; ADR 163).
 */
export type TransitionActor = "owner" | "staff" | "system" | "lead" | "approver";

export type TransitionDefinition = {
  from: readonly BookingStatus[];
  to: BookingStatus;
  actors: readonly TransitionActor[];
};

/** ADR 090: the one transition table. A status not reachable from here is never written. */
export const bookingTransitions = {
  confirm: { from: ["pending"], to: "confirmed", actors: ["staff"] },
  // ADR 225: the operator's yes to a booking whose card is still to be charged. It is confirmed only
  // once the money is secured (`paymentSecured`): by the charge, the bank's check or another card.
  awaitPayment: { from: ["pending"], to: "payment_needed", actors: ["staff"] },
  paymentSecured: { from: ["payment_needed"], to: "confirmed", actors: ["system", "owner"] },
  // ADR 242: a confirmed booking whose charge failed (a hold the processor let go, replaced by a
  // charge of the saved card; an approved higher total) waits for its money as above.
  chargeFailed: { from: ["confirmed"], to: "payment_needed", actors: ["system"] },
  decline: { from: ["pending"], to: "declined", actors: ["staff"] },
  cancelByCustomer: { from: ["pending", "payment_needed", "confirmed"], to: "cancelled_by_customer", actors: ["owner"] },
  cancelByOperator: { from: ["pending", "payment_needed", "confirmed"], to: "cancelled_by_operator", actors: ["staff"] },
  start: { from: ["confirmed"], to: "in_progress", actors: ["staff", "system", "lead"] },
  complete: { from: ["in_progress"], to: "completed", actors: ["staff", "system", "lead"] },
  ...companyTransitions,
} as const satisfies Record<string, TransitionDefinition>;

export type BookingTransition = keyof typeof bookingTransitions;
export const bookingTransitionNames = Object.keys(bookingTransitions) as BookingTransition[];

// ——— Recurring series (docs/series.md, ADR 280, 281) ———
// An occurrence of a series is a booking like any other: it starts pending and moves through the
// same transitions. What a series adds is how an occurrence comes to exist (created with the series
// by its owner, or later by the rolling window's job as the system) and one change that keeps the
// status: the customer moving or retiming occurrences of their series.

/** ADR 280: an occurrence created with its series (the owner) or by the rolling window (the system). */
const seriesBookingCreations = {
  seriesOccurrence: { to: "pending", actors: ["owner", "system"] },
} as const;

/** ADR 281: the owner moves or retimes occurrences ("this", "this and the following", "all remaining"). */
const seriesBookingAmendments = {
  changeSeriesOccurrence: {
    during: ["pending", "payment_needed", "confirmed"],
    actors: ["owner"],
    event: "booking.series_occurrence_changed",
  },
} as const;

/**
 * ADR 238: how a booking comes to exist, the machine's steps from no booking. A request made by its
 * owner starts pending; one for a company starts pending or awaiting its approval (ADR 276).
 */
export const bookingCreations = {
  request: { to: "pending", actors: ["owner"] },
  ...seriesBookingCreations,
  ...companyCreations,
} as const satisfies Record<string, Omit<TransitionDefinition, "from">>;

export type BookingCreation = keyof typeof bookingCreations;

/**
 * ADR 187, 188: the booking's changes that keep its status (docs/product.md §12) — a quote version
 * proposed, approved or declined, a change requested, accepted or declined, the way of paying
 * changed (ADR 221). Each is a step of the
 * same state machine: who may take it, in which statuses, and the event it appends.
 */
export type AmendmentDefinition = {
  during: readonly BookingStatus[];
  actors: readonly Exclude<TransitionActor, "lead">[];
  event: string;
};

export const bookingAmendments = {
  proposeChange: { during: ["pending", "confirmed"], actors: ["staff"], event: "booking.change_proposed" },
  approveChange: { during: ["pending", "confirmed"], actors: ["owner"], event: "booking.change_approved" },
  declineChange: { during: ["pending", "confirmed"], actors: ["owner"], event: "booking.change_declined" },
  requestChange: { during: ["pending", "confirmed"], actors: ["owner"], event: "booking.change_requested" },
  acceptRequest: { during: ["pending", "confirmed"], actors: ["staff"], event: "booking.request_accepted" },
  declineRequest: { during: ["pending", "confirmed"], actors: ["staff"], event: "booking.request_declined" },
  /**
   * ADR 221, 244, 245: the customer's way of paying changes until the booking is confirmed: card or
   * invoice while pending, and to invoice (an approved company) while its card payment is needed.
   */
  changePaymentMethod: { during: ["pending", "payment_needed"], actors: ["owner"], event: "booking.payment_method_changed" },
  // ADR 225, 226: the charge at confirmation failed (the customer is mailed and given the deadline),
  // and the operator's one answer to a passed deadline besides cancelling: more time.
  // ADR 264: also a booking under way whose off-session charge failed; it stays in progress.
  paymentFailed: { during: ["payment_needed", "in_progress"], actors: ["system"], event: "booking.payment_failed" },
  extendPaymentDeadline: { during: ["payment_needed"], actors: ["staff"], event: "booking.payment_deadline_extended" },
  ...seriesBookingAmendments,
} as const satisfies Record<string, AmendmentDefinition>;

export type BookingAmendment = keyof typeof bookingAmendments;

/** Whether the table lets `actor` take `amendment` while the booking is `status`. */
export function amendmentAllowed(amendment: BookingAmendment, status: BookingStatus, actor: TransitionActor): boolean {
  const definition: AmendmentDefinition = bookingAmendments[amendment];
  return definition.during.includes(status) && (definition.actors as readonly string[]).includes(actor);
}

/**
 * ADR 218: the lead's steps follow the booking's times. *On the way* and *on duty* open a
 * configurable while before the start (DUTY_ON_THE_WAY_MINUTES, DUTY_ON_DUTY_MINUTES), *completed*
 * not before the start. The state machine refuses the lead's start and complete before them; the
 * operative's screen shows each button only from then.
 */
export type DutyWindows = { onTheWayMs: number; onDutyMs: number };
export type DutyStep = "on_the_way" | "on_duty" | "completed";

/** When the lead may mark `step` of a booking that starts at `startTime`. */
export function dutyStepOpensAt(step: DutyStep, startTime: string, windows: DutyWindows): Date {
  const start = Date.parse(startTime);
  const early = step === "on_the_way" ? windows.onTheWayMs : step === "on_duty" ? windows.onDutyMs : 0;
  return new Date(start - early);
}

/** ADR 218: incidents are reported during or after the service: from its start, or from on duty when marked earlier. */
export function incidentsOpenAt(startTime: string, onDutyAt: string | null): Date {
  const start = Date.parse(startTime);
  return new Date(onDutyAt ? Math.min(start, Date.parse(onDutyAt)) : start);
}

/** The transition a lead's step takes through the state machine, if any. */
export const dutyStepOfTransition: Partial<Record<BookingTransition, DutyStep>> = { start: "on_duty", complete: "completed" };

/** The statuses a booking never leaves. */
export const finalStatuses: readonly BookingStatus[] = [
  "completed",
  "declined",
  "cancelled_by_customer",
  "cancelled_by_operator",
  "declined_by_company",
];

/** Cancelled by either side (a declined request is not a cancellation: it was never taken). */
export const cancelledStatuses: readonly BookingStatus[] = ["cancelled_by_customer", "cancelled_by_operator"];

/** Pending and confirmed bookings hold operatives and days (the assignment overlap check); so does one waiting for its money. */
export const activeStatuses: readonly BookingStatus[] = ["pending", "payment_needed", "confirmed", "in_progress"];

export function isBookingStatus(value: string): value is BookingStatus {
  return (bookingStatuses as readonly string[]).includes(value);
}

export function isCancelled(status: BookingStatus): boolean {
  return cancelledStatuses.includes(status);
}

/** Whether the table lets `actor` take `transition` from `status` (the server adds its own checks: ownership, dates). */
export function transitionAllowed(transition: BookingTransition, status: BookingStatus, actor: TransitionActor): boolean {
  const definition: TransitionDefinition = bookingTransitions[transition];
  return definition.from.includes(status) && definition.actors.includes(actor);
}

/** The event type a transition appends (docs/booking-lifecycle.md, Events). */
export const bookingEventType = (status: BookingStatus) => `booking.${status}` as const;
export type BookingEventType = ReturnType<typeof bookingEventType>;

/** One event as GET /api/events/stream sends it in an SSE `data:` line. */
export type LiveEvent = {
  id: number;
  type: string;
  bookingId: string | null;
  payload: unknown;
  createdAt: string;
};

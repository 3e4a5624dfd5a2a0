import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type {
  BookingChanges,
  changeRequestSchema,
  declineRequestSchema,
  declineVersionSchema,
  proposeVersionSchema,
  VersionInput,
  VersionSnapshot,
} from "../../../shared/booking-changes.ts";
import type { BookingAmendment, BookingStatus } from "../../../shared/booking-lifecycle.ts";
import { engagementTimesProblem } from "../../../shared/engagement.ts";
import { centsFromEuros, priceAdjustmentCents, sumCents } from "../../../shared/money.ts";
import { buyerVatOfAmount, buyerVatOfBooking, lineForBuyer } from "../../../shared/buyer-vat.ts";
import { addDays, operatorToday } from "../../../shared/time.ts";
import { validationMessageInEnglish } from "../../../shared/validation-messages.ts";
import { canAccessBooking, userActor } from "../../access/booking-access.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import { bookingLinesOfOne } from "../../booking-lines.ts";
import { TransitionRefused, type BookingRow } from "../../booking-lifecycle/state-machine.ts";
import type { AppDependencies } from "../../context.ts";
import type { AppServices } from "../../app-env.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { nextCalendarSequence } from "../../engagement.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { apiErrorReasons, type ReasonWithoutValues } from "../../../shared/api-error-reasons.ts";
import {
  cancelBookingJobs,
  scheduleBookingProgress,
  scheduleStartReminder,
  serviceStartOf,
  type ReminderSchedule,
} from "../../jobs/booking-jobs.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import type { BookingChangeStep, VersionSummary } from "../../mail/templates/booking-change.ts";
import { settleApprovedTotal } from "../../payments/approved-total.ts";
import {
  answerProposal,
  answerRequest,
  applyVersion,
  changesOf,
  currentVersion,
  ensureFirstVersion,
  insertRequest,
  insertVersion,
  parseRequest,
  parseSnapshot,
  supersedeProposals,
  versionsOf,
} from "./changes-repo.ts";
import { priceBooking } from "./service.ts";
import { bookingReference } from "../../../shared/booking-reference.ts";

// docs/product.md §12 Engagement (versions and requests). An operator proposes a changed booking
// (ADR 187): a new quote version the customer approves (locked, the booking follows it, the money
// follows ADR 189) or declines (the booking stays as it was). A customer requests a change (ADR
// 188): the operator declines it with a reason or accepts it, repriced by the pricing engine;
// a changed total becomes a version the customer must approve. Every step is an amendment of the
// booking state machine (audited, an event on the live stream) with the customer's mail.

type Services = Pick<AppServices, "bookingLifecycle" | "catalogue" | "payments" | "reminderSchedule" | "notifier">;
type Tx = Transaction<DatabaseSchema>;

const refused = (reason: ReasonWithoutValues) => HttpError.because(409, "invalid_transition", reason);
const noLongerWaiting = () => refused("versionNotWaiting");

/** The state machine's refusals as answers: 404 to anyone who may not act on the booking (ADR 121). */
function answerRefusal(error: unknown): never {
  if (!(error instanceof TransitionRefused)) throw error;
  if (error.reason === "not_found" || error.reason === "not_allowed") throw notFound("noSuchBooking");
  // The one check of a change (notStarted below): the booking has started.
  if (error.reason === "check") throw refused("bookingStartedCannotChange");
  throw HttpError.because(409, "invalid_transition", "bookingStatusCannotChange", {
    values: { status: error.booking?.status.replaceAll("_", " ") ?? "changed" },
  });
}

/** What the mail shows of a version: its days, times, services, total and guards. */
function summaryOf(
  snapshot: Pick<VersionSnapshot, "startDate" | "endDate" | "startTime" | "endTime" | "lines">,
  totalCents: number,
): VersionSummary {
  return {
    startDate: snapshot.startDate,
    endDate: snapshot.endDate,
    ...(snapshot.startTime && snapshot.endTime && { startTime: snapshot.startTime, endTime: snapshot.endTime }),
    services: snapshot.lines.map((line) => line.serviceId),
    totalCents,
    adjustmentCents: priceAdjustmentCents(
      totalCents,
      snapshot.lines.map((line) => line.totalCents),
    ),
    guards: snapshot.lines.reduce((sum, line) => sum + line.options.guards, 0),
  };
}

type CalendarUpdate = { calendarSequence: number; calendarStatus: BookingStatus; at: string };

/**
 * ADR 182: when an applied version moved what the customer's calendar entry shows (days, times,
 * meeting point), the entry's next SEQUENCE, raised in this transaction, for the mail to carry.
 * A proposal not yet approved changes nothing, so its mail carries no entry.
 */
async function calendarUpdate(transaction: Tx, before: BookingRow, now: Date): Promise<CalendarUpdate | undefined> {
  const after = await transaction.selectFrom("bookings").selectAll().where("id", "=", before.id).executeTakeFirstOrThrow();
  const shown = (row: BookingRow) => JSON.stringify([row.start_date, row.end_date, row.start_clock, row.end_clock, row.meeting_point]);
  if (shown(after) === shown(before)) return undefined;
  return { calendarSequence: await nextCalendarSequence(transaction, before.id), calendarStatus: after.status, at: now.toISOString() };
}

async function mailCustomer(
  transaction: Tx,
  booking: BookingRow,
  step: BookingChangeStep,
  versions: { current: VersionSummary; proposed?: VersionSummary | undefined; previous?: VersionSummary | undefined },
  reason?: string | null,
  calendar?: CalendarUpdate,
) {
  if (!booking.user_id) return;
  const user = await transaction.selectFrom("users").select("email").where("id", "=", booking.user_id).executeTakeFirst();
  if (!user) return;
  await enqueueMail(transaction, {
    kind: "booking-change",
    to: user.email,
    payload: {
      language: booking.language,
      step,
      reference: bookingReference(booking.id),
      bookingId: booking.id,
      location: booking.location,
      current: versions.current,
      ...(versions.proposed && { proposed: versions.proposed }),
      ...(versions.previous && { previous: versions.previous }),
      ...(reason && { reason }),
      ...calendar,
    },
  });
}

type Catalogue = Awaited<ReturnType<Services["catalogue"]["read"]>>;

/**
 * Prices a version's input with the one pricing engine (docs/product.md §9); invalid input answers
 * 400. The catalogue is read before the transaction: on SQLite a read outside the transaction's
 * own connection would wait for that transaction to end.
 */
type EngagementChange = { meetingPoint?: string | undefined; startTime?: string | undefined; endTime?: string | undefined };

function price(catalogue: Catalogue, input: VersionInput, booking: BookingRow, now: Date, change: EngagementChange = {}) {
  const catalogued = priceBooking(catalogue, { ...input, language: booking.language }, now);
  // ADR 222: a version is priced by the buyer's rule the booking was priced for.
  const buyer = buyerVatOfBooking(booking);
  const lines = catalogued.lines.map((line) => lineForBuyer(line, buyer));
  const priced = {
    ...catalogued,
    lines,
    totalCents: sumCents(lines.map((line) => line.totalCents)),
    vatCents: sumCents(lines.map((line) => line.vatCents)),
  };
  // The booking's times and meeting point (ADR 180) go with every version, read from the booking
  // itself, so approving one keeps them; a proposal or a request may name other times (ADR 193),
  // only a customer's request another meeting point.
  const newTimes = change.startTime !== undefined && change.endTime !== undefined;
  const snapshot: VersionSnapshot = {
    input,
    startDate: priced.startDate,
    endDate: priced.endDate,
    totalDays: priced.totalDays,
    location: booking.location,
    meetingPoint: change.meetingPoint ?? booking.meeting_point,
    startTime: newTimes ? change.startTime : booking.start_clock,
    endTime: newTimes ? change.endTime : booking.end_clock,
    lines: priced.lines,
  };
  return { snapshot, totalCents: priced.totalCents, vatCents: priced.vatCents };
}

/**
 * ADR 180, 193: a version's times must fit its services' time-of-day band and hours per day, by
 * the booking's own rule (engagementTimesProblem): new times against the services, and the
 * booking's times against changed services or hours. 400 invalid_input naming endTime, like a
 * booking's, and nothing is written (the amendment's transaction is rolled back).
 */
function refuseTimesThatDoNotFit(snapshot: VersionSnapshot) {
  if (!snapshot.startTime || !snapshot.endTime) return;
  const problem = engagementTimesProblem(snapshot.startTime, snapshot.endTime, snapshot.input.services);
  if (!problem) return;
  const message = validationMessageInEnglish(problem);
  throw new HttpError(400, "invalid_input", message, { endTime: message });
}

/** The current version (version 1 written first when the booking has none) and its snapshot. */
async function currentOf(transaction: Tx, booking: BookingRow) {
  const rows = await ensureFirstVersion(transaction, booking, await bookingLinesOfOne(transaction, booking.id), randomUUID);
  const current = currentVersion(rows);
  if (!current) throw new Error(`Booking ${booking.id} has no approved version`);
  return { rows, current, snapshot: parseSnapshot(current) };
}

/** The same days, times, services and total: a "change" that changes nothing. */
function sameAs(snapshot: VersionSnapshot, totalCents: number, other: VersionSnapshot, otherTotal: number) {
  const key = (value: VersionSnapshot) =>
    JSON.stringify([
      value.startDate,
      value.endDate,
      value.startTime ?? null,
      value.endTime ?? null,
      value.meetingPoint ?? null,
      value.lines.map((line) => [line.serviceId, line.options]),
    ]);
  return totalCents === otherTotal && key(snapshot) === key(other);
}

/** Starts and ends move with the booking's days (ADR 089): a confirmed booking's jobs are queued again. */
async function rescheduleJobs(transaction: Tx, bookingId: string, now: Date, services: Services) {
  const schedule: ReminderSchedule = services.reminderSchedule;
  const booking = await transaction.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirstOrThrow();
  if (booking.status !== "confirmed") return;
  await cancelBookingJobs(transaction, bookingId);
  // ADR 265: the reminders and the team's details move with the start, its day or its time.
  await scheduleStartReminder(transaction, { id: bookingId, startTime: serviceStartOf(booking) }, { now: () => now }, schedule);
  await scheduleBookingProgress(
    transaction,
    { id: bookingId, startTime: booking.start_time, endTime: booking.end_time },
    { now: () => now },
  );
  // ADR 265: the operatives offered or holding the assignment are told its times changed.
  const team = await transaction
    .selectFrom("booking_assignments")
    .innerJoin("operatives", "operatives.id", "booking_assignments.operative_id")
    .select(["operatives.user_id", "booking_assignments.state", "booking_assignments.respond_by"])
    .where("booking_assignments.booking_id", "=", bookingId)
    .where("booking_assignments.state", "in", ["offered", "accepted"])
    .execute();
  for (const member of team) {
    if (!member.user_id) continue;
    await services.notifier.notify(transaction, {
      kind: "assignment-changed",
      userId: member.user_id,
      bookingId,
      data: {
        bookingId,
        reference: bookingReference(bookingId),
        startAt: serviceStartOf(booking).toISOString(),
        ...(member.state === "offered" && member.respond_by && { respondBy: member.respond_by }),
      },
      eventKey: `changed:${bookingId}:${now.toISOString()}`,
    });
  }
}

async function amend(
  services: Services,
  request: {
    bookingId: string;
    amendment: BookingAmendment;
    user: SignedInUser;
    details: Record<string, unknown>;
    check?: (booking: BookingRow) => string | null;
    effect: (transaction: Tx, booking: BookingRow, now: Date) => Promise<void>;
  },
) {
  try {
    await services.bookingLifecycle.amend({
      bookingId: request.bookingId,
      amendment: request.amendment,
      actor: userActor(request.user),
      details: request.details,
      ...(request.check && { check: request.check }),
      effects: [(transaction, { after, now }) => request.effect(transaction, after, now)],
    });
  } catch (error) {
    answerRefusal(error);
  }
}

const notStarted = (booking: BookingRow) =>
  booking.start_date < operatorToday(new Date()) ? apiErrorReasons.bookingStartedCannotChange : null;

/** GET …/changes: the owner's (customer route) or staff's (console route) view; anyone else 404. */
export async function bookingChanges(
  deps: AppDependencies,
  user: SignedInUser,
  bookingId: string,
  as: "owner" | "staff",
): Promise<BookingChanges> {
  const db = deps.database.db;
  const booking = await db.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
  const allowed = booking && (as === "owner" ? booking.user_id === user.id : canAccessBooking(userActor(user), booking, "decide"));
  if (!allowed) throw notFound("noSuchBooking");
  return changesOf(db, bookingId);
}

/** POST /api/admin/bookings/:id/versions: an operator proposes a changed booking with a reason. */
export async function proposeVersion(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  bookingId: string,
  input: z.output<typeof proposeVersionSchema>,
): Promise<BookingChanges> {
  const catalogue = await services.catalogue.read();
  const { adjustedTotal, reason, startTime, endTime, ...versionInput } = input;
  const details: Record<string, unknown> = {};
  await amend(services, {
    bookingId,
    amendment: "proposeChange",
    user,
    details,
    check: notStarted,
    effect: async (transaction, booking, now) => {
      const { rows, current, snapshot: currentSnapshot } = await currentOf(transaction, booking);
      const priced = price(catalogue, versionInput, booking, now, { startTime, endTime });
      refuseTimesThatDoNotFit(priced.snapshot);
      const totalCents = adjustedTotal === undefined ? priced.totalCents : centsFromEuros(adjustedTotal);
      const vatCents = adjustedTotal === undefined ? priced.vatCents : buyerVatOfAmount(totalCents, buyerVatOfBooking(booking));
      if (sameAs(priced.snapshot, totalCents, currentSnapshot, Number(current.total_cents))) {
        throw HttpError.because(400, "invalid_input", "proposalSameAsBooking", {
          fields: { adjustedTotal: "The proposal is the same as the booking." },
        });
      }
      const nowText = now.toISOString();
      await supersedeProposals(transaction, bookingId, nowText);
      const number = Math.max(...rows.map((row) => Number(row.number))) + 1;
      const id = randomUUID();
      await insertVersion(transaction, {
        id,
        booking_id: bookingId,
        number,
        status: "proposed",
        snapshot: JSON.stringify(priced.snapshot),
        total_cents: totalCents,
        vat_cents: vatCents,
        reason,
        change_request_id: null,
        proposed_by_user_id: user.id,
        proposed_by_role: user.role ?? "operator",
        created_at: nowText,
        decided_at: null,
        decided_by_user_id: null,
        decline_reason: null,
      });
      Object.assign(details, { versionId: id, number, totalCents });
      await mailCustomer(
        transaction,
        booking,
        "proposed",
        { current: summaryOf(currentSnapshot, Number(current.total_cents)), proposed: summaryOf(priced.snapshot, totalCents) },
        reason,
      );
    },
  });
  return changesOf(deps.database.db, bookingId);
}

/** POST /api/bookings/:id/versions/:versionId/approve: the owner approves the waiting proposal. */
export async function approveVersion(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  bookingId: string,
  versionId: string,
): Promise<BookingChanges> {
  const details: Record<string, unknown> = { versionId };
  await amend(services, {
    bookingId,
    amendment: "approveChange",
    user,
    details,
    effect: async (transaction, booking, now) => {
      const rows = await versionsOf(transaction, bookingId);
      const version = rows.find((row) => row.id === versionId);
      if (!version) throw notFound("noSuchVersion");
      if (!(await answerProposal(transaction, versionId, { status: "approved", userId: user.id, now: now.toISOString() }))) {
        throw noLongerWaiting();
      }
      const snapshot = parseSnapshot(version);
      const totalCents = Number(version.total_cents);
      const before = currentVersion(rows);
      await applyVersion(transaction, bookingId, snapshot, { totalCents, vatCents: Number(version.vat_cents) });
      const calendar = await calendarUpdate(transaction, booking, now);
      if (
        snapshot.startDate !== booking.start_date ||
        snapshot.endDate !== booking.end_date ||
        (snapshot.startTime !== undefined && snapshot.startTime !== booking.start_clock)
      )
        await rescheduleJobs(transaction, bookingId, now, services);
      await settleApprovedTotal(
        transaction,
        services.payments,
        booking,
        totalCents,
        { userId: user.id, role: "customer" },
        `version:${versionId}`,
      );
      Object.assign(details, { number: Number(version.number), totalCents, previousTotalCents: Number(booking.price) });
      await mailCustomer(
        transaction,
        booking,
        "approved",
        {
          current: summaryOf(snapshot, totalCents),
          ...(before && { previous: summaryOf(parseSnapshot(before), Number(before.total_cents)) }),
        },
        null,
        calendar,
      );
    },
  });
  return changesOf(deps.database.db, bookingId);
}

/** POST /api/bookings/:id/versions/:versionId/decline: the owner declines; the booking stays as it was. */
export async function declineVersion(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  bookingId: string,
  versionId: string,
  input: z.output<typeof declineVersionSchema>,
): Promise<BookingChanges> {
  await amend(services, {
    bookingId,
    amendment: "declineChange",
    user,
    details: { versionId },
    effect: async (transaction, booking, now) => {
      const rows = await versionsOf(transaction, bookingId);
      const version = rows.find((row) => row.id === versionId);
      if (!version) throw notFound("noSuchVersion");
      const current = currentVersion(rows);
      const answer = { status: "declined" as const, userId: user.id, now: now.toISOString(), reason: input.reason || null };
      if (!(await answerProposal(transaction, versionId, answer))) throw noLongerWaiting();
      const currentSummary = current
        ? summaryOf(parseSnapshot(current), Number(current.total_cents))
        : summaryOf(parseSnapshot(version), Number(booking.price));
      await mailCustomer(transaction, booking, "declined", { current: currentSummary }, input.reason);
    },
  });
  return changesOf(deps.database.db, bookingId);
}

/** The change a request asks for, applied to the booking's current input (dates keep their length when only the start moves). */
function requestedInput(current: VersionSnapshot, request: z.output<typeof changeRequestSchema>): VersionInput {
  const startDate = request.startDate ?? current.startDate;
  const endDate = request.startDate ? (request.endDate ?? addDays(request.startDate, current.totalDays - 1)) : current.endDate;
  return {
    startDate,
    endDate,
    services: [...current.lines.map((line) => ({ serviceId: line.serviceId, options: line.options })), ...(request.addServices ?? [])],
  };
}

/** POST /api/bookings/:id/change-requests: the owner asks for a change; one request waits at a time. */
export async function requestChange(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  bookingId: string,
  input: z.output<typeof changeRequestSchema>,
): Promise<BookingChanges> {
  const catalogue = await services.catalogue.read();
  const details: Record<string, unknown> = {};
  await amend(services, {
    bookingId,
    amendment: "requestChange",
    user,
    details,
    check: notStarted,
    effect: async (transaction, booking, now) => {
      const waiting = await transaction
        .selectFrom("booking_change_requests")
        .select("id")
        .where("booking_id", "=", bookingId)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (waiting) throw refused("earlierRequestWaiting");
      const { current, snapshot } = await currentOf(transaction, booking);
      // The request is priced now only to check it (a date in the past, a service already booked,
      // times that do not fit the services, ADR 193): a request that cannot be made is refused
      // with the reason, before an operator sees it.
      refuseTimesThatDoNotFit(price(catalogue, requestedInput(snapshot, input), booking, now, input).snapshot);
      const id = randomUUID();
      await insertRequest(transaction, {
        id,
        booking_id: bookingId,
        requested_by_user_id: user.id,
        status: "pending",
        request: JSON.stringify(input),
        created_at: now.toISOString(),
        decided_at: null,
        decided_by_user_id: null,
        decline_reason: null,
      });
      details.requestId = id;
      await mailCustomer(transaction, booking, "requested", { current: summaryOf(snapshot, Number(current.total_cents)) }, input.message);
    },
  });
  return changesOf(deps.database.db, bookingId);
}

/**
 * POST /api/admin/bookings/:id/change-requests/:requestId/accept: repriced by the pricing engine;
 * the same total is applied at once (the customer asked for it), another total becomes a version
 * the customer must approve.
 */
export async function acceptRequest(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  bookingId: string,
  requestId: string,
): Promise<BookingChanges> {
  const catalogue = await services.catalogue.read();
  const details: Record<string, unknown> = { requestId };
  await amend(services, {
    bookingId,
    amendment: "acceptRequest",
    user,
    details,
    check: notStarted,
    effect: async (transaction, booking, now) => {
      const request = await transaction
        .selectFrom("booking_change_requests")
        .selectAll()
        .where("id", "=", requestId)
        .where("booking_id", "=", bookingId)
        .executeTakeFirst();
      if (!request) throw notFound("noSuchRequest");
      const nowText = now.toISOString();
      if (!(await answerRequest(transaction, requestId, { status: "accepted", userId: user.id, now: nowText }))) {
        throw refused("requestAlreadyAnswered");
      }
      const wanted = parseRequest(request);
      const { rows, current, snapshot } = await currentOf(transaction, booking);
      const engine = price(catalogue, requestedInput(snapshot, wanted), booking, now, {
        meetingPoint: wanted.meetingPoint || undefined,
        startTime: wanted.startTime,
        endTime: wanted.endTime,
      });
      // The booking may have changed since the request was sent: its times are checked again.
      refuseTimesThatDoNotFit(engine.snapshot);
      const currentTotal = Number(current.total_cents);
      // ADR 188: a total an operator set by hand stays set apart from the price list: the same
      // difference is carried to the repriced booking, so moving a day does not undo it.
      const adjustment = currentTotal - price(catalogue, requestedInput(snapshot, {}), booking, now).totalCents;
      const totalCents = Math.max(0, engine.totalCents + adjustment);
      const priced = {
        snapshot: engine.snapshot,
        totalCents,
        vatCents: adjustment === 0 ? engine.vatCents : buyerVatOfAmount(totalCents, buyerVatOfBooking(booking)),
      };
      const samePrice = priced.totalCents === currentTotal;
      await supersedeProposals(transaction, bookingId, nowText);
      const id = randomUUID();
      const number = Math.max(...rows.map((row) => Number(row.number))) + 1;
      await insertVersion(transaction, {
        id,
        booking_id: bookingId,
        number,
        status: samePrice ? "approved" : "proposed",
        snapshot: JSON.stringify(priced.snapshot),
        total_cents: priced.totalCents,
        vat_cents: priced.vatCents,
        reason: wanted.message ?? null,
        change_request_id: requestId,
        proposed_by_user_id: user.id,
        proposed_by_role: user.role ?? "operator",
        created_at: nowText,
        // The customer asked for exactly this at this price: their request is the approval.
        decided_at: samePrice ? nowText : null,
        decided_by_user_id: samePrice ? booking.user_id : null,
        decline_reason: null,
      });
      let calendar: CalendarUpdate | undefined;
      if (samePrice) {
        await applyVersion(transaction, bookingId, priced.snapshot, { totalCents: priced.totalCents, vatCents: priced.vatCents });
        calendar = await calendarUpdate(transaction, booking, now);
        await rescheduleJobs(transaction, bookingId, now, services);
      }
      Object.assign(details, { versionId: id, number, totalCents: priced.totalCents, needsApproval: !samePrice });
      await mailCustomer(
        transaction,
        booking,
        samePrice ? "request_accepted" : "request_accepted_needs_approval",
        samePrice
          ? { current: summaryOf(priced.snapshot, priced.totalCents), previous: summaryOf(snapshot, currentTotal) }
          : { current: summaryOf(snapshot, currentTotal), proposed: summaryOf(priced.snapshot, priced.totalCents) },
        null,
        calendar,
      );
    },
  });
  return changesOf(deps.database.db, bookingId);
}

/** POST /api/admin/bookings/:id/change-requests/:requestId/decline: with the reason the customer reads. */
export async function declineRequest(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  bookingId: string,
  requestId: string,
  input: z.output<typeof declineRequestSchema>,
): Promise<BookingChanges> {
  await amend(services, {
    bookingId,
    amendment: "declineRequest",
    user,
    details: { requestId },
    effect: async (transaction, booking, now) => {
      const request = await transaction
        .selectFrom("booking_change_requests")
        .select("id")
        .where("id", "=", requestId)
        .where("booking_id", "=", bookingId)
        .executeTakeFirst();
      if (!request) throw notFound("noSuchRequest");
      const answer = { status: "declined" as const, userId: user.id, now: now.toISOString(), reason: input.reason };
      if (!(await answerRequest(transaction, requestId, answer))) throw refused("requestAlreadyAnswered");
      const { current, snapshot } = await currentOf(transaction, booking);
      await mailCustomer(
        transaction,
        booking,
        "request_declined",
        { current: summaryOf(snapshot, Number(current.total_cents)) },
        input.reason,
      );
    },
  });
  return changesOf(deps.database.db, bookingId);
}

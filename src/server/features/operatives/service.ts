import { instantInZone, operatorToday, startOfDayInZone } from "../../../shared/time.ts";
import { serviceStartOf } from "../../jobs/booking-jobs.ts";
import { arrivalPhraseOf, arrivalVisibleFrom } from "../../notifications/arrival.ts";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../../db/schema.ts";
import type { z } from "zod";
import type {
  AssignmentBrief,
  declineAssignmentSchema,
  incidentReportSchema,
  IncidentView,
  MyAssignment,
  OperativeStatus,
} from "../../../shared/operatives.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import type { AppDependencies } from "../../context.ts";
import type { AppServices } from "../../app-env.ts";
import { HttpError, notFound } from "../../http-error.ts";
import type { ReasonWithoutValues } from "../../../shared/api-error-reasons.ts";
import { writeAudit } from "../../audit/audit-log.ts";
import { canAccessBooking, userActor } from "../../access/booking-access.ts";
import { TransitionRefused } from "../../booking-lifecycle/state-machine.ts";
import { dutyStepOpensAt, incidentsOpenAt } from "../../../shared/booking-lifecycle.ts";
import { appendEvent } from "../../events/events-repo.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { engagementView } from "../../engagement.ts";
import { servicePeriod } from "../../../shared/engagement.ts";
import { staffRecipients } from "../../jobs/sweeps.ts";
import { incidentsOfBooking } from "../../assigned-leads.ts";
import { enforceRateLimits } from "../../auth/rate-limit.ts";
import { rateLimitRules } from "../../rate-limit-rules.ts";
import { accessRowOf, myAssignment, myAssignmentView, progressOf, toMyAssignment, type AssignmentRow } from "./repo.ts";

// The operative's own area (docs/operatives.md): answering an offer before its deadline
// (ADR 161), the brief inside its window (ADR 164), the lead's status during the service (ADR 163)
// and incident reports (ADR 165).

type Services = Pick<AppServices, "clock" | "events" | "bookingLifecycle">;

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
const conflict = (reason: ReasonWithoutValues) => HttpError.because(409, "invalid_transition", reason);
const bookingIs = (status: string) =>
  HttpError.because(409, "invalid_transition", "bookingIsInStatus", { values: { status: status.replaceAll("_", " ") } });

async function ownAssignment(deps: AppDependencies, user: SignedInUser, assignmentId: string): Promise<AssignmentRow> {
  const row = await myAssignment(deps.database.db, user.id, assignmentId);
  if (!row) throw notFound("noSuchAssignment");
  return row;
}

/** Accepts or declines an offer; only an offer still open (before its deadline) can be answered. */
export async function answerOffer(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  assignmentId: string,
  answer: { kind: "accept" } | { kind: "decline"; input: z.output<typeof declineAssignmentSchema> },
): Promise<MyAssignment> {
  const db = deps.database.db;
  const now = services.clock.now();
  const nowText = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await myAssignment(trx, user.id, assignmentId);
    if (!row) throw notFound("noSuchAssignment");
    if (row.state !== "offered")
      throw HttpError.because(409, "invalid_transition", "assignmentAlreadyAnswered", { values: { state: row.state } });
    if (row.respond_by && Date.parse(row.respond_by) <= now.getTime()) {
      throw conflict("answerTimePassed");
    }
    if (row.booking_status !== "pending" && row.booking_status !== "confirmed") {
      throw bookingIs(row.booking_status);
    }
    const accepted = answer.kind === "accept";
    const updated = await trx
      .updateTable("booking_assignments")
      .set({
        state: accepted ? "accepted" : "declined",
        responded_at: nowText,
        ...(!accepted && { decline_reason: answer.input.reason, is_lead: 0 }),
      })
      .where("id", "=", assignmentId)
      .where("state", "=", "offered")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict("assignmentAnsweredMeanwhile");
    if (!accepted && Number(row.is_lead) === 1) {
      const next = await trx
        .selectFrom("booking_assignments")
        .select("id")
        .where("booking_id", "=", row.booking_id)
        .where("state", "in", ["accepted", "offered"])
        .orderBy("state")
        .orderBy("created_at")
        .executeTakeFirst();
      if (next) await trx.updateTable("booking_assignments").set({ is_lead: 1 }).where("id", "=", next.id).execute();
    }
    await writeAudit(
      trx,
      {
        actorUserId: user.id,
        action: accepted ? "assignment.accept" : "assignment.decline",
        subjectType: "booking",
        subjectId: row.booking_id,
        before: { operative: row.operative_name, state: "offered" },
        after: {
          operative: row.operative_name,
          state: accepted ? "accepted" : "declined",
          ...(!accepted && { reason: answer.input.reason }),
        },
      },
      nowText,
    );
    await appendEvent(
      trx,
      deps.database.engine,
      {
        type: "booking.team",
        bookingId: row.booking_id,
        actorUserId: user.id,
        actorRole: "operative",
        payload: { change: accepted ? "accepted" : "declined", lead: Number(row.is_lead) === 1 },
      },
      nowText,
    );
  });
  services.events.wake();
  return myAssignmentView(deps.database.db, await ownAssignment(deps, user, assignmentId), userActor(user), now, deps.env.dutyWindows);
}

/** The brief's engagement part: the meeting point, the daily times and the protected person. */
function briefEngagement(booking: Parameters<typeof engagementView>[0], showName: boolean) {
  const view = engagementView(booking, showName);
  return {
    meetingPoint: view.meetingPoint,
    startClock: view.startTime,
    endClock: view.endTime,
    principal: view.principal && {
      name: view.principal.name ?? view.principal.codename,
      codename: view.principal.codename,
      // The principal's phone only when the customer allowed the team to call them directly.
      phone: view.principal.directContact ? view.principal.phone : null,
    },
  };
}

/** The service's real start and end with the customer's times; the booked days' bounds without them. */
function realPeriod(booking: {
  start_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  start_clock: string | null;
  end_clock: string | null;
}) {
  const period = servicePeriod(booking.start_date, booking.end_date, booking.start_clock, booking.end_clock);
  return period
    ? { startTime: period.start.toISOString(), endTime: period.end.toISOString() }
    : { startTime: booking.start_time, endTime: booking.end_time };
}

/** ADR 164: the brief of an accepted assignment, from acceptance until 24 hours after the end; 404 outside that window. */
export async function assignmentBrief(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  assignmentId: string,
): Promise<AssignmentBrief> {
  const db = deps.database.db;
  const now = services.clock.now();
  const row = await ownAssignment(deps, user, assignmentId);
  if (!canAccessBooking(userActor(user), accessRowOf(row), "brief", now)) throw notFound("noSuchAssignment");
  const booking = await db.selectFrom("bookings").selectAll().where("id", "=", row.booking_id).executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom("booking_lines")
    .select(["service_id", "title", "guards", "days"])
    .where("booking_id", "=", row.booking_id)
    .orderBy("position")
    .execute();
  const team = await db
    .selectFrom("booking_assignments")
    .innerJoin("operatives", "operatives.id", "booking_assignments.operative_id")
    .select(["operatives.name", "operatives.phone", "booking_assignments.is_lead", "booking_assignments.state"])
    .where("booking_assignments.booking_id", "=", row.booking_id)
    .where("booking_assignments.state", "in", ["accepted", "offered"])
    .orderBy("booking_assignments.is_lead", "desc")
    .orderBy("operatives.name")
    .execute();
  const contacts = booking.user_id
    ? await db
        .selectFrom("emergency_contacts")
        .select(["name", "phone"])
        .where("user_id", "=", booking.user_id)
        .orderBy("created_at")
        .execute()
    : [];
  // Every member of the team sees the service's status, which the lead marks on the lead's own row (ADR 163).
  const lead = await db
    .selectFrom("booking_assignments")
    .select(["on_the_way_at", "on_duty_at", "completed_at"])
    .where("booking_id", "=", row.booking_id)
    .where("is_lead", "=", 1)
    .where("state", "=", "accepted")
    .executeTakeFirst();
  const assignment = toMyAssignment(
    row,
    lines.map((line) => line.service_id),
    userActor(user),
    now,
    deps.env.dutyWindows,
  );
  // ADR 269: the same phrase the customer is told, and not before they are told it.
  const arrivalShown = now >= arrivalVisibleFrom(serviceStartOf(booking), deps.env) && row.state === "accepted";
  return {
    assignment: lead ? { ...assignment, progress: progressOf(lead) } : assignment,
    arrivalPhrase: arrivalShown ? await arrivalPhraseOf(db, row.booking_id) : null,
    place: booking.location,
    // docs/product.md §12: the engagement details; ADR 181: the real name through the access policy.
    ...briefEngagement(booking, canAccessBooking(userActor(user), accessRowOf(row), "principal", now)),
    startDate: booking.start_date,
    endDate: booking.end_date,
    // docs/product.md §12: with the customer's times, the real start and end (a night watch ends the morning after).
    ...realPeriod(booking),
    services: lines.map((line) => ({
      serviceId: line.service_id,
      title: line.title,
      guards: Number(line.guards),
      days: Number(line.days),
    })),
    team: team.map((member) => ({
      firstName: firstName(member.name),
      phone: member.phone,
      lead: Number(member.is_lead) === 1,
      state: member.state,
    })),
    emergencyContacts: contacts,
    customerNote: booking.customer_note,
    operatorNote: booking.operator_note,
    incidents: Number(row.is_lead) === 1 ? await incidentsOfBooking(deps.database.db, row.booking_id) : [],
  };
}

const statusColumn = { on_the_way: "on_the_way_at", on_duty: "on_duty_at", completed: "completed_at" } as const;
const previousColumn = { on_the_way: null, on_duty: "on_the_way_at", completed: "on_duty_at" } as const;
const statusWords = { on_the_way: "on the way", on_duty: "on duty", completed: "completed" } as const;
/**
 * 'YYYY-MM-DD HH:MM' in Stockholm: the booking's own time, read the same in English and Swedish.
 * Built on the operator's day and its zone arithmetic (src/shared/pricing.ts, ADR 200): the wall
 * clock is the minute of that day whose instant this is, an hour either way on a summer-time change.
 */
function stockholmMinute(instant: Date): string {
  const day = operatorToday(instant);
  const minute = Math.floor(instant.getTime() / 60_000) * 60_000;
  const elapsed = Math.round((minute - startOfDayInZone(day).getTime()) / 60_000);
  const wall = [elapsed, elapsed + 60, elapsed - 60].find((candidate) => instantInZone(day, candidate).getTime() === minute) ?? elapsed;
  return `${day} ${String(Math.floor(wall / 60)).padStart(2, "0")}:${String(wall % 60).padStart(2, "0")}`;
}
const earlyText = (milliseconds: number) => {
  const minutes = Math.round(milliseconds / 60_000);
  return minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`;
};
const stepReasons = { on_the_way: "onTheWayFrom", on_duty: "onDutyFrom", completed: "completedFrom" } as const;

/** ADR 218: a step asked for before the booking's times allow it: 409 too_early, saying from when. */
function tooEarly(status: OperativeStatus, opensAt: Date, startTime: string) {
  return HttpError.because(409, "too_early", stepReasons[status], {
    values: { time: stockholmMinute(opensAt), early: earlyText(Date.parse(startTime) - opensAt.getTime()) },
  });
}

const alreadyMarked = (status: OperativeStatus) =>
  HttpError.because(409, "invalid_transition", "serviceAlreadyMarked", { values: { step: statusWords[status] } });

/**
 * ADR 163: the lead marks on the way, on duty and completed, each once and in this order. On duty
 * starts the booking and completed completes it, through the state machine (when the scheduled
 * jobs have not already moved it), in the same transaction as the mark; the customer's page hears
 * it as a `booking.progress` event.
 */
export async function markStatus(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  assignmentId: string,
  status: OperativeStatus,
): Promise<MyAssignment> {
  const now = services.clock.now();
  const nowText = now.toISOString();
  const row = await ownAssignment(deps, user, assignmentId);
  const access = accessRowOf(row);
  if (!canAccessBooking(userActor(user), access, "view", now)) throw notFound("noSuchAssignment");
  if (!canAccessBooking(userActor(user), access, "progress", now)) {
    throw HttpError.because(403, "forbidden", "leadMarksServiceStatus");
  }
  if (
    row.booking_status !== "confirmed" &&
    row.booking_status !== "in_progress" &&
    !(status === "completed" && row.booking_status === "completed")
  ) {
    throw bookingIs(row.booking_status);
  }
  const column = statusColumn[status];
  const previous = previousColumn[status];
  if (row[column]) throw alreadyMarked(status);
  if (previous && !row[previous]) {
    throw conflict(status === "on_duty" ? "markOnTheWayFirst" : "markOnDutyFirst");
  }
  // ADR 218: each step opens by the booking's times; the state machine holds the lead's start and
  // complete to the same rule, and on the way (which moves no status) is checked here.
  const opensAt = dutyStepOpensAt(status, row.start_time, deps.env.dutyWindows);
  if (now.getTime() < opensAt.getTime()) throw tooEarly(status, opensAt, row.start_time);
  const mark = async (trx: Kysely<DatabaseSchema>) => {
    const updated = await trx
      .updateTable("booking_assignments")
      .set({ [column]: nowText })
      .where("id", "=", assignmentId)
      .where(column, "is", null)
      .$if(previous !== null, (query) => query.where(previous as "on_the_way_at", "is not", null))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw alreadyMarked(status);
    await appendEvent(
      trx,
      deps.database.engine,
      {
        type: "booking.progress",
        bookingId: row.booking_id,
        actorUserId: user.id,
        actorRole: "operative",
        payload: { status, at: nowText },
      },
      nowText,
    );
  };
  const transition = status === "on_duty" ? "start" : status === "completed" ? "complete" : null;
  const current = (
    await deps.database.db.selectFrom("bookings").select("status").where("id", "=", row.booking_id).executeTakeFirstOrThrow()
  ).status;
  const moves = (transition === "start" && current === "confirmed") || (transition === "complete" && current === "in_progress");
  if (transition && moves) {
    try {
      await services.bookingLifecycle.transition({
        bookingId: row.booking_id,
        transition,
        actor: userActor(user),
        now,
        effects: [async (trx) => mark(trx)],
      });
    } catch (error) {
      if (!(error instanceof TransitionRefused)) throw error;
      if (error.reason === "not_found") throw notFound("noSuchAssignment");
      if (error.reason === "wrong_status" && error.booking) throw bookingIs(error.booking.status);
      if (error.reason === "too_early" && error.opensAt) throw tooEarly(status, error.opensAt, row.start_time);
      throw conflict("bookingMayNotBeChanged");
    }
  } else {
    await deps.database.db.transaction().execute(mark);
    services.events.wake();
  }
  return myAssignmentView(deps.database.db, await ownAssignment(deps, user, assignmentId), userActor(user), now, deps.env.dutyWindows);
}

/**
 * ADR 165: the lead reports an incident during or after the service (while the brief is open). A
 * red report mails every operator at once through the job queue, in the report's transaction.
 * The customer sees nothing of it until an operator shares it.
 */
export async function fileIncident(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  assignmentId: string,
  input: z.output<typeof incidentReportSchema>,
): Promise<IncidentView> {
  const now = services.clock.now();
  const nowText = now.toISOString();
  const row = await ownAssignment(deps, user, assignmentId);
  const access = accessRowOf(row);
  if (!canAccessBooking(userActor(user), access, "view", now)) throw notFound("noSuchAssignment");
  if (!canAccessBooking(userActor(user), access, "progress", now)) {
    throw HttpError.because(403, "forbidden", "leadFilesIncidents");
  }
  // ADR 218: during or after the service — from its start (or on duty, when marked earlier), by the clock.
  const incidentsFrom = incidentsOpenAt(row.start_time, row.on_duty_at);
  if (row.booking_status !== "in_progress" && row.booking_status !== "completed" && now.getTime() < incidentsFrom.getTime()) {
    throw HttpError.because(409, "too_early", "incidentsFrom", { values: { time: stockholmMinute(incidentsFrom) } });
  }
  if (row.booking_status !== "confirmed" && row.booking_status !== "in_progress" && row.booking_status !== "completed") {
    throw conflict("incidentsDuringOrAfterService");
  }
  const occurredAt = new Date(input.occurredAt);
  if (occurredAt.getTime() > now.getTime() + 5 * 60_000) {
    throw HttpError.because(400, "invalid_input", "incidentInFuture", { fields: { occurredAt: "The time is in the future" } });
  }
  await enforceRateLimits(deps.database.db, [{ rule: rateLimitRules.incidentReportsPerUserHour, subject: user.id }]);
  const id = randomUUID();
  await deps.database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("incident_reports")
      .values({
        id,
        booking_id: row.booking_id,
        operative_id: row.operative_id,
        occurred_at: occurredAt.toISOString(),
        severity: input.severity,
        text: input.text,
        created_at: nowText,
      })
      .execute();
    await writeAudit(
      trx,
      {
        actorUserId: user.id,
        action: "incident.report",
        subjectType: "booking",
        subjectId: row.booking_id,
        before: null,
        after: { incident: id, severity: input.severity },
      },
      nowText,
    );
    if (input.severity === "red") {
      for (const staff of await staffRecipients(trx)) {
        await enqueueMail(trx, {
          kind: "incident-alert",
          to: staff.email,
          payload: {
            language: staff.language,
            bookingId: row.booking_id,
            operativeName: row.operative_name,
            occurredAt: occurredAt.toISOString(),
            text: input.text,
          },
        });
      }
    }
  });
  const incident = (await incidentsOfBooking(deps.database.db, row.booking_id)).find((entry) => entry.id === id);
  if (!incident) throw notFound("noSuchIncident");
  return incident;
}

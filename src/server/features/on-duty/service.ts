import { randomUUID } from "node:crypto";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import {
  alarmEventTypes,
  type AlarmKind,
  type AlarmRaiser,
  type BookingSafetyView,
  type CheckInView,
  type ConsoleAlarm,
  type DevicePosition,
  type LiveBoard,
  type LiveEngagement,
  type PrincipalLinkView,
  type onCallListSchema,
  type checkInPinsSchema,
  type checkInPlanSchema,
  type checkInSchema,
  type raiseAlarmSchema,
  type resolveAlarmSchema,
  type tourScanSchema,
} from "../../../shared/on-duty.ts";
import { operativeTour, recordScan } from "./tours.ts";
import type { AppServices } from "../../app-env.ts";
import { canAccessBooking, relationTo, userActor } from "../../access/booking-access.ts";
import { writeAudit } from "../../audit/audit-log.ts";
import { enforceRateLimits } from "../../auth/rate-limit.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import type { AppDependencies } from "../../context.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { appendEvent } from "../../events/events-repo.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { cancelJobsByReference, enqueueJob } from "../../jobs/queue.ts";
import { rateLimitRules } from "../../rate-limit-rules.ts";
import { principalToken, verifiedLinkId } from "./principal-link.ts";
import {
  accessRowOf,
  activeWindow,
  alarmsForParty,
  alarmsOfRaiser,
  consoleAlarms,
  dutyBooking,
  firstName,
  onCallMembers,
  type DutyBooking,
} from "./repo.ts";
import { bookingReference } from "../../../shared/booking-reference.ts";

// On duty (docs/on-duty.md): raising an alarm during a booking's active window (ADR 285), its
// acknowledgement and outcome and the ladder it climbs when nobody acknowledges it (ADR 286), the
// lead's check-ins with a duress PIN (ADR 287), the principal's personal link (ADR 288) and the
// shared position (ADR 289). Every party is checked by the one access policy (ADR 093).

type Services = Pick<AppServices, "clock" | "events">;
type Db = Kysely<DatabaseSchema>;

/** The job reference of an alarm's ladder: acknowledging cancels the steps not yet run. */
export const alarmJobKey = (alarmId: string) => `alarm:${alarmId}`;

const outsideWindow = () => HttpError.because(409, "invalid_transition", "outsideActiveWindow");

async function bookingOrNotFound(db: Db, bookingId: string): Promise<DutyBooking> {
  const booking = await dutyBooking(db, bookingId);
  if (!booking) throw notFound("noSuchBooking");
  return booking;
}

/** The customer's (the booking's owner's) safety panel. */
export async function customerSafety(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  bookingId: string,
): Promise<BookingSafetyView> {
  const booking = await bookingOrNotFound(deps.database.db, bookingId);
  if (relationTo(userActor(user), accessRowOf(booking), services.clock.now()) !== "owner") throw notFound("noSuchBooking");
  return { bookingId, active: activeWindow(booking).active, alarms: await alarmsForParty(deps.database.db, bookingId) };
}

type Raiser =
  { kind: "user"; user: SignedInUser } | { kind: "principal"; linkId: string; codename: string | null } | { kind: "system"; name: string };

/** The raiser's relation, or 404 for anyone the access policy does not admit to raise an alarm. */
function raiserOf(raiser: Raiser, booking: DutyBooking, now: Date): { by: AlarmRaiser; name: string; userId: string | null } {
  if (raiser.kind === "principal") return { by: "principal", name: raiser.codename ?? "Principal", userId: null };
  if (raiser.kind === "system") return { by: "system", name: raiser.name, userId: null };
  const actor = userActor(raiser.user);
  if (!canAccessBooking(actor, accessRowOf(booking), "alarm", now)) throw notFound("noSuchBooking");
  const relation = relationTo(actor, accessRowOf(booking), now);
  if (relation === "owner") return { by: "customer", name: firstName(raiser.user.name || "Customer"), userId: raiser.user.id };
  const assignment = booking.assignments.find((entry) => entry.user_id === raiser.user.id);
  return { by: "operative", name: firstName(assignment?.name ?? raiser.user.name), userId: raiser.user.id };
}

/**
 * Writes an alarm, its audit row, its live event and the first step of its ladder, in one
 * transaction (ADR 285, 286). A duress alarm's event names no booking, so only staff hear it (ADR 287).
 */
/**
 * One step of an alarm, audited and told on the live stream in the same transaction. ADR 287: a
 * duress alarm's events name no booking, so neither the booking's customer nor the operative's own
 * phone hears of it; staff see every event.
 */
async function recordAlarmStep(
  trx: Db,
  deps: AppDependencies,
  step: {
    bookingId: string;
    kind: string;
    actorUserId: string | null;
    actorRole: Parameters<typeof appendEvent>[2]["actorRole"];
    action: Parameters<typeof writeAudit>[1]["action"];
    eventType: Parameters<typeof appendEvent>[2]["type"];
    before: Record<string, unknown> | null;
    after: Record<string, unknown>;
    payload: Record<string, unknown>;
  },
  nowText: string,
) {
  await writeAudit(
    trx,
    {
      actorUserId: step.actorUserId,
      action: step.action,
      subjectType: "booking",
      subjectId: step.bookingId,
      before: step.before,
      after: step.after,
    },
    nowText,
  );
  await appendEvent(
    trx,
    deps.database.engine,
    {
      type: step.eventType,
      bookingId: step.kind === "duress" ? null : step.bookingId,
      actorUserId: step.actorUserId,
      actorRole: step.actorRole,
      payload: step.payload,
    },
    nowText,
  );
}

async function writeAlarm(
  trx: Db,
  deps: AppDependencies,
  alarm: { bookingId: string; kind: AlarmKind; by: AlarmRaiser; name: string; userId: string | null; position: DevicePosition | null },
  now: Date,
): Promise<string> {
  const id = randomUUID();
  const nowText = now.toISOString();
  await trx
    .insertInto("alarms")
    .values({
      id,
      booking_id: alarm.bookingId,
      kind: alarm.kind,
      raised_by: alarm.by,
      raised_by_user_id: alarm.userId,
      raised_by_name: alarm.name,
      latitude: alarm.position?.latitude ?? null,
      longitude: alarm.position?.longitude ?? null,
      accuracy: alarm.position?.accuracy ?? null,
      state: "open",
      acknowledged_by_user_id: null,
      acknowledged_by_name: null,
      acknowledged_at: null,
      resolved_by_user_id: null,
      resolved_at: null,
      outcome: null,
      note: null,
      shared_at: null,
      created_at: nowText,
    })
    .execute();
  await recordAlarmStep(
    trx,
    deps,
    {
      bookingId: alarm.bookingId,
      kind: alarm.kind,
      actorUserId: alarm.userId,
      actorRole: alarm.by,
      action: "alarm.raise",
      eventType: alarmEventTypes.raised,
      before: null,
      after: { alarm: id, kind: alarm.kind, raisedBy: alarm.by, at: nowText },
      payload: { alarmId: id, kind: alarm.kind },
    },
    nowText,
  );
  await enqueueJob(
    trx,
    {
      kind: "alarm-escalation",
      payload: { alarmId: id, level: 1 },
      runAt: new Date(now.getTime() + deps.env.alarmLadder.acknowledgeMs),
      referenceKey: alarmJobKey(id),
    },
    { now: () => now },
  );
  return id;
}

/** ADR 285: an SOS from the customer, an assigned operative or the principal's link, inside the active window only. */
export async function raiseAlarm(
  deps: AppDependencies,
  services: Services,
  raiser: Raiser,
  bookingId: string,
  input: z.output<typeof raiseAlarmSchema>,
): Promise<{ id: string }> {
  const db = deps.database.db;
  const now = services.clock.now();
  const booking = await bookingOrNotFound(db, bookingId);
  const party = raiserOf(raiser, booking, now);
  if (!activeWindow(booking).active) throw outsideWindow();
  const subject = party.userId ?? (raiser.kind === "principal" ? `principal:${raiser.linkId}` : "system");
  await enforceRateLimits(db, [{ rule: rateLimitRules.alarmsPerRaiserHour, subject }], undefined, now);
  const id = await db
    .transaction()
    .execute((trx) => writeAlarm(trx, deps, { bookingId, kind: "sos", ...party, position: input.position ?? null }, now));
  services.events.wake();
  return { id };
}

/** The system raises an alarm (a check-in missed beyond its grace, ADR 287) inside the caller's transaction. */
export async function raiseSystemAlarm(
  trx: Db,
  deps: AppDependencies,
  alarm: { bookingId: string; kind: AlarmKind; name: string },
  now: Date,
): Promise<string> {
  return writeAlarm(trx, deps, { ...alarm, by: "system", userId: null, position: null }, now);
}

/** Staff: the console's alarms (banner, alarm page, live board). */
export async function alarmsForConsole(deps: AppDependencies, services: Services): Promise<ConsoleAlarm[]> {
  return consoleAlarms(deps.database.db, services.clock.now());
}

async function oneConsoleAlarm(deps: AppDependencies, now: Date, alarmId: string): Promise<ConsoleAlarm> {
  const [alarm] = await consoleAlarms(deps.database.db, now, { alarmId });
  if (!alarm) throw notFound("noSuchAlarm");
  return alarm;
}

/**
 * ADR 286: a named operator acknowledges an open alarm, once (the first one wins); the steps of its
 * ladder not yet run are cancelled, and the raiser sees "received by <first name> at <time>".
 */
export async function acknowledgeAlarm(
  deps: AppDependencies,
  services: Services,
  staff: SignedInUser,
  alarmId: string,
): Promise<ConsoleAlarm> {
  const db = deps.database.db;
  const now = services.clock.now();
  const nowText = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const alarm = await trx.selectFrom("alarms").select(["booking_id", "state", "kind"]).where("id", "=", alarmId).executeTakeFirst();
    if (!alarm) throw notFound("noSuchAlarm");
    if (alarm.state === "resolved") throw HttpError.because(409, "invalid_transition", "alarmAlreadyResolved");
    const updated = await trx
      .updateTable("alarms")
      .set({
        state: "acknowledged",
        acknowledged_by_user_id: staff.id,
        acknowledged_by_name: firstName(staff.name || staff.email),
        acknowledged_at: nowText,
      })
      .where("id", "=", alarmId)
      .where("state", "=", "open")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw HttpError.because(409, "invalid_transition", "alarmAlreadyAcknowledged");
    await cancelJobsByReference(trx, alarmJobKey(alarmId), { now: () => now });
    await recordAlarmStep(
      trx,
      deps,
      {
        bookingId: alarm.booking_id,
        kind: alarm.kind,
        actorUserId: staff.id,
        actorRole: "staff",
        action: "alarm.acknowledge",
        eventType: alarmEventTypes.acknowledged,
        before: { alarm: alarmId, state: "open" },
        after: { alarm: alarmId, state: "acknowledged", at: nowText },
        payload: { alarmId },
      },
      nowText,
    );
  });
  services.events.wake();
  return oneConsoleAlarm(deps, now, alarmId);
}

/** ADR 286: staff close an alarm with an outcome and a note; shared, the customer sees them like a shared incident (ADR 165). */
export async function resolveAlarm(
  deps: AppDependencies,
  services: Services,
  staff: SignedInUser,
  alarmId: string,
  input: z.output<typeof resolveAlarmSchema>,
): Promise<ConsoleAlarm> {
  const db = deps.database.db;
  const now = services.clock.now();
  const nowText = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const alarm = await trx.selectFrom("alarms").select(["booking_id", "state", "kind"]).where("id", "=", alarmId).executeTakeFirst();
    if (!alarm) throw notFound("noSuchAlarm");
    const name = firstName(staff.name || staff.email);
    const updated = await trx
      .updateTable("alarms")
      .set({
        state: "resolved",
        resolved_by_user_id: staff.id,
        resolved_at: nowText,
        outcome: input.outcome,
        note: input.note,
        shared_at: input.share ? nowText : null,
        // Resolving an alarm nobody acknowledged acknowledges it too: someone has dealt with it.
        ...(alarm.state === "open" && { acknowledged_by_user_id: staff.id, acknowledged_by_name: name, acknowledged_at: nowText }),
      })
      .where("id", "=", alarmId)
      .where("state", "!=", "resolved")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw HttpError.because(409, "invalid_transition", "alarmAlreadyResolved");
    await cancelJobsByReference(trx, alarmJobKey(alarmId), { now: () => now });
    await recordAlarmStep(
      trx,
      deps,
      {
        bookingId: alarm.booking_id,
        kind: alarm.kind,
        actorUserId: staff.id,
        actorRole: "staff",
        action: "alarm.resolve",
        eventType: alarmEventTypes.resolved,
        before: { alarm: alarmId, state: alarm.state },
        after: { alarm: alarmId, state: "resolved", outcome: input.outcome, shared: input.share, at: nowText },
        payload: { alarmId },
      },
      nowText,
    );
  });
  services.events.wake();
  return oneConsoleAlarm(deps, now, alarmId);
}

/** ADR 288: the customer creates the principal's personal link; a new link replaces the earlier one. */
export async function createPrincipalLink(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  bookingId: string,
): Promise<{ token: string; url: string }> {
  const db = deps.database.db;
  const now = services.clock.now();
  const nowText = now.toISOString();
  const booking = await bookingOrNotFound(db, bookingId);
  if (relationTo(userActor(user), accessRowOf(booking), now) !== "owner") throw notFound("noSuchBooking");
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("principal_links")
      .set({ revoked_at: nowText })
      .where("booking_id", "=", bookingId)
      .where("revoked_at", "is", null)
      .execute();
    await trx.insertInto("principal_links").values({ id, booking_id: bookingId, created_at: nowText, revoked_at: null }).execute();
    await writeAudit(
      trx,
      {
        actorUserId: user.id,
        action: "principal_link.create",
        subjectType: "booking",
        subjectId: bookingId,
        before: null,
        after: { link: id },
      },
      nowText,
    );
  });
  const token = await principalToken(id, deps.env.authSecret);
  return { token, url: `${deps.env.appUrl}/principal/${token}` };
}

/** ADR 288: the booking behind a principal's token, inside its active window only; 404 otherwise. */
async function principalBooking(deps: AppDependencies, services: Services, token: string) {
  const db = deps.database.db;
  const linkId = await verifiedLinkId(token, deps.env.authSecret);
  const link = linkId
    ? await db
        .selectFrom("principal_links")
        .select(["id", "booking_id"])
        .where("id", "=", linkId)
        .where("revoked_at", "is", null)
        .executeTakeFirst()
    : undefined;
  const booking = link ? await dutyBooking(db, link.booking_id) : undefined;
  if (!link || !booking) throw notFound("principalLinkNotValid");
  const window = activeWindow(booking);
  if (!window.active) throw notFound("principalLinkNotValid");
  return { link, booking, window };
}

export async function principalView(deps: AppDependencies, services: Services, token: string): Promise<PrincipalLinkView> {
  const { booking, window } = await principalBooking(deps, services, token);
  return {
    codename: booking.principal_codename,
    active: window.active,
    validFrom: window.from,
    validUntil: window.until,
    alarms: await alarmsForParty(deps.database.db, booking.id, { raisedBy: "principal" }),
  };
}

export async function raisePrincipalAlarm(
  deps: AppDependencies,
  services: Services,
  token: string,
  input: z.output<typeof raiseAlarmSchema>,
): Promise<{ id: string }> {
  const { link, booking } = await principalBooking(deps, services, token);
  return raiseAlarm(deps, services, { kind: "principal", linkId: link.id, codename: booking.principal_codename }, booking.id, input);
}

/** An operative's own accepted assignment, with its booking; 404 for anyone else's (ADR 164). */
export async function operativeBooking(deps: AppDependencies, services: Services, user: SignedInUser, assignmentId: string) {
  const db = deps.database.db;
  const row = await db
    .selectFrom("booking_assignments")
    .innerJoin("operatives", "operatives.id", "booking_assignments.operative_id")
    .select(["booking_assignments.booking_id", "booking_assignments.is_lead", "booking_assignments.operative_id"])
    .where("booking_assignments.id", "=", assignmentId)
    .where("operatives.user_id", "=", user.id)
    .where("booking_assignments.state", "=", "accepted")
    .executeTakeFirst();
  if (!row) throw notFound("noSuchAssignment");
  const booking = await bookingOrNotFound(db, row.booking_id);
  if (!canAccessBooking(userActor(user), accessRowOf(booking), "alarm", services.clock.now())) throw notFound("noSuchAssignment");
  return { booking, lead: Number(row.is_lead) === 1, operativeId: row.operative_id };
}

/** The operative's safety panel on the brief: the SOS state and, for the lead, the check-ins. */
export async function operativeSafety(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  assignmentId: string,
): Promise<BookingSafetyView & { checkIn: CheckInView | null; lead: boolean }> {
  const { booking, lead } = await operativeBooking(deps, services, user, assignmentId);
  const db = deps.database.db;
  return {
    bookingId: booking.id,
    active: activeWindow(booking).active,
    alarms: await alarmsOfRaiser(db, booking.id, user.id),
    lead,
    checkIn: lead ? await checkInView(db, booking, user.id) : null,
  };
}

export async function raiseOperativeAlarm(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  assignmentId: string,
  input: z.output<typeof raiseAlarmSchema>,
) {
  const { booking } = await operativeBooking(deps, services, user, assignmentId);
  return raiseAlarm(deps, services, { kind: "user", user }, booking.id, input);
}

/** When the lead's next check-in is due: the interval after the last one, or after "on the way" (ADR 287). */
export async function nextCheckInDue(
  db: Db,
  booking: DutyBooking,
): Promise<{ plan: { interval_minutes: number; grace_minutes: number } | undefined; last: string | null; due: Date | null }> {
  const plan = await db
    .selectFrom("check_in_plans")
    .select(["interval_minutes", "grace_minutes"])
    .where("booking_id", "=", booking.id)
    .executeTakeFirst();
  const lastRow = await db
    .selectFrom("check_ins")
    .select((eb) => eb.fn.max("created_at").as("last"))
    .where("booking_id", "=", booking.id)
    .executeTakeFirst();
  const last = lastRow?.last ?? null;
  const from = last ?? booking.lead?.on_the_way_at ?? null;
  const due = plan && from && activeWindow(booking).active ? new Date(Date.parse(from) + Number(plan.interval_minutes) * 60_000) : null;
  return { plan, last, due };
}

async function checkInView(db: Db, booking: DutyBooking, userId: string): Promise<CheckInView> {
  const { plan, last, due } = await nextCheckInDue(db, booking);
  const pins = await db.selectFrom("check_in_pins").select("user_id").where("user_id", "=", userId).executeTakeFirst();
  return {
    planned: plan !== undefined,
    intervalMinutes: plan ? Number(plan.interval_minutes) : null,
    graceMinutes: plan ? Number(plan.grace_minutes) : null,
    pinsSet: pins !== undefined,
    lastCheckInAt: last,
    nextDueAt: due?.toISOString() ?? null,
  };
}

/** The operative chooses the check-in PIN and the duress PIN, hashed with Better Auth's hasher (ADR 287). */
export async function setCheckInPins(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  input: z.output<typeof checkInPinsSchema>,
) {
  const nowText = services.clock.now().toISOString();
  const row = { pin_hash: await hashPassword(input.pin), duress_pin_hash: await hashPassword(input.duressPin), updated_at: nowText };
  await deps.database.db
    .insertInto("check_in_pins")
    .values({ user_id: user.id, ...row })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet(row))
    .execute();
  return { pinsSet: true };
}

/**
 * ADR 287: the lead checks in with the PIN. The duress PIN answers exactly as a normal check-in
 * does (the phone may be in someone else's hands), and raises a silent alarm in the console.
 */
export async function checkIn(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  assignmentId: string,
  input: z.output<typeof checkInSchema>,
): Promise<CheckInView> {
  const db = deps.database.db;
  const now = services.clock.now();
  const nowText = now.toISOString();
  const { booking, lead, operativeId } = await operativeBooking(deps, services, user, assignmentId);
  if (!lead) throw HttpError.because(403, "forbidden", "leadMarksServiceStatus");
  if (!activeWindow(booking).active) throw outsideWindow();
  const pins = await db.selectFrom("check_in_pins").selectAll().where("user_id", "=", user.id).executeTakeFirst();
  if (!pins) throw HttpError.because(409, "invalid_transition", "checkInPinsMissing");
  await enforceRateLimits(db, [{ rule: rateLimitRules.alarmsPerRaiserHour, subject: `check-in:${user.id}` }], undefined, now);
  const duress = await verifyPassword({ hash: pins.duress_pin_hash, password: input.pin });
  if (!duress && !(await verifyPassword({ hash: pins.pin_hash, password: input.pin }))) {
    throw HttpError.because(400, "invalid_input", "checkInPinWrong", { fields: { pin: "The PIN is not right" } });
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("check_ins")
      .values({
        id: randomUUID(),
        booking_id: booking.id,
        operative_id: operativeId,
        duress: duress ? 1 : 0,
        latitude: input.position?.latitude ?? null,
        longitude: input.position?.longitude ?? null,
        created_at: nowText,
      })
      .execute();
    if (duress) {
      const name = firstName(booking.assignments.find((entry) => entry.user_id === user.id)?.name ?? user.name);
      await writeAlarm(
        trx,
        deps,
        { bookingId: booking.id, kind: "duress", by: "operative", name, userId: user.id, position: input.position ?? null },
        now,
      );
    }
  });
  services.events.wake();
  return checkInView(db, (await dutyBooking(db, booking.id)) ?? booking, user.id);
}

/** ADR 288: a scan of a checkpoint by an operative of the booking. */
export async function scanCheckpoint(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  assignmentId: string,
  input: z.output<typeof tourScanSchema>,
) {
  const { booking } = await operativeBooking(deps, services, user, assignmentId);
  await enforceRateLimits(
    deps.database.db,
    [{ rule: rateLimitRules.positionsPerUserHour, subject: `scan:${user.id}` }],
    undefined,
    services.clock.now(),
  );
  return recordScan(deps, services, booking, user, input);
}

export async function tourOfAssignment(deps: AppDependencies, services: Services, user: SignedInUser, assignmentId: string) {
  const { booking } = await operativeBooking(deps, services, user, assignmentId);
  return operativeTour(deps, booking.id);
}

/** Staff set the lead's check-in interval and grace for a booking (ADR 287). */
export async function setCheckInPlan(
  deps: AppDependencies,
  services: Services,
  staff: SignedInUser,
  bookingId: string,
  input: z.output<typeof checkInPlanSchema>,
) {
  const db = deps.database.db;
  const nowText = services.clock.now().toISOString();
  await bookingOrNotFound(db, bookingId);
  const row = { interval_minutes: input.intervalMinutes, grace_minutes: input.graceMinutes, updated_at: nowText };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("check_in_plans")
      .values({ booking_id: bookingId, ...row })
      .onConflict((conflict) => conflict.column("booking_id").doUpdateSet(row))
      .execute();
    await writeAudit(
      trx,
      { actorUserId: staff.id, action: "check_in.plan", subjectType: "booking", subjectId: bookingId, before: null, after: input },
      nowText,
    );
  });
  return { intervalMinutes: input.intervalMinutes, graceMinutes: input.graceMinutes };
}

export async function checkInPlanOf(deps: AppDependencies, bookingId: string) {
  const plan = await deps.database.db.selectFrom("check_in_plans").selectAll().where("booking_id", "=", bookingId).executeTakeFirst();
  return plan ? { intervalMinutes: Number(plan.interval_minutes), graceMinutes: Number(plan.grace_minutes) } : null;
}

/** ADR 289: the operative's phone shares its position, by consent, only inside the active window; one row per operative, overwritten. */
export async function sharePosition(
  deps: AppDependencies,
  services: Services,
  user: SignedInUser,
  assignmentId: string,
  position: DevicePosition,
): Promise<{ shared: true }> {
  const db = deps.database.db;
  const now = services.clock.now();
  const { booking } = await operativeBooking(deps, services, user, assignmentId);
  if (!activeWindow(booking).active) throw outsideWindow();
  await enforceRateLimits(db, [{ rule: rateLimitRules.positionsPerUserHour, subject: user.id }], undefined, now);
  const name = firstName(booking.assignments.find((entry) => entry.user_id === user.id)?.name ?? user.name);
  const row = {
    first_name: name,
    latitude: position.latitude,
    longitude: position.longitude,
    accuracy: position.accuracy ?? null,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto("shared_positions")
    .values({ booking_id: booking.id, user_id: user.id, ...row })
    .onConflict((conflict) => conflict.columns(["booking_id", "user_id"]).doUpdateSet(row))
    .execute();
  return { shared: true };
}

/** The operative stops sharing: the stored position goes at once. */
export async function stopSharingPosition(deps: AppDependencies, services: Services, user: SignedInUser, assignmentId: string) {
  const { booking } = await operativeBooking(deps, services, user, assignmentId);
  await deps.database.db.deleteFrom("shared_positions").where("booking_id", "=", booking.id).where("user_id", "=", user.id).execute();
  return { shared: false };
}

/** The on-call list in order, and the staff who may be put on it (ADR 286). */
export async function onCallList(deps: AppDependencies) {
  const db = deps.database.db;
  const staff = await db
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("role", "in", ["operator", "admin"])
    .orderBy("name")
    .execute();
  const members = await onCallMembers(db);
  return {
    members: members.map(({ userId, name, email, position }) => ({ userId, name, email, position })),
    staff: staff.map((member) => ({ userId: member.id, name: member.name || member.email, email: member.email })),
  };
}

export async function setOnCallList(
  deps: AppDependencies,
  services: Services,
  staff: SignedInUser,
  input: z.output<typeof onCallListSchema>,
) {
  const db = deps.database.db;
  const nowText = services.clock.now().toISOString();
  const known = await db
    .selectFrom("users")
    .select("id")
    .where("id", "in", input.userIds)
    .where("role", "in", ["operator", "admin"])
    .execute();
  if (known.length !== input.userIds.length) throw notFound("noSuchUser");
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("on_call_members").select("user_id").orderBy("position").execute();
    await trx.deleteFrom("on_call_members").execute();
    await trx
      .insertInto("on_call_members")
      .values(input.userIds.map((userId, index) => ({ user_id: userId, position: index + 1, updated_at: nowText })))
      .execute();
    await writeAudit(
      trx,
      {
        actorUserId: staff.id,
        action: "on_call.update",
        subjectType: "user",
        subjectId: staff.id,
        before: before.map((row) => row.user_id),
        after: input.userIds,
      },
      nowText,
    );
  });
  return onCallList(deps);
}

/** The staff's live board: every engagement in its active window, live (docs/on-duty.md). */
export async function liveBoard(deps: AppDependencies): Promise<LiveBoard> {
  const db = deps.database.db;
  const active = await db
    .selectFrom("booking_assignments")
    .innerJoin("bookings", "bookings.id", "booking_assignments.booking_id")
    .select("bookings.id")
    .where("booking_assignments.is_lead", "=", 1)
    .where("booking_assignments.state", "=", "accepted")
    .where("booking_assignments.on_the_way_at", "is not", null)
    .where("booking_assignments.completed_at", "is", null)
    .where("bookings.status", "in", ["confirmed", "in_progress"])
    .orderBy("booking_assignments.on_the_way_at")
    .limit(200)
    .execute();
  const engagements: LiveEngagement[] = [];
  for (const { id } of active) {
    const booking = await dutyBooking(db, id);
    if (!booking) continue;
    const { last, due } = await nextCheckInDue(db, booking);
    const openAlarms = await db
      .selectFrom("alarms")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("booking_id", "=", id)
      .where("state", "!=", "resolved")
      .executeTakeFirst();
    const positions = await db.selectFrom("shared_positions").selectAll().where("booking_id", "=", id).orderBy("first_name").execute();
    engagements.push({
      bookingId: id,
      bookingReference: bookingReference(id),
      location: booking.location,
      status: booking.status,
      onTheWayAt: booking.lead?.on_the_way_at ?? null,
      onDutyAt: booking.lead?.on_duty_at ?? null,
      team: booking.assignments.map((entry) => ({
        firstName: firstName(entry.name),
        lead: Number(entry.is_lead) === 1,
        phone: entry.phone,
      })),
      lastCheckInAt: last,
      nextCheckInDueAt: due?.toISOString() ?? null,
      openAlarms: Number(openAlarms?.count ?? 0),
      positions: positions.map((row) => ({
        firstName: row.first_name,
        latitude: Number(row.latitude),
        longitude: Number(row.longitude),
        accuracy: row.accuracy === null ? null : Number(row.accuracy),
        at: row.updated_at,
      })),
    });
  }
  return { engagements, tilesUrl: deps.env.mapTilesUrl ?? null };
}

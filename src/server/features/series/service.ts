import type { Transaction } from "kysely";
import { defaultCustomerName } from "../../../shared/customer-names.ts";
import { lineForBuyer, type BuyerVat } from "../../../shared/buyer-vat.ts";
import type { BookingLine, CatalogueService } from "../../../shared/booking.ts";
import { sortCatalogue } from "../../../shared/catalogue.ts";
import { engagementTimesProblem } from "../../../shared/engagement.ts";
import { priceForRealMinutes, priceSelection, refundNote, serviceLineProblems } from "../../../shared/pricing.ts";
import type { CreateSeries, SeriesChange, SeriesOfBooking, SeriesView } from "../../../shared/series-schema.ts";
import { expandSeries, occurrencePeriod, occurrencesInScope, seriesWindowDays, shiftedDay } from "../../../shared/series.ts";
import { addDays, operatorToday } from "../../../shared/time.ts";
import { userActor, type BookingActor } from "../../access/booking-access.ts";
import type { AppServices } from "../../app-env.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import { TransitionRefused } from "../../booking-lifecycle/state-machine.ts";
import { buyerVatOfCustomer } from "../../buyer-vat.ts";
import type { AppDependencies } from "../../context.ts";
import type { Database } from "../../db/database.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { apiErrorReasons } from "../../../shared/api-error-reasons.ts";
import { cancelBookingJobs, scheduleBookingProgress, scheduleStartReminder } from "../../jobs/booking-jobs.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { cardDeclined } from "../../payments/declines.ts";
import { ledgerOf } from "../../payments/ledger.ts";
import { moneyUnsecured, writePreparedPayment, type PaymentsService, type PaymentWrite } from "../../payments/payments-service.ts";
import {
  findSeries,
  occurrenceBookingRow,
  occurrencesOf,
  ownerOf,
  requestOf,
  ruleOf,
  seriesView,
  type OccurrenceRow,
  type SeriesRow,
} from "./repo.ts";

// Recurring engagements (docs/series.md, ADR 280–284). A series is booked once; each occurrence
// within the rolling window (seriesWindowDays) is a booking created through the lifecycle
// (lifecycle.create, ADR 238), priced by the pricing engine for its real hours (ADR 282), and paid
// and refunded by the booking's own rules: a saved card held or charged on confirmation, captured on
// confirmation, refunded by the cancellation rule (docs/payments.md), all by the lifecycle's
// effects. A change of the series reaches exactly the occurrences of its scope (ADR 281) and sends
// the customer ONE mail with ONE calendar entry for the whole series (ADR 283).

type SeriesServices = Pick<AppServices, "catalogue" | "bookingLifecycle" | "payments" | "clock">;

const invalid = (fields: Record<string, string>) =>
  new HttpError(400, "invalid_input", Object.values(fields)[0] ?? "The series is not valid.", fields);

/** ADR 282: an occurrence's lines and totals, for its real hours, as this buyer pays them (ADR 222). */
export function priceOccurrence(
  catalogue: readonly CatalogueService[],
  series: { services: CreateSeries["services"]; days: number },
  occurrence: { day: string; startTime: string; endTime: string },
  buyer: BuyerVat,
): { lines: BookingLine[]; totalCents: number; vatCents: number } {
  const order = new Map(sortCatalogue(catalogue).map((service, index) => [service.id, index]));
  const services = [...series.services].sort((a, b) => (order.get(a.serviceId) ?? 0) - (order.get(b.serviceId) ?? 0));
  const selection = priceSelection(catalogue, services, series.days);
  const period = occurrencePeriod({ ...occurrence, days: series.days });
  const real = priceForRealMinutes(selection, period.realMinutes, period.wallClockMinutes);
  const lines = real.lines.map((line) => lineForBuyer(line, buyer));
  return {
    lines,
    totalCents: lines.reduce((sum, line) => sum + line.totalCents, 0),
    vatCents: lines.reduce((sum, line) => sum + line.vatCents, 0),
  };
}

function checkServices(catalogue: readonly CatalogueService[], input: CreateSeries): void {
  const fields = serviceLineProblems(catalogue, input.services);
  if (Object.keys(fields).length > 0) throw invalid(fields);
}

/** ADR 280: a card is asked for each occurrence's money exactly as at booking; any answer but ready refuses. */
async function prepareOccurrencePayment(
  payments: PaymentsService,
  db: Database,
  series: SeriesRow,
  row: { id: string; price: number; start_time: string },
  now: Date,
): Promise<PaymentWrite | undefined> {
  const payment = requestOf(series).payment;
  if (!payment || !("paymentMethodId" in payment) || series.user_id === null) return undefined;
  const card = await db
    .selectFrom("payment_methods")
    .select(["provider_payment_id", "card_brand", "card_last_four"])
    .where("id", "=", payment.paymentMethodId)
    .where("user_id", "=", series.user_id)
    .executeTakeFirst();
  if (!card) throw new HttpError(400, "card_not_in_wallet", "This card is not in your wallet. Please choose another card.");
  // docs/payments.md: beyond the longest hold the card is saved and charged on confirmation, with consent.
  if (!payments.authorisesNow(row.start_time, now) && payment.chargeLaterConsent !== true) {
    throw invalid({
      "payment.chargeLaterConsent":
        "This series runs later than a card hold can last, so we save your card and charge each occurrence when we confirm it. Please agree to that to continue.",
    });
  }
  const prepared = await payments.prepare({
    bookingId: row.id,
    userId: series.user_id,
    amountCents: row.price,
    startTime: row.start_time,
    card: { token: card.provider_payment_id, brand: card.card_brand, lastFour: card.card_last_four },
    now,
  });
  if (prepared.outcome === "declined") throw cardDeclined(prepared.code);
  if (prepared.outcome === "requires_action") {
    throw HttpError.because(409, "payment_not_allowed", "seriesCardNeedsBankCheck");
  }
  return prepared.write;
}

type PreparedOccurrence = {
  occurrence: OccurrenceRow;
  row: ReturnType<typeof occurrenceBookingRow>;
  lines: BookingLine[];
  payment?: PaymentWrite;
};

/** Occurrences priced for their real hours (ADR 282), each with its money asked for as at booking. */
async function prepareOccurrences(
  deps: AppDependencies,
  services: SeriesServices,
  series: SeriesRow,
  occurrences: readonly OccurrenceRow[],
  now: Date,
  onDecline: "refuse" | "book-unpaid",
): Promise<PreparedOccurrence[]> {
  const db = deps.database.db;
  const catalogue = await services.catalogue.read();
  const request = requestOf(series);
  const buyer = series.user_id ? await buyerVatOfCustomer(db, series.user_id) : "consumer";
  const owner = await ownerOf(db, series.user_id);
  const mainService = sortCatalogue(catalogue.filter((service) => request.services.some((line) => line.serviceId === service.id)))[0];
  const prepared: PreparedOccurrence[] = [];
  try {
    for (const occurrence of occurrences) {
      const priced = priceOccurrence(
        catalogue,
        { services: request.services, days: Number(series.days) },
        { day: occurrence.day, startTime: occurrence.start_clock, endTime: occurrence.end_clock },
        buyer,
      );
      const row = occurrenceBookingRow({
        series,
        occurrence,
        customerName: owner?.name.trim() || defaultCustomerName,
        lines: priced.lines,
        totalCents: priced.totalCents,
        vatCents: priced.vatCents,
        serviceType: mainService?.type ?? "vip_outdoor",
        buyerVat: buyer,
        now,
      });
      let payment: PaymentWrite | undefined;
      try {
        payment = await prepareOccurrencePayment(services.payments, db, series, row, now);
      } catch (error) {
        // Later occurrences (the rolling window) are booked anyway: the firm's confirmation then
        // waits for the money as for any booking whose card could not be charged (ADR 225).
        if (onDecline === "refuse") throw error;
      }
      prepared.push({ occurrence, row, lines: priced.lines, ...(payment && { payment }) });
    }
  } catch (error) {
    await releaseHolds(services.payments, prepared);
    throw error;
  }
  return prepared;
}

async function releaseHolds(payments: PaymentsService, prepared: readonly PreparedOccurrence[]): Promise<void> {
  for (const { payment } of prepared) {
    const providerPaymentId = payment?.payment.provider_payment_id;
    if (!providerPaymentId) continue;
    await payments.gateway.void({ providerPaymentId, idempotencyKey: `void:${String(payment.payment.id)}` }).catch(() => undefined);
  }
}

/** Each prepared occurrence becomes a booking through the lifecycle, in the caller's transaction (ADR 238). */
async function createOccurrences(
  transaction: Transaction<DatabaseSchema>,
  services: SeriesServices,
  actor: BookingActor,
  prepared: readonly PreparedOccurrence[],
): Promise<number> {
  let created = 0;
  for (const { occurrence, row, lines, payment } of prepared) {
    const result = await services.bookingLifecycle.create(transaction, {
      creation: "seriesOccurrence",
      actor,
      row: { ...row, user_id: row.user_id as string },
      lines,
      effects: payment ? [async (inner) => writePreparedPayment(inner, payment, new Date(row.created_at))] : [],
    });
    await transaction
      .updateTable("booking_series_occurrences")
      .set({ booking_id: row.id })
      .where("series_id", "=", occurrence.series_id)
      .where("occurrence_day", "=", occurrence.occurrence_day)
      .execute();
    if (result === "created") created += 1;
  }
  return created;
}

type SeriesMailChange = "booked" | "confirmed" | "cancelled" | "moved";

/** ADR 283: ONE mail per change of the series, with the series' one calendar entry at its next SEQUENCE. */
async function mailSeriesChange(
  transaction: Transaction<DatabaseSchema>,
  series: SeriesRow,
  change: SeriesMailChange,
  occurrenceDays: readonly string[],
  now: Date,
  refund?: "fully_refundable" | "non_refundable",
): Promise<void> {
  const owner = await ownerOf(transaction, series.user_id);
  const sequence =
    change === "booked"
      ? 0
      : Number(
          (
            await transaction
              .updateTable("booking_series")
              .set((eb) => ({ calendar_sequence: eb("calendar_sequence", "+", 1) }))
              .where("id", "=", series.id)
              .returning("calendar_sequence")
              .executeTakeFirst()
          )?.calendar_sequence ?? 0,
        );
  if (!owner) return;
  await enqueueMail(transaction, {
    kind: "series-update",
    to: owner.email,
    payload: {
      seriesId: series.id,
      change,
      occurrenceDays: [...occurrenceDays],
      calendarSequence: sequence,
      at: now.toISOString(),
      ...(refund && { refund }),
    },
  });
}

/**
 * POST /api/series: the series, every occurrence the rule gives, and a booking for each occurrence
 * within the window, in one transaction with one mail. Every card answer is known before the commit:
 * a refused card leaves nothing. The same series id again answers the stored series (ADR 051).
 */
export async function createSeries(
  deps: AppDependencies,
  services: SeriesServices,
  user: SignedInUser,
  input: CreateSeries,
): Promise<{ series: SeriesView; created: boolean }> {
  const db = deps.database.db;
  const now = services.clock.now();
  const existing = await findSeries(db, input.seriesId);
  if (existing) {
    if (existing.user_id !== user.id)
      throw new HttpError(409, "booking_conflict", "This series was already submitted. Please start a new one.");
    return { series: await seriesView(db, existing), created: false };
  }
  if (input.payment && "invoice" in input.payment) {
    throw HttpError.because(403, "forbidden", "invoicePaymentNeedsApproval");
  }
  const today = operatorToday(now);
  if (input.rule.firstDay < today)
    throw invalid({ "rule.firstDay": "The start date cannot be in the past. Select today or a later date." });
  const days = expandSeries(input.rule);
  if (days.length === 0) throw invalid({ rule: "This rule gives no day. Please choose other days." });
  checkServices(await services.catalogue.read(), input);
  const { seriesId, rule, ...request } = input;
  const series: SeriesRow = {
    id: seriesId,
    user_id: user.id,
    language: input.language,
    location: input.location,
    rule: JSON.stringify(rule),
    days: input.days,
    start_clock: input.startTime,
    end_clock: input.endTime,
    request: JSON.stringify(request),
    calendar_sequence: 0,
    confirmed_at: null,
    created_at: now.toISOString(),
  };
  const occurrences: OccurrenceRow[] = days.map((day) => ({
    series_id: seriesId,
    occurrence_day: day,
    day,
    start_clock: input.startTime,
    end_clock: input.endTime,
    cancelled: 0,
    booking_id: null,
  }));
  // Priced and paid as the window's bookings will be, before anything is written.
  const windowEnd = addDays(today, seriesWindowDays);
  const inWindow = occurrences.filter((occurrence) => occurrence.day <= windowEnd);
  const prepared = await prepareOccurrences(deps, services, series, inWindow, now, "refuse");
  try {
    await db.transaction().execute(async (transaction) => {
      await transaction.insertInto("booking_series").values(series).execute();
      await transaction.insertInto("booking_series_occurrences").values(occurrences).execute();
      await createOccurrences(transaction, services, userActor(user), prepared);
      await mailSeriesChange(transaction, series, "booked", days, now);
    });
  } catch (error) {
    await releaseHolds(services.payments, prepared);
    throw error;
  }
  services.payments.committed();
  return { series: await seriesView(db, series), created: true };
}

/**
 * ADR 280: the rolling window's job. Every series' occurrences that have come within the window get
 * their bookings, created by the system through the lifecycle; a card refused now books the
 * occurrence unpaid (the firm's confirmation then waits for the money, ADR 225).
 */
export async function extendSeriesWindows(deps: AppDependencies, services: SeriesServices): Promise<number> {
  const db = deps.database.db;
  const now = services.clock.now();
  const today = operatorToday(now);
  const horizon = addDays(today, seriesWindowDays);
  const seriesDue = await db
    .selectFrom("booking_series_occurrences")
    .select("series_id")
    .distinct()
    .where("booking_id", "is", null)
    .where("cancelled", "=", 0)
    .where("day", ">=", today)
    .where("day", "<=", horizon)
    .execute();
  let created = 0;
  for (const { series_id: seriesId } of seriesDue) {
    const series = await findSeries(db, seriesId);
    if (!series?.user_id) continue;
    const due = (await occurrencesOf(db, series.id)).filter(
      (occurrence) =>
        occurrence.booking_id === null && Number(occurrence.cancelled) === 0 && occurrence.day >= today && occurrence.day <= horizon,
    );
    const prepared = await prepareOccurrences(deps, services, series, due, now, "book-unpaid");
    try {
      created += await db.transaction().execute((transaction) => createOccurrences(transaction, services, { kind: "system" }, prepared));
    } catch (error) {
      await releaseHolds(services.payments, prepared);
      throw error;
    }
  }
  if (created > 0) services.payments.committed();
  return created;
}

async function ownSeries(db: Database, user: SignedInUser, id: string): Promise<SeriesRow> {
  const series = await findSeries(db, id);
  // Another customer's series answers as one that does not exist (ADR 093).
  if (!series || series.user_id !== user.id) throw notFound("noSuchBooking");
  return series;
}

export async function getOwnSeries(deps: AppDependencies, user: SignedInUser, id: string): Promise<SeriesView> {
  return seriesView(deps.database.db, await ownSeries(deps.database.db, user, id));
}

/** The owner's series, newest first. */
export async function listOwnSeries(deps: AppDependencies, user: SignedInUser): Promise<SeriesView[]> {
  const db = deps.database.db;
  const rows = await db.selectFrom("booking_series").selectAll().where("user_id", "=", user.id).orderBy("created_at", "desc").execute();
  return Promise.all(rows.map((row) => seriesView(db, row)));
}

const nothingToChange = () => HttpError.because(409, "invalid_transition", "seriesNothingToChange");

/**
 * POST /api/series/:id/changes (ADR 281): cancel, or move and retime, the occurrences of the scope:
 * "this", "following" (this and the following) or "remaining" (all from today). Each occurrence's
 * booking changes through the state machine, with its jobs and money (the cancellation refunds by
 * the rule, docs/product.md §9); occurrences not yet booked change in the series alone. Then ONE mail.
 */
export async function changeSeries(
  deps: AppDependencies,
  services: SeriesServices,
  user: SignedInUser,
  id: string,
  change: SeriesChange,
): Promise<SeriesView> {
  const db = deps.database.db;
  const now = services.clock.now();
  const today = operatorToday(now);
  const series = await ownSeries(db, user, id);
  const occurrences = await occurrencesOf(db, id);
  const states = occurrences.map((row) => ({
    occurrenceDay: row.occurrence_day,
    day: row.day,
    cancelled: Number(row.cancelled) === 1,
    row,
  }));
  const chosen = states.find((occurrence) => occurrence.occurrenceDay === change.occurrenceDay);
  if (!chosen) throw notFound("noSuchBooking");
  const scoped = occurrencesInScope(states, change.scope, change.occurrenceDay, today).map((occurrence) => occurrence.row);
  if (scoped.length === 0) throw nothingToChange();
  if (change.action === "cancel") return cancelOccurrences(deps, services, user, series, scoped, now);
  return moveOccurrences(deps, services, user, series, scoped, chosen.day, change, now);
}

async function cancelOccurrences(
  deps: AppDependencies,
  services: SeriesServices,
  user: SignedInUser,
  series: SeriesRow,
  scoped: readonly OccurrenceRow[],
  now: Date,
): Promise<SeriesView> {
  const db = deps.database.db;
  const markCancelled = (transaction: Transaction<DatabaseSchema>, occurrence: OccurrenceRow) =>
    transaction
      .updateTable("booking_series_occurrences")
      .set({ cancelled: 1 })
      .where("series_id", "=", occurrence.series_id)
      .where("occurrence_day", "=", occurrence.occurrence_day)
      .execute();
  const cancelledDays: string[] = [];
  for (const occurrence of scoped) {
    if (occurrence.booking_id === null) {
      await db.transaction().execute((transaction) => markCancelled(transaction, occurrence));
      cancelledDays.push(occurrence.occurrence_day);
      continue;
    }
    try {
      // docs/product.md §9: the lifecycle's payment effect releases or refunds by the refund rule.
      await services.bookingLifecycle.transition({
        bookingId: occurrence.booking_id,
        transition: "cancelByCustomer",
        actor: userActor(user),
        changes: { cancelled_at: now.toISOString() },
        effects: [async (transaction) => void (await markCancelled(transaction, occurrence))],
        now,
      });
      cancelledDays.push(occurrence.occurrence_day);
    } catch (error) {
      // An occurrence the firm cancelled meanwhile is out of the series already.
      if (!(error instanceof TransitionRefused)) throw error;
    }
  }
  if (cancelledDays.length === 0) throw nothingToChange();
  const first = scoped.find((occurrence) => occurrence.occurrence_day === cancelledDays[0]);
  await db
    .transaction()
    .execute((transaction) =>
      mailSeriesChange(transaction, series, "cancelled", cancelledDays, now, first ? refundNote(first.day, now) : undefined),
    );
  return seriesView(db, series);
}

async function moveOccurrences(
  deps: AppDependencies,
  services: SeriesServices,
  user: SignedInUser,
  series: SeriesRow,
  scoped: readonly OccurrenceRow[],
  chosenDay: string,
  change: Extract<SeriesChange, { action: "move" }>,
  now: Date,
): Promise<SeriesView> {
  const db = deps.database.db;
  const today = operatorToday(now);
  const request = requestOf(series);
  const problem = engagementTimesProblem(change.startTime, change.endTime, request.services);
  if (problem)
    throw invalid({
      endTime:
        problem === "validation.timesOutsideBand"
          ? "The times are outside the chosen time of day."
          : "The times are longer than the hours per day booked.",
    });
  const catalogue = await services.catalogue.read();
  const buyer = series.user_id ? await buyerVatOfCustomer(db, series.user_id) : "consumer";
  const moves = scoped.map((occurrence) => ({ occurrence, day: shiftedDay(occurrence.day, chosenDay, change.day) }));
  if (moves.some((move) => move.day < today)) throw invalid({ day: "The start date cannot be in the past. Select today or a later date." });
  // ADR 281: a move that would change any occurrence's price changes none, so a scope never half moves.
  const priceOf = (day: string) =>
    priceOccurrence(
      catalogue,
      { services: request.services, days: Number(series.days) },
      { day, startTime: change.startTime, endTime: change.endTime },
      buyer,
    ).totalCents;
  const bookedIds = moves.flatMap(({ occurrence }) => (occurrence.booking_id ? [occurrence.booking_id] : []));
  const prices =
    bookedIds.length === 0 ? [] : await db.selectFrom("bookings").select(["id", "price"]).where("id", "in", bookedIds).execute();
  const priceById = new Map(prices.map((row) => [row.id, Number(row.price)]));
  if (moves.some(({ occurrence, day }) => occurrence.booking_id !== null && priceById.get(occurrence.booking_id) !== priceOf(day))) {
    throw HttpError.because(409, "invalid_transition", "seriesChangeAltersPrice");
  }
  const movedDays: string[] = [];
  for (const { occurrence, day } of moves) {
    const period = occurrencePeriod({ day, days: Number(series.days), startTime: change.startTime, endTime: change.endTime });
    const writeOccurrence = (transaction: Transaction<DatabaseSchema>) =>
      transaction
        .updateTable("booking_series_occurrences")
        .set({ day, start_clock: change.startTime, end_clock: change.endTime })
        .where("series_id", "=", occurrence.series_id)
        .where("occurrence_day", "=", occurrence.occurrence_day)
        .execute();
    if (occurrence.booking_id === null) {
      await db.transaction().execute(writeOccurrence);
      movedDays.push(occurrence.occurrence_day);
      continue;
    }
    const bookingId = occurrence.booking_id;
    const price = priceOccurrence(
      catalogue,
      { services: request.services, days: Number(series.days) },
      { day, startTime: change.startTime, endTime: change.endTime },
      buyer,
    );
    try {
      await services.bookingLifecycle.amend({
        bookingId,
        amendment: "changeSeriesOccurrence",
        actor: userActor(user),
        details: {
          seriesId: series.id,
          occurrenceDay: occurrence.occurrence_day,
          day,
          startTime: change.startTime,
          endTime: change.endTime,
        },
        // ADR 281: a move that would change the money (a night across a change of the clocks) is
        // the firm's to price: asked for as a change (docs/product.md §12), not moved here.
        check: (booking) =>
          booking.start_date < today
            ? "This occurrence has started."
            : Number(booking.price) !== price.totalCents
              ? apiErrorReasons.seriesChangeAltersPrice
              : null,
        changes: {
          start_date: day,
          end_date: period.lastDay,
          start_time: period.start.toISOString(),
          end_time: period.end.toISOString(),
          start_clock: change.startTime,
          end_clock: change.endTime,
        },
        now,
        effects: [
          async (transaction, { after }) => {
            await writeOccurrence(transaction);
            // ADR 098: the occurrence's timed work follows it to its new times.
            if (after.status === "confirmed") {
              await cancelBookingJobs(transaction, bookingId);
              await scheduleStartReminder(transaction, { id: bookingId, startTime: after.start_time }, { now: () => now });
              await scheduleBookingProgress(
                transaction,
                { id: bookingId, startTime: after.start_time, endTime: after.end_time },
                { now: () => now },
              );
            }
          },
        ],
      });
      movedDays.push(occurrence.occurrence_day);
    } catch (error) {
      if (!(error instanceof TransitionRefused)) throw error;
      if (error.reason === "check" && error.message === apiErrorReasons.seriesChangeAltersPrice)
        throw HttpError.because(409, "invalid_transition", "seriesChangeAltersPrice");
      if (error.reason === "check") continue;
      // Cancelled or completed meanwhile: out of this change.
    }
  }
  if (movedDays.length === 0) throw nothingToChange();
  await db.transaction().execute((transaction) => mailSeriesChange(transaction, series, "moved", movedDays, now));
  return seriesView(db, series);
}

/**
 * POST /api/operator/series/:id/confirm (ADR 284): the firm confirms the whole series (every pending
 * occurrence, and the series itself) or one occurrence. Each goes through the state machine as the
 * console's confirmation does: confirmed, or waiting for its money when its card is still to be
 * charged (ADR 225); the payment effect captures. Then ONE mail to the customer.
 */
export async function confirmSeries(
  deps: AppDependencies,
  services: SeriesServices,
  staff: SignedInUser,
  id: string,
  occurrenceDay: string | undefined,
): Promise<SeriesView> {
  const db = deps.database.db;
  const now = services.clock.now();
  const series = await findSeries(db, id);
  if (!series) throw notFound("noSuchBooking");
  const occurrences = (await occurrencesOf(db, id)).filter(
    (occurrence) => occurrence.booking_id !== null && (occurrenceDay === undefined || occurrence.occurrence_day === occurrenceDay),
  );
  const confirmed: string[] = [];
  for (const occurrence of occurrences) {
    const bookingId = occurrence.booking_id as string;
    const booking = await db.selectFrom("bookings").select("status").where("id", "=", bookingId).executeTakeFirst();
    if (booking?.status !== "pending") continue;
    const awaitsPayment = moneyUnsecured(await ledgerOf(db, bookingId));
    await services.bookingLifecycle.transition({
      bookingId,
      transition: awaitsPayment ? "awaitPayment" : "confirm",
      actor: userActor(staff),
      changes: { confirmed_at: now.toISOString() },
      now,
    });
    confirmed.push(occurrence.occurrence_day);
  }
  if (confirmed.length === 0) throw nothingToChange();
  await db.transaction().execute(async (transaction) => {
    if (occurrenceDay === undefined) {
      await transaction.updateTable("booking_series").set({ confirmed_at: now.toISOString() }).where("id", "=", id).execute();
    }
    await mailSeriesChange(transaction, series, "confirmed", confirmed, now);
  });
  return seriesView(db, (await findSeries(db, id)) ?? series);
}

/** GET /api/admin/series/of-booking/:id (staff, ADR 284): the series a booking is an occurrence of, or null. */
export async function seriesOfBooking(deps: AppDependencies, bookingId: string): Promise<SeriesOfBooking | null> {
  const db = deps.database.db;
  const occurrence = await db
    .selectFrom("booking_series_occurrences")
    .select(["series_id", "occurrence_day"])
    .where("booking_id", "=", bookingId)
    .executeTakeFirst();
  const series = occurrence ? await findSeries(db, occurrence.series_id) : undefined;
  if (!occurrence || !series) return null;
  const team = await db
    .selectFrom("booking_assignments")
    .select(["operative_id", "is_lead"])
    .where("booking_id", "=", bookingId)
    .where("state", "in", ["offered", "accepted"])
    .orderBy("is_lead", "desc")
    .execute();
  return {
    series: await seriesView(db, series),
    occurrenceDay: occurrence.occurrence_day,
    team: team.map((member) => ({ operativeId: member.operative_id, lead: Number(member.is_lead) === 1 })),
  };
}

/** ADR 283: the series as its mail renders it when sent: the view, its rule, and the calendar's own fields. */
export async function seriesForMail(deps: AppDependencies, id: string) {
  const series = await findSeries(deps.database.db, id);
  if (!series) return undefined;
  const request = requestOf(series);
  return {
    language: series.language,
    view: await seriesView(deps.database.db, series),
    rule: ruleOf(series),
    meetingPoint: request.meetingPoint ?? null,
    codename: request.principal?.codename ?? null,
    confirmed: series.confirmed_at !== null,
  };
}

export type SeriesForMail = NonNullable<Awaited<ReturnType<typeof seriesForMail>>>;

import { assignedLeadFor, assignedLeadsFor, customerTeamOf, ratingOfBooking, sharedIncidentsOf } from "../../assigned-leads.ts";
import { defaultCustomerName } from "../../../shared/customer-names.ts";
import type { ratingSchema } from "../../../shared/operatives.ts";
import { createHash } from "node:crypto";
import type { z } from "zod";
import {
  maximumBookingDays,
  type BookingQuote,
  type BookingView,
  type CatalogueService,
  type ServiceType,
  type createBookingSchema,
  type quoteBookingSchema,
} from "../../../shared/booking.ts";
import { bookingSearchProblem } from "../../../shared/booking-search.ts";
import { sortCatalogue } from "../../../shared/catalogue.ts";
import { bookingPeriod, priceSelection, serviceLineProblems, type QuoteLine } from "../../../shared/pricing.ts";
import { addDays, operatorToday, parseIsoDay, startOfDayInZone } from "../../../shared/time.ts";
import { enforceRateLimits, RateLimitedError, type RateLimitCheck } from "../../auth/rate-limit.ts";
import { configuredRateLimitRules, withLimit } from "../../rate-limit-rules.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import type { AppDependencies } from "../../context.ts";
import type { AppServices } from "../../app-env.ts";
import type { BookingsTable } from "../../db/tables/bookings.ts";
import { idempotencyKeyReused } from "../../http/idempotency-key.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { apiErrorReasons } from "../../../shared/api-error-reasons.ts";
import { GatewayRefusal } from "../../payments/gateway.ts";
import type { BookingForMail } from "../../mail/registry.ts";
import { windowStartDay, type BookingWindow, type CustomerBooking, type CustomerBookingList } from "../../../shared/customer-bookings.ts";
import { refundNote } from "../../../shared/pricing.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { isCancelled } from "../../../shared/booking-lifecycle.ts";
import { canAccessBooking, userActor } from "../../access/booking-access.ts";
import { TransitionRefused } from "../../booking-lifecycle/state-machine.ts";
import { bookingLinesOf, bookingLinesOfOne } from "../../booking-lines.ts";
import { declineMessageCopy } from "../../../shared/payments.ts";
import type { Database } from "../../db/database.ts";
import { buyerVatOfCustomer } from "../../buyer-vat.ts";
import { lineForBuyer, type BuyerVat } from "../../../shared/buyer-vat.ts";
import { sumCents } from "../../../shared/money.ts";
import { ledgerOf, paymentViewsFor } from "../../payments/ledger.ts";
import {
  invoiceApproved,
  paysByInvoice,
  undoInvoiceChoice,
  writePreparedPayment,
  type PaymentsService,
  type PaymentWrite,
} from "../../payments/payments-service.ts";
import { confirmWhenSecured } from "../../payments/payment-needed.ts";
import { companyCreationEffect, companyCreationOf, planCompanyBooking } from "../../companies/company-bookings.ts";
import type { CardInstead, SecurePayment } from "../../../shared/booking.ts";
import { cardDeclined } from "../../payments/declines.ts";
import { engagementColumns, nextCalendarSequence } from "../../engagement.ts";
import {
  findOwnCard,
  findBookingById,
  findBookingByKey,
  findVisibleBooking,
  listPastBookings,
  listUpcomingBookings,
  toBookingView,
  toCustomerBooking,
} from "./repo.ts";

type CreateBooking = z.output<typeof createBookingSchema>;
type QuoteBooking = z.output<typeof quoteBookingSchema>;

function invalid(fields: Record<string, string>): HttpError {
  const first = Object.values(fields)[0] ?? "The booking is not valid.";
  return new HttpError(400, "invalid_input", first, fields);
}

type PricedBooking = { startDate: string; endDate: string; totalDays: number; lines: QuoteLine[]; totalCents: number; vatCents: number };

/**
 * docs/product.md §5 booking rules the schema cannot check alone (they need the catalogue or today's date),
 * then the prices, computed from the catalogue only (ADR 121: the client's prices are
 * never read — the schema does not even carry them).
 */
export function priceBooking(catalogue: readonly CatalogueService[], input: QuoteBooking, now: Date): PricedBooking {
  const fields: Record<string, string> = {};
  // The date rules of the booking search (docs/product.md §5), shared with the booking page; the location is
  // the schema's, and the past is checked here because only the server's clock counts.
  const dateProblem = bookingSearchProblem(
    { location: "", startDate: input.startDate, endDate: input.endDate ?? null },
    { requireLocation: false, requireEndDate: false },
  );
  if (dateProblem === "selectDate") fields.startDate = "Select a date";
  // ADR 050: 'today' is the operator's day in Europe/Stockholm.
  else if (input.startDate < operatorToday(now)) fields.startDate = "The start date cannot be in the past. Select today or a later date.";
  if (dateProblem === "selectEndDate") fields.endDate = "Select end date";
  else if (dateProblem === "endBeforeStart") fields.endDate = "The end date must be on or after the start date.";
  else if (dateProblem === "rangeTooLong" && !fields.startDate) fields.endDate = `A booking can cover at most ${maximumBookingDays} days.`;
  Object.assign(fields, serviceLineProblems(catalogue, input.services));
  if (Object.keys(fields).length > 0) throw invalid(fields);

  const period = bookingPeriod(input.startDate, input.endDate, input.services);
  // The stored end instant is the start of the day after the last day, which must still be a
  // 'YYYY-MM-DD' day: a period running past 9999-12-30 could not be stored (it failed with 500).
  if (parseIsoDay(period.endDate) === null || period.endDate > "9999-12-30") {
    throw invalid({ startDate: "Select an earlier start date." });
  }
  // Lines in catalogue order (residential, driver, outdoor) so the first is the main service.
  const order = new Map(sortCatalogue(catalogue).map((service, index) => [service.id, index]));
  const services = [...input.services].sort((a, b) => (order.get(a.serviceId) ?? 0) - (order.get(b.serviceId) ?? 0));
  const { lines, totalCents, vatCents } = priceSelection(catalogue, services, period.totalDays);
  return { ...period, lines, totalCents, vatCents };
}

/** Rules with a limit of 0 are switched off (ADR 034). */
function activeChecks(checks: RateLimitCheck[]): RateLimitCheck[] {
  return checks.filter((check) => check.rule.limit > 0);
}

/**
 * ADR 034: a quote writes nothing but costs CPU, so an address gets a generous hourly budget;
 * one more than the limit answers 429 rate_limited.
 */
export async function quoteBooking(
  deps: AppDependencies,
  { catalogue }: Pick<AppServices, "catalogue">,
  input: QuoteBooking,
  clientAddress: string,
  now = new Date(),
): Promise<BookingQuote> {
  const limit = deps.env.bookingLimits.quotesPerAddressHour;
  await enforceRateLimits(
    deps.database.db,
    activeChecks([{ rule: withLimit(configuredRateLimitRules.quotesPerAddressHour, limit), subject: clientAddress }]),
  );
  const priced = priceBooking(await catalogue.read(), input, now);
  const { startDate, endDate, totalDays, lines, totalCents, vatCents } = priced;
  return { startDate, endDate, totalDays, lines, totalCents, vatCents };
}

/** What identifies "the same request" (ADR 051): everything the customer chose, never the id. */
/** ADR 222: the priced booking as this buyer pays it (its lines, and the totals as their sums). */
function pricedForBuyer(priced: PricedBooking, buyer: BuyerVat): PricedBooking {
  const lines = priced.lines.map((line) => lineForBuyer(line, buyer));
  return {
    ...priced,
    lines,
    totalCents: sumCents(lines.map((line) => line.totalCents)),
    vatCents: sumCents(lines.map((line) => line.vatCents)),
  };
}

function requestHash(input: CreateBooking, priced: PricedBooking): string {
  const content = {
    location: input.location,
    startDate: priced.startDate,
    endDate: priced.endDate,
    services: priced.lines.map((line) => ({ serviceId: line.serviceId, options: line.options })),
    notes: input.notes ?? null,
    language: input.language,
    // docs/product.md §12: the engagement details are part of the request.
    engagement: engagementColumns(input),
    // docs/companies.md: the company, its cost centre and reference (absent for a booking of one's own).
    ...(input.company && { company: input.company }),
  };
  return createHash("sha256").update(JSON.stringify(content)).digest("hex");
}

function toRow(
  user: SignedInUser,
  input: CreateBooking,
  priced: PricedBooking,
  serviceType: ServiceType,
  idempotencyKey: string | null,
  now: Date,
): BookingsTable {
  const firstWith = <Key extends "timeOfDay" | "style" | "duration" | "car">(key: Key) =>
    priced.lines.find((line) => line.options[key] !== undefined)?.options[key] ?? null;
  return {
    id: input.bookingId,
    user_id: user.id,
    customer_name: user.name.trim() || defaultCustomerName,
    cancelled_at: null,
    location: input.location,
    start_time: startOfDayInZone(priced.startDate).toISOString(),
    end_time: startOfDayInZone(addDays(priced.endDate, 1)).toISOString(),
    start_date: priced.startDate,
    end_date: priced.endDate,
    // docs/money.md: integer cents, VAT included; the total and its VAT are sums of the lines.
    price: priced.totalCents,
    vat_cents: priced.vatCents,
    // docs/product.md §3 has one service_type column: the main (first) service's; every line is in booking_lines.
    service_type: serviceType,
    status: "pending",
    time_of_day: firstWith("timeOfDay"),
    guard_count: priced.lines.reduce((sum, line) => sum + line.options.guards, 0),
    style: firstWith("style"),
    car_option: firstWith("car"),
    duration: firstWith("duration"),
    total_days: priced.totalDays,
    customer_note: input.notes || null,
    ...engagementColumns(input),
    language: input.language,
    idempotency_key: idempotencyKey,
    request_hash: requestHash(input, priced),
    created_at: now.toISOString(),
  };
}

const replayConflict = () =>
  new HttpError(409, "booking_conflict", "This booking was already submitted with different details. Please start a new booking.");

/**
 * POST /api/bookings. A double click, a retry or a replay creates exactly one booking and one mail:
 * the row is inserted with "on conflict do nothing" and the existing one is answered (ADR 051).
 */
export async function createBooking(
  deps: AppDependencies,
  services: Pick<AppServices, "catalogue" | "bookingWriter" | "payments">,
  user: SignedInUser,
  input: CreateBooking,
  idempotencyKey: string | null,
  clientAddress: string,
  now = new Date(),
): Promise<{ booking: BookingView; created: boolean }> {
  const db = deps.database.db;
  const catalogue = await services.catalogue.read();
  // ADR 222: the buyer's price rule prices the booking; the hold, the capture and every document
  // then read the booking's own amounts.
  const byInvoice = input.payment !== undefined && "invoice" in input.payment;
  // docs/companies.md: a booking for a company is bought by the company (its VAT number, its invoice).
  const company = input.company ? await planCompanyBooking(db, user.id, input.company, byInvoice) : null;
  const buyerVat = await buyerVatOfCustomer(db, company?.accountUserId ?? user.id);
  const priced = pricedForBuyer(priceBooking(catalogue, input, now), buyerVat);
  const mainService = catalogue.find((service) => service.id === priced.lines[0]?.serviceId);
  const row = { ...toRow(user, input, priced, mainService?.type ?? "vip_outdoor", idempotencyKey, now), buyer_vat: buyerVat };
  const companyWrite = company ? companyWriteOf(company, row, priced, catalogue, user) : undefined;

  // ADR 034: every booking queues a mail, so one account or address cannot flood the outbox.
  // Checked after validation, so an invalid booking counts nothing; a refused one writes nothing.
  const { perAccountHour, perAddressHour } = deps.env.bookingLimits;
  const limits = activeChecks([
    { rule: withLimit(configuredRateLimitRules.bookingsPerAccountHour, perAccountHour), subject: user.id },
    { rule: withLimit(configuredRateLimitRules.bookingsPerAddressHour, perAddressHour), subject: clientAddress },
  ]);
  // docs/payments.md: the card is checked (and, within the longest hold, the total authorised)
  // before the booking's commit, outside any transaction; a refused card leaves no booking. A
  // replay of a stored booking asks the provider nothing.
  // ADR 221: invoice payment is open to an approved company; it books without a card or a hold.
  if (byInvoice && !(await invoiceApproved(db, company?.accountUserId ?? user.id)))
    throw HttpError.because(403, "forbidden", "invoicePaymentNeedsApproval");
  // ADR 217: the key is bound to the request it first came with (ADR 051's request hash, which
  // leaves out the attempt's id); another request under it is refused before any card is asked.
  const keyed = idempotencyKey ? await findBookingByKey(db, user.id, idempotencyKey) : undefined;
  if (keyed && keyed.request_hash !== row.request_hash) throw idempotencyKeyReused();
  const payment =
    input.payment && !byInvoice && !keyed && !(await findBookingById(db, row.id))
      ? await preparePayment(services.payments, db, user, input, row, now)
      : undefined;
  const insert = await services.bookingWriter(row, priced.lines, user.email, limits, payment, byInvoice, companyWrite);
  if (insert.outcome === "refused") {
    await releaseHold(services.payments, payment);
    throw new RateLimitedError("tooManyBookings", insert.retryAfterSeconds);
  }
  if (insert.outcome === "created") {
    const view = toBookingView(row, priced.lines);
    // ADR 053: a booking just made has no approval waiting, and with neither a card nor an invoice
    // no payment side at all: nothing to read back.
    return { booking: payment || byInvoice ? await withPayment(db, view, null) : view, created: true };
  }

  const byKey = idempotencyKey ? await findBookingByKey(db, user.id, idempotencyKey) : undefined;
  if (byKey && byKey.request_hash !== row.request_hash) throw idempotencyKeyReused();
  const existing = (await findBookingById(db, row.id)) ?? byKey;
  // Someone else's id, or the same id/key with other content: refuse without revealing anything.
  if (!existing || existing.user_id !== user.id || existing.request_hash !== row.request_hash) throw replayConflict();
  return {
    booking: await withPayment(db, toBookingView(existing, await bookingLinesOfOne(db, existing.id)), existing.approval_total_cents),
    created: false,
  };
}

/** ADR 276: the creation a company booking takes by its company's rules, and the company's part of it. */
function companyWriteOf(
  plan: Awaited<ReturnType<typeof planCompanyBooking>>,
  row: BookingsTable,
  priced: PricedBooking,
  catalogue: readonly CatalogueService[],
  user: SignedInUser,
) {
  const types = priced.lines
    .map((line) => catalogue.find((service) => service.id === line.serviceId)?.type)
    .filter((type) => type !== undefined);
  const { creation, reasons } = companyCreationOf(plan, {
    totalCents: priced.totalCents,
    serviceTypes: types,
    startDate: priced.startDate,
    endDate: priced.endDate,
    startClock: row.start_clock,
    endClock: row.end_clock,
  });
  return { creation, effect: companyCreationEffect(plan, reasons, user.name.trim() || user.email) };
}

/** The booking view with its payment side (docs/payments.md). */
async function withPayment<View extends BookingView>(db: Database, view: View, knownApprovalTotalCents?: number | null): Promise<View> {
  const approvalTotalCents =
    knownApprovalTotalCents !== undefined
      ? knownApprovalTotalCents
      : ((await db.selectFrom("bookings").select("approval_total_cents").where("id", "=", view.id).executeTakeFirst())
          ?.approval_total_cents ?? null);
  const payment = (await paymentViewsFor(db, [{ id: view.id, approval_total_cents: approvalTotalCents }])).get(view.id);
  return { ...view, ...(payment && (payment.status !== "none" || payment.invoice) && { payment }) };
}

/** A code of its own: the booking page words it in the visitor's language (ADR 025). */
const cardNotInWallet = () => new HttpError(400, "card_not_in_wallet", "This card is not in your wallet. Please choose another card.");

const chargeLaterConsentMessage =
  "This booking starts later than a card hold can last, so we save your card and charge it when we confirm. Please agree to that to continue.";

async function preparePayment(
  payments: PaymentsService,
  db: Database,
  user: SignedInUser,
  input: CreateBooking,
  row: BookingsTable,
  now: Date,
): Promise<PaymentWrite | undefined> {
  const choice = input.payment;
  if (!choice || !("paymentMethodId" in choice)) return undefined;
  const card = await findOwnCard(db, user.id, choice.paymentMethodId);
  if (!card) throw cardNotInWallet();
  if (!payments.authorisesNow(row.start_time, now) && choice.chargeLaterConsent !== true) {
    throw invalid({ "payment.chargeLaterConsent": chargeLaterConsentMessage });
  }
  return holdCard(payments, {
    bookingId: row.id,
    userId: user.id,
    amountCents: row.price,
    startTime: row.start_time,
    card: { token: card.provider_payment_id, brand: card.card_brand, lastFour: card.card_last_four },
    now,
  });
}

/**
 * Asks the provider for a card's money (at booking, or for a booking whose charge failed) and
 * turns every answer but success into the customer's refusal: a declined card, the bank's check
 * (402 with where to complete it), or the key already used with another card (ADR 191: the same
 * booking or attempt sent again with another card or total is not the first request repeated).
 */
async function holdCard(payments: PaymentsService, request: Parameters<PaymentsService["prepare"]>[0]): Promise<PaymentWrite> {
  const prepared = await payments.prepare(request).catch((error: unknown) => {
    if (error instanceof GatewayRefusal && error.code === "idempotency_key_in_use") {
      throw HttpError.because(409, "payment_not_allowed", "bookingStartedWithOtherCard");
    }
    throw error;
  });
  if (prepared.outcome === "declined") throw cardDeclined(prepared.code);
  if (prepared.outcome === "requires_action") {
    throw new HttpError(402, "payment_requires_action", declineMessageCopy.en.authentication_required, {
      ...(prepared.challengeUrl && { challengeUrl: prepared.challengeUrl }),
      ...(prepared.clientSecret && { clientSecret: prepared.clientSecret }),
    });
  }
  return prepared.write;
}

/** A hold taken for a booking that was then not written (a rate limit) is released at once. */
async function releaseHold(payments: PaymentsService, payment: PaymentWrite | undefined): Promise<void> {
  const providerPaymentId = payment?.payment.provider_payment_id;
  if (!providerPaymentId) return;
  await payments.gateway.void({ providerPaymentId, idempotencyKey: `void:${String(payment.payment.id)}` }).catch(() => undefined);
}

/**
 * A stored booking as the outbox worker renders its mails when it sends them (ADR 037, 053). The
 * refund line is as of the moment of booking, like a mail rendered at once.
 */
export async function bookingForMail(deps: AppDependencies, bookingId: string): Promise<BookingForMail | undefined> {
  const row = await findBookingById(deps.database.db, bookingId);
  if (!row) return undefined;
  const lines = await bookingLinesOfOne(deps.database.db, row.id);
  return {
    language: row.language,
    // ADR 181: a mail and its calendar file name the protected person by codename only.
    booking: await withPayment(deps.database.db, toBookingView(row, lines, false)),
    bookedAt: new Date(row.created_at),
    calendarSequence: Number(row.calendar_sequence),
  };
}

export async function getOwnBooking(deps: AppDependencies, user: SignedInUser, id: string): Promise<CustomerBooking> {
  const row = await findVisibleBooking(deps.database.db, userActor(user), id);
  if (!row) throw notFound("noSuchBooking");
  const db = deps.database.db;
  return withPayment(db, {
    // ADR 181: the protected person's real name as the access policy allows (the owner entered it).
    ...toCustomerBooking(
      row,
      await bookingLinesOfOne(db, row.id),
      await assignedLeadFor(db, row.id),
      canAccessBooking(userActor(user), row, "principal"),
    ),
    team: await customerTeamOf(db, row.id),
    sharedIncidents: await sharedIncidentsOf(db, row.id),
    rating: await ratingOfBooking(db, row.id),
  });
}

/**
 * POST /api/bookings/:id/rating (docs/operatives.md): the owner rates a completed booking once,
 * 1 to 5 stars with an optional comment; operators see it per booking and per operative.
 */
export async function rateBooking(deps: AppDependencies, user: SignedInUser, id: string, input: z.output<typeof ratingSchema>) {
  const db = deps.database.db;
  const row = await findVisibleBooking(db, userActor(user), id);
  if (!row || row.user_id !== user.id) throw notFound("noSuchBooking");
  if (row.status !== "completed") throw HttpError.because(409, "invalid_transition", "ratingAfterCompletion");
  const inserted = await db
    .insertInto("booking_ratings")
    .values({ booking_id: id, user_id: user.id, stars: input.stars, comment: input.comment || null, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column("booking_id").doNothing())
    .returning("booking_id")
    .executeTakeFirst();
  if (!inserted) throw HttpError.because(409, "invalid_transition", "bookingAlreadyRated");
  return getOwnBooking(deps, user, id);
}

/**
 * GET /api/bookings (docs/product.md §2 BOOKINGS, §4, §9): upcoming bookings (all of them) and past ones
 * within the window, both chosen in SQL by the operator's calendar day (ADR 050).
 */
export async function listBookings(
  deps: AppDependencies,
  user: SignedInUser,
  window: BookingWindow,
  now = new Date(),
): Promise<CustomerBookingList> {
  const db = deps.database.db;
  const today = operatorToday(now);
  const [upcoming, past] = await Promise.all([
    listUpcomingBookings(db, userActor(user), today),
    listPastBookings(db, userActor(user), today, windowStartDay(today, window)),
  ]);
  const ids = [...upcoming, ...past].map((row) => row.id);
  const [leads, lines, payments] = await Promise.all([
    assignedLeadsFor(db, ids),
    bookingLinesOf(db, ids),
    paymentViewsFor(db, [...upcoming, ...past]),
  ]);
  const view = (row: (typeof upcoming)[number]) => {
    const payment = payments.get(row.id);
    return {
      ...toCustomerBooking(row, lines.get(row.id) ?? [], leads.get(row.id) ?? null),
      ...(payment && (payment.status !== "none" || payment.invoice) && { payment }),
    };
  };
  return { upcoming: upcoming.map(view), past: past.map(view) };
}

const notCancellable = (reason: "bookingStartedCannotCancel" | "bookingAlreadyCancelled") =>
  HttpError.because(409, "booking_not_cancellable", reason);

/**
 * POST /api/bookings/:id/cancel (docs/product.md §4, §9). Only the owner's pending or confirmed booking that
 * has not started can be cancelled. The state machine (ADR 090) writes the status, cancelled_at,
 * the audit row, the event and, as this transition's effect, the cancellation mail (with the
 * refund rule as of now) in one transaction, so a cancelled booking always has exactly one mail
 * and a refused cancel changes nothing. A repeated cancel answers 409 and sends nothing.
 */
export async function cancelBooking(
  deps: AppDependencies,
  services: Pick<AppServices, "bookingLifecycle">,
  user: SignedInUser,
  id: string,
  now = new Date(),
): Promise<CustomerBooking> {
  const today = operatorToday(now);
  // ADR 276: a booking still waiting for its company's approval is withdrawn by its own step.
  const current = await deps.database.db.selectFrom("bookings").select("status").where("id", "=", id).executeTakeFirst();
  try {
    const updated = await services.bookingLifecycle.transition({
      bookingId: id,
      transition: current?.status === "awaiting_company_approval" ? "companyWithdraw" : "cancelByCustomer",
      actor: userActor(user),
      changes: { cancelled_at: now.toISOString() },
      check: (row) => (row.start_date < today ? apiErrorReasons.bookingStartedCannotCancel : null),
      effects: [
        async (transaction, { after }) => {
          // ADR 182: the cancel removes the customer's calendar entry with the next sequence.
          const calendarSequence = await nextCalendarSequence(transaction, after.id);
          await enqueueMail(transaction, {
            kind: "booking-cancellation",
            to: user.email,
            payload: { bookingId: after.id, refund: refundNote(after.start_date, now), calendarSequence, at: now.toISOString() },
          });
        },
      ],
      now,
    });
    return withPayment(deps.database.db, toCustomerBooking(updated, await bookingLinesOfOne(deps.database.db, updated.id)));
  } catch (error) {
    if (!(error instanceof TransitionRefused)) throw error;
    // Staff reach other customers' bookings in the console, not here: as for anyone else, 404.
    if (error.reason === "not_found" || error.reason === "not_allowed") throw notFound("noSuchBooking");
    // The one check above: the booking has started.
    if (error.reason === "check") throw notCancellable("bookingStartedCannotCancel");
    if (error.booking && isCancelled(error.booking.status)) throw notCancellable("bookingAlreadyCancelled");
    // The code's own wording says this (ADR 211).
    throw new HttpError(409, "booking_not_cancellable", "This booking can no longer be cancelled. Please contact support.");
  }
}

/**
 * POST /api/bookings/:id/payment (ADR 225): the owner secures the money of a booking whose charge
 * at confirmation failed, before its deadline — with the same card through the bank's check (the
 * simulated bank's page, as at booking) or with another saved card. The card is held now, outside
 * any transaction (the customer waits for the bank), under the attempt's own key; then one
 * transition writes the hold, moves the booking to confirmed (whose payment effect captures it)
 * and queues the confirmation mail with its calendar entry. A repeated attempt finds the same hold.
 */
export async function securePayment(
  deps: AppDependencies,
  services: Pick<AppServices, "bookingLifecycle" | "payments" | "clock">,
  user: SignedInUser,
  id: string,
  input: SecurePayment,
): Promise<CustomerBooking> {
  const db = deps.database.db;
  const now = services.clock.now();
  const booking = await findBookingById(db, id);
  if (!booking || booking.user_id !== user.id) throw notFound("noSuchBooking");
  // Until the charge has failed (the deadline set) the charge is still on its way: nothing to do yet.
  if (booking.status !== "payment_needed" || booking.payment_due_at === null) {
    throw HttpError.because(409, "payment_not_allowed", "noPaymentNeeded");
  }
  if (Date.parse(booking.payment_due_at) <= now.getTime()) throw HttpError.because(409, "payment_not_allowed", "paymentDeadlinePassed");
  const card = await findOwnCard(db, user.id, input.paymentMethodId);
  if (!card) throw cardNotInWallet();
  const ledger = await ledgerOf(db, id);
  const amountCents = ledger.payments
    .filter((payment) => payment.position.state === "failed")
    .reduce((sum, payment) => sum + payment.amount_cents, 0);
  if (amountCents <= 0) throw HttpError.because(409, "payment_not_allowed", "noPaymentNeeded");
  const write = await holdCard(services.payments, {
    bookingId: id,
    userId: user.id,
    amountCents,
    startTime: booking.start_time,
    card: { token: card.provider_payment_id, brand: card.card_brand, lastFour: card.card_last_four },
    now,
    returnUrl: `/customer-dashboard/bookings/${id}`,
    attempt: { key: input.attemptId, holdNow: true },
  });
  const moved = await confirmWhenSecured(services.bookingLifecycle, id, userActor(user), now, [
    (transaction) => writePreparedPayment(transaction, write, now),
  ]);
  if (!moved) {
    // Moved meanwhile: by this same attempt sent twice (its hold is the booking's now), or cancelled
    // or confirmed otherwise, when this hold is released at once.
    const providerPaymentId = write.payment.provider_payment_id;
    const kept = await db
      .selectFrom("payments")
      .select("id")
      .where("booking_id", "=", id)
      .where("provider_payment_id", "=", providerPaymentId ?? "")
      .executeTakeFirst();
    if (!kept) await releaseHold(services.payments, write);
  }
  return getOwnBooking(deps, user, id);
}

/**
 * POST /api/bookings/:id/card-payment (ADR 244): the owner of a pending booking paid by invoice pays
 * it by card instead. The card is held (or saved to be charged on confirmation, with the customer's
 * consent) as at booking, outside any transaction, under the attempt's own key, so the bank's check
 * returns to the same hold; then the state machine's `changePaymentMethod` amendment undoes the
 * invoice choice and writes the card's payment in one transaction (audited, its event on the live
 * stream). Refused once the booking is confirmed (409), when the hold is released at once.
 */
export async function payByCardInstead(
  deps: AppDependencies,
  services: Pick<AppServices, "bookingLifecycle" | "payments" | "clock">,
  user: SignedInUser,
  id: string,
  input: CardInstead,
): Promise<CustomerBooking> {
  const db = deps.database.db;
  const now = services.clock.now();
  const booking = await findBookingById(db, id);
  if (!booking || booking.user_id !== user.id) throw notFound("noSuchBooking");
  const whilePending = () => HttpError.because(409, "invalid_transition", "cardPaymentWhilePending");
  if (booking.status !== "pending") throw whilePending();
  // Already by card: this attempt sent again after it was taken, or a second tab.
  if (!(await paysByInvoice(db, id))) return getOwnBooking(deps, user, id);
  const card = await findOwnCard(db, user.id, input.paymentMethodId);
  if (!card) throw cardNotInWallet();
  if (!services.payments.authorisesNow(booking.start_time, now) && input.chargeLaterConsent !== true) {
    throw invalid({ chargeLaterConsent: chargeLaterConsentMessage });
  }
  const write = await holdCard(services.payments, {
    bookingId: id,
    userId: user.id,
    amountCents: Number(booking.price),
    startTime: booking.start_time,
    card: { token: card.provider_payment_id, brand: card.card_brand, lastFour: card.card_last_four },
    now,
    returnUrl: `/customer-dashboard/bookings/${id}`,
    attempt: { key: input.attemptId, holdNow: false },
  });
  try {
    await services.bookingLifecycle.amend({
      bookingId: id,
      amendment: "changePaymentMethod",
      actor: userActor(user),
      details: { paymentMethod: "card" },
      now,
      // The table lets a needed payment move to invoice (ADR 245); a card replaces an invoice only while pending.
      check: (current) => (current.status === "pending" ? null : apiErrorReasons.cardPaymentWhilePending),
      effects: [
        async (transaction) => {
          if (!(await undoInvoiceChoice(transaction, id))) throw new TransitionRefused("check", null, "Paid by card already.");
          await writePreparedPayment(transaction, write, now);
        },
      ],
    });
  } catch (error) {
    await releaseHold(services.payments, write);
    if (!(error instanceof TransitionRefused)) throw error;
    if (error.reason === "not_found" || error.reason === "not_allowed") throw notFound("noSuchBooking");
    // Moved to a card meanwhile by another attempt: the booking as it is.
    if (error.reason === "check" && error.booking === null) return getOwnBooking(deps, user, id);
    throw whilePending();
  }
  return getOwnBooking(deps, user, id);
}

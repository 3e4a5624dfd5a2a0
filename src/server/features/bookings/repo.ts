import { buyerVatOfBooking } from "../../../shared/buyer-vat.ts";
import type { BookingLine, BookingView } from "../../../shared/booking.ts";
import type { CustomerBooking } from "../../../shared/customer-bookings.ts";
import type { AssignedLead } from "../../../shared/operator.ts";
import type { Transaction } from "kysely";
import { releaseRateLimits, takeRateLimitSlots, type RateLimitCheck } from "../../auth/rate-limit.ts";
import type { Database, DatabaseHandle } from "../../db/database.ts";
import { groupCommit } from "../../db/group-commit.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import type { BookingsTable } from "../../db/tables/bookings.ts";
import { neutralPlace } from "../../../shared/place-names.ts";
import type { BookingOperatorColumns } from "../../db/tables/operator.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { bookingsOfParty, canAccessBooking, type BookingActor } from "../../access/booking-access.ts";
import { engagementView } from "../../engagement.ts";
import { writePreparedPayment, type PaymentWrite } from "../../payments/payments-service.ts";
import { writePaymentStatus } from "../../payments/ledger.ts";
import type { BookingLifecycle, CreationEffect } from "../../booking-lifecycle/state-machine.ts";
import type { BookingCreation } from "../../../shared/booking-lifecycle.ts";

// Queries of the bookings feature. Every read goes through the booking access policy (ADR 093):
// another user's booking id finds nothing and answers 404.

/** A booking and its lines (read with bookingLinesOf, checked by the shared schema) as the API answers them. */
export function toBookingView(row: BookingsTable, lines: BookingLine[], showPrincipalName = true): BookingView {
  return {
    // docs/product.md §12: the owner sees what they entered (ADR 181); mails pass false.
    ...engagementView(row, showPrincipalName),
    id: row.id,
    location: row.location,
    startDate: row.start_date,
    endDate: row.end_date,
    totalDays: row.total_days,
    status: row.status,
    totalCents: Number(row.price),
    vatCents: Number(row.vat_cents),
    buyerVat: buyerVatOfBooking(row),
    customerName: row.customer_name,
    services: lines,
    createdAt: row.created_at,
  };
}

/** The dashboard's view of a row (docs/product.md §2 BOOKINGS card and detail), with its lead once confirmed. */
export function toCustomerBooking(
  row: BookingsTable & BookingOperatorColumns & { payment_due_at?: string | null },
  lines: BookingLine[],
  lead: AssignedLead | null = null,
  showPrincipalName = true,
): CustomerBooking {
  return {
    ...toBookingView(row, lines, showPrincipalName),
    guardCount: row.guard_count,
    timeOfDay: row.time_of_day,
    style: row.style,
    car: row.car_option,
    duration: row.duration,
    note: row.customer_note,
    cancelledAt: row.cancelled_at,
    operatorNote: row.operator_note,
    declineReason: row.decline_reason,
    paymentDueAt: row.payment_due_at ?? null,
    lead,
  };
}

type BookingWrite = {
  row: BookingsTable;
  lines: readonly BookingLine[];
  recipient: string;
  limits: readonly RateLimitCheck[];
  /** docs/payments.md: the booking is created with its payment state in one step. */
  payment?: PaymentWrite;
  /** ADR 221: paid by invoice, recorded with the booking. */
  invoice?: boolean;
  /** docs/companies.md, ADR 276: booked for a company: its creation (pending, or awaiting its approval) and its part of it. */
  company?: { creation: BookingCreation; effect: CreationEffect };
};

export type BookingInsert = { outcome: "created" } | { outcome: "exists" } | { outcome: "refused"; retryAfterSeconds: number };

/** The request's own steps of its creation (ADR 238): how it pays, and the mail that confirms it. */
function requestEffects({ row, recipient, payment, invoice, company }: BookingWrite): CreationEffect[] {
  return [
    async (transaction) => {
      if (payment) await writePreparedPayment(transaction, payment, new Date(row.created_at));
      if (invoice) {
        await transaction.insertInto("invoice_bookings").values({ booking_id: row.id, chosen_at: row.created_at }).execute();
        await writePaymentStatus(transaction, row.id);
      }
    },
    // ADR 053: the mail is queued as a reference and rendered by the outbox worker when sent. ADR
    // 276: a booking waiting for its company's approval is not yet a request; its approval mails it.
    async (transaction, { after }) => {
      if (after.status === "awaiting_company_approval") return;
      await enqueueMail(transaction, { kind: "booking-confirmation", to: recipient, payload: { bookingId: row.id } });
    },
    ...(company ? [company.effect] : []),
  ];
}

async function writeBooking(
  transaction: Transaction<DatabaseSchema>,
  lifecycle: BookingLifecycle,
  write: BookingWrite,
): Promise<BookingInsert> {
  const { row, limits } = write;
  // docs/product.md §6: only a signed-in customer requests a booking; the column is nullable for deleted accounts.
  if (row.user_id === null) throw new Error("A booking is requested by a signed-in customer.");
  const userId = row.user_id;
  // ADR 034: the rate-limit hits are taken in the booking's own commit, so they cost no commit of
  // their own on the hot path (ADR 053); a refused booking writes nothing.
  const taken = await takeRateLimitSlots(transaction, limits, new Date(row.created_at));
  if (!taken.allowed) return { outcome: "refused", retryAfterSeconds: taken.retryAfterSeconds };
  const created = await lifecycle.create(transaction, {
    creation: write.company?.creation ?? "request",
    actor: { kind: "user", id: userId, role: "customer" },
    // ADR 113: the place's country kept language-neutral beside the label as chosen.
    row: { ...row, user_id: userId, country_code: neutralPlace(row.location).countryCode },
    lines: write.lines,
    effects: requestEffects(write),
  });
  if (created === "exists") {
    // A replay creates nothing, so it counts nothing either.
    await releaseRateLimits(transaction, taken.slots);
    return { outcome: "exists" };
  }
  return { outcome: "created" };
}

/**
 * Creates the booking through the lifecycle (ADR 238) unless its id (or the user's idempotency key)
 * exists, with its confirmation mail in the same transaction, so exactly one mail exists per booking
 * (ADR 051). Bookings arriving together share one commit (group commit, ADR 053). The writer
 * resolves whether its call created the row, found it already stored, or was refused by a rate
 * limit; there is one per app (built once, app.ts), as the group is per database.
 */
export function createBookingWriter(
  database: DatabaseHandle,
  lifecycle: BookingLifecycle,
  committed: () => void = () => {},
): (
  row: BookingsTable,
  lines: readonly BookingLine[],
  recipient: string,
  limits: readonly RateLimitCheck[],
  payment?: PaymentWrite,
  invoice?: boolean,
  company?: BookingWrite["company"],
) => Promise<BookingInsert> {
  const write = groupCommit(database.db, (transaction, item: BookingWrite) => writeBooking(transaction, lifecycle, item));
  return async (row, lines, recipient, limits, payment, invoice, company) => {
    const result = await write({ row, lines, recipient, limits, payment, invoice, company });
    if (result.outcome === "created") committed();
    return result;
  };
}

export type BookingWriter = ReturnType<typeof createBookingWriter>;

/** Any user's booking by id: only for the idempotency check, never answered as is. */
export async function findBookingById(db: Database, id: string) {
  return db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findBookingByKey(db: Database, userId: string, idempotencyKey: string) {
  return db
    .selectFrom("bookings")
    .selectAll()
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirst();
}

/** The booking if the actor may see it (ADR 093); undefined otherwise, as for an id that does not exist. */
export async function findVisibleBooking(db: Database, actor: BookingActor, id: string) {
  const row = await db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirst();
  return row && canAccessBooking(actor, row, "view") ? row : undefined;
}

/** docs/product.md §4: the bookings the actor is a party to starting today or later, nearest first. */
export async function listUpcomingBookings(db: Database, actor: BookingActor, today: string) {
  const rows = await db
    .selectFrom("bookings")
    .selectAll()
    .where(bookingsOfParty(actor))
    .where("start_date", ">=", today)
    .orderBy("start_date", "asc")
    .orderBy("created_at", "asc")
    .execute();
  return rows.filter((row) => canAccessBooking(actor, row, "view"));
}

/**
 * docs/product.md §4 and §9: the bookings the actor is a party to that started before today and on or after
 * `fromDay` (no lower bound for All), most recent first. Calendar days compare as text on both engines.
 */
export async function listPastBookings(db: Database, actor: BookingActor, today: string, fromDay: string | null) {
  let query = db.selectFrom("bookings").selectAll().where(bookingsOfParty(actor)).where("start_date", "<", today);
  if (fromDay !== null) query = query.where("start_date", ">=", fromDay);
  const rows = await query.orderBy("start_date", "desc").orderBy("created_at", "desc").execute();
  return rows.filter((row) => canAccessBooking(actor, row, "view"));
}

/** The owner's saved card (docs/payments.md: the card that pays); undefined for another user's id. */
export async function findOwnCard(db: Database, userId: string, paymentMethodId: string) {
  return db
    .selectFrom("payment_methods")
    .select(["id", "card_brand", "card_last_four", "provider_payment_id"])
    .where("user_id", "=", userId)
    .where("id", "=", paymentMethodId)
    .executeTakeFirst();
}

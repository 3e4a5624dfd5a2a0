import type { z } from "zod";
import type { BookingTransition } from "../../../shared/booking-lifecycle.ts";
import type { AdminBookingDetail, cancelBookingSchema, confirmBookingSchema, declineBookingSchema } from "../../../shared/operator.ts";
import { canAccessBooking, userActor } from "../../access/booking-access.ts";
import { assignedLeadFor, customerTeamOf, incidentsOfBooking, ratingOfBooking } from "../../assigned-leads.ts";
import { auditEntriesOf } from "../../audit/audit-log.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import { TransitionRefused, type TransitionRequest } from "../../booking-lifecycle/state-machine.ts";
import type { AppDependencies } from "../../context.ts";
import type { AppServices } from "../../app-env.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { engagementView, nextCalendarSequence } from "../../engagement.ts";
import type { Kysely } from "kysely";
import { bookingLinesOfOne } from "../../booking-lines.ts";
import { buyerVatOfAmount, buyerVatOfBooking } from "../../../shared/buyer-vat.ts";
import { centsFromEuros } from "../../../shared/money.ts";
import { ledgerOf } from "../../payments/ledger.ts";
import { moneyUnsecured } from "../../payments/payments-service.ts";
import { acceptedCounts, assignmentsOf, customerDetailsOf, findBooking, threadFigures, toQueueBooking } from "./repo.ts";
import { bookingReference } from "../../../shared/booking-reference.ts";

// The operator console's booking decisions (ADR 070): confirm, decline or cancel, each a
// transition of the booking state machine (ADR 090), with the customer's mail as its effect.

type Db = Kysely<DatabaseSchema>;

/** docs/money.md: an adjusted total is VAT-inclusive and its VAT part is computed on it. */
// ADR 222: a total set by hand is as the booking's buyer pays it; its VAT part by the buyer's rule.
const adjustedPrice = (euros: number, booking: { buyer_vat?: string }) => ({
  price: centsFromEuros(euros),
  vat_cents: buyerVatOfAmount(centsFromEuros(euros), buyerVatOfBooking(booking)),
});

export async function bookingDetail(db: Db, actor: SignedInUser, id: string): Promise<AdminBookingDetail> {
  const row = await findBooking(db, id);
  if (!row || !canAccessBooking(userActor(actor), row, "view")) throw notFound("noSuchBooking");
  const customer = row.user_id ? await customerDetailsOf(db, row.user_id) : null;
  const profile = customer?.profile;
  const services = await bookingLinesOfOne(db, id);
  return {
    ...toQueueBooking(
      row,
      row.customer_email ?? null,
      services.map((line) => line.serviceId),
      (await acceptedCounts(db, [id])).get(id) ?? 0,
      (await threadFigures(db, actor.id, [id])).get(id),
    ),
    // docs/product.md §12; ADR 181: the real name only where the access policy allows it.
    ...engagementView(row, canAccessBooking(userActor(actor), row, "principal")),
    services,
    customerNote: row.customer_note,
    operatorNote: row.operator_note,
    declineReason: row.decline_reason,
    confirmedAt: row.confirmed_at,
    declinedAt: row.declined_at,
    cancelledAt: row.cancelled_at,
    language: row.language,
    timeOfDay: row.time_of_day,
    customer:
      profile && row.user_id
        ? {
            userId: row.user_id,
            fullName: profile.full_name,
            email: row.customer_email ?? profile.email,
            phoneNumber: profile.phone_number,
            address: profile.address,
            city: profile.city,
            country: profile.country,
            postalCode: profile.postal_code,
            language: profile.language,
          }
        : null,
    idVerification: customer?.idVerification
      ? {
          id: customer.idVerification.id,
          type: customer.idVerification.type,
          status: customer.idVerification.status,
          createdAt: customer.idVerification.created_at,
          reviewedAt: customer.idVerification.reviewed_at,
        }
      : null,
    emergencyContacts: customer?.contacts ?? [],
    assignments: await assignmentsOf(db, id),
    audit: await auditEntriesOf(db, "booking", id),
    cancelReason: row.cancel_reason,
    team: await customerTeamOf(db, id),
    incidents: await incidentsOfBooking(db, id),
    rating: await ratingOfBooking(db, id),
  };
}

type Decision =
  | { kind: "confirm"; input: z.output<typeof confirmBookingSchema> }
  | { kind: "decline"; input: z.output<typeof declineBookingSchema> }
  | { kind: "cancel"; input: z.output<typeof cancelBookingSchema> };

const transitionOf: Record<Decision["kind"], BookingTransition> = { confirm: "confirm", decline: "decline", cancel: "cancelByOperator" };
/** The word of the refusal and of the customer's mail (booking-decision template). */
const decisionNames = { confirm: "confirmed", decline: "declined", cancel: "cancelled" } as const;

function changesOf(decision: Decision, now: string, booking: { buyer_vat?: string }): TransitionRequest["changes"] {
  switch (decision.kind) {
    case "confirm":
      return {
        confirmed_at: now,
        operator_note: decision.input.note || null,
        ...(decision.input.adjustedTotal !== undefined && adjustedPrice(decision.input.adjustedTotal, booking)),
      };
    case "decline":
      return { declined_at: now, cancelled_at: now, decline_reason: decision.input.reason };
    case "cancel":
      return { cancelled_at: now, decline_reason: decision.input.reason, cancel_reason: decision.input.reason };
  }
}

/**
 * Confirm, decline or cancel through the state machine: the conditional update, the audit row,
 * the event and the customer's mail in one transaction. A booking already decided answers 409.
 */
export async function decideBooking(
  deps: AppDependencies,
  services: Pick<AppServices, "bookingLifecycle">,
  actor: SignedInUser,
  id: string,
  decision: Decision,
) {
  const now = new Date();
  const status = decisionNames[decision.kind];
  const buyer = await deps.database.db.selectFrom("bookings").select("buyer_vat").where("id", "=", id).executeTakeFirst();
  // ADR 225: a card still to be charged (a booking beyond the longest hold) makes the yes wait for
  // the money: the booking is confirmed, and the customer mailed so, only once the charge lands.
  const awaitsPayment = decision.kind === "confirm" && moneyUnsecured(await ledgerOf(deps.database.db, id));
  try {
    await services.bookingLifecycle.transition({
      bookingId: id,
      transition: awaitsPayment ? "awaitPayment" : transitionOf[decision.kind],
      actor: userActor(actor),
      input: decision.input,
      changes: changesOf(decision, now.toISOString(), buyer ?? {}),
      now,
      effects: [
        async (transaction, { after }) => {
          if (awaitsPayment) return;
          const customer = await findBooking(transaction, id);
          if (!customer?.customer_email) return;
          const lead = decision.kind === "confirm" ? await assignedLeadFor(transaction, id) : null;
          // ADR 182: the decision changes the customer's calendar entry: the next sequence, in this transaction.
          const calendarSequence = await nextCalendarSequence(transaction, id);
          await enqueueMail(transaction, {
            kind: "booking-decision",
            to: customer.customer_email,
            payload: {
              language: after.language,
              decision: status,
              reference: bookingReference(id),
              bookingId: id,
              location: after.location,
              startDate: after.start_date,
              endDate: after.end_date,
              totalCents: after.price,
              vatCents: after.vat_cents,
              ...(decision.kind === "confirm" && decision.input.note && { note: decision.input.note }),
              ...(decision.kind !== "confirm" && decision.input.reason && { reason: decision.input.reason }),
              ...(lead && { lead }),
              calendarSequence,
              at: now.toISOString(),
            },
          });
        },
      ],
    });
  } catch (error) {
    if (!(error instanceof TransitionRefused)) throw error;
    if (error.reason === "not_found") throw notFound("noSuchBooking");
    const current = error.booking?.status.replaceAll("_", " ") ?? "changed";
    throw HttpError.because(409, "invalid_transition", "bookingCannotMoveTo", { values: { status: current, target: status } });
  }
  return bookingDetail(deps.database.db, actor, id);
}

/**
 * ADR 226: the operator gives a `payment_needed` booking more time (hours from now), an amendment
 * of the state machine, audited; the customer is mailed the new deadline. Confirming without the
 * money is no step of the machine: the other answer is to cancel.
 */
export async function extendPaymentDeadline(
  deps: AppDependencies,
  services: Pick<AppServices, "bookingLifecycle" | "clock">,
  actor: SignedInUser,
  id: string,
  hours: number,
) {
  const now = services.clock.now();
  const dueAt = new Date(now.getTime() + hours * 3_600_000).toISOString();
  try {
    await services.bookingLifecycle.amend({
      bookingId: id,
      amendment: "extendPaymentDeadline",
      actor: userActor(actor),
      now,
      details: { dueAt },
      changes: { payment_due_at: dueAt },
      effects: [
        async (transaction, { after }) => {
          const customer = await findBooking(transaction, id);
          if (!customer?.customer_email) return;
          const failed = (await ledgerOf(transaction, id)).payments.filter((payment) => payment.position.state === "failed");
          const reason = failed.at(-1)?.events.at(-1)?.reason ?? "";
          await enqueueMail(transaction, {
            kind: "payment-needed",
            to: customer.customer_email,
            payload: {
              language: after.language,
              reference: bookingReference(id),
              bookingId: id,
              amountCents: failed.reduce((sum, payment) => sum + payment.amount_cents, 0),
              reason: /authenticat/i.test(reason) ? "authentication" : "declined",
              dueAt,
            },
          });
        },
      ],
    });
  } catch (error) {
    if (!(error instanceof TransitionRefused)) throw error;
    if (error.reason === "not_found") throw notFound("noSuchBooking");
    throw HttpError.because(409, "payment_not_allowed", "noPaymentNeeded");
  }
  return bookingDetail(deps.database.db, actor, id);
}

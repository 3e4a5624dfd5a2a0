import { buyerVatOf } from "../../../shared/buyer-vat.ts";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { BusinessProfileView, businessProfileSchema, InvoiceApprovalStatus } from "../../../shared/invoicing.ts";
import { isReverseCharge } from "../../../shared/accounting-identifiers.ts";
import { canAccessBooking, userActor } from "../../access/booking-access.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import { writeAudit } from "../../audit/audit-log.ts";
import { TransitionRefused, type BookingLifecycle, type TransitionEffect } from "../../booking-lifecycle/state-machine.ts";
import { invoiceApproved, releaseCardPayments } from "../../payments/payments-service.ts";
import { confirmWhenSecured } from "../../payments/payment-needed.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import type { BusinessAccountsTable } from "../../db/tables/invoices.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { writePaymentStatus } from "../../payments/ledger.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import { refundNote } from "../../../shared/pricing.ts";

// docs/invoices.md: business customers, the operator's approval of invoice payment (ADR 140), and
// the choice to pay a booking by invoice, which stays apart from the card flow: a booking paid by
// invoice is marked in invoice_bookings and its invoice is issued when the operator confirms it.

type Database = Kysely<DatabaseSchema>;

function toView(row: BusinessAccountsTable): BusinessProfileView {
  return {
    companyName: row.company_name,
    organisationNumber: row.organisation_number,
    vatNumber: row.vat_number,
    billingAddress: row.billing_address,
    status: row.invoice_status as InvoiceApprovalStatus,
    reverseCharge: isReverseCharge(row.vat_number),
    buyerVat: buyerVatOf({ vatNumber: row.vat_number, approved: row.invoice_status === "approved" }),
  };
}

export async function readBusinessProfile(db: Database, userId: string): Promise<BusinessProfileView | null> {
  const row = await db.selectFrom("business_accounts").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return row ? toView(row) : null;
}

/**
 * Saves the company's fields. ADR 140: a change of the organisation or VAT number is a different
 * company to the operator, so its approval starts again; a new name or address keeps it.
 */
export async function saveBusinessProfile(
  db: Database,
  userId: string,
  input: z.output<typeof businessProfileSchema>,
  now: Date,
): Promise<BusinessProfileView> {
  return db.transaction().execute(async (transaction) => {
    const before = await transaction.selectFrom("business_accounts").selectAll().where("user_id", "=", userId).executeTakeFirst();
    const nowText = now.toISOString();
    const sameCompany = before && before.organisation_number === input.organisationNumber && before.vat_number === input.vatNumber;
    const values = {
      company_name: input.companyName,
      organisation_number: input.organisationNumber,
      vat_number: input.vatNumber,
      billing_address: input.billingAddress,
      updated_at: nowText,
      ...(sameCompany ? {} : { invoice_status: "pending", decided_by: null, decided_at: null }),
    };
    if (before) await transaction.updateTable("business_accounts").set(values).where("user_id", "=", userId).execute();
    else
      await transaction
        .insertInto("business_accounts")
        .values({ user_id: userId, created_at: nowText, ...values, invoice_status: "pending" })
        .execute();
    const after = await transaction.selectFrom("business_accounts").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();
    return toView(after);
  });
}

export type BusinessAccountListItem = BusinessProfileView & { userId: string; email: string; updatedAt: string; decidedAt: string | null };

export async function listBusinessAccounts(db: Database, status: InvoiceApprovalStatus | "all"): Promise<BusinessAccountListItem[]> {
  let query = db
    .selectFrom("business_accounts")
    .innerJoin("users", "users.id", "business_accounts.user_id")
    .selectAll("business_accounts")
    .select("users.email")
    .orderBy("business_accounts.updated_at", "desc")
    .limit(200);
  if (status !== "all") query = query.where("business_accounts.invoice_status", "=", status);
  return (await query.execute()).map((row) => ({
    ...toView(row),
    userId: row.user_id,
    email: row.email,
    updatedAt: row.updated_at,
    decidedAt: row.decided_at,
  }));
}

/** The operator's decision, with its audit row (docs/product.md §6: staff actions are audited). */
export async function decideBusinessAccount(
  db: Database,
  staff: SignedInUser,
  userId: string,
  decision: "approved" | "refused",
  now: Date,
) {
  return db.transaction().execute(async (transaction) => {
    const before = await transaction.selectFrom("business_accounts").selectAll().where("user_id", "=", userId).executeTakeFirst();
    if (!before) throw notFound("noSuchBusinessAccount");
    const nowText = now.toISOString();
    await transaction
      .updateTable("business_accounts")
      .set({ invoice_status: decision, decided_by: staff.id, decided_at: nowText })
      .where("user_id", "=", userId)
      .execute();
    await writeAudit(
      transaction,
      {
        actorUserId: staff.id,
        action: decision === "approved" ? "business.invoice_approve" : "business.invoice_refuse",
        subjectType: "user",
        subjectId: userId,
        before: { invoiceStatus: before.invoice_status, organisationNumber: before.organisation_number, vatNumber: before.vat_number },
        after: { invoiceStatus: decision },
      },
      nowText,
    );
    return toView({ ...before, invoice_status: decision });
  });
}

/**
 * The customer pays this booking by invoice (ADR 221). Only the owner, only an approved company,
 * only until the booking is confirmed; choosing again answers the same. A booking paid by card
 * moves to invoice through the state machine's `changePaymentMethod` amendment (audited, its event
 * on the live stream): its hold is released and a card saved for it will not be charged.
 *
 * ADR 245: a booking whose charge at confirmation failed (`payment_needed`, before its deadline)
 * moves to invoice the same way, and the invoice secures its payment: `paymentSecured` then
 * confirms it, with the confirmation mail and calendar entry once, and the invoice is issued.
 */
export async function chooseInvoicePayment(db: Database, lifecycle: BookingLifecycle, user: SignedInUser, bookingId: string, now: Date) {
  const booking = await db
    .selectFrom("bookings")
    .select(["id", "user_id", "status", "payment_due_at"])
    .where("id", "=", bookingId)
    .executeTakeFirst();
  // Owner only: the access policy's "cancel" is what the owner may do to their booking.
  if (!booking || booking.user_id !== user.id || !canAccessBooking(userActor(user), booking, "cancel")) {
    throw notFound("noSuchBooking");
  }
  if (!(await invoiceApproved(db, user.id))) throw HttpError.because(403, "forbidden", "invoicePaymentNeedsApproval");
  const paymentNeeded = booking.status === "payment_needed";
  if (paymentNeeded) {
    // ADR 225, 226: while the charge is still on its way nothing is needed yet; after the deadline the operator decides.
    if (booking.payment_due_at === null) throw HttpError.because(409, "payment_not_allowed", "noPaymentNeeded");
    if (Date.parse(booking.payment_due_at) <= now.getTime()) throw HttpError.because(409, "payment_not_allowed", "paymentDeadlinePassed");
  }
  if (!(await paysByInvoice(db, bookingId))) {
    try {
      await lifecycle.amend({
        bookingId,
        amendment: "changePaymentMethod",
        actor: userActor(user),
        details: { paymentMethod: "invoice" },
        now,
        effects: [
          async (transaction) => {
            await transaction
              .insertInto("invoice_bookings")
              .values({ booking_id: bookingId, chosen_at: now.toISOString() })
              .onConflict((conflict) => conflict.column("booking_id").doNothing())
              .execute();
            await releaseCardPayments(transaction, bookingId, { userId: user.id, role: "customer" }, now);
            await writePaymentStatus(transaction, bookingId);
          },
        ],
      });
    } catch (error) {
      if (!(error instanceof TransitionRefused)) throw error;
      if (error.reason === "not_found" || error.reason === "not_allowed") throw notFound("noSuchBooking");
      throw HttpError.because(409, "invalid_transition", "invoicePaymentWhilePending");
    }
  }
  // Two steps, each one transaction: a request cut between them finds the invoice chosen and the
  // booking still waiting, and the same request sent again confirms it (ADR 245).
  if (paymentNeeded) await confirmWhenSecured(lifecycle, bookingId, userActor(user), now);
  return { bookingId, paymentMethod: "invoice" as const };
}

export async function paysByInvoice(db: Database, bookingId: string): Promise<boolean> {
  return (
    (await db.selectFrom("invoice_bookings").select("booking_id").where("booking_id", "=", bookingId).executeTakeFirst()) !== undefined
  );
}

/**
 * The lifecycle effect (ADR 145): a booking paid by invoice gets its invoice when the operator
 * confirms it, and a credit note when it is cancelled within the refund rule (docs/product.md §9)
 * or by the operator. Queued as `documents.issue` jobs in the transition's transaction, so the
 * transition never waits on the PDF and a crash loses nothing.
 */
export const invoiceDocumentsEffect: TransitionEffect = async (transaction, { transition, after, now }) => {
  const confirming = transition === "confirm" || transition === "paymentSecured";
  if (!confirming && transition !== "cancelByCustomer" && transition !== "cancelByOperator") return;
  if (!(await paysByInvoice(transaction, after.id))) return;
  const referenceKey = `documents:${after.id}`;
  // ADR 245: a booking whose needed payment moved to invoice is confirmed by `paymentSecured`.
  if (confirming) {
    await enqueueJob(
      transaction,
      { kind: "documents.issue", payload: { bookingId: after.id, kind: "invoice" }, referenceKey },
      { now: () => now },
    );
    return;
  }
  const fullRefund = transition === "cancelByOperator" || refundNote(after.start_date, now) === "fully_refundable";
  if (!fullRefund) return;
  await enqueueJob(
    transaction,
    { kind: "documents.issue", payload: { bookingId: after.id, kind: "credit-note", reason: "cancelled" }, referenceKey },
    { now: () => now },
  );
};

import type { Kysely, Transaction } from "kysely";
import { approvalReasonsFor, type ApprovalReason, type CompanyBookingRequest, type CompanyPolicy } from "../../shared/companies.ts";
import type { ServiceType } from "../../shared/service-types.ts";
import { companyAllows } from "../access/company-access.ts";
import type { BookingCreation } from "../../shared/booking-lifecycle.ts";
import type { CreationEffect } from "../booking-lifecycle/state-machine.ts";
import type { DatabaseSchema } from "../db/schema.ts";
import type { CompaniesTable } from "../db/tables/companies.ts";
import { HttpError, notFound } from "../http-error.ts";
import { scheduleReplyAlerts } from "../jobs/booking-jobs.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { companyAccessOf } from "../access/company-access.ts";

// docs/companies.md: what a booking made for a company adds to its creation (ADR 276). The
// bookings feature asks here, so the company's rules have one home beside the access policy.

type Executor = Kysely<DatabaseSchema>;

export function policyOf(row: CompaniesTable): CompanyPolicy {
  return {
    costCentres: JSON.parse(row.cost_centres) as string[],
    requiresCostCentre: Number(row.requires_cost_centre) === 1,
    requiresReference: Number(row.requires_reference) === 1,
    sharesAllBookings: Number(row.shares_all_bookings) === 1,
    approval: {
      always: Number(row.approval_always) === 1,
      aboveCents: row.approval_above_cents === null ? null : Number(row.approval_above_cents),
      serviceTypes: JSON.parse(row.approval_service_types) as ServiceType[],
      outsideOfficeHours: Number(row.approval_outside_office_hours) === 1,
    },
  };
}

/** A company booking as the booker asked for it and the company's rules allow it. */
export type CompanyBookingPlan = {
  companyId: string;
  companyName: string;
  /** The business account that buys: its VAT number prices the booking and its name is on the invoice. */
  accountUserId: string;
  costCentre: string | null;
  reference: string | null;
  policy: CompanyPolicy;
};

/**
 * ADR 276: the booker may book for the company (an active member whose role books), the company is
 * approved for invoices (ADR 140), and the booking carries what its policy requires. A company the
 * member does not belong to answers 404, as if it did not exist.
 */
export async function planCompanyBooking(
  executor: Executor,
  bookerUserId: string,
  request: CompanyBookingRequest,
  paysByInvoice: boolean,
): Promise<CompanyBookingPlan> {
  const company = await executor
    .selectFrom("companies")
    .innerJoin("business_accounts", "business_accounts.user_id", "companies.account_user_id")
    .selectAll("companies")
    .select(["business_accounts.company_name", "business_accounts.invoice_status"])
    .where("companies.id", "=", request.companyId)
    .executeTakeFirst();
  const role = company ? await companyAllows(executor, company.id, bookerUserId, "book") : null;
  if (!company || !role) throw notFound("noSuchCompany");
  if (company.invoice_status !== "approved") throw HttpError.because(403, "forbidden", "invoicePaymentNeedsApproval");
  if (!paysByInvoice)
    throw HttpError.because(400, "invalid_input", "companyPaysByInvoice", { fields: { payment: "companyPaysByInvoice" } });
  const policy = policyOf(company);
  const costCentre = request.costCentre ?? null;
  if ((policy.requiresCostCentre && costCentre === null) || (costCentre !== null && !policy.costCentres.includes(costCentre))) {
    throw HttpError.because(400, "invalid_input", "costCentreRequired", { fields: { "company.costCentre": "costCentreRequired" } });
  }
  const reference = request.reference?.trim() || null;
  if (policy.requiresReference && reference === null) {
    throw HttpError.because(400, "invalid_input", "referenceRequired", { fields: { "company.reference": "referenceRequired" } });
  }
  return {
    companyId: company.id,
    companyName: company.company_name,
    accountUserId: company.account_user_id,
    costCentre,
    reference,
    policy,
  };
}

/** The creation a company booking takes, and the rules that asked for the company's approval. */
export function companyCreationOf(
  plan: CompanyBookingPlan,
  booking: {
    totalCents: number;
    serviceTypes: readonly ServiceType[];
    startDate: string;
    endDate: string;
    startClock: string | null;
    endClock: string | null;
  },
): { creation: BookingCreation; reasons: ApprovalReason[] } {
  const reasons = approvalReasonsFor(plan.policy.approval, booking);
  return { creation: reasons.length > 0 ? "companyApprovalRequest" : "companyRequest", reasons };
}

/**
 * The company's part of the booking's creation, in its transaction: the link to the company with
 * the cost centre and reference, and, for a booking that waits, the approvers' mails instead of
 * the firm's reply alerts (which the lifecycle schedules only for a pending booking).
 */
export function companyCreationEffect(plan: CompanyBookingPlan, reasons: readonly ApprovalReason[], bookerName: string): CreationEffect {
  return async (transaction, { after, now }) => {
    await transaction
      .insertInto("company_bookings")
      .values({
        booking_id: after.id,
        company_id: plan.companyId,
        booker_user_id: after.user_id,
        cost_centre: plan.costCentre,
        reference: plan.reference,
        principal_id: null,
        approval_reasons: JSON.stringify(reasons),
        decided_by: null,
        decided_at: null,
        decline_reason: null,
      })
      .execute();
    if (after.status !== "awaiting_company_approval") return;
    const access = await companyAccessOf(transaction, after.id, now);
    const approvers = access?.approverUserIds.length
      ? await transaction.selectFrom("users").select("email").where("id", "in", access.approverUserIds).execute()
      : [];
    for (const approver of approvers) {
      await enqueueMail(transaction, {
        kind: "company-approval-request",
        to: approver.email,
        payload: {
          language: after.language as "en" | "sv",
          bookingId: after.id,
          companyName: plan.companyName,
          bookerName,
          location: after.location,
          startDate: after.start_date,
          endDate: after.end_date,
          totalCents: Number(after.price),
        },
      });
    }
  };
}

/**
 * ADR 276: the approver's yes makes the booking a request to the firm: from now the firm's reply
 * promise runs (docs/product.md §10), and the booker gets the confirmation mail of a request.
 */
export async function companyApprovedEffect(
  transaction: Transaction<DatabaseSchema>,
  booking: { id: string; user_id: string | null },
  approverUserId: string,
  now: Date,
): Promise<void> {
  await transaction
    .updateTable("company_bookings")
    .set({ decided_by: approverUserId, decided_at: now.toISOString() })
    .where("booking_id", "=", booking.id)
    .execute();
  await scheduleReplyAlerts(transaction, { id: booking.id, createdAt: now });
  const booker = booking.user_id
    ? await transaction.selectFrom("users").select("email").where("id", "=", booking.user_id).executeTakeFirst()
    : undefined;
  if (booker) await enqueueMail(transaction, { kind: "booking-confirmation", to: booker.email, payload: { bookingId: booking.id } });
}

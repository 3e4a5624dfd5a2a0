import type { Kysely } from "kysely";
import { bookingReference } from "../../../shared/booking-reference.ts";
import type { ApprovalReason, CompanyBookingFilter, CompanyRole } from "../../../shared/companies.ts";
import type { BookingStatus } from "../../../shared/booking-lifecycle.ts";
import type { DatabaseSchema } from "../../db/schema.ts";

// Queries of the companies feature (docs/companies.md). Who may run them is the service's question,
// answered by the access policy (src/server/access/company-access.ts).

type Database = Kysely<DatabaseSchema>;

export async function findCompany(db: Database, companyId: string) {
  return db
    .selectFrom("companies")
    .innerJoin("business_accounts", "business_accounts.user_id", "companies.account_user_id")
    .selectAll("companies")
    .select(["business_accounts.company_name", "business_accounts.invoice_status"])
    .where("companies.id", "=", companyId)
    .executeTakeFirst();
}

export async function companyOfAccount(db: Database, accountUserId: string) {
  return db.selectFrom("companies").select("id").where("account_user_id", "=", accountUserId).executeTakeFirst();
}

/** The companies the user is an active member of, with their role. */
export async function membershipsOf(db: Database, userId: string) {
  return db
    .selectFrom("company_members")
    .innerJoin("companies", "companies.id", "company_members.company_id")
    .innerJoin("business_accounts", "business_accounts.user_id", "companies.account_user_id")
    .select(["companies.id", "business_accounts.company_name", "company_members.role"])
    .where("company_members.user_id", "=", userId)
    .where("company_members.removed_at", "is", null)
    .where("business_accounts.invoice_status", "=", "approved")
    .orderBy("business_accounts.company_name")
    .execute();
}

export async function activeMembers(db: Database, companyId: string) {
  return db
    .selectFrom("company_members")
    .innerJoin("users", "users.id", "company_members.user_id")
    .select(["company_members.user_id", "company_members.role", "company_members.joined_at", "users.name", "users.email"])
    .where("company_members.company_id", "=", companyId)
    .where("company_members.removed_at", "is", null)
    .orderBy("company_members.joined_at")
    .execute();
}

export async function openInvitations(db: Database, companyId: string, nowText: string) {
  return db
    .selectFrom("company_invitations")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", nowText)
    .orderBy("created_at")
    .execute();
}

/** Open invitations to the user's address (accepted by the account holding that verified address). */
export async function invitationsTo(db: Database, email: string, nowText: string) {
  return db
    .selectFrom("company_invitations")
    .innerJoin("companies", "companies.id", "company_invitations.company_id")
    .innerJoin("business_accounts", "business_accounts.user_id", "companies.account_user_id")
    .select([
      "company_invitations.id",
      "company_invitations.company_id",
      "company_invitations.role",
      "company_invitations.expires_at",
      "business_accounts.company_name",
    ])
    .where("company_invitations.email", "=", email.toLowerCase())
    .where("company_invitations.accepted_at", "is", null)
    .where("company_invitations.revoked_at", "is", null)
    .where("company_invitations.expires_at", ">", nowText)
    .execute();
}

export type CompanyBookingRow = {
  id: string;
  status: string;
  start_date: string;
  end_date: string;
  location: string;
  price: number;
  user_id: string | null;
  booker_name: string | null;
  cost_centre: string | null;
  reference: string | null;
  principal_codename: string | null;
  approval_reasons: string;
  decline_reason: string | null;
  created_at: string;
};

/**
 * The company's bookings, filtered; `onlyBooker` narrows them to one member's own (a booker whose
 * company does not share all its bookings, ADR 277).
 */
export async function companyBookings(db: Database, companyId: string, filter: CompanyBookingFilter, onlyBooker: string | null) {
  let query = db
    .selectFrom("company_bookings")
    .innerJoin("bookings", "bookings.id", "company_bookings.booking_id")
    .leftJoin("users", "users.id", "bookings.user_id")
    .select([
      "bookings.id",
      "bookings.status",
      "bookings.start_date",
      "bookings.end_date",
      "bookings.location",
      "bookings.price",
      "bookings.user_id",
      "users.name as booker_name",
      "company_bookings.cost_centre",
      "company_bookings.reference",
      "bookings.principal_codename",
      "company_bookings.approval_reasons",
      "company_bookings.decline_reason",
      "bookings.created_at",
    ])
    .where("company_bookings.company_id", "=", companyId);
  if (onlyBooker) query = query.where("bookings.user_id", "=", onlyBooker);
  if (filter.booker) query = query.where("bookings.user_id", "=", filter.booker);
  if (filter.costCentre) query = query.where("company_bookings.cost_centre", "=", filter.costCentre);
  if (filter.principal) query = query.where("bookings.principal_codename", "=", filter.principal);
  if (filter.status) query = query.where("bookings.status", "=", filter.status as BookingStatus);
  const rows: CompanyBookingRow[] = await query
    .orderBy("bookings.start_date", "desc")
    .orderBy("bookings.created_at", "desc")
    .limit(500)
    .execute();
  return rows.map((row) => ({
    ...row,
    reference_code: bookingReference(row.id),
    reasons: JSON.parse(row.approval_reasons) as ApprovalReason[],
  }));
}

/** The company's invoices and credit notes (docs/invoices.md), newest first. */
export async function companyDocuments(db: Database, companyId: string) {
  return db
    .selectFrom("accounting_documents")
    .innerJoin("company_bookings", "company_bookings.booking_id", "accounting_documents.booking_id")
    .select([
      "accounting_documents.id",
      "accounting_documents.kind",
      "accounting_documents.number",
      "accounting_documents.series",
      "accounting_documents.issue_date",
      "accounting_documents.total_cents",
      "accounting_documents.booking_id",
      "company_bookings.cost_centre",
    ])
    .where("company_bookings.company_id", "=", companyId)
    .where("accounting_documents.kind", "in", ["invoice", "credit-note"])
    .orderBy("accounting_documents.issued_at", "desc")
    .limit(500)
    .execute();
}

export type MemberRoleRow = { role: CompanyRole };

import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import { companyPermissions, companyRoleMay, type CompanyPermission, type CompanyRole } from "../../shared/companies.ts";
import { operatorToday } from "../../shared/time.ts";
import type { DatabaseSchema } from "../db/schema.ts";

// ADR 277: the company side of the one access policy (booking-access.ts asks it). A member's rights
// come from their active membership, read on every request: a removed member (removed_at set) is a
// stranger at once, to the company's pages, its bookings and the live stream, with no session to
// end (docs/companies.md, OWASP API1:2023 and API5:2023).

/** The members of a booking's company who see it, and those who may approve or decline it. */
export type CompanyBookingAccess = { companyId: string; viewerUserIds: readonly string[]; approverUserIds: readonly string[] };

type Executor = Kysely<DatabaseSchema>;

/** The actor's active role in a company, or null (not a member, or removed). */
export async function activeCompanyRole(executor: Executor, companyId: string, userId: string): Promise<CompanyRole | null> {
  const row = await executor
    .selectFrom("company_members")
    .select("role")
    .where("company_id", "=", companyId)
    .where("user_id", "=", userId)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  return (row?.role as CompanyRole | undefined) ?? null;
}

/** Whether the member may do `permission` in the company: an active membership whose role allows it. */
export async function companyAllows(executor: Executor, companyId: string, userId: string, permission: CompanyPermission) {
  const role = await activeCompanyRole(executor, companyId, userId);
  return role !== null && companyRoleMay(role, permission) ? role : null;
}

/**
 * Who of the booking's company sees it and who approves it, as the policy reads them; null for a
 * booking made for no company. The booker is its owner (booking-access.ts) and never its approver.
 * An approver's delegate approves in their place until the delegation's last day (ADR 277).
 */
export async function companyAccessOf(executor: Executor, bookingId: string, now: Date): Promise<CompanyBookingAccess | null> {
  const link = await executor
    .selectFrom("company_bookings")
    .innerJoin("companies", "companies.id", "company_bookings.company_id")
    .select(["company_bookings.company_id", "company_bookings.booker_user_id", "companies.shares_all_bookings"])
    .where("company_bookings.booking_id", "=", bookingId)
    .executeTakeFirst();
  if (!link) return null;
  const members = await executor
    .selectFrom("company_members")
    .select(["user_id", "role"])
    .where("company_id", "=", link.company_id)
    .where("removed_at", "is", null)
    .execute();
  const active = new Set(members.map((member) => member.user_id));
  const shared = Number(link.shares_all_bookings) === 1;
  const viewers = members
    .filter((member) => shared || companyRoleMay(member.role as CompanyRole, "seeAllBookings"))
    .map((member) => member.user_id);
  const approvers = new Set(
    members.filter((member) => companyRoleMay(member.role as CompanyRole, "approve")).map((member) => member.user_id),
  );
  const delegations = await executor
    .selectFrom("company_delegations")
    .select(["approver_user_id", "delegate_user_id"])
    .where("company_id", "=", link.company_id)
    .where("until_date", ">=", operatorToday(now))
    .execute();
  for (const delegation of delegations) {
    if (approvers.has(delegation.approver_user_id) && active.has(delegation.delegate_user_id)) approvers.add(delegation.delegate_user_id);
  }
  approvers.delete(link.booker_user_id ?? "");
  return { companyId: link.company_id, viewerUserIds: [...new Set([...viewers, ...approvers])], approverUserIds: [...approvers] };
}

/**
 * The company bookings the user sees as a member, as a SQL condition on `bookings` (lists): those
 * of companies where they are an active member whose role sees all, or any member when the company
 * shares all its bookings. Their own bookings are theirs as owner.
 */
export function visibleCompanyBookings(userId: string) {
  return (eb: ExpressionBuilder<DatabaseSchema, "bookings">): Expression<SqlBool> =>
    eb.exists(
      eb
        .selectFrom("company_bookings")
        .innerJoin("company_members", "company_members.company_id", "company_bookings.company_id")
        .innerJoin("companies", "companies.id", "company_bookings.company_id")
        .select(sql`1`.as("one"))
        .whereRef("company_bookings.booking_id", "=", "bookings.id")
        .where("company_members.user_id", "=", userId)
        .where("company_members.removed_at", "is", null)
        .where((inner) =>
          inner.or([
            inner("company_members.role", "in", [...companyPermissions.seeAllBookings]),
            inner("companies.shares_all_bookings", "=", 1),
          ]),
        ),
    );
}

import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import {
  companyRoleMay,
  type CompanyBookingFilter,
  type CompanyBookingView,
  type CompanyPermission,
  type CompanyRole,
  type CompanySpendRow,
  type CompanySummary,
  type CompanyView,
  type IncomingInvitation,
  type companyDelegationSchema,
  type companyInvitationSchema,
  type companyPolicySchema,
  type companyPrincipalSchema,
} from "../../../shared/companies.ts";
import { toCsv } from "../../../shared/csv.ts";
import { activeCompanyRole, companyAccessOf } from "../../access/company-access.ts";
import { userActor } from "../../access/booking-access.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import { writeAudit } from "../../audit/audit-log.ts";
import { TransitionRefused, type BookingLifecycle } from "../../booking-lifecycle/state-machine.ts";
import { companyApprovedEffect, policyOf } from "../../companies/company-bookings.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import {
  activeMembers,
  companyBookings,
  companyDocuments,
  companyOfAccount,
  findCompany,
  invitationsTo,
  membershipsOf,
  openInvitations,
} from "./repo.ts";

// docs/companies.md: a company (an approved business account, ADR 140) and its members. Every
// action asks the member's active role (ADR 277); every change writes its audit row in its own
// transaction (ADR 070).

type Database = Kysely<DatabaseSchema>;

/** docs/companies.md: an invitation is open for 14 days. */
const invitationDays = 14;

const roleRefused = () => HttpError.because(403, "forbidden", "companyRoleNotAllowed");

/**
 * The member's role if it allows `permission`. A company the user is not an active member of
 * answers 404 as if it did not exist (OWASP API1:2023); a member without the right, 403.
 */
async function requireRole(db: Database, companyId: string, user: SignedInUser, permission: CompanyPermission | null) {
  const company = await findCompany(db, companyId);
  const role = company ? await activeCompanyRole(db, companyId, user.id) : null;
  if (!company || !role) throw notFound("noSuchCompany");
  if (permission && !companyRoleMay(role, permission)) throw roleRefused();
  return { company, role };
}

/**
 * The user's companies. The holder of an approved business account owns its company: it is made,
 * with its owner membership and audit row, the first time they ask (ADR 275).
 */
export async function listMyCompanies(
  db: Database,
  user: SignedInUser,
  now: Date,
): Promise<{ companies: CompanySummary[]; invitations: IncomingInvitation[] }> {
  const business = await db.selectFrom("business_accounts").select("invoice_status").where("user_id", "=", user.id).executeTakeFirst();
  if (business?.invoice_status === "approved" && !(await companyOfAccount(db, user.id))) {
    const nowText = now.toISOString();
    const id = randomUUID();
    await db.transaction().execute(async (transaction) => {
      const created = await transaction
        .insertInto("companies")
        .values({
          id,
          account_user_id: user.id,
          cost_centres: "[]",
          requires_cost_centre: 0,
          requires_reference: 0,
          shares_all_bookings: 0,
          approval_always: 0,
          approval_above_cents: null,
          approval_service_types: "[]",
          approval_outside_office_hours: 0,
          created_at: nowText,
          updated_at: nowText,
        })
        .onConflict((conflict) => conflict.column("account_user_id").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!created) return;
      await transaction
        .insertInto("company_members")
        .values({ company_id: id, user_id: user.id, role: "owner", joined_at: nowText, removed_at: null })
        .execute();
      await writeAudit(
        transaction,
        { actorUserId: user.id, action: "company.create", subjectType: "company", subjectId: id, before: null, after: { owner: user.id } },
        nowText,
      );
    });
  }
  const companies = (await membershipsOf(db, user.id)).map((row) => ({
    id: row.id,
    name: row.company_name,
    role: row.role as CompanyRole,
  }));
  const invitations = (await invitationsTo(db, user.email, now.toISOString())).map((row) => ({
    id: row.id,
    companyName: row.company_name,
    role: row.role as CompanyRole,
    expiresAt: row.expires_at,
  }));
  return { companies, invitations };
}

export async function getCompany(db: Database, user: SignedInUser, companyId: string, now: Date): Promise<CompanyView> {
  const { company, role } = await requireRole(db, companyId, user, null);
  const manages = companyRoleMay(role, "manageMembers");
  const members = manages || companyRoleMay(role, "approve") ? await activeMembers(db, companyId) : [];
  const invitations = manages ? await openInvitations(db, companyId, now.toISOString()) : [];
  const principals = await db
    .selectFrom("company_principals")
    .select(["id", "name"])
    .where("company_id", "=", companyId)
    .orderBy("name")
    .execute();
  const delegation = await db
    .selectFrom("company_delegations")
    .select(["delegate_user_id", "until_date"])
    .where("company_id", "=", companyId)
    .where("approver_user_id", "=", user.id)
    .executeTakeFirst();
  return {
    id: company.id,
    name: company.company_name,
    role,
    memberId: user.id,
    policy: policyOf(company),
    members: members.map((member) => ({
      userId: member.user_id,
      name: member.name,
      email: member.email,
      role: member.role as CompanyRole,
      joinedAt: member.joined_at,
    })),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role as CompanyRole,
      createdAt: invitation.created_at,
      expiresAt: invitation.expires_at,
    })),
    principals,
    delegation: delegation ? { delegateUserId: delegation.delegate_user_id, untilDate: delegation.until_date } : null,
  };
}

export async function updatePolicy(
  db: Database,
  user: SignedInUser,
  companyId: string,
  input: z.output<typeof companyPolicySchema>,
  now: Date,
) {
  const { company } = await requireRole(db, companyId, user, "managePolicy");
  const nowText = now.toISOString();
  await db.transaction().execute(async (transaction) => {
    await transaction
      .updateTable("companies")
      .set({
        cost_centres: JSON.stringify([...new Set(input.costCentres)]),
        requires_cost_centre: input.requiresCostCentre ? 1 : 0,
        requires_reference: input.requiresReference ? 1 : 0,
        shares_all_bookings: input.sharesAllBookings ? 1 : 0,
        approval_always: input.approval.always ? 1 : 0,
        approval_above_cents: input.approval.aboveCents,
        approval_service_types: JSON.stringify(input.approval.serviceTypes),
        approval_outside_office_hours: input.approval.outsideOfficeHours ? 1 : 0,
        updated_at: nowText,
      })
      .where("id", "=", companyId)
      .execute();
    await writeAudit(
      transaction,
      {
        actorUserId: user.id,
        action: "company.policy_update",
        subjectType: "company",
        subjectId: companyId,
        before: policyOf(company),
        after: input,
      },
      nowText,
    );
  });
  return getCompany(db, user, companyId, now);
}

/** ADR 275: an invitation names an address and a role; its holder accepts it into their own account. */
export async function inviteMember(
  db: Database,
  user: SignedInUser,
  companyId: string,
  input: z.output<typeof companyInvitationSchema>,
  language: "en" | "sv",
  now: Date,
) {
  const { company } = await requireRole(db, companyId, user, "manageMembers");
  const existing = await db
    .selectFrom("company_members")
    .innerJoin("users", "users.id", "company_members.user_id")
    .select("company_members.user_id")
    .where("company_members.company_id", "=", companyId)
    .where("company_members.removed_at", "is", null)
    .where("users.email", "=", input.email)
    .executeTakeFirst();
  if (existing) throw HttpError.because(409, "already_exists", "alreadyMember");
  const nowText = now.toISOString();
  const id = randomUUID();
  await db.transaction().execute(async (transaction) => {
    await transaction
      .insertInto("company_invitations")
      .values({
        id,
        company_id: companyId,
        email: input.email,
        role: input.role,
        invited_by: user.id,
        created_at: nowText,
        expires_at: new Date(now.getTime() + invitationDays * 86_400_000).toISOString(),
        accepted_at: null,
        revoked_at: null,
      })
      .execute();
    await writeAudit(
      transaction,
      {
        actorUserId: user.id,
        action: "company.invite",
        subjectType: "company",
        subjectId: companyId,
        before: null,
        after: { invitation: id, email: input.email, role: input.role },
      },
      nowText,
    );
    await enqueueMail(transaction, {
      kind: "company-invitation",
      to: input.email,
      payload: { language, companyName: company.company_name, role: input.role },
    });
  });
  return getCompany(db, user, companyId, now);
}

export async function revokeInvitation(db: Database, user: SignedInUser, companyId: string, invitationId: string, now: Date) {
  await requireRole(db, companyId, user, "manageMembers");
  const nowText = now.toISOString();
  await db.transaction().execute(async (transaction) => {
    const revoked = await transaction
      .updateTable("company_invitations")
      .set({ revoked_at: nowText })
      .where("id", "=", invitationId)
      .where("company_id", "=", companyId)
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (Number(revoked.numUpdatedRows) === 0) throw notFound("noSuchInvitation");
    await writeAudit(
      transaction,
      {
        actorUserId: user.id,
        action: "company.invitation_revoke",
        subjectType: "company",
        subjectId: companyId,
        before: { invitation: invitationId },
        after: null,
      },
      nowText,
    );
  });
  return getCompany(db, user, companyId, now);
}

/**
 * ADR 275: the account whose e-mail address the invitation names accepts it (Better Auth verified
 * that address at sign-up). A former member comes back with the invitation's role.
 */
export async function acceptInvitation(db: Database, user: SignedInUser, invitationId: string, now: Date) {
  const nowText = now.toISOString();
  const companyId = await db.transaction().execute(async (transaction) => {
    const invitation = await transaction
      .selectFrom("company_invitations")
      .selectAll()
      .where("id", "=", invitationId)
      .where("email", "=", user.email.toLowerCase())
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", nowText)
      .executeTakeFirst();
    if (!invitation) throw notFound("noSuchInvitation");
    await transaction.updateTable("company_invitations").set({ accepted_at: nowText }).where("id", "=", invitationId).execute();
    const member = await transaction
      .selectFrom("company_members")
      .select(["role", "removed_at"])
      .where("company_id", "=", invitation.company_id)
      .where("user_id", "=", user.id)
      .executeTakeFirst();
    if (member && member.removed_at === null) return invitation.company_id;
    if (member)
      await transaction
        .updateTable("company_members")
        .set({ role: invitation.role, joined_at: nowText, removed_at: null })
        .where("company_id", "=", invitation.company_id)
        .where("user_id", "=", user.id)
        .execute();
    else
      await transaction
        .insertInto("company_members")
        .values({ company_id: invitation.company_id, user_id: user.id, role: invitation.role, joined_at: nowText, removed_at: null })
        .execute();
    await writeAudit(
      transaction,
      {
        actorUserId: user.id,
        action: "company.join",
        subjectType: "company",
        subjectId: invitation.company_id,
        before: null,
        after: { member: user.id, role: invitation.role },
      },
      nowText,
    );
    return invitation.company_id;
  });
  return getCompany(db, user, companyId, now);
}

/** The member's row an administrator changes; the owner stays owner (ADR 275). */
async function changeableMember(db: Database, companyId: string, memberId: string) {
  const member = await db
    .selectFrom("company_members")
    .select("role")
    .where("company_id", "=", companyId)
    .where("user_id", "=", memberId)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  if (!member) throw notFound("noSuchMember");
  if (member.role === "owner") throw HttpError.because(403, "forbidden", "ownerStaysOwner");
  return member;
}

export async function changeRole(db: Database, user: SignedInUser, companyId: string, memberId: string, role: CompanyRole, now: Date) {
  await requireRole(db, companyId, user, "manageMembers");
  const member = await changeableMember(db, companyId, memberId);
  const nowText = now.toISOString();
  await db.transaction().execute(async (transaction) => {
    await transaction
      .updateTable("company_members")
      .set({ role })
      .where("company_id", "=", companyId)
      .where("user_id", "=", memberId)
      .execute();
    await writeAudit(
      transaction,
      {
        actorUserId: user.id,
        action: "company.role_change",
        subjectType: "company",
        subjectId: companyId,
        before: { member: memberId, role: member.role },
        after: { member: memberId, role },
      },
      nowText,
    );
  });
  return getCompany(db, user, companyId, now);
}

/**
 * Removes a member at once: the access policy reads active memberships on every request, so the
 * removed member's next request, booking read or stream poll already finds nothing (ADR 277).
 * Their delegations end with them.
 */
export async function removeMember(db: Database, user: SignedInUser, companyId: string, memberId: string, now: Date) {
  await requireRole(db, companyId, user, "manageMembers");
  const member = await changeableMember(db, companyId, memberId);
  const nowText = now.toISOString();
  await db.transaction().execute(async (transaction) => {
    await transaction
      .updateTable("company_members")
      .set({ removed_at: nowText })
      .where("company_id", "=", companyId)
      .where("user_id", "=", memberId)
      .execute();
    await transaction
      .deleteFrom("company_delegations")
      .where("company_id", "=", companyId)
      .where((eb) => eb.or([eb("approver_user_id", "=", memberId), eb("delegate_user_id", "=", memberId)]))
      .execute();
    await writeAudit(
      transaction,
      {
        actorUserId: user.id,
        action: "company.member_remove",
        subjectType: "company",
        subjectId: companyId,
        before: { member: memberId, role: member.role },
        after: null,
      },
      nowText,
    );
  });
  return getCompany(db, user, companyId, now);
}

/** ADR 277: an approver hands their approvals to another active member until a day (inclusive). */
export async function delegateApprovals(
  db: Database,
  user: SignedInUser,
  companyId: string,
  input: z.output<typeof companyDelegationSchema>,
  now: Date,
) {
  await requireRole(db, companyId, user, "approve");
  if (input.delegateUserId === user.id || !(await activeCompanyRole(db, companyId, input.delegateUserId))) throw notFound("noSuchMember");
  const nowText = now.toISOString();
  await db.transaction().execute(async (transaction) => {
    await transaction
      .deleteFrom("company_delegations")
      .where("company_id", "=", companyId)
      .where("approver_user_id", "=", user.id)
      .execute();
    await transaction
      .insertInto("company_delegations")
      .values({
        company_id: companyId,
        approver_user_id: user.id,
        delegate_user_id: input.delegateUserId,
        until_date: input.untilDate,
        created_at: nowText,
      })
      .execute();
    await writeAudit(
      transaction,
      {
        actorUserId: user.id,
        action: "company.delegate",
        subjectType: "company",
        subjectId: companyId,
        before: null,
        after: { delegate: input.delegateUserId, until: input.untilDate },
      },
      nowText,
    );
  });
  return getCompany(db, user, companyId, now);
}

export async function addPrincipal(
  db: Database,
  user: SignedInUser,
  companyId: string,
  input: z.output<typeof companyPrincipalSchema>,
  now: Date,
) {
  await requireRole(db, companyId, user, "managePolicy");
  const nowText = now.toISOString();
  const id = randomUUID();
  await db.transaction().execute(async (transaction) => {
    await transaction
      .insertInto("company_principals")
      .values({ id, company_id: companyId, name: input.name, created_at: nowText })
      .execute();
    await writeAudit(
      transaction,
      {
        actorUserId: user.id,
        action: "company.principal_add",
        subjectType: "company",
        subjectId: companyId,
        before: null,
        after: { principal: id },
      },
      nowText,
    );
  });
  return getCompany(db, user, companyId, now);
}

/** ADR 277: a booker sees their own bookings unless the company shares all; other roles see all. */
export async function listCompanyBookings(
  db: Database,
  user: SignedInUser,
  companyId: string,
  filter: CompanyBookingFilter,
  now: Date,
): Promise<CompanyBookingView[]> {
  const { company, role } = await requireRole(db, companyId, user, null);
  const seesAll = companyRoleMay(role, "seeAllBookings") || Number(company.shares_all_bookings) === 1;
  const rows = await companyBookings(db, companyId, filter, seesAll ? null : user.id);
  const views: CompanyBookingView[] = [];
  for (const row of rows) {
    const canDecide =
      row.status === "awaiting_company_approval" && ((await companyAccessOf(db, row.id, now))?.approverUserIds.includes(user.id) ?? false);
    views.push({
      id: row.id,
      reference: row.reference_code,
      status: row.status,
      startDate: row.start_date,
      endDate: row.end_date,
      location: row.location,
      totalCents: Number(row.price),
      bookerName: row.booker_name ?? "",
      bookerUserId: row.user_id,
      costCentre: row.cost_centre,
      poReference: row.reference,
      principal: row.principal_codename,
      approvalReasons: row.reasons,
      declineReason: row.decline_reason,
      canDecide,
    });
  }
  return views;
}

/** docs/companies.md: spend by cost centre and month, of the bookings the firm confirmed (their totals). */
export async function companySpend(db: Database, user: SignedInUser, companyId: string): Promise<CompanySpendRow[]> {
  await requireRole(db, companyId, user, "seeInvoices");
  const rows = await companyBookings(db, companyId, {}, null);
  const spent = new Map<string, CompanySpendRow>();
  for (const row of rows) {
    if (!["confirmed", "in_progress", "completed"].includes(row.status)) continue;
    const month = row.start_date.slice(0, 7);
    const costCentre = row.cost_centre ?? "";
    const key = `${month}|${costCentre}`;
    const entry = spent.get(key) ?? { month, costCentre, bookings: 0, totalCents: 0 };
    entry.bookings += 1;
    entry.totalCents += Number(row.price);
    spent.set(key, entry);
  }
  return [...spent.values()].sort((a, b) => a.month.localeCompare(b.month) || a.costCentre.localeCompare(b.costCentre));
}

/** The spend as CSV through the one CSV writer, whose formula guard keeps a cost centre's name inert (OWASP CSV injection). */
export async function companySpendCsv(db: Database, user: SignedInUser, companyId: string): Promise<string> {
  const rows = await companySpend(db, user, companyId);
  return toCsv(
    [
      ["month", "cost_centre", "bookings", "total_eur"],
      ...rows.map((row) => [row.month, row.costCentre, row.bookings, (row.totalCents / 100).toFixed(2)]),
    ],
    { byteOrderMark: true },
  );
}

export async function listCompanyDocuments(db: Database, user: SignedInUser, companyId: string) {
  await requireRole(db, companyId, user, "seeInvoices");
  return (await companyDocuments(db, companyId)).map((row) => ({
    id: row.id,
    kind: row.kind,
    number: String(Number(row.number)),
    issueDate: row.issue_date,
    totalCents: Number(row.total_cents),
    bookingId: row.booking_id,
    costCentre: row.cost_centre,
  }));
}

function refusalOf(error: unknown): never {
  if (error instanceof TransitionRefused) {
    if (error.reason === "not_found" || error.reason === "not_allowed") throw notFound("noSuchBooking");
    throw new HttpError(409, "invalid_transition", error.message);
  }
  throw error;
}

/**
 * ADR 276: the approver's decision, a transition of the one state machine. Approved, the booking is
 * a pending request to the firm; declined, it ends as `declined_by_company` and the booker is told.
 */
export async function decideCompanyBooking(
  db: Database,
  lifecycle: BookingLifecycle,
  user: SignedInUser,
  bookingId: string,
  decision: { approve: true } | { approve: false; reason: string | null },
  now: Date,
) {
  const actor = userActor(user);
  if (decision.approve) {
    await lifecycle
      .transition({
        bookingId,
        transition: "companyApprove",
        actor,
        now,
        effects: [async (transaction, { after }) => companyApprovedEffect(transaction, after, user.id, now)],
      })
      .catch(refusalOf);
    return;
  }
  const reason = decision.reason;
  await lifecycle
    .transition({
      bookingId,
      transition: "companyDecline",
      actor,
      now,
      input: { reason },
      changes: { declined_at: now.toISOString(), decline_reason: reason },
      effects: [
        async (transaction, { after }) => {
          await transaction
            .updateTable("company_bookings")
            .set({ decided_by: user.id, decided_at: now.toISOString(), decline_reason: reason })
            .where("booking_id", "=", bookingId)
            .execute();
          const link = await transaction
            .selectFrom("company_bookings")
            .innerJoin("companies", "companies.id", "company_bookings.company_id")
            .innerJoin("business_accounts", "business_accounts.user_id", "companies.account_user_id")
            .select("business_accounts.company_name")
            .where("company_bookings.booking_id", "=", bookingId)
            .executeTakeFirstOrThrow();
          const booker = after.user_id
            ? await transaction.selectFrom("users").select("email").where("id", "=", after.user_id).executeTakeFirst()
            : undefined;
          if (booker)
            await enqueueMail(transaction, {
              kind: "company-booking-declined",
              to: booker.email,
              payload: {
                language: after.language as "en" | "sv",
                companyName: link.company_name,
                location: after.location,
                startDate: after.start_date,
                endDate: after.end_date,
                reason,
              },
            });
        },
      ],
    })
    .catch(refusalOf);
}

import type { Kysely } from "kysely";

// Companies (docs/companies.md, ADR 275): an approved business account (ADR 140) with its members,
// their invitations, its booking policy, and the bookings made for it.
// - companies: one per business account, with its policy (cost centres, what a booking must carry,
//   when a booking needs the company's own approval, whether bookers see all its bookings).
// - company_members: who belongs to it and with which role; a removed member keeps the row with
//   `removed_at`, so the audit log's subjects still resolve.
// - company_invitations: an invitation to an e-mail address, accepted by the account holding that
//   verified address (no token: ADR 275).
// - company_bookings: the company, the booker, the cost centre and reference of a booking made for
//   the company, and the company's approval when its rules asked for one (ADR 276).
// - company_delegations: an approver hands their approvals to another member until a date.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("companies")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("account_user_id", "text", (column) => column.notNull().unique().references("business_accounts.user_id").onDelete("cascade"))
    .addColumn("cost_centres", "text", (column) => column.notNull().defaultTo("[]"))
    .addColumn("requires_cost_centre", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("requires_reference", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("shares_all_bookings", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("approval_always", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("approval_above_cents", "integer")
    .addColumn("approval_service_types", "text", (column) => column.notNull().defaultTo("[]"))
    .addColumn("approval_outside_office_hours", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("company_members")
    .addColumn("company_id", "text", (column) => column.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (column) => column.notNull())
    .addColumn("joined_at", "text", (column) => column.notNull())
    .addColumn("removed_at", "text")
    .addPrimaryKeyConstraint("company_members_pk", ["company_id", "user_id"])
    .execute();
  await db.schema.createIndex("company_members_user").on("company_members").columns(["user_id", "removed_at"]).execute();

  await db.schema
    .createTable("company_invitations")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("company_id", "text", (column) => column.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("role", "text", (column) => column.notNull())
    .addColumn("invited_by", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .addColumn("accepted_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("company_invitations_email").on("company_invitations").columns(["email", "accepted_at"]).execute();

  await db.schema
    .createTable("company_principals")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("company_id", "text", (column) => column.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("company_bookings")
    .addColumn("booking_id", "text", (column) => column.primaryKey().references("bookings.id").onDelete("cascade"))
    .addColumn("company_id", "text", (column) => column.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("booker_user_id", "text")
    .addColumn("cost_centre", "text")
    .addColumn("reference", "text")
    .addColumn("principal_id", "text")
    .addColumn("approval_reasons", "text", (column) => column.notNull().defaultTo("[]"))
    .addColumn("decided_by", "text")
    .addColumn("decided_at", "text")
    .addColumn("decline_reason", "text")
    .execute();
  await db.schema.createIndex("company_bookings_company").on("company_bookings").columns(["company_id", "booker_user_id"]).execute();

  await db.schema
    .createTable("company_delegations")
    .addColumn("company_id", "text", (column) => column.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("approver_user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("delegate_user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("until_date", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("company_delegations_pk", ["company_id", "approver_user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "company_delegations",
    "company_bookings",
    "company_principals",
    "company_invitations",
    "company_members",
    "companies",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

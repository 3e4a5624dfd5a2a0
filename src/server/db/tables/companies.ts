// docs/companies.md, migration 0050: companies, their members and the bookings made for them.

export type CompaniesTable = {
  id: string;
  /** The approved business account (ADR 140) the company is; its holder is the owner. */
  account_user_id: string;
  /** JSON: ["Sales", "Board"] */
  cost_centres: string;
  requires_cost_centre: number;
  requires_reference: number;
  /** 1: every member sees all the company's bookings; 0: a booker sees their own. */
  shares_all_bookings: number;
  approval_always: number;
  approval_above_cents: number | null;
  /** JSON: service types that need the company's approval. */
  approval_service_types: string;
  approval_outside_office_hours: number;
  created_at: string;
  updated_at: string;
};

export type CompanyMembersTable = {
  company_id: string;
  user_id: string;
  role: string;
  joined_at: string;
  removed_at: string | null;
};

export type CompanyInvitationsTable = {
  id: string;
  company_id: string;
  email: string;
  role: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
};

export type CompanyPrincipalsTable = { id: string; company_id: string; name: string; created_at: string };

export type CompanyBookingsTable = {
  booking_id: string;
  company_id: string;
  booker_user_id: string | null;
  cost_centre: string | null;
  reference: string | null;
  principal_id: string | null;
  /** JSON: the rules that asked for the company's approval; [] when none did. */
  approval_reasons: string;
  decided_by: string | null;
  decided_at: string | null;
  decline_reason: string | null;
};

export type CompanyDelegationsTable = {
  company_id: string;
  approver_user_id: string;
  delegate_user_id: string;
  until_date: string;
  created_at: string;
};

export type CompanyTables = {
  companies: CompaniesTable;
  company_members: CompanyMembersTable;
  company_invitations: CompanyInvitationsTable;
  company_principals: CompanyPrincipalsTable;
  company_bookings: CompanyBookingsTable;
  company_delegations: CompanyDelegationsTable;
};

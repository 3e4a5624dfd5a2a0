// docs/companies.md, ADR 277: a company's roles and what each may do, without the companies'
// schemas, so a screen that only asks a role (the booking page's payment step) loads no more.

export const companyRoles = ["owner", "administrator", "booker", "approver"] as const;
export type CompanyRole = (typeof companyRoles)[number];
/** The roles an administrator may give; the owner is the business account's holder and stays so. */
export const assignableCompanyRoles = ["administrator", "booker", "approver"] as const;

/** ADR 277: what a company role may do. Every route of the companies feature asks this table. */
export const companyPermissions = {
  manageMembers: ["owner", "administrator"],
  managePolicy: ["owner", "administrator"],
  book: ["owner", "administrator", "booker", "approver"],
  approve: ["owner", "administrator", "approver"],
  seeAllBookings: ["owner", "administrator", "approver"],
  seeInvoices: ["owner", "administrator"],
} as const satisfies Record<string, readonly CompanyRole[]>;
export type CompanyPermission = keyof typeof companyPermissions;

export function companyRoleMay(role: CompanyRole, permission: CompanyPermission): boolean {
  return (companyPermissions[permission] as readonly CompanyRole[]).includes(role);
}

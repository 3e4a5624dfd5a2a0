// The roles of Better Auth's admin plugin (ADR 030): every account starts as a customer; staff
// roles open the operator console (ADR 026, layout routes); an operative, invited by an operator,
// has an area of their own (ADR 160).
export const roles = ["customer", "operator", "admin", "operative"] as const;
export type Role = (typeof roles)[number];

export const staffRoles: readonly Role[] = ["operator", "admin"];

/**
 * ADR 220: where an account lands after sign-in when no page was asked for, and where its "My
 * account" leads: an operative's own area holds everything an operative does (assignments,
 * two-factor sign-in, profile and licence); everyone else's is the customer dashboard.
 */
export function accountHomeOf(role: string | null | undefined): string {
  return role === "operative" ? "/operative" : "/customer-dashboard";
}

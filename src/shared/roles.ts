// The roles of Better Auth's admin plugin (ADR 030): every account starts as a customer; staff
// roles open the operator console (ADR 026, layout routes); an operative, invited by an operator,
// has an area of their own (ADR 160).
export const roles = ["customer", "operator", "admin", "operative"] as const;
export type Role = (typeof roles)[number];

export const staffRoles: readonly Role[] = ["operator", "admin"];

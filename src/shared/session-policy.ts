// docs/product.md §9: sign-out after 30 minutes without activity. Kept apart from account.ts (which builds zod
// schemas at load time) so the session guard on every page does not pull zod into the public
// pages' JavaScript (ADR 022). account.ts re-exports it, so existing imports keep working.
export const inactivityTimeoutMinutes = 30;

import { createMiddleware } from "hono/factory";
import { requireRole, type SignedInEnv } from "../../auth/require-user.ts";
import { phishingResistantMethods } from "../../auth/sign-in-method.ts";
import { HttpError } from "../../http-error.ts";
import { hasTwoFactor, readStaffPolicy } from "./staff-service.ts";

// The operator console's guard (ADR 070): 401 signed out, 403 for customers, and, while the
// admin's policy switch is on, 403 `two_factor_required` for an operator without two-factor
// sign-in (OWASP ASVS 6.3: privileged accounts use multi-factor authentication). Better Auth's
// twoFactor plugin makes sign-in ask for the TOTP code once users.two_factor_enabled is set.

const staff = requireRole("operator", "admin");

export function requireStaff() {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    await staff(c, async () => {
      const { user } = c.var;
      // ADR 271: staff reach customers' personal data; their session must come from a passkey or
      // BankID, which a look-alike site cannot relay (NIST SP 800-63B §5.2.5). A password, with or
      // without an authenticator code, is refused here and the console says what to set up.
      if (!c.var.signInMethod || !phishingResistantMethods.has(c.var.signInMethod)) {
        throw new HttpError(
          403,
          "strong_sign_in_required",
          "The operator console needs a sign-in with a passkey or BankID. Add a passkey, then sign in again with it.",
        );
      }
      const db = c.var.deps.database.db;
      if (user.role === "operator" && (await readStaffPolicy(db)).operatorTwoFactorRequired && !(await hasTwoFactor(db, user.id))) {
        throw new HttpError(
          403,
          "two_factor_required",
          "Turn on two-factor sign-in in your security settings to use the operator console.",
        );
      }
      await next();
    });
  });
}

/** Admins only (role grants, the staff policy); runs after requireStaff. */
export const requireAdmin = () => requireRole("admin");

import { randomBytes } from "node:crypto";
import type { AppDependencies } from "./context.ts";
import type { AuthService } from "./auth/auth.ts";
import { createAccount } from "./features/accounts/service.ts";
import { writeAudit } from "./audit/audit-log.ts";

// Outside the features because it composes two of them (accounts, the operator audit log).
// `npm run admin:create -- --email you@example.com` (ADR 071): the first admin, or any later one,
// without a sign-up. The account is created (or an existing one promoted) with a random password
// nobody knows, and the command prints a one-time link to /reset-password, made by the same
// Better Auth reset-token mechanism as "Forgot password", so the admin chooses the password
// and the command line never carries one.

export type AdminBootstrap = { userId: string; created: boolean; link: string };

export async function createOrPromoteAdmin(deps: AppDependencies, auth: AuthService, input: { email: string; name?: string }) {
  const db = deps.database.db;
  const email = input.email.trim().toLowerCase();
  const existing = await db.selectFrom("users").select(["id", "role"]).where("email", "=", email).executeTakeFirst();
  let userId: string;
  if (existing) {
    userId = existing.id;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("users").set({ role: "admin", updated_at: new Date().toISOString() }).where("id", "=", userId).execute();
      await writeAudit(trx, {
        actorUserId: null,
        action: "user.role",
        subjectType: "user",
        subjectId: userId,
        before: { role: existing.role },
        after: { role: "admin" },
      });
    });
  } else {
    userId = await createAccount(deps, {
      email,
      password: randomBytes(32).toString("base64url"),
      fullName: input.name ?? "Administrator",
      phoneNumber: "",
      address: "",
      city: "",
      country: "",
      postalCode: "",
      language: "en",
      role: "admin",
    });
    await writeAudit(db, {
      actorUserId: null,
      action: "user.create_admin",
      subjectType: "user",
      subjectId: userId,
      before: null,
      after: { role: "admin" },
    });
  }
  const token = await auth.issueResetToken(email, `${deps.env.appUrl}/reset-password`);
  if (!token) throw new Error(`No reset link could be made for ${email}`);
  const link = `${deps.env.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return { userId, created: !existing, link } satisfies AdminBootstrap;
}

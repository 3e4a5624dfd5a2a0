import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { inviteOperativeSchema } from "../shared/operatives.ts";
import type { AuthService } from "./auth/auth.ts";
import type { SignedInUser } from "./auth/require-user.ts";
import type { AppDependencies } from "./context.ts";
import { createAccount } from "./features/accounts/service.ts";
import { writeAudit } from "./audit/audit-log.ts";
import { HttpError, notFound } from "./http-error.ts";
import { enqueueMail } from "./mail/outbox.ts";

// Outside the features because it composes two of them (accounts, the operator's roster), like
// admin-bootstrap.ts. ADR 160: an operator invites an operative of the roster by e-mail. The
// account is a Better Auth account of role "operative" with a random password nobody knows; the
// mail carries a one-time link to /reset-password made by Better Auth's own reset-token mechanism,
// so the operative chooses the password and no password or token code of ours exists. The
// operative area then requires two-factor sign-in (features/operatives/routes.ts).

export async function inviteOperative(
  deps: AppDependencies,
  auth: AuthService,
  actor: SignedInUser,
  operativeId: string,
  input: z.output<typeof inviteOperativeSchema>,
): Promise<{ invitedAt: string; email: string }> {
  const db = deps.database.db;
  const email = input.email.trim().toLowerCase();
  const operative = await db.selectFrom("operatives").selectAll().where("id", "=", operativeId).executeTakeFirst();
  if (!operative) throw notFound("noSuchOperative");
  if (Number(operative.active) !== 1)
    throw HttpError.because(409, "invalid_transition", "operativeNotActive", { values: { name: operative.name } });
  const existing = await db.selectFrom("users").select(["id", "role"]).where("email", "=", email).executeTakeFirst();
  let userId = operative.user_id;
  if (userId) {
    // A second invitation (the first link ran out) goes to the operative's own account only.
    const own = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
    if (own && own.email !== email) {
      throw HttpError.because(409, "account_exists", "operativeHasOtherAccount", {
        values: { name: operative.name },
        fields: { email: "This operative already has an account under another address" },
      });
    }
  } else {
    // An existing customer or staff account is never turned into an operative's by an invitation.
    if (existing) {
      throw new HttpError(409, "account_exists", "An account with this e-mail address already exists.", {
        email: "An account with this e-mail address already exists",
      });
    }
    userId = await createAccount(deps, {
      email,
      password: randomBytes(32).toString("base64url"),
      fullName: operative.name,
      phoneNumber: operative.phone,
      address: "",
      city: "",
      country: "",
      postalCode: "",
      language: input.language,
      role: "operative",
    });
  }
  const now = new Date().toISOString();
  const token = await auth.issueResetToken(email, `${deps.env.appUrl}/reset-password`);
  if (!token) throw new Error(`No password link could be made for operative ${operativeId}`);
  const link = `${deps.env.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("operatives")
      .set({ user_id: userId, email, invited_at: now, updated_at: now })
      .where("id", "=", operativeId)
      .execute();
    await writeAudit(
      trx,
      {
        actorUserId: actor.id,
        action: "operative.invite",
        subjectType: "operative",
        subjectId: operativeId,
        before: { email: operative.email, invitedAt: operative.invited_at },
        after: { email, invitedAt: now },
      },
      now,
    );
    await enqueueMail(trx, {
      kind: "operative-invitation",
      to: email,
      payload: { language: input.language, operativeName: operative.name, link },
    });
  });
  return { invitedAt: now, email };
}

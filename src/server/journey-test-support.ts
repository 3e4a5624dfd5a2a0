import { Hono, type Context } from "hono";
import { z } from "zod";
import { emailSchema, passwordSchema, signUpSchema } from "../shared/account.ts";
import { createOrPromoteAdmin } from "./admin-bootstrap.ts";
import type { AppEnv } from "./app-env.ts";
import { requireRole } from "./auth/require-user.ts";
import { inviteOperative } from "./operative-invitation.ts";
import { inviteOperativeSchema } from "../shared/operatives.ts";
import { createAccount, signInWithPassword } from "./features/accounts/service.ts";
import type { Database } from "./db/database.ts";
import { validate } from "./validation.ts";

// ADR 254: signed-in accounts for the browser journeys, made by the product's own code instead of
// a sign-up by mailed code in every journey. Mounted at /api/test-support only when the server runs
// the journeys (JOURNEY_TEST_SUPPORT=1, refused in production by env.ts); otherwise the route does
// not exist. Outside the features because it composes two of them, as admin-bootstrap.ts does.
// The session is always Better Auth's own: a password sign-in through signInWithPassword (a staff
// session is then marked as made by a passkey, test only: markSessionAsPasskeySignIn).

/** A customer as the sign-up endpoint would make one, without the 4-digit code step. */
const customerSchema = signUpSchema.omit({ verificationToken: true });

/** An operator as `npm run admin:create` makes one (ADR 071), whose password is then chosen through its link. */
const operatorSchema = z.object({ email: emailSchema, password: passwordSchema, name: z.string().trim().min(1).max(100).optional() });

/** An operative of the roster, invited by the signed-in operator, with the password it would choose through the mailed link. */
const operativeAccountSchema = inviteOperativeSchema.extend({ operativeId: z.uuid(), password: passwordSchema });

/**
 * TEST ONLY. ADR 271: the console admits sessions made by a passkey or BankID. A staff account made
 * for a journey signs in with its password and this marks that one session as passkey-made, so the
 * journeys that are not about signing in reach the console; passkeys.spec.ts and the first operator
 * journey sign staff in with a real passkey. Exists only where this module is mounted (never in production).
 */
export async function markSessionAsPasskeySignIn(db: Database, setCookies: readonly string[]): Promise<void> {
  const sessionCookie = setCookies.find((cookie) => /(^|\.)session_token=/.test(cookie.split(";")[0] ?? ""));
  const signedValue = decodeURIComponent(sessionCookie?.split(";")[0]?.split("=")[1] ?? "");
  // Better Auth's cookie is "<token>.<signature>"; the row is found by the token.
  const token = signedValue.slice(0, signedValue.lastIndexOf("."));
  if (!token) throw new Error("No session cookie to mark");
  await db.updateTable("sessions").set({ sign_in_method: "passkey" }).where("token", "=", token).execute();
}

async function signedIn(c: Context<AppEnv>, userId: string, email: string, password: string, staff = false) {
  const outcome = await signInWithPassword(c.var.deps, c.var.services.auth, email, password, c.req.raw.headers);
  if (!outcome || !("user" in outcome)) throw new Error(`The journey account ${email} could not sign in`);
  if (staff) await markSessionAsPasskeySignIn(c.var.deps.database.db, outcome.setCookies);
  for (const cookie of outcome.setCookies) c.header("Set-Cookie", cookie, { append: true });
  return c.json({ userId }, 201);
}

export const journeyTestSupportRoutes = new Hono<AppEnv>()
  .post("/customers", validate("json", customerSchema), async (c) => {
    const input = c.req.valid("json");
    // docs/product.md §3: address = street plus the optional apartment/suite joined by a space (as signUp does).
    const address = [input.streetAddress, input.aptSuite].filter((part) => part.length > 0).join(" ");
    const userId = await createAccount(c.var.deps, { ...input, address });
    return signedIn(c, userId, input.email, input.password);
  })
  .post("/operators", validate("json", operatorSchema), async (c) => {
    const input = c.req.valid("json");
    const { userId, link } = await createOrPromoteAdmin(c.var.deps, c.var.services.auth, { email: input.email, name: input.name });
    const token = new URL(link).searchParams.get("token") ?? "";
    await c.var.services.auth.auth.api.resetPassword({ body: { token, newPassword: input.password } });
    return signedIn(c, userId, input.email.trim().toLowerCase(), input.password, true);
  })
  // ADR 160: the invitation as the operator sends it (account, audit, mail), then the password the
  // operative would choose through the mailed Better Auth link. The journey signs the operative in
  // on its own phone and turns on two-factor there, as the operative area requires.
  .post("/operatives", requireRole("operator", "admin"), validate("json", operativeAccountSchema), async (c) => {
    const input = c.req.valid("json");
    const { email } = await inviteOperative(c.var.deps, c.var.services.auth, c.var.user, input.operativeId, input);
    const token = await c.var.services.auth.issueResetToken(email, `${c.var.deps.env.appUrl}/reset-password`);
    if (!token) throw new Error(`No password link could be made for operative ${input.operativeId}`);
    await c.var.services.auth.auth.api.resetPassword({ body: { token, newPassword: input.password } });
    return c.json({ email }, 201);
  })
  // A staff member who already has a password (admin:create's link, an operator made by the
  // journey) signed in as the console requires; see markSessionAsPasskeySignIn.
  .post("/staff-sessions", validate("json", z.object({ email: emailSchema, password: passwordSchema })), async (c) => {
    const input = c.req.valid("json");
    return signedIn(c, "", input.email.trim().toLowerCase(), input.password, true);
  });

import { isAPIError } from "better-auth/api";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Role } from "../../shared/roles.ts";
import type { AppVariables } from "../app-env.ts";
import { forbidden, unauthorized } from "../http-error.ts";

// ADR 043: authorisation is a guard that narrows the user or answers 401/403. ADR 042: the
// session is read through Better Auth's own getSession (signed cookie, session row, expiry,
// renewal), never beside it.

export type SignedInUser = { id: string; email: string; name: string; role: string | null };

/**
 * Hono environment of a route behind requireUser() or requireRole(): c.var.user is the user and
 * c.var.sessionId the id of the session row the request signed in with (ADR 253 counts live
 * streams per session by it; never the token, which is a secret).
 */
export type SignedInEnv = {
  /** signInMethod: how the session was created (ADR 271), null for a session older than the record. */
  Variables: AppVariables & { user: SignedInUser; sessionId: string; signInMethod: string | null };
};
/** Hono environment of a route behind optionalUser(): c.var.user is the user or null. */
export type MaybeSignedInEnv = { Variables: AppVariables & { user: SignedInUser | null } };

/**
 * The signed-in user of this request, or null. Better Auth also renews a session past its renewal
 * age: the Set-Cookie lines it answers with are forwarded on this response.
 */
async function readSignedInUser(
  c: Context<SignedInEnv> | Context<MaybeSignedInEnv>,
): Promise<{ user: SignedInUser; sessionId: string; signInMethod: string | null } | null> {
  let result;
  try {
    result = await c.var.services.auth.auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
  } catch (error) {
    // A session deleted while it was being renewed: signed out, like any unknown session.
    if (isAPIError(error) && error.statusCode === 401) return null;
    // Better Auth wraps a failure of its own (the database, say) in a 500; the cause is the error.
    throw isAPIError(error) && error.cause instanceof Error ? error.cause : error;
  }
  for (const cookie of result.headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
  const session = result.response;
  if (!session) return null;
  const { user } = session;
  // OWASP ASVS 3.3: a banned user's sessions are dead even before an operator revokes them.
  if (user.banned) return null;
  return {
    user: { id: user.id, email: user.email, name: user.name, role: user.role ?? null },
    sessionId: session.session.id,
    signInMethod: session.session.signInMethod ?? null,
  };
}

/**
 * Whether the session these request headers carry is still valid (a live stream asks this now and
 * then, ADR 092). A database that cannot answer is not a signed-out user: the stream goes on.
 */
export async function isSessionAlive(services: AppVariables["services"], headers: Headers): Promise<boolean> {
  try {
    const session = await services.auth.auth.api.getSession({ headers });
    return session !== null && !session.user.banned;
  } catch (error) {
    return !(isAPIError(error) && error.statusCode === 401);
  }
}

/** 401 `unauthorized` without a session; otherwise c.var.user is the signed-in user. */
export function requireUser() {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    const signedIn = await readSignedInUser(c);
    if (!signedIn) throw unauthorized();
    c.set("user", signedIn.user);
    c.set("sessionId", signedIn.sessionId);
    c.set("signInMethod", signedIn.signInMethod);
    await next();
  });
}

/** 401 `unauthorized` without a session, 403 `forbidden` unless the user has one of `roles`. */
export function requireRole(...roles: [Role, ...Role[]]) {
  const allowed = new Set<string>(roles);
  return createMiddleware<SignedInEnv>(async (c, next) => {
    const signedIn = await readSignedInUser(c);
    if (!signedIn) throw unauthorized();
    if (signedIn.user.role === null || !allowed.has(signedIn.user.role)) throw forbidden();
    c.set("user", signedIn.user);
    c.set("sessionId", signedIn.sessionId);
    c.set("signInMethod", signedIn.signInMethod);
    await next();
  });
}

/** c.var.user is the signed-in user or null; never refuses the request. */
export function optionalUser() {
  return createMiddleware<MaybeSignedInEnv>(async (c, next) => {
    c.set("user", (await readSignedInUser(c))?.user ?? null);
    await next();
  });
}

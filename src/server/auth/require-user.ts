import { createHmac, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { unauthorized } from "../http-error.ts";
import { authFor, cookiePrefix, sessionLifetimeSeconds, sessionRenewalAgeSeconds } from "./auth.ts";

export type SignedInUser = { id: string; email: string; name: string; role: string | null };

const sessionCookieNames = [`${cookiePrefix}.session_token`, `__Secure-${cookiePrefix}.session_token`];

/** The session token of a Better Auth signed cookie (`token.base64(HMAC-SHA256(secret, token))`), if the signature holds. */
function verifiedSessionToken(cookieHeader: string | undefined, secret: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || !sessionCookieNames.includes(part.slice(0, separator).trim())) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf(".");
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const signature = Buffer.from(value.slice(dot + 1), "base64");
    const expected = createHmac("sha256", secret).update(token).digest();
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
  }
  return null;
}

/** Better Auth's own session read; it also renews a session past its renewal age and re-sends the cookie. */
async function sessionThroughBetterAuth(c: Context<AppEnv>): Promise<SignedInUser | null> {
  const { auth } = authFor(c.var.deps);
  const result = await auth.api.getSession({ headers: c.req.raw.headers, query: { disableCookieCache: true }, returnHeaders: true });
  for (const cookie of result.headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
  const session = result.response;
  if (!session) return null;
  const user = session.user as typeof session.user & { role?: string | null; banned?: boolean | null };
  if (user.banned) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role ?? null };
}

/**
 * The signed-in user of this request, or null. ADR 053: the common case — a valid cookie for a
 * session that needs no renewal — is one indexed query; anything else (renewal due, unusual cookie)
 * goes through Better Auth, so revocation, expiry and renewal keep Better Auth's semantics.
 */
export async function currentUser(c: Context<AppEnv>): Promise<SignedInUser | null> {
  const { env, database } = c.var.deps;
  const token = verifiedSessionToken(c.req.header("cookie"), env.authSecret);
  if (!token) return c.req.header("cookie")?.includes("session_token") ? sessionThroughBetterAuth(c) : null;
  const row = await database.db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["sessions.expires_at", "users.id", "users.email", "users.name", "users.role", "users.banned"])
    .where("sessions.token", "=", token)
    .executeTakeFirst();
  if (!row) return null;
  const expiresAt = new Date(row.expires_at as string | Date).getTime();
  const now = Date.now();
  if (!(expiresAt > now)) return null;
  if (expiresAt - sessionLifetimeSeconds * 1000 + sessionRenewalAgeSeconds * 1000 <= now) return sessionThroughBetterAuth(c);
  if (row.banned) return null;
  return { id: row.id, email: row.email, name: row.name, role: row.role ?? null };
}

/** ARCHITECTURE.md: the guard returns the narrowed user or throws 401. */
export async function requireUser(c: Context<AppEnv>): Promise<SignedInUser> {
  const user = await currentUser(c);
  if (!user) throw unauthorized();
  return user;
}

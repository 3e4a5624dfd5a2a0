import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { unauthorized } from "../http-error.ts";
import { authFor } from "./auth.ts";

export type SignedInUser = { id: string; email: string; name: string; role: string | null };

/** The Better Auth session of this request's cookies, or null when there is none or it expired. */
export async function currentUser(c: Context<AppEnv>): Promise<SignedInUser | null> {
  const { auth } = authFor(c.var.deps);
  const result = await auth.api.getSession({ headers: c.req.raw.headers, query: { disableCookieCache: true }, returnHeaders: true });
  // A session past its daily refresh age is extended; the renewed cookie goes back with this answer.
  for (const cookie of result.headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
  const session = result.response;
  if (!session) return null;
  const user = session.user as typeof session.user & { role?: string | null; banned?: boolean | null };
  if (user.banned) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role ?? null };
}

/** ARCHITECTURE.md: the guard returns the narrowed user or throws 401. */
export async function requireUser(c: Context<AppEnv>): Promise<SignedInUser> {
  const user = await currentUser(c);
  if (!user) throw unauthorized();
  return user;
}

import type { MiddlewareHandler } from "hono";
import { HttpError } from "../http-error.ts";

// Cross-site request forgery defence in depth (ADR 035), besides SameSite=Lax session cookies:
// OWASP CSRF Prevention Cheat Sheet, "Verifying origin with standard headers". A state-changing
// request must come from APP_URL's origin. Browsers send Origin on every cross-origin request and
// on every POST/PUT/PATCH/DELETE, so its absence means an old browser or a client that is not a
// browser (curl, a script, a server): such a client sends no ambient cookies of a victim, so there
// is nothing to forge, and it is allowed. Sec-Fetch-Site, then Referer stand in when Origin is missing.

const stateChangingMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The verdict for one request: whether a state-changing request comes from `appOrigin`. */
export function sameOrigin(headers: { origin?: string; secFetchSite?: string; referer?: string }, appOrigin: string): boolean {
  // "null" is what a sandboxed frame, a data: URL or a cross-origin redirect sends: never ours.
  if (headers.origin !== undefined) return headers.origin === appOrigin;
  if (headers.secFetchSite !== undefined) return headers.secFetchSite === "same-origin" || headers.secFetchSite === "none";
  if (headers.referer !== undefined) return originOf(headers.referer) === appOrigin;
  return true;
}

export function originCheck(appUrl: string): MiddlewareHandler {
  const appOrigin = originOf(appUrl);
  if (!appOrigin) throw new Error(`APP_URL ${appUrl} has no origin`);
  return async (c, next) => {
    if (stateChangingMethods.has(c.req.method)) {
      const headers = { origin: c.req.header("origin"), secFetchSite: c.req.header("sec-fetch-site"), referer: c.req.header("referer") };
      if (!sameOrigin(headers, appOrigin)) {
        throw new HttpError(403, "forbidden_origin", "This request did not come from this site.");
      }
    }
    await next();
  };
}

import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { matchedRoutes } from "hono/route";
import { HttpError } from "../http-error.ts";

// Request body limits (ADR 035). Every API route reads at most `defaultBodyLimitBytes`: JSON forms
// are small, and a large body of deeply nested JSON only costs the server CPU to parse (OWASP API
// Security Top 10, API4:2023 Unrestricted Resource Consumption). A route that takes uploads raises its
// own limit with bodyLimitFor(bytes); the default then steps aside instead of applying as well.

export const defaultBodyLimitBytes = 32 * 1024;

const raisedLimits = new WeakSet<MiddlewareHandler>();

function limitOf(maxSize: number): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new HttpError(413, "payload_too_large", "The request is too large.");
    },
  });
}

/** A route's own body limit, e.g. `.post("/avatar", bodyLimitFor(5 * 1024 * 1024), …)`. */
export function bodyLimitFor(bytes: number): MiddlewareHandler {
  const middleware = limitOf(bytes);
  raisedLimits.add(middleware);
  return middleware;
}

/** The default limit, mounted once on /api; skipped when the matched route has its own. */
export function defaultBodyLimit(): MiddlewareHandler {
  const limit = limitOf(defaultBodyLimitBytes);
  return (c, next) => {
    const ownLimit = matchedRoutes(c).some((route) => raisedLimits.has(route.handler));
    return ownLimit ? next() : limit(c, next);
  };
}

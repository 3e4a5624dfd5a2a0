import { createMiddleware } from "hono/factory";
import { RateLimitedError } from "../auth/rate-limit.ts";

/**
 * A 429 answer says when to come back (RFC 9110 §10.2.3 Retry-After, RFC 6585 §4). The error
 * handler has built the answer by the time next() returns; the refusal is still in c.error.
 */
export const retryAfterHeader = createMiddleware(async (c, next) => {
  await next();
  if (c.error instanceof RateLimitedError) c.res.headers.set("Retry-After", String(c.error.retryAfterSeconds));
});

import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http-error.ts";

// ISSUE accounts point 7: counters live in the database so every app process sees the same ones.
// Fixed windows: the key and the start of the current window identify one row, and one atomic
// upsert (INSERT … ON CONFLICT DO UPDATE … RETURNING, on SQLite ≥ 3.35 and PostgreSQL) both counts
// and reads, so two concurrent requests can never both see the last free slot.

export type RateLimitRule = {
  /** Stable name of the rule, part of the key ("sign-in", "code-email-hour", …). */
  name: string;
  limit: number;
  windowSeconds: number;
};

/** The limits of ISSUE accounts points 4 and 7 (ADR 031). */
export const rateLimitRules = {
  signInPerEmailAndIp: { name: "sign-in", limit: 10, windowSeconds: 15 * 60 },
  signInPerIp: { name: "sign-in-ip", limit: 50, windowSeconds: 15 * 60 },
  checkEmailPerIp: { name: "check-email-ip", limit: 30, windowSeconds: 10 * 60 },
  codeSendPerEmailHour: { name: "code-email-hour", limit: 5, windowSeconds: 60 * 60 },
  codeSendPerEmailDay: { name: "code-email-day", limit: 10, windowSeconds: 24 * 60 * 60 },
  codeSendPerIpHour: { name: "code-ip-hour", limit: 20, windowSeconds: 60 * 60 },
  codeVerifyPerIpHour: { name: "code-verify-ip", limit: 60, windowSeconds: 60 * 60 },
  resetRequestPerEmailHour: { name: "reset-email-hour", limit: 5, windowSeconds: 60 * 60 },
  resetRequestPerIpHour: { name: "reset-ip-hour", limit: 20, windowSeconds: 60 * 60 },
  resetPerIpHour: { name: "reset-ip", limit: 20, windowSeconds: 60 * 60 },
  signUpPerIpHour: { name: "sign-up-ip", limit: 20, windowSeconds: 60 * 60 },
  // The affiliate interest form writes a row for anyone: without a limit one script fills the table.
  affiliatePerIpHour: { name: "affiliate-ip", limit: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/** Counts one hit against `rule` for `subject` and says whether it is within the limit. */
export async function hitRateLimit(db: Database, rule: RateLimitRule, subject: string, now = new Date()): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
  const windowEnd = windowStart + windowMs;
  const row = await db
    .insertInto("rate_limits")
    .values({
      key: `${rule.name}:${subject}`,
      window_start: new Date(windowStart).toISOString(),
      count: 1,
      expires_at: new Date(windowEnd).toISOString(),
    })
    .onConflict((conflict) => conflict.columns(["key", "window_start"]).doUpdateSet({ count: sql<number>`rate_limits.count + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return { allowed: count <= rule.limit, count, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)) };
}

export const rateLimitedMessage = "Too many attempts. Please wait a while and try again.";

/** Counts the hits and throws 429 rate_limited (with Retry-After in the body) when one is over. */
export async function enforceRateLimits(db: Database, checks: { rule: RateLimitRule; subject: string }[], message = rateLimitedMessage) {
  let retryAfterSeconds = 0;
  for (const check of checks) {
    const result = await hitRateLimit(db, check.rule, check.subject);
    if (!result.allowed) retryAfterSeconds = Math.max(retryAfterSeconds, result.retryAfterSeconds);
  }
  if (retryAfterSeconds > 0) throw new RateLimitedError(message, retryAfterSeconds);
}

export class RateLimitedError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number, code = "rate_limited") {
    super(429, code, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Old windows are useless once they end; the mail worker calls this now and then. */
export async function purgeExpiredRateLimits(db: Database, now = new Date()): Promise<void> {
  await db.deleteFrom("rate_limits").where("expires_at", "<", now.toISOString()).execute();
}

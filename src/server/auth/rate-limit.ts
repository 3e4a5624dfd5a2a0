import { sql, type Kysely, type Transaction } from "kysely";
import type { DatabaseSchema } from "../db/schema.ts";
import type { Database } from "../db/database.ts";
import { reasonInEnglish, type ReasonWithoutValues } from "../../shared/api-error-reasons.ts";
import type { ApiErrorCode } from "../../shared/api-errors.ts";
import { HttpError } from "../http-error.ts";

// Rate limits (ADR 031, ADR 034). Counters live in the database so every app process sees the
// same ones. Each rule counts hits in fixed windows, but decides on a sliding estimate: the
// previous window's count weighted by how much of it still overlaps the last `windowSeconds`, plus
// the current window's count. A burst at the end of one window therefore still counts at the start
// of the next, and the edge of a window no longer doubles the budget.
//
// A hit is taken only when it fits: one conditional upsert (INSERT … ON CONFLICT DO UPDATE … WHERE
// count < capacity RETURNING, on SQLite ≥ 3.35 and PostgreSQL) counts and decides atomically, so
// two concurrent requests can never both take the last free slot, and a refused request writes
// nothing (a refused request must not use up anyone's quota).

export type RateLimitRule = {
  /** Stable name of the rule, part of the key ("sign-in-account", "code-email-day", …). */
  name: string;
  limit: number;
  windowSeconds: number;
};

export type RateLimitCheck = { rule: RateLimitRule; subject: string };

/** The two fixed windows around `nowMs`; `remainingMs` of the previous one still lies within the last window length. */
export function slidingWindow(rule: RateLimitRule, nowMs: number) {
  const windowMs = rule.windowSeconds * 1000;
  const currentStart = Math.floor(nowMs / windowMs) * windowMs;
  return { windowMs, currentStart, previousStart: currentStart - windowMs, remainingMs: windowMs - (nowMs - currentStart) };
}

/**
 * Whether one more hit fits: previous × (remainingMs / windowMs) + current + 1 ≤ limit, in whole
 * numbers (multiplied by windowMs) exactly as the database decides it.
 */
export function hitFits(limit: number, counts: { previous: number; current: number }, remainingMs: number, windowMs: number): boolean {
  return (counts.current + 1) * windowMs + counts.previous * remainingMs <= limit * windowMs;
}

/** Seconds until one more hit fits, given both windows' counts (at least 1). */
export function secondsUntilAllowed(rule: RateLimitRule, counts: { previous: number; current: number }, nowMs: number): number {
  const { windowMs, currentStart } = slidingWindow(rule, nowMs);
  const limit = rule.limit;
  let allowedAtMs: number;
  if (counts.current + 1 <= limit) {
    // Still in this window, once enough of the previous one has slid out:
    // previous × (1 − f) + current + 1 ≤ limit  ⇔  f ≥ 1 − (limit − current − 1) / previous.
    const fraction = counts.previous > 0 ? 1 - (limit - counts.current - 1) / counts.previous : 0;
    allowedAtMs = currentStart + Math.max(0, fraction) * windowMs;
  } else {
    // Only in the next window, where this window's hits become the weighted previous ones.
    const fraction = counts.current > 0 ? 1 - (limit - 1) / counts.current : 0;
    allowedAtMs = currentStart + windowMs + Math.max(0, fraction) * windowMs;
  }
  return Math.max(1, Math.ceil((allowedAtMs - nowMs) / 1000));
}

/** A hit that was taken; giving it back (releaseRateLimits) undoes it. */
export type RateLimitSlot = { key: string; windowStart: string };

export type RateLimitDecision = { allowed: true; slot: RateLimitSlot } | { allowed: false; retryAfterSeconds: number };

async function windowCount(db: Database, key: string, windowStart: string): Promise<number> {
  const row = await db
    .selectFrom("rate_limits")
    .select("count")
    .where("key", "=", key)
    .where("window_start", "=", windowStart)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Takes one hit of `rule` for `subject` if it fits; a refused hit writes nothing. One statement
 * reads the previous window, decides and counts (the hot path of booking creation, ADR 053).
 * Products are bigint: a limit in the millions times an hour in milliseconds exceeds 32 bits.
 */
export async function takeRateLimitSlot(db: Database, check: RateLimitCheck, now = new Date()): Promise<RateLimitDecision> {
  const key = `${check.rule.name}:${check.subject}`;
  const { windowMs, currentStart, previousStart, remainingMs } = slidingWindow(check.rule, now.getTime());
  const windowStart = new Date(currentStart).toISOString();
  const previousWindowStart = new Date(previousStart).toISOString();
  const whole = (value: number) => sql`cast(${value} as bigint)`;
  const previous = sql`coalesce((select previous.count from rate_limits as previous where previous.key = ${key} and previous.window_start = ${previousWindowStart}), 0)`;
  const budget = sql`${whole(check.rule.limit)} * ${whole(windowMs)}`;
  // The row is still read as the previous window during the next one.
  const expiresAt = new Date(currentStart + 2 * windowMs).toISOString();
  const taken = await sql<{ count: number }>`
    insert into rate_limits (key, window_start, count, expires_at)
    select ${key}, ${windowStart}, 1, ${expiresAt}
    where ${whole(windowMs)} + ${previous} * ${whole(remainingMs)} <= ${budget}
    on conflict (key, window_start) do update set count = rate_limits.count + 1
    where (rate_limits.count + 1) * ${whole(windowMs)} + ${previous} * ${whole(remainingMs)} <= ${budget}
    returning count`.execute(db);
  if (taken.rows.length > 0) return { allowed: true, slot: { key, windowStart } };
  const counts = { previous: await windowCount(db, key, previousWindowStart), current: await windowCount(db, key, windowStart) };
  return { allowed: false, retryAfterSeconds: secondsUntilAllowed(check.rule, counts, now.getTime()) };
}

/** Gives taken hits back, e.g. a sign-in that succeeded is not a failure. */
export async function releaseRateLimits(db: Database, slots: readonly RateLimitSlot[]): Promise<void> {
  for (const slot of slots) {
    await db
      .updateTable("rate_limits")
      .set({ count: sql<number>`count - 1` })
      .where("key", "=", slot.key)
      .where("window_start", "=", slot.windowStart)
      .where("count", ">", 0)
      .execute();
  }
}

export const rateLimitedMessage = "Too many attempts. Please wait a while and try again.";

export type RateLimitOutcome = { allowed: true; slots: RateLimitSlot[] } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes one hit of every check, or none: when one is over its limit the hits already taken are
 * given back. Runs on a transaction as well (booking creation takes its hits in its own commit).
 */
export async function takeRateLimitSlots(db: Database, checks: readonly RateLimitCheck[], now = new Date()): Promise<RateLimitOutcome> {
  const slots: RateLimitSlot[] = [];
  let retryAfterSeconds = 0;
  for (const check of checks) {
    const decision = await takeRateLimitSlot(db, check, now);
    if (decision.allowed) slots.push(decision.slot);
    else retryAfterSeconds = Math.max(retryAfterSeconds, decision.retryAfterSeconds);
  }
  if (retryAfterSeconds === 0) return { allowed: true, slots };
  await releaseRateLimits(db, slots);
  return { allowed: false, retryAfterSeconds };
}

/**
 * Takes one hit of every check or throws 429 rate_limited with the longest Retry-After, for the
 * reason given (ADR 211) or with the plain "too many attempts". Returns the hits taken.
 */
export async function enforceRateLimits(
  db: Database,
  checks: readonly RateLimitCheck[],
  reason?: ReasonWithoutValues,
  now = new Date(),
): Promise<RateLimitSlot[]> {
  const outcome = await takeRateLimitSlots(db, checks, now);
  if (!outcome.allowed) throw new RateLimitedError(reason, outcome.retryAfterSeconds);
  return outcome.slots;
}

export class RateLimitedError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(reason: ReasonWithoutValues | undefined, retryAfterSeconds: number, code: ApiErrorCode = "rate_limited") {
    super(429, code, reason ? reasonInEnglish(reason) : rateLimitedMessage, undefined, reason && { reason });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Windows are useless once they no longer count as the previous window; the mail worker calls this now and then. */
export async function purgeExpiredRateLimits(db: Database, now = new Date()): Promise<void> {
  await db.deleteFrom("rate_limits").where("expires_at", "<", now.toISOString()).execute();
}

const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * ADR 097, GDPR Art. 17: the windows counted for an e-mail address (alone or with an IP address)
 * go with the account that used it; windows counted for IP addresses and user ids stay.
 */
export async function forgetRateLimitsOf(
  executor: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>,
  addresses: string[],
): Promise<void> {
  for (const address of addresses) {
    const literal = likeLiteral(address.toLowerCase());
    await executor
      .deleteFrom("rate_limits")
      .where((where) =>
        where.or([
          sql<boolean>`lower(key) like ${`%:${literal}`} escape '\\'`,
          sql<boolean>`lower(key) like ${`%:${literal}|%`} escape '\\'`,
        ]),
      )
      .execute();
  }
}

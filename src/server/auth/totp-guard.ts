import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { Database } from "../db/database.ts";
import { rateLimitRules } from "../rate-limit-rules.ts";
import { releaseRateLimits, takeRateLimitSlot, type RateLimitSlot } from "./rate-limit.ts";

// ADR 112: Better Auth checks authenticator codes (RFC 6238); these hooks around its verify-totp
// endpoint add what it leaves out, without touching the cryptography:
// - RFC 6238 §5.2: a code that was accepted once is refused while it is still valid, so one code
//   completes one sign-in. The last accepted code of each user is kept with its time step.
// - NIST SP 800-63B §5.2.2: ten wrong authenticator codes in 15 minutes lock the authenticator for
//   that account. Better Auth's own lock would refuse backup codes too, which are the way in for
//   an owner whose phone is gone; it is turned off in auth.ts, and backup codes stay limited by the
//   challenge (five codes) and the address (securityRateLimits.secondFactorPerIp).

const stepSeconds = 30;
/** Better Auth accepts a code one step either side of now, so an accepted code lives two more steps. */
const stepsStillValid = 2;

/** Why the hooks refused a code before Better Auth saw it; the caller turns it into our error. */
export type TotpRefusal = { reason: "locked"; retryAfterSeconds: number } | { reason: "used" };

type Attempt = {
  refusal?: TotpRefusal;
  userId?: string;
  slot?: RateLimitSlot;
  claimedHash?: string;
  previous?: { code_hash: string; time_step: number | string } | null;
};

const verifyTotpPath = "/two-factor/verify-totp";

export function createTotpGuard(db: Database, now: () => Date = () => new Date()) {
  const attempts = new AsyncLocalStorage<Attempt>();

  const codeHash = (userId: string, code: string) => createHash("sha256").update(`${userId}:${code}`).digest("hex");

  const before = createAuthMiddleware(async (ctx) => {
    if (ctx.path !== verifyTotpPath) return;
    const attempt = attempts.getStore();
    if (!attempt) throw new Error("verify-totp is called through the TOTP guard (auth.ts verifyTotp) only");
    const code = typeof ctx.body?.code === "string" ? ctx.body.code : "";
    const session = await getSessionFromCtx(ctx).catch(() => null);
    let userId = session?.user.id;
    if (!userId) {
      // The sign-in challenge, read the way Better Auth's own verification reads it.
      const cookie = ctx.context.createAuthCookie("two_factor");
      const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
      const verification = challenge ? await ctx.context.internalAdapter.findVerificationValue(challenge) : null;
      // No valid challenge: Better Auth refuses it on its own.
      if (!verification) return;
      userId = verification.value;
      const decision = await takeRateLimitSlot(db, { rule: rateLimitRules.totpFailuresPerUser, subject: userId }, now());
      if (!decision.allowed) {
        attempt.refusal = { reason: "locked", retryAfterSeconds: decision.retryAfterSeconds };
        throw APIError.from("TOO_MANY_REQUESTS", { code: "TOTP_LOCKED", message: "Too many wrong authenticator codes." });
      }
      attempt.slot = decision.slot;
    }
    attempt.userId = userId;
    const hash = codeHash(userId, code);
    const step = Math.floor(now().getTime() / 1000 / stepSeconds);
    attempt.previous =
      (await db.selectFrom("totp_last_codes").select(["code_hash", "time_step"]).where("user_id", "=", userId).executeTakeFirst()) ?? null;
    // Claimed before Better Auth checks it, so two requests with one code cannot both pass.
    const claimed = await db
      .insertInto("totp_last_codes")
      .values({ user_id: userId, code_hash: hash, time_step: step })
      .onConflict((conflict) =>
        conflict
          .column("user_id")
          .doUpdateSet({ code_hash: hash, time_step: step })
          .where((eb) =>
            eb.or([eb("totp_last_codes.code_hash", "!=", hash), eb("totp_last_codes.time_step", "<", step - stepsStillValid)]),
          ),
      )
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
      attempt.refusal = { reason: "used" };
      throw APIError.from("BAD_REQUEST", { code: "TOTP_CODE_USED", message: "This code was already used." });
    }
    attempt.claimedHash = hash;
  });

  const after = createAuthMiddleware(async (ctx) => {
    if (ctx.path !== verifyTotpPath) return;
    const attempt = attempts.getStore();
    if (!attempt?.userId) return;
    const returned: unknown = ctx.context.returned;
    if (!isAPIError(returned)) {
      if (attempt.slot) await releaseRateLimits(db, [attempt.slot]);
      return;
    }
    // Refused: the code is not the last accepted one; the one before it stays so.
    if (attempt.claimedHash) {
      const mine = db.updateTable("totp_last_codes").where("user_id", "=", attempt.userId).where("code_hash", "=", attempt.claimedHash);
      if (attempt.previous)
        await mine.set({ code_hash: attempt.previous.code_hash, time_step: Number(attempt.previous.time_step) }).execute();
      else
        await db.deleteFrom("totp_last_codes").where("user_id", "=", attempt.userId).where("code_hash", "=", attempt.claimedHash).execute();
    }
    // Only a wrong code counts toward the lock (an expired challenge or a suspended account does not).
    const body: unknown = returned.body;
    const code = typeof body === "object" && body !== null && "code" in body ? body.code : undefined;
    if (attempt.slot && code !== "INVALID_CODE") await releaseRateLimits(db, [attempt.slot]);
  });

  return {
    hooks: { before, after },
    /** Runs one verify-totp call under the guard; `refusal` says why the guard refused it, if it did. */
    async run<Result>(call: () => Promise<Result>): Promise<Result> {
      const attempt: Attempt = {};
      try {
        return await attempts.run(attempt, call);
      } catch (error) {
        if (attempt.refusal) throw new TotpRefusedError(attempt.refusal, error);
        throw error;
      }
    },
  };
}

export class TotpRefusedError extends Error {
  readonly refusal: TotpRefusal;
  constructor(refusal: TotpRefusal, cause: unknown) {
    super(refusal.reason === "used" ? "the authenticator code was already used" : "the authenticator is locked", { cause });
    this.refusal = refusal;
  }
}

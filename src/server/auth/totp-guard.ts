import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import type { Database } from "../db/database.ts";
import { rateLimitRules } from "../rate-limit-rules.ts";
import { releaseRateLimits, takeRateLimitSlot, type RateLimitSlot } from "./rate-limit.ts";

// ADR 112: Better Auth checks authenticator codes (RFC 6238); these hooks around its verify-totp
// endpoint add what it leaves out, without touching the cryptography:
// - RFC 6238 §5.2: once a code is accepted, every code of its time step or an earlier one is
//   refused while Better Auth would still take it, so one code completes one sign-in and an older
//   code never follows a newer one. The step is the one the typed code belongs to (found with
//   Better Auth's own OTP functions, not a copy of them) and is kept per user in the database,
//   raised by a conditional write so two processes cannot both accept codes of one step.
// - NIST SP 800-63B §5.2.2: ten wrong authenticator codes in 15 minutes lock the authenticator for
//   that account. Better Auth's own lock would refuse backup codes too, which are the way in for
//   an owner whose phone is gone; it is turned off in auth.ts, and backup codes stay limited by the
//   challenge (five codes) and the address (securityRateLimits.secondFactorPerIp).

const stepSeconds = 30;
/** Better Auth accepts a code one step either side of now (its verify's default window). */
const stepWindow = 1;
/** Better Auth's prefix for an imported base32 secret (its two-factor plugin's decryptTOTPSecret). */
const base32Prefix = "base32:";

/** Why the hooks refused a code before Better Auth saw it; the caller turns it into our error. */
export type TotpRefusal = { reason: "locked"; retryAfterSeconds: number } | { reason: "used" };

type Attempt = {
  refusal?: TotpRefusal;
  userId?: string;
  slot?: RateLimitSlot;
  claimedStep?: number;
  previous?: { code_hash: string; time_step: number | string } | null;
};

const verifyTotpPath = "/two-factor/verify-totp";

export function createTotpGuard(db: Database, now: () => Date = () => new Date()) {
  const attempts = new AsyncLocalStorage<Attempt>();

  const codeHash = (userId: string, code: string) => createHash("sha256").update(`${userId}:${code}`).digest("hex");

  /**
   * The time step within Better Auth's window whose code is `code`, or null. The secret is read
   * and decrypted as Better Auth's verify-totp reads it, and the codes come from its OTP module.
   */
  async function stepOfCode(userId: string, code: string, secretConfig: Parameters<typeof symmetricDecrypt>[0]["key"]) {
    const row = await db.selectFrom("two_factors").select("secret").where("user_id", "=", userId).executeTakeFirst();
    if (!row) return null;
    const decrypted = await symmetricDecrypt({ key: secretConfig, data: row.secret });
    const secret = decrypted.startsWith(base32Prefix) ? base32.decode(decrypted.slice(base32Prefix.length).toUpperCase()) : decrypted;
    const otp = createOTP(secret, { period: stepSeconds });
    const current = Math.floor(now().getTime() / 1000 / stepSeconds);
    for (let offset = -stepWindow; offset <= stepWindow; offset += 1) {
      if ((await otp.hotp(current + offset)) === code) return current + offset;
    }
    return null;
  }

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
    const step = await stepOfCode(userId, code, ctx.context.secretConfig);
    // Matches no step of the window: Better Auth refuses it as a wrong code (and it counts below).
    if (step === null) return;
    const hash = codeHash(userId, code);
    attempt.previous =
      (await db.selectFrom("totp_last_codes").select(["code_hash", "time_step"]).where("user_id", "=", userId).executeTakeFirst()) ?? null;
    // Claimed before Better Auth checks it, and only by raising the step: of two requests (in any
    // processes) with codes of one step, one write changes the row and the other changes nothing.
    const claimed = await db
      .insertInto("totp_last_codes")
      .values({ user_id: userId, code_hash: hash, time_step: step })
      .onConflict((conflict) =>
        conflict.column("user_id").doUpdateSet({ code_hash: hash, time_step: step }).where("totp_last_codes.time_step", "<", step),
      )
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
      attempt.refusal = { reason: "used" };
      throw APIError.from("BAD_REQUEST", { code: "TOTP_CODE_USED", message: "This code was already used." });
    }
    attempt.claimedStep = step;
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
    // Refused after the claim (an ended challenge, say): the step goes back to the one before,
    // unless another request has raised it since.
    const step = attempt.claimedStep;
    if (step !== undefined) {
      if (attempt.previous)
        await db
          .updateTable("totp_last_codes")
          .set({ code_hash: attempt.previous.code_hash, time_step: Number(attempt.previous.time_step) })
          .where("user_id", "=", attempt.userId)
          .where("time_step", "=", step)
          .execute();
      else await db.deleteFrom("totp_last_codes").where("user_id", "=", attempt.userId).where("time_step", "=", step).execute();
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

import { randomBytes } from "node:crypto";
import { isAPIError } from "better-auth/api";
import { hashPassword } from "better-auth/crypto";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { AccountProfile, AccountSession, passwordResetRequestSchema, sendCodeSchema, signUpSchema } from "../../../shared/account.ts";
import type { AuthService } from "../../auth/auth.ts";
import { passwordWeakness } from "../../auth/common-passwords.ts";
import { enforceRateLimits, RateLimitedError, releaseRateLimits } from "../../auth/rate-limit.ts";
import { rateLimitRules } from "../../rate-limit-rules.ts";
import { consumeVerificationToken, issueCode, resendAvailableAt, verifyCode } from "../../auth/verification-codes.ts";
import type { AppDependencies } from "../../context.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { HttpError } from "../../http-error.ts";
import { apiErrorReasons } from "../../../shared/api-error-reasons.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { verificationCodeValidityMinutes } from "../../../shared/account.ts";
import { latestEventId } from "../../events/events-repo.ts";
import { findProfile, findProfileLanguage, findUserIdByEmail, insertAccount } from "./repo.ts";
import type { Language } from "../../../shared/languages.ts";
import { toAccountProfile } from "../../profile-view.ts";

// The account rules (docs/product.md §3, §5, §9; ADR 030, 031, 033). Messages are the wording of docs/product.md §8.

// Messages that say what their code's wording says; a refusal that says more names a reason of
// src/shared/api-error-reasons.ts instead (ADR 211).
export const messages = {
  invalidCode: "The verification code you entered is incorrect. Please try again.",
  invalidCredentials: "Invalid email or password",
  accountSuspended: "This account has been suspended. Please contact support.",
};

/** Answers that must not reveal anything by their timing take at least this long (ADR 033). */
export const minimumDurations = { checkEmailMs: 250, resetRequestMs: 600 };

async function padTo(startedAt: number, minimumMs: number): Promise<void> {
  const remaining = minimumMs - (performance.now() - startedAt);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
}

type RequestContext = { ip: string; headers: Headers };

export async function checkEmailExists(deps: AppDependencies, email: string, request: RequestContext): Promise<{ exists: boolean }> {
  const startedAt = performance.now();
  await enforceRateLimits(deps.database.db, [{ rule: rateLimitRules.checkEmailPerIp, subject: request.ip }]);
  // The same single indexed lookup either way, then padded: a script cannot time the answer.
  const exists = (await findUserIdByEmail(deps.database.db, email)) !== null;
  await padTo(startedAt, minimumDurations.checkEmailMs);
  return { exists };
}

export async function sendVerificationCode(deps: AppDependencies, input: z.output<typeof sendCodeSchema>, request: RequestContext) {
  const db = deps.database.db;
  const now = new Date();
  const addressSlots = await enforceRateLimits(db, [{ rule: rateLimitRules.codeSendPerIpHour, subject: request.ip }]);
  // Counted: the per-address rule also slows down probing which e-mails have an account.
  if (await findUserIdByEmail(db, input.email)) throw HttpError.because(409, "account_exists", "accountExistsSignIn");
  try {
    const waitUntil = await resendAvailableAt(db, input.email, now);
    if (waitUntil) {
      throw new RateLimitedError("newCodeOncePerMinute", Math.ceil((waitUntil.getTime() - now.getTime()) / 1000), "resend_cooldown");
    }
    // ADR 034: per e-mail and address, so that one address cannot use up the owner's budget.
    await enforceRateLimits(
      db,
      [
        { rule: rateLimitRules.codeSendPerEmailAndIpHour, subject: `${input.email}|${request.ip}` },
        { rule: rateLimitRules.codeSendPerEmailAndIpDay, subject: `${input.email}|${request.ip}` },
        { rule: rateLimitRules.codeSendPerEmailDay, subject: input.email },
      ],
      "tooManyCodesForEmail",
    );
  } catch (error) {
    // ADR 034: a refused request takes nothing, not even from the address's own budget.
    if (error instanceof RateLimitedError) await releaseRateLimits(db, addressSlots);
    throw error;
  }
  const issued = await db.transaction().execute(async (trx) => {
    const result = await issueCode(trx, deps.env.authSecret, { email: input.email, language: input.language, now });
    await enqueueMail(trx, {
      kind: "verification-code",
      to: input.email,
      payload: { language: input.language, code: result.code, validityMinutes: verificationCodeValidityMinutes },
    });
    return result;
  });
  return { expiresAt: issued.expiresAt.toISOString(), resendAvailableAt: issued.resendAvailableAt.toISOString() };
}

export async function checkVerificationCode(deps: AppDependencies, input: { email: string; code: string }, request: RequestContext) {
  await enforceRateLimits(deps.database.db, [{ rule: rateLimitRules.codeVerifyPerIpHour, subject: request.ip }]);
  const outcome = await verifyCode(deps.database.db, deps.env.authSecret, { ...input, now: new Date() });
  switch (outcome.kind) {
    case "verified":
      return { verificationToken: outcome.token };
    case "wrong":
      throw new InvalidCodeError(outcome.attemptsLeft);
    case "expired":
      throw HttpError.because(410, "code_expired", "signUpCodeExpired");
    case "dead":
      throw HttpError.because(429, "too_many_attempts", "tooManyIncorrectCodes");
  }
}

/** 400 invalid_code; the route adds attemptsLeft to the body. */
export class InvalidCodeError extends HttpError {
  readonly attemptsLeft: number;
  constructor(attemptsLeft: number) {
    super(400, "invalid_code", messages.invalidCode, { code: messages.invalidCode });
    this.attemptsLeft = attemptsLeft;
  }
}

function rejectWeakPassword(password: string, context: { email?: string; name?: string }) {
  const weakness = passwordWeakness(password, context);
  if (weakness) throw new HttpError(400, "weak_password", weakness.reason, { password: weakness.reason });
}

type AccountDetails = {
  email: string;
  password: string;
  fullName: string;
  phoneNumber: string;
  address: string;
  city: string;
  country: string;
  postalCode: string;
  language: Language;
  role?: string;
};

/**
 * Creates the Better Auth user (scrypt hash through the hasher auth.ts gives Better Auth) and the
 * profile in one transaction. `beforeInsert` runs first in that transaction (sign-up consumes its
 * token there).
 */
export async function createAccount(
  deps: AppDependencies,
  details: AccountDetails,
  beforeInsert: (trx: Transaction<DatabaseSchema>) => Promise<void> = async () => {},
): Promise<string> {
  const passwordHash = await hashPassword(details.password);
  const userId = randomBytes(16).toString("hex");
  const now = new Date().toISOString();
  try {
    await deps.database.db.transaction().execute(async (trx) => {
      await beforeInsert(trx);
      if (await findUserIdByEmail(trx, details.email)) throw HttpError.because(409, "account_exists", "accountExistsSignIn");
      await insertAccount(trx, {
        userId,
        email: details.email,
        name: details.fullName,
        passwordHash,
        role: details.role ?? "customer",
        now,
        profile: {
          phone_number: details.phoneNumber,
          address: details.address,
          city: details.city,
          country: details.country,
          postal_code: details.postalCode,
          language: details.language,
        },
      });
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // Two sign-ups racing for one address: the unique index on users.email refuses the second.
    if (await findUserIdByEmail(deps.database.db, details.email)) throw HttpError.because(409, "account_exists", "accountExistsSignIn");
    throw error;
  }
  return userId;
}

export async function signUp(deps: AppDependencies, auth: AuthService, input: z.output<typeof signUpSchema>, request: RequestContext) {
  await enforceRateLimits(deps.database.db, [{ rule: rateLimitRules.signUpPerIpHour, subject: request.ip }]);
  rejectWeakPassword(input.password, { email: input.email, name: input.fullName });
  // docs/product.md §3: address = street plus the optional apartment/suite joined by a space.
  const address = [input.streetAddress, input.aptSuite].filter((part) => part.length > 0).join(" ");
  await createAccount(deps, { ...input, address, city: input.city, country: input.country, postalCode: input.postalCode }, async (trx) => {
    const consumed = await consumeVerificationToken(trx, deps.env.authSecret, {
      email: input.email,
      token: input.verificationToken,
      now: new Date(),
    });
    if (!consumed) throw HttpError.because(410, "code_expired", "signUpCodeExpired");
  });
  const signedIn = await signInWithPassword(deps, auth, input.email, input.password, request.headers);
  // A new account has no second factor yet.
  if (!signedIn || !("user" in signedIn)) throw new Error("A freshly created account could not sign in");
  return signedIn;
}

export type SessionUser = NonNullable<AccountSession["user"]>;

/**
 * A password sign-in either signs the user in, or (two-factor authentication on) answers only the
 * short-lived challenge cookie of Better Auth's twoFactor plugin: the session comes with the code
 * (features/account-security, POST /api/account/security/sign-in/second-factor).
 */
export type SignInOutcome = { user: SessionUser; setCookies: string[] } | { twoFactorRequired: true; setCookies: string[] };

/** Better Auth's sign-in; returns the outcome and the Set-Cookie lines, or null on wrong credentials. */
export async function signInWithPassword(
  deps: AppDependencies,
  { auth }: AuthService,
  email: string,
  password: string,
  headers: Headers,
): Promise<SignInOutcome | null> {
  try {
    const result = await auth.api.signInEmail({ body: { email, password, rememberMe: true }, headers, returnHeaders: true });
    if ("twoFactorRedirect" in result.response) return { twoFactorRequired: true, setCookies: result.headers.getSetCookie() };
    const user = result.response.user;
    const language = (await findProfileLanguage(deps.database.db, user.id)) ?? "en";
    return {
      user: { id: user.id, email: user.email, name: user.name, role: user.role ?? null, language },
      setCookies: result.headers.getSetCookie(),
    };
  } catch (error) {
    if (isAPIError(error)) {
      if (error.statusCode === 403) throw new HttpError(403, "account_suspended", messages.accountSuspended);
      if (error.statusCode === 401 || error.statusCode === 400) return null;
    }
    throw error;
  }
}

/**
 * Failed sign-ins are limited per account whatever the address (OWASP ASVS 2.2.1), per account and
 * address, and per address (ADR 034). Each attempt holds a slot while the password is checked, so
 * parallel guesses cannot overshoot; a successful sign-in gives its slots back.
 */
export async function signIn(
  deps: AppDependencies,
  auth: AuthService,
  input: { email: string; password: string },
  request: RequestContext,
) {
  const db = deps.database.db;
  const slots = await enforceRateLimits(db, [
    { rule: rateLimitRules.signInFailuresPerAccount, subject: input.email },
    { rule: rateLimitRules.signInFailuresPerEmailAndIp, subject: `${input.email}|${request.ip}` },
    { rule: rateLimitRules.signInFailuresPerIp, subject: request.ip },
  ]);
  const result = await signInWithPassword(deps, auth, input.email, input.password, request.headers);
  if (!result) throw new HttpError(401, "invalid_credentials", messages.invalidCredentials);
  await releaseRateLimits(db, slots);
  return result;
}

/** Revokes the session of this request (if any) and returns the Set-Cookie lines that clear it. */
export async function signOut({ auth }: AuthService, headers: Headers): Promise<string[]> {
  try {
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    const cleared = result.headers.getSetCookie();
    if (cleared.length > 0) return cleared;
  } catch (error) {
    if (!isAPIError(error)) throw error;
  }
  // No valid session: still tell the browser to drop whatever cookie it holds.
  const context = await auth.$context;
  // __Secure- cookies are only accepted (and so only cleared) with the Secure attribute.
  const secure = context.authCookies.sessionToken.attributes.secure ? "; Secure" : "";
  const attributes = `Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
  return [context.authCookies.sessionToken.name, context.authCookies.sessionData.name].map((name) => `${name}=; ${attributes}`);
}

export async function readSession(
  deps: AppDependencies,
  user: { id: string; email: string; name: string; role: string | null } | null,
): Promise<AccountSession> {
  if (!user) return { user: null };
  const [language, liveEventsCursor] = await Promise.all([findProfileLanguage(deps.database.db, user.id), latestEventId(deps.database.db)]);
  return { user: { ...user, language: language ?? "en" }, liveEventsCursor };
}

export async function readProfile(deps: AppDependencies, userId: string): Promise<AccountProfile> {
  const row = await findProfile(deps.database.db, userId);
  if (!row) throw HttpError.because(404, "not_found", "profileNotLoaded");
  return toAccountProfile(row);
}

export async function requestPasswordReset(
  deps: AppDependencies,
  auth: AuthService,
  input: z.output<typeof passwordResetRequestSchema>,
  request: RequestContext,
) {
  const startedAt = performance.now();
  await enforceRateLimits(deps.database.db, [
    { rule: rateLimitRules.resetRequestPerEmailAndIpHour, subject: `${input.email}|${request.ip}` },
    { rule: rateLimitRules.resetRequestPerEmailHour, subject: input.email },
    { rule: rateLimitRules.resetRequestPerIpHour, subject: request.ip },
  ]);
  // Called for every address: Better Auth answers the same whether or not the user exists.
  const token = await auth.issueResetToken(input.email, `${deps.env.appUrl}/reset-password`);
  if (token) {
    const link = `${deps.env.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await enqueueMail(deps.database.db, { kind: "password-reset", to: input.email, payload: { language: input.language, link } });
  }
  await padTo(startedAt, minimumDurations.resetRequestMs);
  return { ok: true as const };
}

export async function resetPassword(
  deps: AppDependencies,
  { auth }: AuthService,
  input: { token: string; newPassword: string },
  request: RequestContext,
) {
  await enforceRateLimits(deps.database.db, [{ rule: rateLimitRules.resetPerIpHour, subject: request.ip }]);
  rejectWeakPassword(input.newPassword, {});
  try {
    // auth.ts: revokeSessionsOnPasswordReset signs out every session of the user, and
    // onPasswordReset drops every other reset link of the user.
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
  } catch (error) {
    if (isAPIError(error))
      throw HttpError.because(400, "invalid_token", "resetLinkExpired", { fields: { token: apiErrorReasons.resetLinkExpired } });
    throw error;
  }
  return { ok: true as const };
}

import { isAPIError } from "better-auth/api";
import { renderSVG } from "uqr";
import type { AccountSession } from "../../../shared/account.ts";
import type { SecondFactorInput, SecurityOverview, TwoFactorSetup } from "../../../shared/account-security.ts";
import { forgetResetLinks, type AuthService } from "../../auth/auth.ts";
import { passwordWeakness } from "../../auth/common-passwords.ts";
import { enforceRateLimits, forgetRateLimitsOf, RateLimitedError, releaseRateLimits } from "../../auth/rate-limit.ts";
import { rateLimitRules } from "../../rate-limit-rules.ts";
import { deleteCodesOf } from "../../auth/verification-codes.ts";
import { TotpRefusedError } from "../../auth/totp-guard.ts";
import type { AppDependencies } from "../../context.ts";
import { forgetDeletedData } from "../../db/database.ts";
import { HttpError } from "../../http-error.ts";
import { enqueueMail, forgetMailsTo } from "../../mail/outbox.ts";
import {
  countUpcomingBookings,
  deleteAccountRows,
  findAccountFileKeys,
  findAdditionalAddresses,
  findLanguage,
  isTwoFactorEnabled,
} from "./repo.ts";

type SessionUser = NonNullable<AccountSession["user"]>;

// Account security rules: password change (docs/product.md §2 PASSWORD, §8), two-factor authentication
// through Better Auth's twoFactor plugin (ADR 063), account deletion (docs/product.md §2, §8,
// ADR 061); the data export (GDPR Art. 15 and 20) is data-export.ts. Passwords are only ever checked and hashed
// by Better Auth.

export const messages = {
  incorrectPassword: "Current password is incorrect",
  invalidCode: "The code is not correct. Please try again.",
  codeUsed: "This code has already been used. Wait for the next code in your authenticator app.",
  secondFactorExpired: "Your sign-in has expired. Please enter your e-mail and password again.",
  alreadyEnabled: "Two-factor authentication is already on.",
  upcomingBookings: "You have upcoming bookings. Please cancel them before deleting your account.",
  accountSuspended: "This account has been suspended. Please contact support.",
};

type RequestContext = { ip: string; headers: Headers };

/** Better Auth's error code of a refused call (APIError body), if any. */
function authErrorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const body: unknown = error.body;
  return typeof body === "object" && body !== null && "code" in body && typeof body.code === "string" ? body.code : undefined;
}

const incorrectPassword = (field = "currentPassword") =>
  new HttpError(400, "incorrect_password", messages.incorrectPassword, { [field]: messages.incorrectPassword });

/** Runs a password-checking call; a wrong password keeps its rate-limit slot, a right one gives it back. */
async function withPasswordLimit<Result>(deps: AppDependencies, userId: string, run: () => Promise<Result>): Promise<Result> {
  const db = deps.database.db;
  const slots = await enforceRateLimits(db, [{ rule: rateLimitRules.passwordChecksPerUser, subject: userId }], "tooManyIncorrectPasswords");
  const result = await run();
  await releaseRateLimits(db, slots);
  return result;
}

/**
 * docs/product.md §2 PASSWORD: Better Auth checks the current password, hashes the new one and (OWASP ASVS
 * 3.3.3) ends every other session; this request's new session cookie is passed on, so the customer
 * stays signed in here. Outstanding reset links die with the old password (auth.ts).
 */
export async function changePassword(
  deps: AppDependencies,
  { auth }: AuthService,
  user: SessionUserRef,
  input: { currentPassword: string; newPassword: string },
  request: RequestContext,
): Promise<string[]> {
  const weakness = passwordWeakness(input.newPassword, { email: user.email, name: user.name });
  if (weakness) throw new HttpError(400, "weak_password", weakness.reason, { newPassword: weakness.reason });
  return withPasswordLimit(deps, user.id, async () => {
    let result;
    try {
      result = await auth.api.changePassword({
        body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
        headers: request.headers,
        returnHeaders: true,
      });
    } catch (error) {
      if (authErrorCode(error) === "INVALID_PASSWORD") throw incorrectPassword();
      throw error;
    }
    await forgetResetLinks(deps.database.db, user.id);
    return result.headers.getSetCookie();
  });
}

type SessionUserRef = { id: string; email: string; name: string };

export async function readSecurityOverview(deps: AppDependencies, userId: string): Promise<SecurityOverview> {
  return { twoFactorEnabled: await isTwoFactorEnabled(deps.database.db, userId) };
}

/**
 * First step of turning on two-factor authentication: after the password, Better Auth makes a new
 * TOTP secret and backup codes (stored encrypted, not yet in force). The authenticator app reads
 * the QR code of the otpauth URI; the first code it shows turns the factor on (confirmTwoFactor).
 */
export async function startTwoFactor(
  deps: AppDependencies,
  { auth }: AuthService,
  userId: string,
  password: string,
  request: RequestContext,
) {
  return withPasswordLimit(deps, userId, async () => {
    let result;
    try {
      result = await auth.api.enableTwoFactor({ body: { password }, headers: request.headers, returnHeaders: true });
    } catch (error) {
      const code = authErrorCode(error);
      if (code === "INVALID_PASSWORD") throw incorrectPassword("password");
      if (code === "TOTP_ALREADY_ENABLED") throw new HttpError(409, "two_factor_already_enabled", messages.alreadyEnabled);
      throw error;
    }
    const response = result.response;
    if (response.method !== "totp") throw new Error("Better Auth answered no TOTP URI");
    const { totpURI, backupCodes } = response;
    const setup: TwoFactorSetup = {
      totpUri: totpURI,
      secret: new URL(totpURI).searchParams.get("secret") ?? "",
      qrSvg: renderSVG(totpURI, { border: 2 }),
      backupCodes,
    };
    return { setup, setCookies: result.headers.getSetCookie() };
  });
}

/** The first code from the app turns two-factor authentication on; Better Auth renews the session. */
export async function confirmTwoFactor(
  deps: AppDependencies,
  { auth, guardTotp }: AuthService,
  userId: string,
  code: string,
  request: RequestContext,
) {
  const db = deps.database.db;
  const slots = await enforceRateLimits(db, [{ rule: rateLimitRules.twoFactorConfirmPerUser, subject: userId }], "authenticatorLocked");
  let result;
  try {
    result = await guardTotp(() => auth.api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true }));
  } catch (error) {
    throw secondFactorError(error);
  }
  await releaseRateLimits(db, slots);
  return result.headers.getSetCookie();
}

/**
 * Turning the factor off asks for both factors: a current code, checked by Better Auth's own TOTP
 * verification for the signed-in user, then the password on Better Auth's disable endpoint. Wrong
 * codes count against the same per-user limit as wrong passwords.
 */
export async function disableTwoFactor(
  deps: AppDependencies,
  { auth, guardTotp }: AuthService,
  userId: string,
  input: { password: string; code: string },
  request: RequestContext,
) {
  return withPasswordLimit(deps, userId, async () => {
    try {
      await guardTotp(() => auth.api.verifyTOTP({ body: { code: input.code }, headers: request.headers }));
    } catch (error) {
      throw secondFactorError(error);
    }
    let result;
    try {
      result = await auth.api.disableTwoFactor({ body: { password: input.password }, headers: request.headers, returnHeaders: true });
    } catch (error) {
      if (authErrorCode(error) === "INVALID_PASSWORD") throw incorrectPassword("password");
      throw error;
    }
    return result.headers.getSetCookie();
  });
}

function secondFactorError(error: unknown): unknown {
  if (error instanceof TotpRefusedError) {
    return error.refusal.reason === "used"
      ? new HttpError(400, "two_factor_code_used", messages.codeUsed, { code: messages.codeUsed })
      : new RateLimitedError("authenticatorLocked", error.refusal.retryAfterSeconds);
  }
  switch (authErrorCode(error)) {
    case "INVALID_CODE":
    case "INVALID_BACKUP_CODE":
      return new HttpError(400, "invalid_two_factor_code", messages.invalidCode, { code: messages.invalidCode });
    case "INVALID_TWO_FACTOR_COOKIE":
    case "TOTP_NOT_ENABLED":
      return new HttpError(401, "two_factor_expired", messages.secondFactorExpired);
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return HttpError.because(429, "too_many_attempts", "tooManyAuthenticatorCodesSignInAgain");
    case "ACCOUNT_TEMPORARILY_LOCKED":
      return HttpError.because(429, "rate_limited", "authenticatorLocked");
    // Suspended between the password and the code (admin plugin): no session, as at sign-in.
    case "BANNED_USER":
      return new HttpError(403, "account_suspended", messages.accountSuspended);
    default:
      return error;
  }
}

/**
 * The second sign-in step (ADR 063): Better Auth's challenge cookie from the password
 * step and a TOTP or backup code give the session. Better Auth allows 5 codes per challenge and
 * locks the factor after 10 failures in a row (NIST SP 800-63B §5.2.2); wrong codes are also
 * limited per address here (ADR 034).
 */
export async function finishSignInWithSecondFactor(
  deps: AppDependencies,
  { auth, guardTotp }: AuthService,
  input: SecondFactorInput,
  request: RequestContext,
): Promise<{ user: SessionUser; setCookies: string[] }> {
  const db = deps.database.db;
  const slots = await enforceRateLimits(db, [{ rule: rateLimitRules.secondFactorPerIp, subject: request.ip }], "authenticatorLocked");
  const body = { code: input.code, trustDevice: input.trustDevice ?? false };
  let result;
  try {
    result =
      input.method === "totp"
        ? await guardTotp(() => auth.api.verifyTOTP({ body, headers: request.headers, returnHeaders: true }))
        : await auth.api.verifyBackupCode({ body, headers: request.headers, returnHeaders: true });
  } catch (error) {
    throw secondFactorError(error);
  }
  await releaseRateLimits(db, slots);
  const user = result.response.user;
  const language = await findLanguage(db, user.id);
  return {
    user: { id: user.id, email: user.email, name: user.name, role: (user as { role?: string | null }).role ?? null, language },
    setCookies: result.headers.getSetCookie(),
  };
}

export async function checkAccountDeletion(deps: AppDependencies, userId: string) {
  return { upcomingBookings: await countUpcomingBookings(deps.database.db, userId, new Date()) };
}

/**
 * docs/product.md §2 DELETE ACCOUNT (ADR 061): refused while bookings are still to come; otherwise, after the
 * password (checked by Better Auth), every row of the account goes in one transaction, past and
 * cancelled bookings stay anonymised, the confirmation mail is queued in the same transaction,
 * and the files go after the commit (a database cannot roll a deleted file back).
 */
export async function deleteAccount(
  deps: AppDependencies,
  authService: AuthService,
  user: SessionUserRef,
  password: string,
  request: RequestContext,
): Promise<string[]> {
  const db = deps.database.db;
  if ((await countUpcomingBookings(db, user.id, new Date())) > 0) {
    throw new HttpError(409, "upcoming_bookings", messages.upcomingBookings);
  }
  await withPasswordLimit(deps, user.id, async () => {
    try {
      await authService.auth.api.verifyPassword({ body: { password }, headers: request.headers });
    } catch (error) {
      if (authErrorCode(error) === "INVALID_PASSWORD") throw incorrectPassword("password");
      throw error;
    }
  });
  const language = await findLanguage(db, user.id);
  const fileKeys = await db.transaction().execute(async (trx) => {
    // Checked again inside the transaction: a booking made meanwhile still blocks the deletion.
    if ((await countUpcomingBookings(trx, user.id, new Date())) > 0) {
      throw new HttpError(409, "upcoming_bookings", messages.upcomingBookings);
    }
    const keys = await findAccountFileKeys(trx, user.id);
    const addresses = [user.email, ...(await findAdditionalAddresses(trx, user.id))];
    await deleteAccountRows(trx, user.id);
    // ADR 097: no mail, code or rate-limit window keeps the customer's addresses, names or numbers;
    // the notice below holds the address until it is delivered, then drops it.
    await forgetMailsTo(trx, addresses);
    await deleteCodesOf(trx, addresses);
    await forgetRateLimitsOf(trx, addresses);
    await enqueueMail(trx, { kind: "account-deleted", to: user.email, payload: { language } });
    return keys;
  });
  await forgetDeletedData(deps.database);
  for (const key of fileKeys) {
    try {
      await deps.storage.delete(key);
    } catch (error) {
      // The rows are gone; a file left behind is logged for the operator to remove.
      deps.logger.error({ err: error, key }, "could not delete a file of a deleted account");
    }
  }
  return clearedSessionCookies(authService);
}

/** The session row is gone with the account: these Set-Cookie lines drop its cookies in the browser. */
async function clearedSessionCookies({ auth }: AuthService): Promise<string[]> {
  const context = await auth.$context;
  // __Secure- cookies are only accepted (and so only cleared) with the Secure attribute.
  const secure = context.authCookies.sessionToken.attributes.secure ? "; Secure" : "";
  const attributes = `Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
  return [context.authCookies.sessionToken.name, context.authCookies.sessionData.name].map((name) => `${name}=; ${attributes}`);
}

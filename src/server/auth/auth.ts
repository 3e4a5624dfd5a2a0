import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth } from "better-auth";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { admin, twoFactor } from "better-auth/plugins";
import type { AppDependencies } from "../context.ts";
import type { Database } from "../db/database.ts";
import { createTotpGuard } from "./totp-guard.ts";
import { generateBackupCodes } from "./backup-codes.ts";
import { bankIdSessionPlugin } from "./bankid-session.ts";
import { passkeyPlugin } from "./passkeys.ts";
import { signInMethodPlugin } from "./sign-in-method.ts";

// ADR 030: Better Auth on our own database (both engines), e-mail + password with scrypt hashing,
// cookie sessions and password reset; the admin plugin adds `role` (customer by default). Tables
// and columns are renamed to our snake_case names (migration 0002).

export const passwordResetValiditySeconds = 60 * 60;
export const sessionLifetimeSeconds = 60 * 60 * 24 * 7;
/** A session older than this since its last renewal is extended (and its cookie re-sent) on use. */
export const sessionRenewalAgeSeconds = 60 * 60 * 24;
export const cookiePrefix = "nordic-shield";

/** Better Auth's reset links are verification rows named `reset-password:<token>` whose value is the user id. */
const resetTokenPrefix = "reset-password:";

/**
 * OWASP forgot-password cheat sheet / ASVS 2.5: once the password has changed, every outstanding
 * reset link of that user stops working. Better Auth calls it after a reset; a change-password
 * endpoint must call it too.
 */
export async function forgetResetLinks(db: Database, userId: string): Promise<void> {
  await db.deleteFrom("auth_verifications").where("identifier", "like", `${resetTokenPrefix}%`).where("value", "=", userId).execute();
}

function isLocalOrigin(appUrl: string): boolean {
  const host = new URL(appUrl).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}

function createBetterAuth(
  deps: AppDependencies,
  resetTokenReceiver: AsyncLocalStorage<(token: string) => void>,
  totpGuard: ReturnType<typeof createTotpGuard>,
) {
  const { env, database } = deps;
  return betterAuth({
    // ADR 112: one accepted authenticator code per sign-in, and a lock on wrong ones that spares backup codes.
    hooks: totpGuard.hooks,
    appName: "Nordic Shield",
    secret: env.authSecret,
    baseURL: env.appUrl,
    trustedOrigins: [env.appUrl],
    database: { db: database.db, type: database.engine },
    // Our own database-backed limits (rate-limit.ts) guard every endpoint we expose.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { disabled: env.nodeEnv === "test" },
    user: {
      modelName: "users",
      fields: { emailVerified: "email_verified", createdAt: "created_at", updatedAt: "updated_at" },
    },
    session: {
      modelName: "sessions",
      fields: {
        userId: "user_id",
        expiresAt: "expires_at",
        ipAddress: "ip_address",
        userAgent: "user_agent",
        createdAt: "created_at",
        updatedAt: "updated_at",
      },
      expiresIn: sessionLifetimeSeconds,
      updateAge: sessionRenewalAgeSeconds,
      // ADR 042: no cookie cache. Every request reads the session row, so sign-out, a password
      // reset and a ban end a session at once instead of after the cache's maxAge.
      cookieCache: { enabled: false },
    },
    account: {
      modelName: "auth_accounts",
      fields: {
        userId: "user_id",
        accountId: "account_id",
        providerId: "provider_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
        createdAt: "created_at",
        updatedAt: "updated_at",
      },
    },
    verification: {
      modelName: "auth_verifications",
      fields: { expiresAt: "expires_at", createdAt: "created_at", updatedAt: "updated_at" },
    },
    emailAndPassword: {
      enabled: true,
      // docs/product.md §9: passwords of at least 6 characters.
      minPasswordLength: 6,
      maxPasswordLength: 128,
      // Accounts are created by our sign-up endpoint after the 4-digit code (ADR 031).
      disableSignUp: true,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: passwordResetValiditySeconds,
      revokeSessionsOnPasswordReset: true,
      // The hasher createAccount uses too (better-auth/crypto's scrypt), named here so both stay one.
      password: { hash: hashPassword, verify: verifyPassword },
      // The request that asked for the link receives the token and writes the mail itself.
      sendResetPassword: async ({ token }) => {
        resetTokenReceiver.getStore()?.(token);
      },
      onPasswordReset: ({ user }) => forgetResetLinks(database.db, user.id),
    },
    advanced: {
      cookiePrefix,
      // ADR 030: HttpOnly, SameSite=Lax, Secure (and so the __Secure- name) everywhere but localhost.
      useSecureCookies: !isLocalOrigin(env.appUrl),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    plugins: [
      admin({
        defaultRole: "customer",
        adminRoles: ["admin"],
        schema: {
          user: { fields: { banReason: "ban_reason", banExpires: "ban_expires" } },
          session: { fields: { impersonatedBy: "impersonated_by" } },
        },
      }),
      // ADR 063: TOTP (RFC 6238) as the second factor, with backup codes; secret and
      // codes are stored encrypted with the auth secret. Table and columns of migration 0007.
      twoFactor({
        issuer: "Nordic Shield",
        // ADR 112: totp-guard.ts locks the authenticator alone; this lock would refuse backup codes too.
        accountLockout: { enabled: false },
        // ADR 116: codes typed from paper use an alphabet without look-alike characters.
        backupCodeOptions: { customBackupCodesGenerate: generateBackupCodes },
        schema: {
          user: { fields: { twoFactorEnabled: "two_factor_enabled" } },
          twoFactor: {
            modelName: "two_factors",
            fields: {
              backupCodes: "backup_codes",
              userId: "user_id",
              failedVerificationCount: "failed_verification_count",
              lockedUntil: "locked_until",
            },
          },
        },
      }),
      // ADR 270: passkeys; ADR 271: the way each session was created, for the console's rule;
      // ADR 272: the session of a completed BankID order.
      passkeyPlugin(env.appUrl),
      signInMethodPlugin(),
      bankIdSessionPlugin(),
    ],
  });
}

/**
 * The Better Auth instance of one app, built once by the composition root (createServices in
 * app.ts) and reached through c.var.services.auth.
 */
export function createAuthService(deps: AppDependencies) {
  const resetTokenReceiver = new AsyncLocalStorage<(token: string) => void>();
  const totpGuard = createTotpGuard(deps.database.db);
  const auth = createBetterAuth(deps, resetTokenReceiver, totpGuard);
  return {
    auth,
    /** Every auth.api.verifyTOTP call runs inside this (ADR 112); it throws TotpRefusedError for a used code or a lock. */
    guardTotp: totpGuard.run,
    /**
     * Better Auth's reset request for this address; the new token, or null when there is no such
     * user (Better Auth answers the same either way, ADR 033).
     */
    async issueResetToken(email: string, redirectTo: string): Promise<string | null> {
      let issued: string | null = null;
      await resetTokenReceiver.run(
        (token) => {
          issued = token;
        },
        () => auth.api.requestPasswordReset({ body: { email, redirectTo } }),
      );
      return issued;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

import { betterAuth } from "better-auth";
import { admin } from "better-auth/plugins";
import type { AppDependencies } from "../context.ts";

// ISSUE accounts point 1: Better Auth on our own database (both engines), e-mail + password with
// scrypt hashing, cookie sessions and password reset; the admin plugin adds `role` (customer by
// default). Tables and columns are renamed to our snake_case names (migration 0002).

export const passwordResetValiditySeconds = 60 * 60;
export const sessionLifetimeSeconds = 60 * 60 * 24 * 7;
/** A session older than this since its last renewal is extended (and its cookie re-sent) on use. */
export const sessionRenewalAgeSeconds = 60 * 60 * 24;
export const cookiePrefix = "nordic-shield";

/** Hands the reset token from Better Auth's callback to the service that renders the mail. */
export type ResetTokenSink = (data: { userId: string; email: string; token: string }) => void;

function isLocalOrigin(appUrl: string): boolean {
  const host = new URL(appUrl).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}

function createAuth(deps: AppDependencies, sinks: Set<ResetTokenSink>) {
  const { env, database } = deps;
  return betterAuth({
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
      // SPEC §9: passwords of at least 6 characters.
      minPasswordLength: 6,
      maxPasswordLength: 128,
      // Accounts are created by our sign-up endpoint after the 4-digit code (ISSUE accounts point 4).
      disableSignUp: true,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: passwordResetValiditySeconds,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        for (const sink of sinks) sink({ userId: user.id, email: user.email, token });
      },
    },
    advanced: {
      cookiePrefix,
      // ISSUE accounts point 1: HttpOnly, SameSite=Lax, Secure everywhere but localhost.
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
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

type AuthEntry = { auth: Auth; resetTokenSinks: Set<ResetTokenSink> };
const instances = new WeakMap<object, AuthEntry>();

/** One Better Auth instance per database handle (the app and every test app have their own). */
export function authFor(deps: AppDependencies): AuthEntry {
  let entry = instances.get(deps.database);
  if (!entry) {
    const resetTokenSinks = new Set<ResetTokenSink>();
    entry = { auth: createAuth(deps, resetTokenSinks), resetTokenSinks };
    instances.set(deps.database, entry);
  }
  return entry;
}

import type { BetterAuthPlugin } from "better-auth";
import type { GenericEndpointContext } from "@better-auth/core";

// ADR 271: every session records how it was created, so the operator console can admit only
// phishing-resistant sign-ins (OWASP ASVS 2.0 V6.2, NIST SP 800-63B §5.2.5 verifier impersonation
// resistance). The session row's `sign_in_method` (migration 0045) is written by Better Auth's own
// database hook at creation, from the endpoint that created it; nothing else writes it.

export const signInMethods = ["password", "password-and-authenticator", "passkey", "bankid"] as const;
export type SignInMethod = (typeof signInMethods)[number];

/** Methods whose proof cannot be relayed by a look-alike site: the origin-bound passkey, BankID. */
export const phishingResistantMethods: ReadonlySet<string> = new Set<SignInMethod>(["passkey", "bankid"]);

/** The method of a session created by the Better Auth endpoint at `path`; null when it is not a sign-in. */
export function signInMethodOfPath(path: string): SignInMethod | null {
  if (path === "/sign-in/email") return "password";
  if (path === "/two-factor/verify-totp" || path === "/two-factor/verify-backup-code") return "password-and-authenticator";
  if (path === "/passkey/verify-authentication" || path === "/passkey/verify-registration") return "passkey";
  if (path.startsWith("/bankid/")) return "bankid";
  return null;
}

function methodOfNewSession(context: GenericEndpointContext | null): string | null {
  if (!context) return null;
  const method = signInMethodOfPath(context.path ?? "");
  if (method) return method;
  // A session replaced while signed in (a password change signs the others out and issues a new
  // one) keeps the method of the session it replaces.
  const current = context.context.session?.session as { signInMethod?: string | null } | undefined;
  return current?.signInMethod ?? null;
}

export function signInMethodPlugin() {
  return {
    id: "sign-in-method",
    schema: {
      session: {
        fields: { signInMethod: { type: "string", required: false, input: false, fieldName: "sign_in_method" } },
      },
    },
    init() {
      return {
        options: {
          databaseHooks: {
            session: {
              create: {
                async before(session: Record<string, unknown>, context: GenericEndpointContext | null) {
                  return { data: { ...session, signInMethod: methodOfNewSession(context) } };
                },
              },
            },
          },
        },
      };
    },
  } satisfies BetterAuthPlugin;
}

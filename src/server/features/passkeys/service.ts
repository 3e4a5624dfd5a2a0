import { isAPIError } from "better-auth/api";
import type { PasskeySummary } from "../../../shared/passkeys.ts";
import type { AuthService } from "../../auth/auth.ts";
import { enforceRateLimits, releaseRateLimits } from "../../auth/rate-limit.ts";
import type { AppDependencies } from "../../context.ts";
import { HttpError } from "../../http-error.ts";
import { rateLimitRules } from "../../rate-limit-rules.ts";

// ADR 270: the passkey ceremonies and the list of an account's passkeys, each one call of Better
// Auth's passkey plugin (auth.api, its HTTP handler is not mounted: ADR 030). The challenge lives in
// Better Auth's signed cookie and verification row; the session is Better Auth's. Here: our limits,
// our error codes, and the summary a browser may see.

type RequestContext = { ip: string; headers: Headers };
type Answer<Body> = { body: Body; setCookies: string[] };

const messages = {
  notFound: "This passkey is not registered here. Sign in another way and add it again in your security settings.",
  failed: "The passkey could not be checked. Please try again.",
  signInAgain: "For your safety, sign in again before adding a passkey.",
};

function betterAuthCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const body: unknown = error.body;
  return typeof body === "object" && body !== null && "code" in body && typeof body.code === "string" ? body.code : undefined;
}

/** Better Auth's refusals in our words (ADR 205); anything else is not a refusal and goes on up. */
function passkeyError(error: unknown): unknown {
  if (!isAPIError(error)) return error;
  const code = betterAuthCode(error);
  if (code === "SESSION_NOT_FRESH") return new HttpError(403, "sign_in_again", messages.signInAgain);
  if (code === "PASSKEY_NOT_FOUND") return new HttpError(400, "passkey_not_found", messages.notFound);
  if (error.statusCode === 401 && code === "UNAUTHORIZED") return new HttpError(401, "unauthorized", "Please sign in to continue.");
  if (error.statusCode >= 500) return error;
  return new HttpError(400, "passkey_failed", messages.failed);
}

async function call<Result>(request: () => Promise<Result>): Promise<Result> {
  try {
    return await request();
  } catch (error) {
    throw passkeyError(error);
  }
}

export async function registrationOptions(
  { auth }: AuthService,
  request: RequestContext,
  query: { name?: string; authenticatorAttachment?: "platform" | "cross-platform" },
): Promise<Answer<unknown>> {
  const result = await call(() => auth.api.generatePasskeyRegistrationOptions({ headers: request.headers, query, returnHeaders: true }));
  return { body: result.response, setCookies: result.headers.getSetCookie() };
}

export async function verifyRegistration(
  { auth }: AuthService,
  request: RequestContext,
  body: { response: unknown; name?: string },
): Promise<Answer<PasskeySummary>> {
  const result = await call(() =>
    auth.api.verifyPasskeyRegistration({
      headers: request.headers,
      // The browser's answer is checked by Better Auth (@simplewebauthn/server), not by us.
      body: { response: body.response as never, ...(body.name && { name: body.name }) },
      returnHeaders: true,
    }),
  );
  return { body: summaryOf(result.response), setCookies: result.headers.getSetCookie() };
}

export async function authenticationOptions({ auth }: AuthService, request: RequestContext): Promise<Answer<unknown>> {
  const result = await call(() => auth.api.generatePasskeyAuthenticationOptions({ headers: request.headers, returnHeaders: true }));
  return { body: result.response, setCookies: result.headers.getSetCookie() };
}

/** A passkey sign-in: Better Auth checks the signature against the stored key and makes the session. */
export async function verifyAuthentication(
  deps: AppDependencies,
  { auth }: AuthService,
  request: RequestContext,
  response: unknown,
): Promise<Answer<{ ok: true }>> {
  const db = deps.database.db;
  const slots = await enforceRateLimits(db, [{ rule: rateLimitRules.passkeySignInPerIp, subject: request.ip }]);
  let result;
  try {
    result = await auth.api.verifyPasskeyAuthentication({
      headers: request.headers,
      body: { response: response as never },
      returnHeaders: true,
    });
  } catch (error) {
    // A banned account: Better Auth's admin plugin refuses its session as it refuses a password sign-in.
    if (isAPIError(error) && error.statusCode === 403) throw new HttpError(403, "account_suspended", "This account is suspended.");
    throw passkeyError(error);
  }
  await releaseRateLimits(db, slots);
  return { body: { ok: true }, setCookies: result.headers.getSetCookie() };
}

export async function listPasskeys({ auth }: AuthService, request: RequestContext): Promise<PasskeySummary[]> {
  const passkeys = await call(() => auth.api.listPasskeys({ headers: request.headers }));
  return passkeys.map(summaryOf).sort((first, second) => (first.createdAt ?? "").localeCompare(second.createdAt ?? ""));
}

export async function renamePasskey({ auth }: AuthService, request: RequestContext, input: { id: string; name: string }) {
  await call(() => auth.api.updatePasskey({ headers: request.headers, body: input }));
}

export async function deletePasskey({ auth }: AuthService, request: RequestContext, id: string) {
  await call(() => auth.api.deletePasskey({ headers: request.headers, body: { id } }));
}

type StoredPasskey = { id: string; name?: string | null; createdAt?: Date | string | null; backedUp: boolean | number };

function summaryOf(passkey: StoredPasskey): PasskeySummary {
  const createdAt = passkey.createdAt ? new Date(passkey.createdAt).toISOString() : null;
  return { id: passkey.id, name: passkey.name ?? null, createdAt, backedUp: Boolean(passkey.backedUp) };
}

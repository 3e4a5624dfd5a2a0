import { passkeyClient } from "@better-auth/passkey/client";
import { createAuthClient } from "better-auth/client";
import { isApiErrorCode } from "../../shared/api-errors.ts";
import { ApiError } from "./api-client.ts";
import { i18n } from "./i18n.ts";

// ADR 270: the browser side of a passkey ceremony is Better Auth's passkey client plugin (it asks
// the server for options, runs navigator.credentials through @simplewebauthn/browser and sends the
// answer back). Its base path is /api/account, where the server serves the plugin's paths
// (/passkey/...) behind our limits and error shape. Loaded on demand: only the login page and the
// security settings use it. Failures become the ApiError every screen already words (ADR 205).

function createPasskeyClient() {
  return createAuthClient({ baseURL: `${window.location.origin}/api/account`, plugins: [passkeyClient()] });
}

let client: ReturnType<typeof createPasskeyClient> | undefined;
function passkeyAuthClient() {
  client ??= createPasskeyClient();
  return client;
}

type PluginFailure = { status?: number; code?: string; message?: string; error?: { code?: unknown; message?: string } } | null;

/** The browser said no (the person closed the prompt, or no passkey): not an error worth a toast. */
export class PasskeyCeremonyCancelled extends Error {}

function failureOf(error: PluginFailure): Error {
  const body = error?.error;
  if (body && isApiErrorCode(body.code)) return new ApiError(error?.status ?? 400, body.code, body.message ?? i18n.t("errors.generic"));
  // No answer of ours: the WebAuthn call itself failed or was dismissed in the browser.
  return new PasskeyCeremonyCancelled(error?.message ?? "cancelled");
}

/**
 * Signs in with a passkey. `autoFill`: conditional mediation (WebAuthn Level 3 §5.1.4.1), the
 * browser offers the account's passkeys in the e-mail field and the call waits until one is chosen.
 */
export async function signInWithPasskey(options: { autoFill: boolean }): Promise<void> {
  const result = await passkeyAuthClient().signIn.passkey({ autoFill: options.autoFill });
  if (result.error) throw failureOf(result.error as PluginFailure);
}

export async function addPasskey(name: string): Promise<void> {
  const result = await passkeyAuthClient().passkey.addPasskey({ name });
  if (result?.error) throw failureOf(result.error as PluginFailure);
}

/** Whether this browser can show passkeys in an input's autofill (conditional mediation). */
export async function canOfferPasskeyAutofill(): Promise<boolean> {
  if (typeof window === "undefined" || typeof window.PublicKeyCredential === "undefined") return false;
  return (await window.PublicKeyCredential.isConditionalMediationAvailable?.()) ?? false;
}

export function browserSupportsPasskeys(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential !== "undefined";
}

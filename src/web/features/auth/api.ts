import { useMutation } from "@tanstack/react-query";
import type { AccountSession, SignUpInput } from "../../../shared/account.ts";
import type { SecondFactorInput, SecondFactorRequired } from "../../../shared/account-security.ts";
import { apiRequest, type ApiError } from "../../lib/api-client.ts";
import { bankIdRequests } from "../../lib/bankid-api.ts";
import type { ApiErrorMeta } from "../../lib/api-error-meta.ts";
import { i18n, isLanguage, useTranslation, type Language } from "../../lib/i18n.ts";
import { authErrorMessage } from "./auth-errors.ts";

// The accounts HTTP contract (docs/product.md §4), one mutation per endpoint (ADR 025). A failure reaches
// the visitor through query-client.ts's one handler, worded by auth-errors.ts; each screen passes
// the codes it shows itself (`inlineErrors`) and its toast title.

type User = NonNullable<AccountSession["user"]>;

export type CodeSent = { expiresAt: string; resendAvailableAt: string };

/** The language mails are written in: the one the visitor reads the site in (ADR 003). */
function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : "en";
}

const requests = {
  checkEmail: (email: string) => apiRequest<{ exists: boolean }>("/api/account/check-email", { body: { email } }),
  sendCode: (email: string) => apiRequest<CodeSent>("/api/account/verification-code", { body: { email, language: currentLanguage() } }),
  verifyCode: ({ email, code }: { email: string; code: string }) =>
    apiRequest<{ verificationToken: string }>("/api/account/verify-code", { body: { email, code } }),
  signUp: (input: Omit<SignUpInput, "language">) =>
    apiRequest<{ user: User }>("/api/account/sign-up", { body: { ...input, language: currentLanguage() } }),
  // With two-factor authentication on, the password step answers { twoFactorRequired } and the
  // code step (finishSignIn) gives the session.
  signIn: ({ email, password }: { email: string; password: string }) =>
    apiRequest<{ user: User } | SecondFactorRequired>("/api/account/sign-in", { body: { email, password } }),
  finishSignIn: (input: SecondFactorInput) => apiRequest<{ user: User }>("/api/account/security/sign-in/second-factor", { body: input }),
  requestPasswordReset: (email: string) =>
    apiRequest<{ ok: true }>("/api/account/password-reset-request", { body: { email, language: currentLanguage() } }),
  resetPassword: ({ token, newPassword }: { token: string; newPassword: string }) =>
    apiRequest<{ ok: true }>("/api/account/password-reset", { body: { token, newPassword } }),
};

/** How a screen shows a call's failures: the codes it handles itself, its toast title, its wording. */
export type AuthErrorHandling = Pick<ApiErrorMeta, "inlineErrors" | "errorTitleKey" | "errorToastDuration"> & {
  describe?: (error: ApiError) => string | undefined;
};

function useAuthMutation<Variables, Result>(request: (variables: Variables) => Promise<Result>, handling: AuthErrorHandling) {
  const { t } = useTranslation("auth");
  return useMutation({
    mutationFn: request,
    meta: {
      errorTitleKey: "auth:errors.title",
      ...handling,
      describe: (error) => handling.describe?.(error) ?? authErrorMessage(error, t),
    },
  });
}

export const useCheckEmail = (handling: AuthErrorHandling = {}) => useAuthMutation(requests.checkEmail, handling);
export const useSendCode = (handling: AuthErrorHandling = {}) => useAuthMutation(requests.sendCode, handling);
export const useVerifyCode = (handling: AuthErrorHandling = {}) => useAuthMutation(requests.verifyCode, handling);
export const useSignUp = (handling: AuthErrorHandling = {}) => useAuthMutation(requests.signUp, handling);
export const useSignIn = (handling: AuthErrorHandling = {}) => useAuthMutation(requests.signIn, handling);
export const useFinishSignIn = (handling: AuthErrorHandling = {}) => useAuthMutation(requests.finishSignIn, handling);
export const useRequestPasswordReset = (handling: AuthErrorHandling = {}) => useAuthMutation(requests.requestPasswordReset, handling);
export const useResetPassword = (handling: AuthErrorHandling = {}) => useAuthMutation(requests.resetPassword, handling);

/** ADR 272: links the BankID of a sign-in that found no account, once this browser has signed in. */
export const useLinkBankIdAfterSignIn = (handling: AuthErrorHandling = {}) =>
  useAuthMutation((orderId: string) => bankIdRequests.linkAfterSignIn(orderId), handling);

// ADR 270: passkey sign-in through Better Auth's passkey client plugin, loaded only when asked for
// (the login page's first view stays as light as ADR 085 measured it).
const loadPasskeyClient = () => import("../../lib/passkey-client.ts");

/** The browser closed the prompt, or offered no passkey: the page stays as it is, without a toast. */
export type PasskeySignInOutcome = "signed-in" | "cancelled";

async function signInWithPasskey(autoFill: boolean): Promise<PasskeySignInOutcome> {
  const passkeys = await loadPasskeyClient();
  try {
    await passkeys.signInWithPasskey({ autoFill });
    return "signed-in";
  } catch (failure) {
    if (failure instanceof passkeys.PasskeyCeremonyCancelled) return "cancelled";
    throw failure;
  }
}

/** The "Sign in with a passkey" button: the browser's own passkey prompt. */
export const useSignInWithPasskey = (handling: AuthErrorHandling = {}) => useAuthMutation(() => signInWithPasskey(false), handling);

/**
 * Conditional mediation (WebAuthn Level 3): where the browser offers it, the e-mail field lists the
 * site's passkeys and this resolves once the person picks one ("cancelled" when the page starts
 * another ceremony or the browser has no autofill); a refusal of the server is thrown as an ApiError.
 * Not a mutation: it waits as long as the page is open.
 */
export async function offerPasskeyAutofill(): Promise<PasskeySignInOutcome> {
  const passkeys = await loadPasskeyClient();
  if (!(await passkeys.canOfferPasskeyAutofill())) return "cancelled";
  return signInWithPasskey(true);
}

import type { AccountSession, SignUpInput } from "../../../shared/account.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { i18n, isLanguage, type Language } from "../../lib/i18n.ts";

// The accounts HTTP contract (issue "accounts"), one function per endpoint. Errors arrive as
// ApiError with the server's code; auth-errors.ts turns them into words.

type User = NonNullable<AccountSession["user"]>;

export type CodeSent = { expiresAt: string; resendAvailableAt: string };

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : "en";
}

export const authApi = {
  checkEmail: (email: string) => apiRequest<{ exists: boolean }>("/api/account/check-email", { body: { email } }),
  sendCode: (email: string) => apiRequest<CodeSent>("/api/account/verification-code", { body: { email, language: currentLanguage() } }),
  verifyCode: (email: string, code: string) =>
    apiRequest<{ verificationToken: string }>("/api/account/verify-code", { body: { email, code } }),
  signUp: (input: Omit<SignUpInput, "language">) =>
    apiRequest<{ user: User }>("/api/account/sign-up", { body: { ...input, language: currentLanguage() } }),
  signIn: (email: string, password: string) => apiRequest<{ user: User }>("/api/account/sign-in", { body: { email, password } }),
  requestPasswordReset: (email: string) =>
    apiRequest<{ ok: true }>("/api/account/password-reset-request", { body: { email, language: currentLanguage() } }),
  resetPassword: (token: string, newPassword: string) =>
    apiRequest<{ ok: true }>("/api/account/password-reset", { body: { token, newPassword } }),
};

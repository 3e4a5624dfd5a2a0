import { ApiError, type ApiErrorCode } from "../../lib/api-client.ts";
import { isTranslationKey, type TFunction, type TranslationKey } from "../../lib/i18n.ts";
import { validationMessageKeys } from "./auth-translations.ts";

// Server messages are English; the UI shows them in the visitor's language by error code (ADR
// 003, ADR 025: the codes are the shared union of src/shared/api-errors.ts).

const messageKeyByCode: Partial<Record<ApiErrorCode, TranslationKey<"auth">>> = {
  invalid_credentials: "password.incorrect",
  rate_limited: "errors.rateLimited",
  resend_cooldown: "code.waitBody",
  account_exists: "accountExists.body",
  invalid_code: "code.invalidBody",
  code_expired: "code.timeoutBody",
  too_many_attempts: "code.tooManyBody",
  weak_password: "errors.weakPassword",
  invalid_token: "reset.failure",
  network_error: "errors.network",
};

/** A plain-words message for any failure of an accounts call. */
export function authErrorMessage(error: unknown, t: TFunction<"auth">): string {
  if (error instanceof ApiError) {
    const key = messageKeyByCode[error.code];
    if (key) return t(key);
    if (error.status === 429) return t("errors.rateLimited");
    if (error.status >= 500 || error.status === 0) return t("errors.generic");
    return translateFieldMessage(error.message, t) ?? t("errors.generic");
  }
  return t("errors.generic");
}

/**
 * A field's message in the visitor's language: a schema message is a translation key (ADR 027); a
 * field error the server answered is its English, looked up by text; unknown text is shown as is.
 */
export function translateFieldMessage(message: string | undefined, t: TFunction<"auth">): string | undefined {
  if (!message) return message;
  if (isTranslationKey("auth", message)) return t(message);
  const key = validationMessageKeys[message];
  return key ? t(key) : message;
}

export { isApiError } from "../../lib/api-client.ts";

/** The attempts left that the verify-code endpoint may report with invalid_code, when present. */
export function attemptsLeftFrom(error: ApiError): number | null {
  const value = Number(error.fields.attemptsLeft);
  return error.fields.attemptsLeft !== undefined && Number.isInteger(value) ? value : null;
}

import type { apiErrorReasons } from "../../shared/api-error-reasons.ts";
import type { ApiErrorCode } from "../../shared/api-errors.ts";
import { registerTranslations } from "./i18n.ts";

// ADR 205: every error code of the API (src/shared/api-errors.ts) in the visitor's words, for the
// one place a failure reaches them (query-client.ts). English is the reference; `satisfies` makes a
// new code without wording a type error, and the Swedish catalogue must have the same keys (ADR 203).
// Loaded with the query client (ADR 022), so the public pages' first load does not carry it.
//
// ADR 211: the specific reasons the server names beside a code (src/shared/api-error-reasons.ts)
// are the `apiErrorReasons` namespace. Their English is the server's message itself, so only the
// Swedish is shipped, in a chunk of its own that must have exactly the catalogue's keys.

export const english = {
  bad_request: "The request could not be understood. Please reload the page and try again.",
  invalid_input: "Some of the details are not valid. Please check them and try again.",
  invalid_url: "The address is not valid.",
  url_too_long: "The address is too long.",
  payload_too_large: "The file or text is too large to send.",
  not_found: "We could not find what you asked for. It may have been removed.",
  unauthorized: "Your session has ended. Please sign in again.",
  forbidden: "You do not have access to this.",
  forbidden_origin: "This request did not come from this site. Please reload the page.",
  rate_limited: "Too many attempts. Please wait a moment and try again.",
  http_error: "Something went wrong. Please try again.",
  internal_error: "Something went wrong. Please try again.",
  database_unavailable: "The service is briefly unavailable. Please try again in a minute.",
  storage_full: "We cannot store files right now because our storage is full. Please try again later.",
  invalid_credentials: "The email or password you entered is incorrect",
  account_exists: "An account with this e-mail address already exists.",
  account_suspended: "This account is suspended. Please contact support.",
  resend_cooldown: "Please wait before asking for a new code.",
  invalid_code: "The code is not correct. Please check it and try again.",
  code_expired: "The code has expired. Please ask for a new one.",
  too_many_attempts: "Too many attempts. Please wait and try again later.",
  weak_password: "Please choose a stronger password.",
  invalid_token: "This link is not valid any more. Please ask for a new one.",
  incorrect_password: "The current password is incorrect.",
  invalid_two_factor_code: "The authenticator code is not correct.",
  two_factor_code_used: "This authenticator code has already been used. Wait for the next one.",
  two_factor_expired: "The sign-in took too long. Please start again.",
  two_factor_already_enabled: "Two-factor sign-in is already on.",
  upcoming_bookings: "You have upcoming bookings. Cancel them before you delete your account.",
  passkey_not_found: "This passkey is not registered here. Sign in another way, then add it again under Security in your account.",
  passkey_failed: "The passkey could not be used. Please try again.",
  sign_in_again: "For your safety, sign out and sign in again before adding a passkey.",
  bankid_refused: "BankID could not start. Please try again.",
  strong_sign_in_required: "The operator console needs a sign-in with a passkey or BankID. Add a passkey, then sign in again with it.",
  booking_conflict: "This booking was already submitted with different details. Please start a new booking.",
  booking_not_cancellable: "This booking can no longer be cancelled here. Please contact us.",
  emergency_contact_limit: "You have reached the largest number of emergency contacts.",
  card_limit_reached: "You have reached the largest number of saved cards.",
  unsupported_file: "Please upload a JPEG, PNG or WebP image.",
  payment_declined: "The card was declined. Please try another card.",
  payment_requires_action: "Your bank needs you to confirm the payment.",
  payment_not_allowed: "This payment cannot be made now.",
  card_not_in_wallet: "This card is not in your wallet. Please choose another card.",
  try_again_later: "Please try again in a moment.",
  idempotency_key_reused:
    "This request was already sent once with other details, so it was not carried out. Reload the page and fill in the form again.",
  invalid_transition: "This cannot be done in the booking's current state. Reload the page to see it as it is now.",
  assignment_refused: "This operative cannot take the assignment.",
  too_early: "This cannot be done yet. It opens closer to the booking's start.",
  two_factor_required: "The operator console needs two-factor sign-in. Turn it on under Security in your account, then sign in again.",
  already_exists: "This already exists.",
  not_acceptable: "The server cannot answer in the form asked for.",
  network_error: "We could not reach the server. Check your connection and try again.",
} satisfies Record<ApiErrorCode, string>;

registerTranslations("apiErrors", { en: english, sv: () => import("./locales/api-errors-sv.ts").then((module) => module.swedish) });
registerTranslations("apiErrorReasons", {
  en: null,
  sv: () => import("./locales/api-error-reasons-sv.ts").then((module) => module.swedish),
});

declare module "./i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    apiErrors: typeof english;
    apiErrorReasons: typeof apiErrorReasons;
  }
}

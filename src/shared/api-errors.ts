import type { ApiErrorReason } from "./api-error-reasons.ts";

// The error codes of the API, written once (ADR 025): every `{ error: { code, message } }` the
// server answers carries one of these, and the web client's ApiError is typed by the same union,
// so a code cannot be renamed on one side only. "network_error" is the client's own code for a
// request that never got an answer.

export const apiErrorCodes = [
  // Any endpoint
  "bad_request",
  "invalid_input",
  "invalid_url",
  "url_too_long",
  "payload_too_large",
  "not_found",
  "unauthorized",
  "forbidden",
  "forbidden_origin",
  "rate_limited",
  "http_error",
  "internal_error",
  "database_unavailable",
  "storage_full",
  // Accounts (docs/product.md §4 and §8)
  "invalid_credentials",
  "account_exists",
  "account_suspended",
  "resend_cooldown",
  "invalid_code",
  "code_expired",
  "too_many_attempts",
  "weak_password",
  "invalid_token",
  // Account security (docs/product.md §2 PASSWORD, two-factor authentication, DELETE ACCOUNT)
  "incorrect_password",
  "invalid_two_factor_code",
  // RFC 6238 §5.2 (ADR 112): the authenticator code already completed a sign-in.
  "two_factor_code_used",
  "two_factor_expired",
  "two_factor_already_enabled",
  "upcoming_bookings",
  // Passkeys (ADR 270): a credential this site does not know (removed, or made for another
  // account's site); a ceremony the browser or the server could not complete; a registration that
  // needs a recent sign-in (Better Auth's fresh-session rule).
  "passkey_not_found",
  "passkey_failed",
  "sign_in_again",
  // ADR 271: the operator console admits sessions made by a passkey or BankID only.
  "strong_sign_in_required",
  // ADR 272: BankID answered an error (fields.message names BankID's recommended message).
  "bankid_refused",
  // Bookings (docs/product.md §4, ADR 051)
  "booking_conflict",
  "booking_not_cancellable",
  // I.C.E. contacts (docs/product.md §2 SECURITY)
  "emergency_contact_limit",
  // Payment methods and ID verification (docs/product.md §2)
  "card_limit_reached",
  "unsupported_file",
  // Payments (docs/payments.md): the bank refused the card; the bank's extra check is needed;
  // a step the ledger does not allow (a second capture, a refund above what was captured).
  "payment_declined",
  "payment_requires_action",
  "payment_not_allowed",
  // A card that is not (or no longer) in the customer's wallet; the provider's notification that
  // must wait for one of our own calls (ADR 137).
  "card_not_in_wallet",
  "try_again_later",
  // An Idempotency-Key sent again with another request than the one it first came with (ADR 217).
  "idempotency_key_reused",
  // Operator console (ADR 070)
  "invalid_transition",
  "assignment_refused",
  // ADR 218: a step of the service before the booking's times allow it (the reason says from when).
  "too_early",
  "two_factor_required",
  "already_exists",
  // Live updates (docs/booking-lifecycle.md): the stream answers text/event-stream only
  "not_acceptable",
  // The client's own: no answer arrived.
  "network_error",
] as const;

export type ApiErrorCode = (typeof apiErrorCodes)[number];

/**
 * The body of every API failure. `reason` (ADR 211) names the specific cause, one of
 * src/shared/api-error-reasons.ts, with the `values` its wording needs; `message` is its English.
 */
export type ApiErrorBody = {
  error: {
    code: ApiErrorCode;
    message: string;
    reason?: ApiErrorReason;
    values?: Record<string, string | number>;
    fields?: Record<string, string>;
  };
};

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === "string" && (apiErrorCodes as readonly string[]).includes(value);
}

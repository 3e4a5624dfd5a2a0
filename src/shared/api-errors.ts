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
  // Accounts (SPEC §4 and §8)
  "invalid_credentials",
  "account_exists",
  "account_suspended",
  "resend_cooldown",
  "invalid_code",
  "code_expired",
  "too_many_attempts",
  "weak_password",
  "invalid_token",
  // Bookings (SPEC §4, ADR 051)
  "booking_conflict",
  // Operator console (ADR 070)
  "invalid_transition",
  "assignment_refused",
  "two_factor_required",
  "already_exists",
  // The client's own: no answer arrived.
  "network_error",
] as const;

export type ApiErrorCode = (typeof apiErrorCodes)[number];

/** The body of every API failure. */
export type ApiErrorBody = { error: { code: ApiErrorCode; message: string; fields?: Record<string, string> } };

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === "string" && (apiErrorCodes as readonly string[]).includes(value);
}

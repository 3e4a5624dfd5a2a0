import type { ContentfulStatusCode } from "hono/utils/http-status";
import { reasonInEnglish, type ApiErrorReason, type ReasonValues, type ReasonWithoutValues } from "../shared/api-error-reasons.ts";
import type { ApiErrorBody, ApiErrorCode } from "../shared/api-errors.ts";

/** What a reason's answer carries beside it: the values its wording needs, and field errors. */
type ReasonOptions<Reason extends ApiErrorReason> = ([ReasonValues<Reason>] extends [never]
  ? { values?: never }
  : { values: ReasonValues<Reason> }) & { fields?: Record<string, string> };

/** The options argument: required when the reason's wording needs values (ADR 211). */
type ReasonArguments<Reason extends ApiErrorReason> = [ReasonValues<Reason>] extends [never]
  ? [options?: ReasonOptions<Reason>]
  : [options: ReasonOptions<Reason>];

/**
 * Thrown anywhere in a request; the one error handler in app.ts turns it into
 * { error: { code, message, reason?, values?, fields? } }. A refusal a visitor can meet names a
 * reason (`HttpError.because`, ADR 211), whose English is the message and which the web client words
 * in the visitor's language; one that only an API client can meet keeps a plain message.
 */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly reason: ApiErrorReason | undefined;
  readonly values: Record<string, string | number> | undefined;

  constructor(
    status: ContentfulStatusCode,
    code: ApiErrorCode,
    message: string,
    fields?: Record<string, string>,
    reason?: { reason: ApiErrorReason; values?: Record<string, string | number> },
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.reason = reason?.reason;
    this.values = reason?.values;
  }

  /** A refusal for a specific reason of src/shared/api-error-reasons.ts (ADR 211). */
  static because<Reason extends ApiErrorReason>(
    status: ContentfulStatusCode,
    code: ApiErrorCode,
    reason: Reason,
    ...[options]: ReasonArguments<Reason>
  ): HttpError {
    const values: Record<string, string | number> | undefined = options?.values;
    return new HttpError(status, code, reasonInEnglish(reason, values), options?.fields, { reason, ...(values && { values }) });
  }
}

/** 404 not_found, for a reason (ADR 211), or with the plain "Not found" of an unknown address. */
export const notFound = (reason?: ReasonWithoutValues) =>
  reason ? HttpError.because(404, "not_found", reason) : new HttpError(404, "not_found", "Not found");
export const unauthorized = (message = "Please sign in to continue.") => new HttpError(401, "unauthorized", message);
export const forbidden = (message = "You do not have access to this.") => new HttpError(403, "forbidden", message);
export const tooManyRequests = (message: string) => new HttpError(429, "rate_limited", message);

/** The wait an error names (RateLimitedError and the like carry retryAfterSeconds), if any. */
export function retryAfterSecondsOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("retryAfterSeconds" in error)) return undefined;
  const seconds = error.retryAfterSeconds;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/** The body of every API failure (ADR 025, 211): one shape, one list of codes shared with the web client. */
export function errorBody(
  code: ApiErrorCode,
  message: string,
  fields?: Record<string, string>,
  reason?: { reason: ApiErrorReason | undefined; values?: Record<string, string | number> | undefined },
): ApiErrorBody {
  return {
    error: {
      code,
      message,
      ...(reason?.reason && { reason: reason.reason }),
      ...(reason?.reason && reason.values && { values: reason.values }),
      ...(fields && { fields }),
    },
  };
}

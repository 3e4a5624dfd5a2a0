import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody, ApiErrorCode } from "../shared/api-errors.ts";

/** Thrown anywhere in a request; the one error handler in app.ts turns it into { error: { code, message } }. */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(status: ContentfulStatusCode, code: ApiErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const notFound = (message = "Not found") => new HttpError(404, "not_found", message);
export const unauthorized = (message = "Please sign in to continue.") => new HttpError(401, "unauthorized", message);
export const forbidden = (message = "You do not have access to this.") => new HttpError(403, "forbidden", message);
export const tooManyRequests = (message: string) => new HttpError(429, "rate_limited", message);

/** The wait an error names (RateLimitedError and the like carry retryAfterSeconds), if any. */
export function retryAfterSecondsOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("retryAfterSeconds" in error)) return undefined;
  const seconds = error.retryAfterSeconds;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/** The body of every API failure (ADR 025): one shape, one list of codes shared with the web client. */
export function errorBody(code: ApiErrorCode, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: { code, message, ...(fields && { fields }) } };
}

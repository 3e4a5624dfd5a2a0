import { isApiErrorCode, type ApiErrorBody, type ApiErrorCode } from "../../shared/api-errors.ts";
import { i18n } from "./i18n.ts";

// The one fetcher of the web app (ADR 025): every feature's api.ts calls the API through
// apiRequest; a failure becomes an ApiError carrying the server's code (one of the shared union),
// message and field errors. query-client.ts decides what the visitor sees of it.

export type { ApiErrorBody, ApiErrorCode } from "../../shared/api-errors.ts";

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string>;
  /** ADR 211: the specific reason the server named, as sent (query-client.ts words it if it knows it). */
  readonly reason: string | undefined;
  readonly values: Record<string, string | number>;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    fields: Record<string, string> = {},
    reason?: { reason?: string; values?: Record<string, string | number> },
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.reason = reason?.reason;
    this.values = reason?.values ?? {};
  }
}

export function isApiError(error: unknown, ...codes: ApiErrorCode[]): error is ApiError {
  return error instanceof ApiError && (codes.length === 0 || codes.includes(error.code));
}

type RequestOptions = { method?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal };

export async function apiRequest<Result>(path: string, options: RequestOptions = {}): Promise<Result> {
  let response: Response;
  const file = options.body instanceof Blob ? options.body : null;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      credentials: "same-origin",
      headers: {
        Accept: "application/json",
        ...(options.body !== undefined && { "Content-Type": file ? file.type || "application/octet-stream" : "application/json" }),
        ...options.headers,
      },
      // A file (an avatar, an ID document) is sent as it is, the raw body of the request; anything else as JSON.
      body: options.body === undefined ? undefined : (file ?? JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", i18n.t("errors.network"));
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const body = (data as Partial<ApiErrorBody> | null)?.error;
    throw new ApiError(
      response.status,
      isApiErrorCode(body?.code) ? body.code : response.status === 429 ? "rate_limited" : "http_error",
      body?.message ?? (response.status === 429 ? i18n.t("errors.rateLimited") : i18n.t("errors.generic")),
      body?.fields,
      {
        reason: typeof body?.reason === "string" ? body.reason : undefined,
        values: typeof body?.values === "object" ? body.values : undefined,
      },
    );
  }
  return data as Result;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

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
  if (!response.ok) throw errorOf(response, data);
  return data as Result;
}

/**
 * Saves a file the API answers as an attachment (the data export) under the name its
 * Content-Disposition gives (RFC 6266). Fetched rather than linked: a plain download link saves a
 * refusal's JSON (a 429 after too many exports, an expired session) as the file, where this turns
 * it into an ApiError that the visitor is told about in their language like any other.
 */
export async function apiDownload(path: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "network_error", i18n.t("errors.network"));
  }
  if (!response.ok) {
    const text = await response.text();
    throw errorOf(response, text ? safeJson(text) : null);
  }
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "download";
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function errorOf(response: Response, data: unknown): ApiError {
  const body = (data as Partial<ApiErrorBody> | null)?.error;
  return new ApiError(
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

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

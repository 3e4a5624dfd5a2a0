import { toast } from "sonner";
import { i18n } from "./i18n.ts";

// The one client place that turns API errors into messages (ISSUE foundation; house rules):
// every call goes through apiRequest; failures become ApiError with the server's code, message
// and field errors, and reportApiError shows a toast or sends a 401 to the sign-in page.

export type ApiErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

type RequestOptions = { method?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal };

export async function apiRequest<Result>(path: string, options: RequestOptions = {}): Promise<Result> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      credentials: "same-origin",
      headers: { ...(options.body !== undefined && { "Content-Type": "application/json" }), ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", i18n.t("errors.network"));
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const body = data as Partial<ApiErrorBody> | null;
    throw new ApiError(
      response.status,
      body?.error?.code ?? "http_error",
      body?.error?.message ?? (response.status === 429 ? i18n.t("errors.rateLimited") : i18n.t("errors.generic")),
      body?.error?.fields,
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

/** Shows an API failure to the user; a 401 sends them to sign in and back afterwards. */
export function reportApiError(error: unknown, fallbackTitle?: string) {
  if (error instanceof ApiError && error.status === 401) {
    const next = encodeURIComponent(window.location.pathname + window.location.search);
    window.location.assign(`/login?next=${next}`);
    return;
  }
  const message = error instanceof Error ? error.message : i18n.t("errors.generic");
  toast.error(fallbackTitle ?? i18n.t("errors.generic"), { description: message });
}

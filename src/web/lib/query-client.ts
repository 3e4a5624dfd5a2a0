import { focusManager, MutationCache, QueryCache, QueryClient, type QueryFilters } from "@tanstack/react-query";
import { toast } from "sonner";
import { inSignedInSection } from "../../shared/site-map.ts";
import { ApiError, isApiError } from "./api-client.ts";
import "./api-error-texts.ts";
import type { ApiErrorMeta } from "./api-error-meta.ts";
import { defaultLanguage } from "../../shared/languages.ts";
import { i18n, translateInCurrentLanguage } from "./i18n.ts";
import { connectSessionToQueryClient, markSignedOut, sessionEndReason } from "./session.ts";

// The one place where a failed API call reaches the visitor (ADR 025): every query and mutation
// of every feature's api.ts fails into the caches' onError below. A 401 ends the session in the
// cache (the account and operator layouts then send the visitor to sign in) or sends them to
// /login and back; anything else becomes a toast, unless the query's or mutation's `meta` says
// the screen shows it itself (field errors beside the inputs, the code entry's attempts left).
//
// docs/product.md §9: query cache fresh for 5 minutes with 1 retry. Loaded on demand by app-providers.tsx
// (ADR 022), so the public pages do not download TanStack Query's core.

function shownByScreen(meta: ApiErrorMeta | undefined, error: unknown): boolean {
  const inline = meta?.inlineErrors;
  if (inline === undefined) return false;
  if (inline === true) return true;
  if (typeof inline === "function") return isApiError(error) && inline(error);
  return isApiError(error) && inline.includes(error.code);
}

/**
 * The specific reason the server named, in the visitor's language (ADR 211): for an English
 * visitor the server's message, which is the reason's English from src/shared/api-error-reasons.ts;
 * for a Swedish visitor its Swedish, when this client has it (an older page may not).
 */
function describeReason(error: ApiError): string | undefined {
  if (!error.reason) return undefined;
  if (i18n.language === defaultLanguage) return error.message || undefined;
  return translateInCurrentLanguage("apiErrorReasons", error.reason, { ...error.values });
}

/**
 * Plain words for a failure (ADR 205, 211): the screen's own wording; else the specific reason the
 * server named ("This booking is already rated."), in the visitor's language; else the code's
 * wording in the visitor's language, which every code has (api-error-texts.ts). An answer that names
 * no reason is shown by its code in both languages: every refusal a visitor can meet names one, and
 * one that names none is meant for API clients (a header, a signature) or is a 5xx.
 */
export function describeApiError(error: unknown, meta?: ApiErrorMeta): string {
  if (isApiError(error)) {
    const own = meta?.describe?.(error);
    if (own) return own;
    return describeReason(error) ?? i18n.t(`apiErrors:${error.code}`);
  }
  return i18n.t("errors.generic");
}

/**
 * A field's error from the server, for a form that shows it beside the field: the field's own
 * text, which is English; for a Swedish visitor the reason's Swedish when the answer names one
 * (ADR 211).
 */
export function describeFieldError(error: ApiError, field: string): string | undefined {
  const text = error.fields[field];
  if (text === undefined) return undefined;
  return i18n.language === defaultLanguage ? text : (describeReason(error) ?? text);
}

/** What every failed query and mutation does (ADR 025). */
export function handleApiError(error: unknown, meta: ApiErrorMeta | undefined) {
  if (error instanceof ApiError && error.code === "unauthorized") {
    markSignedOut();
    // A session ended on purpose (Sign Out, account deletion) sends nobody to sign in.
    if (meta?.handlesUnauthorized || sessionEndReason() === "sign-out") return;
    // The account and operator layouts' guard redirects on its own when the session ends.
    const { pathname, search } = window.location;
    if (!inSignedInSection(pathname)) window.location.assign(`/login?next=${encodeURIComponent(pathname + search)}`);
    return;
  }
  if (shownByScreen(meta, error)) return;
  const titleKey =
    typeof meta?.errorTitleKey === "function" ? (isApiError(error) ? meta.errorTitleKey(error) : undefined) : meta?.errorTitleKey;
  const title = i18n.t(titleKey ?? "errors.title");
  toast.error(title, { description: describeApiError(error, meta), duration: meta?.errorToastDuration });
}

// The session guard re-asks on focus as well as on visibility (ADR 041); TanStack Query's default
// listens to visibilitychange only.
function listenForFocus() {
  focusManager.setEventListener((onFocus) => {
    if (typeof window === "undefined") return;
    const handle = () => onFocus();
    window.addEventListener("focus", handle);
    document.addEventListener("visibilitychange", handle);
    return () => {
      window.removeEventListener("focus", handle);
      document.removeEventListener("visibilitychange", handle);
    };
  });
}

/**
 * Marks the queries a write changed as stale and loads them again. A query's first load still on
 * its way when the write succeeded was asked before it, and TanStack Query folds an invalidation
 * into that load instead of asking again (it restarts only fetches of queries that hold data): such
 * loads are cancelled first, so the lists show what the write changed (the console's bank file
 * upload once showed "Every payment is matched" beside "1 unknown"). Not for the session, whose
 * readers await its first load.
 */
export async function invalidateAfterWrite(client: QueryClient, filters: QueryFilters): Promise<void> {
  await client.cancelQueries({
    ...filters,
    predicate: (query) => query.state.data === undefined && query.state.fetchStatus === "fetching" && (filters.predicate?.(query) ?? true),
  });
  await client.invalidateQueries(filters);
}

export function createQueryClient() {
  listenForFocus();
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleApiError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => handleApiError(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        // A 4xx answer will not change on a retry; a lost connection or a 5xx might.
        retry: (failures, error) => failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        // ADR 294: a read is tried even when the browser says it is offline, so the operative app's
        // service worker can answer it from the last copy instead of the screen waiting for a network.
        networkMode: "offlineFirst",
      },
    },
  });
  connectSessionToQueryClient(client);
  return client;
}

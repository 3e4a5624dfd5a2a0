import { focusManager, MutationCache, QueryCache, QueryClient, type QueryFilters } from "@tanstack/react-query";
import { toast } from "sonner";
import { inSignedInSection } from "../../shared/site-map.ts";
import { ApiError, type ApiErrorCode, isApiError } from "./api-client.ts";
import "./api-error-texts.ts";
import type { ApiErrorMeta } from "./api-error-meta.ts";
import { defaultLanguage } from "../../shared/languages.ts";
import { i18n } from "./i18n.ts";
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

/** Codes whose wording here says more than any message the server sends with them. */
const wordedByCode: readonly ApiErrorCode[] = [
  "network_error",
  // 507 (ADR 083): the upload was fine, our storage is not; say so rather than "something went wrong".
  "storage_full",
  // OWASP ASVS 6.3: the staff policy asks operators for two-factor sign-in; say how to get it.
  "two_factor_required",
];

/**
 * Plain words for a failure (ADR 205): the screen's own wording; else, for an English visitor, the
 * server's message (English, often more specific: "This booking is already rated."); else the
 * code's wording in the visitor's language, which every code has (api-error-texts.ts).
 */
export function describeApiError(error: unknown, meta?: ApiErrorMeta): string {
  if (isApiError(error)) {
    const own = meta?.describe?.(error);
    if (own) return own;
    const serverWords = error.status < 500 && !wordedByCode.includes(error.code) && i18n.language === defaultLanguage;
    if (serverWords && error.message) return error.message;
    return i18n.t(`apiErrors:${error.code}`);
  }
  return i18n.t("errors.generic");
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
      },
    },
  });
  connectSessionToQueryClient(client);
  return client;
}

import type { QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import type { AccountSession } from "../../shared/account.ts";
import { apiRequest } from "./api-client.ts";
import type { ErrorTitleKey } from "./api-error-meta.ts";
import { i18n } from "./i18n.ts";
import { runMutation } from "./query-on-demand.ts";

// The session is a TanStack query (ADR 025): key ["session"], one fetcher, refreshed after sign-in,
// set to signed-out by sign-out and by any API 401 (query-client.ts), polled by the session guard
// (require-session.tsx, ADR 041). The prerendered public pages do not load TanStack Query (ADR
// 022), yet their top bar needs the session: until the QueryClient is loaded, the same fetcher's
// answer is kept here and handed to the query cache when it arrives, so the session is asked once
// per page load either way.

export type SessionUser = NonNullable<AccountSession["user"]>;
/** `liveEventsCursor`: where this session's live stream starts (ADR 291, lib/live-events.ts). */
export type SessionState =
  { status: "loading" } | { status: "signed-out" } | { status: "signed-in"; user: SessionUser; liveEventsCursor: number };

export const sessionQueryKey = ["session"] as const;

/** Why the session of this tab ended: a Sign Out button, or anything else (expiry, a 401, inactivity). */
export type SessionEndReason = "sign-out" | "ended";

const loading: SessionState = { status: "loading" };
const signedOut: SessionState = { status: "signed-out" };

/** GET /api/account/session; any failure counts as signed out (the guard then asks to sign in). */
export async function fetchSession(): Promise<SessionState> {
  try {
    const body = await apiRequest<AccountSession | null>("/api/account/session");
    if (body?.user) return { status: "signed-in", user: body.user, liveEventsCursor: body.liveEventsCursor };
    // A check answered after the server ended the session on purpose but before this tab heard so
    // (a Sign Out or a deletion on its way) is that ending: the guard leads home, not to sign-in.
    if (sessionEndingOnPurpose()) endReason = "sign-out";
    return signedOut;
  } catch {
    return signedOut;
  }
}

/** The session query's options; the guard adds its polling to them. */
export const sessionQuery = {
  queryKey: sessionQueryKey,
  queryFn: fetchSession,
  // Re-asked only when a screen says so (sign-in, the guard's polling): not on every mount.
  staleTime: Number.POSITIVE_INFINITY,
  // Screens read it through useSession without a query observer: it must never be collected.
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
};

let queryClient: QueryClient | undefined;
let earlyState: SessionState = loading;
let earlyCheck: Promise<SessionState> | undefined;
let signOuts = 0;
let endReason: SessionEndReason | null = null;
const listeners = new Set<() => void>();

function notify() {
  // A new session starts with no end reason (a later expiry must not be taken for a Sign Out).
  if (snapshot().status === "signed-in") endReason = null;
  for (const listener of listeners) listener();
}

function snapshot(): SessionState {
  return queryClient ? (queryClient.getQueryData<SessionState>(sessionQueryKey) ?? loading) : earlyState;
}

/** Called once by app-providers.tsx when the QueryClient is loaded: from then on the cache holds the session. */
export function connectSessionToQueryClient(client: QueryClient) {
  queryClient = client;
  client.setQueryDefaults(sessionQueryKey, { staleTime: sessionQuery.staleTime, gcTime: sessionQuery.gcTime, retry: false });
  if (earlyState.status !== "loading") client.setQueryData(sessionQueryKey, earlyState);
  else if (earlyCheck) void earlyCheck.then((state) => client.getQueryData(sessionQueryKey) ?? client.setQueryData(sessionQueryKey, state));
  client.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === JSON.stringify(sessionQueryKey)) notify();
  });
  notify();
}

/** Asks the server again (after sign-in, or when a screen needs a fresh answer). */
export function refreshSession(): Promise<SessionState> {
  if (queryClient) {
    const client = queryClient;
    // A sign-out while the check is on its way cancels it (markSignedOut): the cache keeps signed-out.
    return client.fetchQuery({ ...sessionQuery, staleTime: 0 }).catch(() => snapshot());
  }
  if (earlyCheck) return earlyCheck;
  const signOutsAtStart = signOuts;
  earlyCheck = fetchSession()
    .then((state) => {
      // A sign-out in this tab while the check was on its way wins: the server may have answered
      // before it ended the session.
      if (signOuts !== signOutsAtStart) return earlyState;
      earlyState = state;
      notify();
      return state;
    })
    .finally(() => {
      earlyCheck = undefined;
    });
  return earlyCheck;
}

/** Why the session last ended in this tab, or null while none has. */
export function sessionEndReason(): SessionEndReason | null {
  return endReason;
}

let endingOnPurpose = false;
let signOutsOnTheirWay = 0;

/** A Sign Out or an account deletion is on its way: the session's end now is that, not an expiry. */
function sessionEndingOnPurpose(): boolean {
  return endingOnPurpose || signOutsOnTheirWay > 0;
}

/**
 * An action that ends the session on purpose (deleting the account) is on its way: a 401 answered
 * to another request meanwhile is that ending, not an expiry, so it leads home, not to sign-in.
 */
export function expectSessionEnd(expected: boolean) {
  endingOnPurpose = expected;
}

/** The session ended (sign-out here, a 401 from the API): every screen shows signed-out at once. */
export function markSignedOut(reason: SessionEndReason = "ended") {
  signOuts += 1;
  // A 401 that arrives after a Sign Out answers a request sent before it: the ending stays deliberate.
  const endedOnPurpose = endReason === "sign-out" && snapshot().status === "signed-out";
  // So is one that arrives while a Sign Out is on its way: the server has ended the session and the
  // screen's other requests (fetched again when the live-updates stream opens, ADR 092) hear it first.
  const deliberate = sessionEndingOnPurpose() || endedOnPurpose;
  earlyState = signedOut;
  if (queryClient) {
    // Cancelling a check on its way tells the screens the session as it was (signed in), which clears
    // the end reason (notify): the reason is therefore set once the cache holds signed-out.
    void queryClient.cancelQueries({ queryKey: sessionQueryKey });
    queryClient.setQueryData(sessionQueryKey, signedOut);
  }
  endReason = deliberate ? "sign-out" : reason;
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const fetching = queryClient ? queryClient.isFetching({ queryKey: sessionQueryKey }) > 0 : earlyCheck !== undefined;
  if (snapshot().status === "loading" && !fetching) void refreshSession();
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, snapshot, () => loading);
}

/**
 * Whether a customer is signed in, for components that show nothing else of the session. ADR 170:
 * the session check's answer for a visitor ("signed out" after "loading") changes nothing for
 * them, so it re-renders nothing; with useSession it was a synchronous re-render of the page on
 * a slow phone's main thread.
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => snapshot().status === "signed-in",
    () => false,
  );
}

/** The signed-in account's role, or null; like useSignedIn, a visitor's session check re-renders nothing (ADR 170). */
export function useSignedInRole(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => {
      const state = snapshot();
      return state.status === "signed-in" ? state.user.role : null;
    },
    () => null,
  );
}

/**
 * The session's status, with "loading" read as "signed-out" when `loadingAsSignedOut` (a page that
 * shows the same thing in both, ADR 170): the check's answer then re-renders nothing for a visitor.
 */
export function useSessionStatus(loadingAsSignedOut: boolean): SessionState["status"] {
  const status = () => {
    const current = snapshot().status;
    return loadingAsSignedOut && current === "loading" ? "signed-out" : current;
  };
  return useSyncExternalStore(subscribe, status, () => (loadingAsSignedOut ? "signed-out" : "loading"));
}

/** The session as known now, for event handlers (no re-render on change). */
export function currentSession(): SessionState {
  return snapshot();
}

export type SignOutOptions = {
  /** Tells the guard where to go afterwards (require-session.tsx): a Sign Out button goes home. */
  reason?: SessionEndReason;
  /** The failure toast's title and body (translation keys), or false when the caller stays silent. */
  errorToast?: { titleKey: ErrorTitleKey; bodyKey?: ErrorTitleKey } | false;
};

/**
 * Ends the session on the server and updates every screen. It runs as a mutation through the
 * query client's one error handler (ADR 025), loading the client on demand on the public pages.
 */
export async function signOut({ reason = "sign-out", errorToast = { titleKey: "session:signOutFailed" } }: SignOutOptions = {}) {
  if (reason === "sign-out") signOutsOnTheirWay += 1;
  try {
    await runMutation(
      {
        mutationFn: () => apiRequest<unknown>("/api/account/sign-out", { body: {} }),
        meta: {
          // A session that had already ended is signed out all the same (the handler marks it).
          handlesUnauthorized: true,
          inlineErrors: errorToast === false ? true : undefined,
          errorTitleKey: errorToast ? errorToast.titleKey : undefined,
          describe: errorToast && errorToast.bodyKey ? () => i18n.t(errorToast.bodyKey ?? "errors.generic") : undefined,
        },
      },
      undefined,
    );
  } finally {
    if (reason === "sign-out") signOutsOnTheirWay -= 1;
  }
  markSignedOut(reason);
}

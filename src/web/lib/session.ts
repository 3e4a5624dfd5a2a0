import { useSyncExternalStore } from "react";

// A small session store for the top bar and guards: one request per page load, shared by every
// component that asks. The accounts feature refreshes it after sign-in and sign-out.

export type SessionUser = { id: string; email: string; name: string; role?: string | null };
export type SessionState = { status: "loading" } | { status: "signed-out" } | { status: "signed-in"; user: SessionUser };

let state: SessionState = { status: "loading" };
let pending: Promise<SessionState> | null = null;
let signOuts = 0;
const listeners = new Set<() => void>();

function publish(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export function refreshSession(): Promise<SessionState> {
  if (pending) return pending;
  const signOutsAtStart = signOuts;
  // A sign-out in this tab while the check was on its way wins: the server may have answered
  // before it ended the session, and publishing "signed-in" then would remount the signed-in
  // screens, whose stale queries refetch, get 401 and reload the page (losing the sign-out toast).
  const settle = (next: SessionState): SessionState => {
    if (signOuts !== signOutsAtStart) return state;
    publish(next);
    return next;
  };
  pending = fetch("/api/account/session", { credentials: "same-origin", headers: { Accept: "application/json" } })
    .then(async (response) => {
      const body = response.ok ? ((await response.json()) as { user?: SessionUser } | null) : null;
      return settle(body?.user ? { status: "signed-in", user: body.user } : { status: "signed-out" });
    })
    .catch(() => settle({ status: "signed-out" }))
    .finally(() => {
      pending = null;
    });
  return pending;
}

export function setSignedOut() {
  signOuts += 1;
  publish({ status: "signed-out" });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (state.status === "loading" && !pending) void refreshSession();
  return () => listeners.delete(listener);
}

const serverSnapshot: SessionState = { status: "loading" };

export function useSession(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverSnapshot,
  );
}

/** Ends the session on the server  and updates every listener. */
export async function signOut(): Promise<void> {
  const response = await fetch("/api/account/sign-out", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
  if (!response.ok) throw new Error(`Sign-out failed with status ${response.status}`);
  setSignedOut();
}

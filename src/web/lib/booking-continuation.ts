// docs/product.md §4 booking flow and §7 browser storage: without a session, the booking page stores a
// pending-callback flag in session storage and opens the auth dialog. A sign-in or sign-up in the
// dialog continues the booking through the dialog's callback; a sign-in elsewhere (/login after a
// 401) finds the flag when the booking page loads again and continues from there. The flag lives in
// session storage so it survives the full reload a 401 redirect may cause.

/** docs/product.md §7: the session storage key of the pending continuation. */
export const authSuccessCallbackKey = "authSuccessCallback";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    // Storage can be blocked (private modes, sandboxed frames); the flow then needs a second click.
    return null;
  }
}

/** Remembers that a booking is waiting for the visitor to sign in. */
export function markPendingContinuation(): void {
  storage()?.setItem(authSuccessCallbackKey, "true");
}

/** True when a booking was waiting; the flag is removed so the continuation runs only once. */
export function consumePendingContinuation(): boolean {
  const store = storage();
  if (!store) return false;
  const pending = store.getItem(authSuccessCallbackKey) !== null;
  store.removeItem(authSuccessCallbackKey);
  return pending;
}

/** Clears a stale flag, e.g. when the visitor closes the dialog without signing in. */
export function clearPendingContinuation(): void {
  storage()?.removeItem(authSuccessCallbackKey);
}

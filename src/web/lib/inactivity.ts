import { useEffect, useEffectEvent } from "react";
import { toast } from "sonner";
import { inactivityTimeoutMinutes } from "../../shared/session-policy.ts";
import "./session-translations.ts";
import { useTranslation } from "./i18n.ts";
import { markSignedOut, signOut, useSession } from "./session.ts";

// docs/product.md §4 and §9: sign out after 30 minutes without mouse, key, scroll or touch. Activity only
// records a timestamp (mousemove fires constantly); one timer checks it when the period could have
// ended and re-arms itself if there was activity since. The timeout is a parameter so tests run
// in milliseconds; the browser journey fast-forwards Playwright's clock instead of waiting.

export const defaultInactivityTimeoutMs = inactivityTimeoutMinutes * 60_000;

export const activityEvents = ["mousemove", "mousedown", "keydown", "scroll", "touchstart", "wheel", "pointerdown"] as const;

export type InactivityTimerOptions = {
  timeoutMs: number;
  onTimeout: () => void;
  /** Where activity events are listened for; window in the browser. */
  target: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  now?: () => number;
};

/** Starts watching; returns a stop function. Fires `onTimeout` once, then stops. */
export function startInactivityTimer({ timeoutMs, onTimeout, target, now = Date.now }: InactivityTimerOptions): () => void {
  let lastActivity = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const recordActivity = () => {
    lastActivity = now();
  };

  const check = () => {
    if (stopped) return;
    const idle = now() - lastActivity;
    if (idle >= timeoutMs) {
      stop();
      onTimeout();
    } else {
      timer = setTimeout(check, timeoutMs - idle);
    }
  };

  function stop() {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    for (const type of activityEvents) target.removeEventListener(type, recordActivity);
  }

  for (const type of activityEvents)
    target.addEventListener(type, recordActivity, { passive: true, capture: true } as AddEventListenerOptions);
  timer = setTimeout(check, timeoutMs);
  return stop;
}

/** Signs the user out after `timeoutMs` without activity while `active` (a session exists). */
export function useInactivityTimeout(active: boolean, onTimeout: () => void, timeoutMs = defaultInactivityTimeoutMs) {
  const fire = useEffectEvent(onTimeout);
  useEffect(() => {
    if (!active) return undefined;
    return startInactivityTimer({ timeoutMs, onTimeout: () => fire(), target: window });
  }, [active, timeoutMs]);
}

/** Mounted once for every page (top bar): ends a signed-in session after the idle period. */
export function useInactivitySignOut(timeoutMs = defaultInactivityTimeoutMs) {
  const session = useSession();
  const { t } = useTranslation("session");
  useInactivityTimeout(
    session.status === "signed-in",
    () => {
      // Not a Sign Out button: the guard asks to sign in again and come back (ADR 041).
      void signOut({ reason: "ended", errorToast: false })
        .catch(() => markSignedOut())
        .finally(() => toast.info(t("inactivityTitle"), { description: t("inactivityBody"), duration: Infinity }));
    },
    timeoutMs,
  );
}

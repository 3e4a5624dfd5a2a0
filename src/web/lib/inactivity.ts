import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { toast } from "sonner";
import { inactivityTimeoutMinutes } from "../../shared/session-policy.ts";
import "./session-translations.ts";
import { useTranslation } from "./i18n.ts";
import { markSignedOut, signOut, useSession } from "./session.ts";

// docs/product.md §4 and §9: sign out after 30 minutes without mouse, key, scroll or touch. Activity only
// records a timestamp (mousemove fires constantly); one timer checks it when the period could have
// ended and re-arms itself if there was activity since. The timeout is a parameter so tests run
// in milliseconds; the browser journey fast-forwards Playwright's clock instead of waiting. Before
// the end a dialog warns and offers to stay signed in (ADR 118, WCAG 2.2 2.2.1).

export const defaultInactivityTimeoutMs = inactivityTimeoutMinutes * 60_000;

/** ADR 118 (WCAG 2.2 2.2.1 Timing Adjustable): the warning comes two minutes before the end. */
export const inactivityWarningMs = 2 * 60_000;

export const activityEvents = ["mousemove", "mousedown", "keydown", "scroll", "touchstart", "wheel", "pointerdown"] as const;

export type InactivityTimerOptions = {
  timeoutMs: number;
  onTimeout: () => void;
  /**
   * WCAG 2.2 2.2.1 (ADR 118): how long before the end `onWarning` is called, with the time left.
   * From then on only `extend` (the warning's "Stay signed in") keeps the session: a mouse that
   * happens to move must not close the warning before it has been read.
   */
  warningMs?: number;
  onWarning?: (millisecondsLeft: number) => void;
  /** Where activity events are listened for; window in the browser. */
  target: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  now?: () => number;
};

export type InactivityTimer = {
  /** Stops watching; nothing fires after it. */
  stop: () => void;
  /** The person chose to stay: the idle period starts again and the warning is over. */
  extend: () => void;
};

/** Starts watching. Fires `onWarning` (if asked) and then `onTimeout` once, then stops. */
export function startInactivityTimer({
  timeoutMs,
  onTimeout,
  warningMs = 0,
  onWarning,
  target,
  now = Date.now,
}: InactivityTimerOptions): InactivityTimer {
  let lastActivity = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let warned = false;
  const warnAfter = onWarning && warningMs > 0 ? Math.max(0, timeoutMs - warningMs) : timeoutMs;

  const recordActivity = () => {
    if (!warned) lastActivity = now();
  };

  const schedule = (delay: number) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(check, Math.max(0, delay));
  };

  function check() {
    if (stopped) return;
    const idle = now() - lastActivity;
    if (idle >= timeoutMs) {
      stop();
      onTimeout();
    } else if (!warned && idle >= warnAfter && warnAfter < timeoutMs) {
      warned = true;
      onWarning?.(timeoutMs - idle);
      schedule(timeoutMs - idle);
    } else {
      schedule((warned ? timeoutMs : warnAfter) - idle);
    }
  }

  function stop() {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    for (const type of activityEvents) target.removeEventListener(type, recordActivity);
  }

  function extend() {
    if (stopped) return;
    warned = false;
    lastActivity = now();
    schedule(warnAfter);
  }

  for (const type of activityEvents)
    target.addEventListener(type, recordActivity, { passive: true, capture: true } as AddEventListenerOptions);
  schedule(warnAfter);
  return { stop, extend };
}

/** What the page shows while the end of an idle session is near. */
export type InactivityWarning = {
  /** When the session ends unless the person stays (epoch milliseconds), or null: no warning. */
  endsAt: number | null;
  stay: () => void;
};

/** Signs the user out after `timeoutMs` without activity while `active` (a session exists). */
export function useInactivityTimeout(
  active: boolean,
  onTimeout: () => void,
  timeoutMs = defaultInactivityTimeoutMs,
  warningMs = inactivityWarningMs,
): InactivityWarning {
  const fire = useEffectEvent(onTimeout);
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const timerRef = useRef<InactivityTimer | null>(null);
  useEffect(() => {
    if (!active) return undefined;
    const timer = startInactivityTimer({
      timeoutMs,
      warningMs,
      onWarning: (left) => setEndsAt(Date.now() + left),
      onTimeout: () => {
        setEndsAt(null);
        fire();
      },
      target: window,
    });
    timerRef.current = timer;
    return () => {
      timer.stop();
      timerRef.current = null;
      setEndsAt(null);
    };
  }, [active, timeoutMs, warningMs]);
  const stay = useCallback(() => {
    timerRef.current?.extend();
    setEndsAt(null);
  }, []);
  return { endsAt, stay };
}

/** Mounted while signed in (components/inactivity-sign-out.tsx): ends the session after the idle period. */
export function useInactivitySignOut(timeoutMs = defaultInactivityTimeoutMs): InactivityWarning {
  const session = useSession();
  const { t } = useTranslation("session");
  return useInactivityTimeout(
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

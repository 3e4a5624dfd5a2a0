import { useEffect, useEffectEvent, useState } from "react";

// docs/product.md §5 and §9: a new code at most once per minute (visible countdown) and a 10-minute
// verification window ('Verification Timeout'). Both follow the server's own timestamps
// (resendAvailableAt, expiresAt) so the page never disagrees with the server.

function secondsUntil(iso: string | null): number {
  if (!iso) return 0;
  return Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 1000));
}

/** Seconds left until `iso`, updated every second; 0 when passed or unset. */
export function useCountdown(iso: string | null): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(iso));
  useEffect(() => {
    setSeconds(secondsUntil(iso));
    if (!iso) return undefined;
    const timer = window.setInterval(() => {
      const left = secondsUntil(iso);
      setSeconds(left);
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [iso]);
  return seconds;
}

/** Calls `onExpire` once when the moment `iso` passes (checked every second, robust to sleep). */
export function useDeadline(iso: string | null, onExpire: () => void) {
  const expire = useEffectEvent(onExpire);
  useEffect(() => {
    if (!iso) return undefined;
    const timer = window.setInterval(() => {
      if (Date.now() >= Date.parse(iso)) {
        window.clearInterval(timer);
        expire();
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [iso]);
}

/** 75 → "1:15" */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

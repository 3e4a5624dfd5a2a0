import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { LiveEvent } from "../../shared/booking-lifecycle.ts";

// Live updates (docs/booking-lifecycle.md, ADR 092): one EventSource on /api/events/stream while a
// signed-in section is open. Each event names what changed; the section says which of its queries
// that makes stale, and TanStack Query refetches the ones on screen. The browser reconnects by
// itself and sends Last-Event-ID, so nothing missed while offline is lost. The server only sends
// events the user may see, so a refetch never shows someone else's data.

export const liveEventsPath = "/api/events/stream";

function parse(data: string): LiveEvent | null {
  try {
    const value = JSON.parse(data) as Partial<LiveEvent>;
    return typeof value.id === "number" && typeof value.type === "string" ? (value as LiveEvent) : null;
  } catch {
    return null;
  }
}

/** Keeps `keysFor(event)`'s queries fresh while the component is mounted and `enabled` (a signed-in user). */
export function useLiveEvents(keysFor: (event: LiveEvent) => QueryKey[], enabled: boolean): void {
  const queryClient = useQueryClient();
  const keys = useRef(keysFor);
  useEffect(() => {
    keys.current = keysFor;
  }, [keysFor]);
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource(liveEventsPath);
    // A first connection has no Last-Event-ID, so an event between a query's fetch and the stream's
    // opening is never sent (docs/booking-lifecycle.md, "Live updates"): once open, what was fetched
    // before is fetched again. Reconnections resume from their Last-Event-ID and need nothing.
    let opened = false;
    source.onopen = () => {
      if (opened) return;
      opened = true;
      const openedAt = Date.now();
      void queryClient.invalidateQueries({ predicate: (query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < openedAt });
    };
    source.onmessage = (message: MessageEvent<string>) => {
      const event = parse(message.data);
      if (!event) return;
      for (const queryKey of keys.current(event)) void queryClient.invalidateQueries({ queryKey });
    };
    // ADR 235, 253: the server replaced this stream with a newer one of the session or the account
    // (another tab, say; the data names which limit); reconnecting would replace that one in turn,
    // so this one stays closed.
    source.addEventListener("closed", () => source.close());
    return () => source.close();
  }, [enabled, queryClient]);
}

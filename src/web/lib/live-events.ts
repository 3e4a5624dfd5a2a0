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

/**
 * Keeps `keysFor(event)`'s queries fresh while the component is mounted for a signed-in user, from
 * `cursor` on: the session answer's `liveEventsCursor` (null: nobody signed in, no stream).
 */
export function useLiveEvents(keysFor: (event: LiveEvent) => QueryKey[], cursor: number | null): void {
  const queryClient = useQueryClient();
  const keys = useRef(keysFor);
  // The cursor the stream opens with; a later session answer (the guard's polling) moves it without
  // opening the stream again, which its own Last-Event-ID carries on from.
  const start = useRef(cursor);
  const enabled = cursor !== null;
  useEffect(() => {
    keys.current = keysFor;
    start.current = cursor;
  }, [keysFor, cursor]);
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    // ADR 291: a first connection has no Last-Event-ID, so it names the cursor of the session answer,
    // which every signed-in screen reads before its data: an event between that read and the
    // stream's opening is sent like any other, instead of every query being fetched a second time
    // once the stream opens. A reconnection sends the last id it received, which the server prefers.
    const source = new EventSource(`${liveEventsPath}?after=${start.current ?? 0}`);
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

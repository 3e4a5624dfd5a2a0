import type { TestApp } from "./test-app.ts";

// A client of GET /api/events/stream for tests and the benchmark: reads the server-sent events
// (HTML Living Standard §9.2.6 parsing, the parts the server writes: id, event, data, retry and
// comments) as they arrive, and waits for the one it needs with a deadline.

/** receivedAt: performance.now() when the event was read (the benchmark's latency). */
export type ReceivedEvent = { id: string | null; event: string; data: string; receivedAt: number };

export type EventStreamClient = {
  status: number;
  headers: Headers;
  events: ReceivedEvent[];
  /** Resolves with the first event matching `match` (already received or still to come), or fails after timeoutMs. */
  next: (match: (event: ReceivedEvent) => boolean, timeoutMs?: number) => Promise<ReceivedEvent>;
  /** Whether the server ended the stream. */
  ended: () => boolean;
  close: () => void;
};

export async function openEventStream(
  fetcher: { request: TestApp["app"]["request"] } | ((input: string, init: RequestInit) => Promise<Response>),
  url: string,
  headers: Record<string, string>,
): Promise<EventStreamClient> {
  const controller = new AbortController();
  const init: RequestInit = { headers: { Accept: "text/event-stream", ...headers }, signal: controller.signal };
  const response = typeof fetcher === "function" ? await fetcher(url, init) : await fetcher.request(url, init);
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  let finished = false;
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = "";
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let boundary = buffer.indexOf("\n\n");
          while (boundary !== -1) {
            const block = buffer.slice(0, boundary);
            buffer = buffer.slice(boundary + 2);
            const event: ReceivedEvent = { id: null, event: "message", data: "", receivedAt: performance.now() };
            let hasData = false;
            for (const line of block.split("\n")) {
              if (line.startsWith(":")) continue;
              const colon = line.indexOf(":");
              const field = colon === -1 ? line : line.slice(0, colon);
              const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
              if (field === "id") event.id = value;
              else if (field === "event") event.event = value;
              else if (field === "data") {
                event.data = hasData ? `${event.data}\n${value}` : value;
                hasData = true;
              }
            }
            if (hasData) {
              events.push(event);
              notify();
            }
            boundary = buffer.indexOf("\n\n");
          }
        }
      } catch {
        // Aborted by close().
      } finally {
        finished = true;
        notify();
      }
    })();
  }
  return {
    status: response.status,
    headers: response.headers,
    events,
    ended: () => finished,
    async next(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (finished) throw new Error("The event stream ended before the event arrived.");
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No matching event within ${timeoutMs} ms (received: ${JSON.stringify(events)})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, left);
          function done() {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          }
          waiters.add(done);
        });
      }
    },
    close: () => controller.abort(),
  };
}

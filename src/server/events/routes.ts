import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { userActor } from "../access/booking-access.ts";
import { isSessionAlive, requireUser, type SignedInEnv } from "../auth/require-user.ts";
import { HttpError } from "../http-error.ts";
import type { StreamLimitScope } from "./event-hub.ts";
import { canSeeEvent, latestEventId, readEventsAfter, type StoredEvent } from "./events-repo.ts";

// GET /api/events/stream (ADR 092, docs/booking-lifecycle.md): the signed-in user's live events as
// server-sent events (HTML Living Standard §9.2). Each event's `id:` is its row id; a reconnecting
// EventSource sends it back as Last-Event-ID and gets exactly the events it missed. Only events
// the booking access policy lets the user see are sent (ADR 093). A first connection has no
// Last-Event-ID; it names `?after=` the cursor its session answer carried (ADR 291) and gets the
// events since then in the same way. The stream ends when the
// session does (checked after wake-ups, about every LIVE_SESSION_CHECK_SECONDS) and when the app shuts down.

const heartbeatMs = 20_000;
const resumeBatch = 500;
/** The reconnection delay the browser is told (the SSE `retry:` field). */
const retryMs = 3_000;

function lastEventIdOf(header: string | undefined): number | null {
  if (header === undefined || !/^\d{1,15}$/.test(header.trim())) return null;
  return Number(header.trim());
}

export const liveEventRoutes = new Hono<SignedInEnv>().get("/stream", requireUser(), async (c) => {
  // RFC 9110 §12.5.1: this resource has one representation; a client that cannot read a stream
  // (a plain fetch, a crawler) gets a JSON refusal instead of a response that never ends.
  if (!(c.req.header("Accept") ?? "").includes("text/event-stream")) {
    throw new HttpError(406, "not_acceptable", "This address answers server-sent events only (Accept: text/event-stream).");
  }
  const { services, deps } = c.var;
  const viewer = userActor(c.var.user);
  const resumeFrom = lastEventIdOf(c.req.header("Last-Event-ID")) ?? lastEventIdOf(c.req.query("after"));
  const requestHeaders = new Headers(c.req.raw.headers);
  // Proxies must pass the stream through as it is written (nginx buffers otherwise).
  c.header("X-Accel-Buffering", "no");

  return streamSSE(c, async (stream) => {
    const queue: StoredEvent[] = [];
    let ended = false;
    let replaced: StreamLimitScope | null = null;
    let wake: (() => void) | null = null;
    const signal = () => {
      const resolve = wake;
      wake = null;
      resolve?.();
    };
    const unsubscribe = services.events.subscribe({
      deliver: (events) => {
        queue.push(...events);
        signal();
      },
      close: () => {
        ended = true;
        signal();
      },
      accountId: c.var.user.id,
      sessionId: c.var.sessionId,
      replaced: (scope) => {
        replaced = scope;
        ended = true;
        signal();
      },
    });
    stream.onAbort(() => {
      ended = true;
      signal();
    });
    const send = (event: StoredEvent) =>
      stream.writeSSE({
        id: String(event.id),
        data: JSON.stringify({
          id: event.id,
          type: event.type,
          bookingId: event.bookingId,
          payload: event.payload,
          createdAt: event.createdAt,
        }),
      });
    try {
      // Subscribed first, then the starting point read: an event committed in between is either
      // in the resume read or delivered by the hub, and `lastSent` drops the duplicate.
      const hubCursor = await services.events.start();
      // An id beyond the newest event (a client of another database, or a made-up header) would
      // make every live event up to it look sent already: it counts as the newest event.
      const newest = resumeFrom !== null && resumeFrom > hubCursor ? Math.max(hubCursor, await latestEventId(deps.database.db)) : hubCursor;
      let lastSent = resumeFrom === null ? hubCursor : Math.min(resumeFrom, newest);
      if (resumeFrom !== null) {
        for (;;) {
          const read = await readEventsAfter(deps.database.db, viewer, lastSent, resumeBatch);
          for (const event of read.events) await send(event);
          lastSent = read.lastId;
          if (!read.full) break;
        }
      }
      await stream.writeSSE({ event: "ready", data: String(lastSent), retry: retryMs });
      // Spread over the interval, so a thousand streams opened together do not all ask at once.
      const sessionCheckMs = deps.env.liveSessionCheckMs;
      const nextCheck = () => Date.now() + sessionCheckMs * (0.5 + Math.random() / 2);
      let nextSessionCheck = nextCheck();
      while (!ended) {
        if (queue.length === 0) {
          let timer: NodeJS.Timeout | undefined;
          await new Promise<void>((resolve) => {
            wake = resolve;
            timer = setTimeout(resolve, heartbeatMs);
          });
          clearTimeout(timer);
        }
        if (ended) break;
        const batch = queue.splice(0);
        if (batch.length === 0) {
          // A comment line keeps idle connections open through proxies and finds a vanished client.
          await stream.write(": keep-alive\n\n");
        }
        for (const event of batch) {
          if (event.id <= lastSent) continue;
          lastSent = event.id;
          if (canSeeEvent(viewer, event)) await send(event);
        }
        // After the batch, so the check never delays an event (the session was valid when it happened).
        if (Date.now() >= nextSessionCheck) {
          if (!(await isSessionAlive(services, requestHeaders))) break;
          nextSessionCheck = nextCheck();
        }
      }
      // ADR 235, 253: the client is told why (and which limit), so it does not reconnect and replace
      // a newer stream in turn.
      if (replaced && !stream.aborted)
        await stream.writeSSE({ event: "closed", data: JSON.stringify({ reason: "too_many_streams", scope: replaced }) });
    } finally {
      unsubscribe();
    }
  });
});

import pg from "pg";
import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/database.ts";
import { eventsChannel, latestEventId, readAllEventsAfter, type StoredEvent } from "./events-repo.ts";

// ADR 092: one hub per process wakes every open stream. The events table is the truth; a wake-up
// only says "read it now". On SQLite the writer wakes the hub in-process after its commit; on
// PostgreSQL a dedicated LISTEN connection hears every process's NOTIFY. A periodic catch-up
// read covers a lost notification or a LISTEN connection that is reconnecting: a missed wake-up
// costs latency, never an event. The hub reads the new events once per wake and fans them out,
// so a thousand streams cost one query, not a thousand (bench/sse.ts).

export type EventSubscriber = {
  deliver: (events: StoredEvent[]) => void;
  /** The app is shutting down: end the stream. */
  close: () => void;
  /** The account whose stream this is; its oldest streams beyond the limit are replaced (ADR 235). */
  accountId?: string;
  /** The session (its row id) the stream was opened with; its oldest beyond the limit are replaced (ADR 253). */
  sessionId?: string;
  /** A newer stream of the session or the account took this one's place: tell the client and end the stream. */
  replaced?: (scope: StreamLimitScope) => void;
};

/** Which limit a replaced stream went over: its session's (ADR 253) or its account's (ADR 235). */
export type StreamLimitScope = "session" | "account";

export type EventHub = {
  /** Starts the hub on first use and answers the last event id it has delivered. */
  start: () => Promise<number>;
  subscribe: (subscriber: EventSubscriber) => () => void;
  /** Something may have been written: read the events table soon. */
  wake: () => void;
  /** How many streams are open (the metrics and the benchmark). */
  size: () => number;
  close: () => Promise<void>;
};

const batchSize = 500;

export function createEventHub(options: {
  database: DatabaseHandle;
  databaseUrl: string | undefined;
  logger: Logger;
  /** The most streams one account keeps open in this process; a new one replaces the oldest. */
  streamsPerAccount?: number;
  /** The most streams one session keeps open in this process; a new one replaces the oldest. */
  streamsPerSession?: number;
  catchUpIntervalMs?: number;
}): EventHub {
  const { database, logger } = options;
  const subscribers = new Set<EventSubscriber>();
  // The streams of each account and each session, oldest first (a Set keeps the order of adding),
  // so a new stream finds its group without scanning every open stream.
  const byAccount = new Map<string, Set<EventSubscriber>>();
  const bySession = new Map<string, Set<EventSubscriber>>();
  const groupsOf = (subscriber: EventSubscriber) =>
    [
      [bySession, subscriber.sessionId],
      [byAccount, subscriber.accountId],
    ] as const;

  function remove(subscriber: EventSubscriber): boolean {
    if (!subscribers.delete(subscriber)) return false;
    for (const [groups, key] of groupsOf(subscriber)) {
      if (key === undefined) continue;
      const group = groups.get(key);
      group?.delete(subscriber);
      if (group?.size === 0) groups.delete(key);
    }
    return true;
  }

  /** Ends the oldest streams of a group beyond `limit`; each is told which limit it went over. */
  function trim(group: Set<EventSubscriber> | undefined, limit: number | undefined, scope: StreamLimitScope) {
    if (!group || limit === undefined) return;
    for (const oldest of [...group].slice(0, Math.max(0, group.size - limit))) {
      remove(oldest);
      oldest.replaced?.(scope);
    }
  }
  let cursor = 0;
  let started: Promise<number> | null = null;
  let reading = false;
  let readAgain = false;
  let closed = false;
  let listener: pg.Client | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let catchUpTimer: NodeJS.Timeout | null = null;

  async function read(): Promise<void> {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      do {
        readAgain = false;
        for (;;) {
          const events = await readAllEventsAfter(database.db, cursor, batchSize);
          if (events.length === 0) break;
          cursor = events.at(-1)?.id ?? cursor;
          for (const subscriber of subscribers) subscriber.deliver(events);
          if (events.length < batchSize) break;
        }
      } while (readAgain && !closed);
    } catch (error) {
      // The next wake-up or catch-up read tries again from the same cursor.
      logger.warn({ err: error }, "reading new events failed");
    } finally {
      reading = false;
    }
  }

  function wake(): void {
    if (!started || closed) return;
    void started.then(read);
  }

  async function listen(url: string): Promise<void> {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    const retry = () => {
      if (closed || reconnectTimer) return;
      listener = null;
      reconnectTimer = setTimeout(() => {
        reconnectTimer = null;
        listen(url).then(wake, retry);
      }, 1000);
      reconnectTimer.unref();
    };
    client.on("notification", wake);
    client.on("error", (error) => {
      logger.warn({ err: error }, "the events LISTEN connection was lost; reconnecting");
      void client.end().catch(() => {});
      retry();
    });
    client.on("end", retry);
    await client.connect();
    await client.query(`listen ${eventsChannel}`);
    if (closed) {
      await client.end();
      return;
    }
    listener = client;
  }

  return {
    start() {
      started ??= (async () => {
        cursor = await latestEventId(database.db);
        if (database.engine === "postgres" && options.databaseUrl) {
          await listen(options.databaseUrl).catch((error: unknown) => {
            logger.warn({ err: error }, "could not LISTEN for events; streams rely on the catch-up read");
          });
        }
        catchUpTimer = setInterval(() => void read(), options.catchUpIntervalMs ?? 5000);
        catchUpTimer.unref();
        return cursor;
      })();
      return started.then(() => cursor);
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      for (const [groups, key] of groupsOf(subscriber)) {
        if (key === undefined) continue;
        const group = groups.get(key) ?? new Set();
        group.add(subscriber);
        groups.set(key, group);
      }
      // ADR 253: the session's limit first, so a session over its own limit replaces its own
      // streams, never another device's; then the account's (ADR 235).
      if (subscriber.sessionId !== undefined) trim(bySession.get(subscriber.sessionId), options.streamsPerSession, "session");
      if (subscriber.accountId !== undefined) trim(byAccount.get(subscriber.accountId), options.streamsPerAccount, "account");
      return () => void remove(subscriber);
    },
    wake,
    size: () => subscribers.size,
    async close() {
      closed = true;
      if (catchUpTimer) clearInterval(catchUpTimer);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      for (const subscriber of [...subscribers]) subscriber.close();
      subscribers.clear();
      byAccount.clear();
      bySession.clear();
      const client = listener;
      listener = null;
      if (client) {
        client.removeAllListeners("end");
        await client.end().catch(() => {});
      }
    },
  };
}

import { openDB, type IDBPDatabase } from "idb";
import { useSyncExternalStore } from "react";
import { ApiError, apiRequest } from "./api-client.ts";
import { createOutbox, type Outbox, type OutboxStore, type OutboxWrite, type SendOutcome } from "./device-outbox.ts";

// ADR 293: the operative app's one outbox on this device, kept in IndexedDB so that writes made
// offline survive a reload or a closed tab, and sent when the browser says it is online again.

const databaseName = "nordic-shield-operative";
const storeName = "outbox";

let database: Promise<IDBPDatabase> | null = null;
const open = () =>
  (database ??= openDB(databaseName, 1, {
    upgrade(db) {
      db.createObjectStore(storeName, { keyPath: "sequence" });
    },
  }));

const indexedDbStore: OutboxStore = {
  all: async () => (await (await open()).getAll(storeName)) as OutboxWrite[],
  put: async (write) => {
    await (await open()).put(storeName, write);
  },
  remove: async (sequence) => {
    await (await open()).delete(storeName, sequence);
  },
};

/** Network down, a server error, too many requests, or the first copy still running: send later. */
function sendLater(error: unknown) {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 429 || error.code === "try_again_later";
}

async function send(write: OutboxWrite): Promise<SendOutcome> {
  try {
    const answer = await apiRequest<unknown>(write.path, {
      method: write.method,
      body: write.body,
      headers: { "Idempotency-Key": write.key, "Device-Time": write.deviceTime },
    });
    return { kind: "applied", answer };
  } catch (error) {
    return sendLater(error) ? { kind: "later" } : { kind: "refused", error };
  }
}

let outbox: Outbox | null = null;

/** The device's outbox, made on first use in the browser; it sends again whenever the browser is back online. */
export function operativeOutbox(): Outbox {
  if (outbox) return outbox;
  const created = createOutbox({ store: indexedDbStore, send, newKey: () => crypto.randomUUID(), now: () => new Date() });
  outbox = created;
  window.addEventListener("online", () => void created.flush());
  void created.refresh().then(() => (navigator.onLine ? created.flush() : undefined));
  return created;
}

/** A write through the outbox: its answer, or null when it waits on the device to be sent. */
export async function submitFromDevice<Result>(write: Omit<OutboxWrite, "sequence" | "key" | "deviceTime" | "attempts">) {
  const outcome = await operativeOutbox().submit(write);
  if (outcome.kind === "refused") throw outcome.error;
  return outcome.kind === "applied" ? (outcome.answer as Result) : null;
}

const noWrites: OutboxWrite[] = [];

/** The writes waiting on this device, live. */
export function useWaitingWrites(): OutboxWrite[] {
  return useSyncExternalStore(
    (listener) => operativeOutbox().subscribe(listener),
    () => operativeOutbox().waiting(),
    () => noWrites,
  );
}

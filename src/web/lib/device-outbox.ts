// ADR 293: writes the operative makes on the phone are kept in an outbox on the device and sent in
// the order they were made, each with an Idempotency-Key made here once and the phone's time. A
// copy whose answer never arrived is sent again with the same key, and the server applies it once
// (ADR 217). The outbox stops at the first write that cannot be sent now, so none overtakes another.

export type OutboxWrite = {
  /** The device's order of the writes: made here, increasing. */
  sequence: number;
  key: string;
  method: "POST" | "PUT";
  path: string;
  body: unknown;
  /** When the operative made the write, by the phone's clock (RFC 3339). */
  deviceTime: string;
  /** What the operative is shown in the list of writes waiting to be sent. */
  label: string;
  attempts: number;
};

export type OutboxStore = {
  all(): Promise<OutboxWrite[]>;
  put(write: OutboxWrite): Promise<void>;
  remove(sequence: number): Promise<void>;
};

/** What became of one sending: applied (or answered from the first copy), refused for good, or not now. */
export type SendOutcome = { kind: "applied"; answer: unknown } | { kind: "refused"; error: unknown } | { kind: "later" };

export type OutboxDependencies = {
  store: OutboxStore;
  send: (write: OutboxWrite) => Promise<SendOutcome>;
  newKey: () => string;
  now: () => Date;
};

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox(dependencies: OutboxDependencies) {
  const listeners = new Set<() => void>();
  const settled = new Map<string, (outcome: SendOutcome) => void>();
  let waiting: OutboxWrite[] = [];
  let flushing: Promise<void> | null = null;

  const refresh = async () => {
    waiting = (await dependencies.store.all()).sort((a, b) => a.sequence - b.sequence);
    for (const listener of listeners) listener();
  };

  async function enqueue(write: { method: OutboxWrite["method"]; path: string; body: unknown; label: string }) {
    const existing = await dependencies.store.all();
    const sequence = existing.reduce((highest, entry) => Math.max(highest, entry.sequence), 0) + 1;
    const entry: OutboxWrite = {
      ...write,
      sequence,
      key: dependencies.newKey(),
      deviceTime: dependencies.now().toISOString(),
      attempts: 0,
    };
    await dependencies.store.put(entry);
    await refresh();
    return entry;
  }

  async function sendWaiting() {
    for (const write of (await dependencies.store.all()).sort((a, b) => a.sequence - b.sequence)) {
      let outcome: SendOutcome;
      try {
        outcome = await dependencies.send(write);
      } catch {
        outcome = { kind: "later" };
      }
      if (outcome.kind === "later") {
        await dependencies.store.put({ ...write, attempts: write.attempts + 1 });
        break;
      }
      await dependencies.store.remove(write.sequence);
      settled.get(write.key)?.(outcome);
      settled.delete(write.key);
    }
    await refresh();
  }

  /** Sends what waits, in order; one sending at a time (a second call joins the running one). */
  function flush(): Promise<void> {
    flushing ??= sendWaiting().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  /**
   * Keeps the write, tries to send it (and whatever waits before it) now, and answers how it went:
   * "later" when it stays in the outbox to be sent once the connection returns.
   */
  async function submit(write: { method: OutboxWrite["method"]; path: string; body: unknown; label: string }): Promise<SendOutcome> {
    const entry = await enqueue(write);
    const outcome = new Promise<SendOutcome>((resolve) => settled.set(entry.key, resolve));
    const joined = flushing !== null;
    await flush();
    // A flush already running when this was kept read the list before it: send once more.
    if (joined && settled.has(entry.key)) await flush();
    if (settled.has(entry.key)) {
      settled.delete(entry.key);
      return { kind: "later" };
    }
    return outcome;
  }

  return {
    enqueue,
    flush,
    submit,
    refresh,
    waiting: () => waiting,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

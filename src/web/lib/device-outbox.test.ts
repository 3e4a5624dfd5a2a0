import { describe, expect, it } from "vitest";
import { createOutbox, type OutboxStore, type OutboxWrite, type SendOutcome } from "./device-outbox.ts";

// ADR 293: the operative's outbox sends in the order the writes were made, each with one key made
// on the device, and a write whose answer was lost is sent again with the same key, so a server
// that applies a key once (ADR 217) applies each write exactly once.

function memoryStore(): OutboxStore & { rows: Map<number, OutboxWrite> } {
  const rows = new Map<number, OutboxWrite>();
  return {
    rows,
    all: async () => [...rows.values()].map((row) => ({ ...row })),
    put: async (write) => {
      rows.set(write.sequence, { ...write });
    },
    remove: async (sequence) => {
      rows.delete(sequence);
    },
  };
}

/** A server that applies a key once, and a network that can be down or lose the answer. */
function serverAndNetwork() {
  const applied: { key: string; path: string; deviceTime: string }[] = [];
  const seenKeys = new Set<string>();
  const network = { online: false, loseNextAnswer: false, refusePath: "" };
  const send = async (write: OutboxWrite): Promise<SendOutcome> => {
    if (!network.online) throw new TypeError("Failed to fetch");
    if (write.path === network.refusePath) return { kind: "refused", error: "conflict" };
    if (!seenKeys.has(write.key)) {
      seenKeys.add(write.key);
      applied.push({ key: write.key, path: write.path, deviceTime: write.deviceTime });
    }
    if (network.loseNextAnswer) {
      network.loseNextAnswer = false;
      throw new TypeError("The connection dropped before the answer");
    }
    return { kind: "applied", answer: { path: write.path } };
  };
  return { applied, network, send };
}

function outboxFor(store: OutboxStore, send: (write: OutboxWrite) => Promise<SendOutcome>) {
  let counter = 0;
  let minute = 0;
  return createOutbox({
    store,
    send,
    newKey: () => `device-key-${String((counter += 1))}`,
    now: () => new Date(Date.UTC(2026, 10, 29, 8, (minute += 1))),
  });
}

describe("the device outbox", () => {
  it("keeps writes made offline, in order, with their own key and the device's time", async () => {
    const store = memoryStore();
    const { applied, send } = serverAndNetwork();
    const outbox = outboxFor(store, send);
    const first = await outbox.submit({ method: "POST", path: "/status", body: { status: "on_the_way" }, label: "On the way" });
    const second = await outbox.submit({ method: "POST", path: "/check-ins", body: { pin: "4826" }, label: "Check-in" });
    expect(first).toEqual({ kind: "later" });
    expect(second).toEqual({ kind: "later" });
    expect(applied).toHaveLength(0);
    expect(outbox.waiting().map((write) => [write.label, write.key, write.deviceTime])).toEqual([
      ["On the way", "device-key-1", "2026-11-29T08:01:00.000Z"],
      ["Check-in", "device-key-2", "2026-11-29T08:02:00.000Z"],
    ]);
    // The first was tried each time; the second never overtakes it.
    expect(outbox.waiting().map((write) => write.attempts)).toEqual([2, 0]);
  });

  it("sends in the order made once online, each exactly once even when an answer is lost and the write is sent again", async () => {
    const store = memoryStore();
    const { applied, network, send } = serverAndNetwork();
    const outbox = outboxFor(store, send);
    await outbox.submit({ method: "POST", path: "/status", body: {}, label: "On the way" });
    await outbox.submit({ method: "POST", path: "/check-ins", body: {}, label: "Check-in" });
    await outbox.submit({ method: "POST", path: "/incidents", body: {}, label: "Incident" });

    network.online = true;
    network.loseNextAnswer = true;
    await outbox.flush();
    // The first write reached the server but its answer did not: it waits, the others behind it.
    expect(applied.map((write) => write.path)).toEqual(["/status"]);
    expect(outbox.waiting().map((write) => write.path)).toEqual(["/status", "/check-ins", "/incidents"]);

    // Two flushes at once are one sending.
    await Promise.all([outbox.flush(), outbox.flush()]);
    expect(applied.map((write) => write.path)).toEqual(["/status", "/check-ins", "/incidents"]);
    expect(applied.map((write) => write.key)).toEqual(["device-key-1", "device-key-2", "device-key-3"]);
    expect(outbox.waiting()).toEqual([]);
    expect(store.rows.size).toBe(0);
  });

  it("drops a write the server refuses, tells who submitted it, and goes on with the next", async () => {
    const store = memoryStore();
    const { applied, network, send } = serverAndNetwork();
    const outbox = outboxFor(store, send);
    const pending = outbox.submit({ method: "POST", path: "/status", body: {}, label: "On duty" });
    expect(await pending).toEqual({ kind: "later" });
    await outbox.submit({ method: "POST", path: "/check-ins", body: {}, label: "Check-in" });
    network.online = true;
    network.refusePath = "/status";
    await outbox.flush();
    expect(applied.map((write) => write.path)).toEqual(["/check-ins"]);
    expect(outbox.waiting()).toEqual([]);
    // Online, a write is sent at once and its answer returned.
    expect(await outbox.submit({ method: "POST", path: "/incidents", body: {}, label: "Incident" })).toEqual({
      kind: "applied",
      answer: { path: "/incidents" },
    });
  });

  it("tells subscribers when the list changes, and a new outbox on the same device picks up what was kept", async () => {
    const store = memoryStore();
    const { applied, network, send } = serverAndNetwork();
    const outbox = outboxFor(store, send);
    let changes = 0;
    const unsubscribe = outbox.subscribe(() => {
      changes += 1;
    });
    await outbox.submit({ method: "PUT", path: "/status", body: {}, label: "On the way" });
    expect(changes).toBeGreaterThan(0);
    unsubscribe();

    // The page was reloaded: another outbox over the same store sends the same key.
    const reloaded = outboxFor(store, send);
    await reloaded.refresh();
    expect(reloaded.waiting().map((write) => write.key)).toEqual(["device-key-1"]);
    network.online = true;
    await reloaded.flush();
    expect(applied.map((write) => write.key)).toEqual(["device-key-1"]);
    // A write made after the reload gets the next place in the order.
    network.online = false;
    await reloaded.submit({ method: "POST", path: "/check-ins", body: {}, label: "Check-in" });
    expect(reloaded.waiting()[0]?.sequence).toBe(1);
  });
});

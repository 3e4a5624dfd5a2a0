// The memory of a benchmark's server process as the process itself sees it, read over the V8
// inspector (Chrome DevTools Protocol, Runtime and HeapProfiler domains) of a server started with
// `--inspect=127.0.0.1:<port>`: process.memoryUsage() and a full garbage collection on demand, so
// "after" is measured once the garbage is gone rather than after a guessed sleep (ADR 253).

export type MemoryReading = { rssMiB: number; heapUsedMiB: number; heapTotalMiB: number; externalMiB: number };

export type ServerMemory = {
  read: () => Promise<MemoryReading>;
  collectGarbage: () => Promise<void>;
  /**
   * Collects garbage and reads, until four readings in a row differ by less than `toleranceMiB` in
   * both heap used and resident memory (at most `attempts` rounds); answers the last reading and
   * the number of rounds it took.
   */
  settle: (options?: { toleranceMiB?: number; attempts?: number }) => Promise<MemoryReading & { rounds: number }>;
  close: () => void;
};

const mebibytes = (bytes: number) => Number((bytes / 1048576).toFixed(1));

export async function connectServerMemory(inspectorPort: number): Promise<ServerMemory> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const address = targets[0]?.webSocketDebuggerUrl;
  if (!address) throw new Error("The server process offers no inspector target");
  const socket = new WebSocket(address);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("Could not connect to the server's inspector")), { once: true });
  });
  let nextId = 0;
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener("message", (message: MessageEvent<string>) => {
    const answer = JSON.parse(message.data) as { id?: number; result?: unknown; error?: { message: string } };
    if (answer.id === undefined) return;
    const waiter = pending.get(answer.id);
    pending.delete(answer.id);
    if (answer.error) waiter?.reject(new Error(answer.error.message));
    else waiter?.resolve(answer.result);
  });
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      nextId += 1;
      pending.set(nextId, { resolve, reject });
      socket.send(JSON.stringify({ id: nextId, method, params }));
    });

  async function read(): Promise<MemoryReading> {
    const result = (await call("Runtime.evaluate", { expression: "JSON.stringify(process.memoryUsage())", returnByValue: true })) as {
      result: { value: string };
    };
    const usage = JSON.parse(result.result.value) as NodeJS.MemoryUsage;
    return {
      rssMiB: mebibytes(usage.rss),
      heapUsedMiB: mebibytes(usage.heapUsed),
      heapTotalMiB: mebibytes(usage.heapTotal),
      externalMiB: mebibytes(usage.external),
    };
  }
  const collectGarbage = async () => void (await call("HeapProfiler.collectGarbage"));

  return {
    read,
    collectGarbage,
    async settle({ toleranceMiB = 0.5, attempts = 40 } = {}) {
      await collectGarbage();
      let previous = await read();
      let steadyRounds = 0;
      for (let round = 1; ; round += 1) {
        await collectGarbage();
        const reading = await read();
        const steady =
          Math.abs(reading.heapUsedMiB - previous.heapUsedMiB) < toleranceMiB && Math.abs(reading.rssMiB - previous.rssMiB) < toleranceMiB;
        steadyRounds = steady ? steadyRounds + 1 : 0;
        if (steadyRounds >= 3 || round >= attempts) return { ...reading, rounds: round };
        previous = reading;
      }
    },
    close: () => socket.close(),
  };
}

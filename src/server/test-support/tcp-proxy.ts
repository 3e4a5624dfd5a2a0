import { createServer, connect, type Socket } from "node:net";

/**
 * A TCP proxy the tests control, placed between the app and PostgreSQL to act out what happens to
 * a real database connection: `cut()` is a database restart or failover (every connection closes,
 * new ones are refused), `freeze()` is a hung server or a silent network partition (connections stay
 * open but no byte goes through, in either direction), `restore()` brings the database back:
 * either the partition heals and the held bytes go through, or (`frozen: "lost"`, a failover to
 * another server) the connections open during the freeze stay silent forever and only new ones work.
 */
export type TcpProxy = {
  port: number;
  /** Local ports of the proxy's connections to the target: pg_stat_activity.client_port of the app's sessions. */
  upstreamPorts: () => number[];
  /** Connections refused while cut: each is one attempt of the app to reach the database. */
  refusedConnections: () => number;
  /** Chunks held while frozen: above zero once the app has sent something into the freeze. */
  heldChunks: () => number;
  cut: () => void;
  freeze: () => void;
  restore: (options?: { frozen: "resume" | "lost" }) => void;
  close: () => Promise<void>;
};

type Mode = "open" | "cut" | "frozen";

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: Mode = "open";
  let refused = 0;
  const sockets = new Set<Socket>();
  const upstreams = new Set<Socket>();
  /** Sockets that never forward again: the far side of a failover. */
  const silenced = new WeakSet<Socket>();
  /** Bytes read while frozen, delivered in order once restored (like a healed partition). */
  const held: { to: Socket; chunk: Buffer }[] = [];

  function forward(from: Socket, to: Socket) {
    from.on("data", (chunk: Buffer) => {
      if (silenced.has(from) || silenced.has(to)) return;
      if (mode === "frozen") held.push({ to, chunk });
      else if (!to.destroyed) to.write(chunk);
    });
    from.on("close", () => to.destroy());
    from.on("error", () => to.destroy());
  }

  const server = createServer((client) => {
    if (mode === "cut") {
      refused += 1;
      client.destroy();
      return;
    }
    const upstream = connect(target);
    upstreams.add(upstream);
    upstream.on("close", () => upstreams.delete(upstream));
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the proxy has no port");

  return {
    port: address.port,
    upstreamPorts: () => [...upstreams].flatMap((socket) => (socket.localPort ? [socket.localPort] : [])),
    refusedConnections: () => refused,
    heldChunks: () => held.length,
    cut() {
      mode = "cut";
      held.length = 0;
      for (const socket of sockets) socket.destroy();
    },
    freeze() {
      mode = "frozen";
    },
    restore(options = { frozen: "resume" }) {
      if (mode === "frozen" && options.frozen === "lost") for (const socket of sockets) silenced.add(socket);
      mode = "open";
      for (const { to, chunk } of held.splice(0)) if (!to.destroyed && !silenced.has(to)) to.write(chunk);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import { createServer, type Socket } from "node:net";
import { SMTPServer } from "smtp-server";

// A real SMTP server on loopback for mail tests (ADR 122: real parts in tests). Each
// message is handed over raw with its envelope recipients; the sink answers the client only after
// `onMessage` has finished and `acceptDelayMs` has passed, like a real server that takes a while
// per mail. `connectDelayMs` delays the greeting of each new connection (the round trips and TLS
// of a distant server), which is what a connection pool saves. `refuse()` acts out a mail server
// that is up but turns mail away for a while (RFC 5321 §4.2.1, 4yz: "try again later").
// `dropAfterStoring` makes the first mails fall in the gap of RFC 5321 §4.1.1.4 and §6.1: the
// server has stored the message but its connection dies before the client reads 250, so the
// client must assume it was not delivered.

export type SmtpSinkOptions = {
  acceptDelayMs?: number;
  connectDelayMs?: number;
  /** The first this many mails are handed to onMessage, then their connection is destroyed before the answer. */
  dropAfterStoring?: number;
};

/**
 * How the sink turns mail away: "greeting" answers every new connection 421 and closes it (a server
 * shutting down or over its connection limit), "mail" answers MAIL FROM with 451 (greylisting, a
 * full queue) on connections that stay open.
 */
export type SmtpRefusal = "greeting" | "mail";

export type SmtpSink = {
  close: () => Promise<void>;
  /**
   * Connections opened so far, the most mails accepted at the same time, when each refusal was
   * answered, and how many mails had their connection cut after they were stored.
   */
  stats: { connections: number; maxInFlight: number; refusedAt: number[]; dropped: number };
  /** Turns mail away the given way from now on; null accepts mail again. */
  refuse: (refusal: SmtpRefusal | null) => void;
};

function temporaryFailure(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

export async function startSmtpSink(
  port: number,
  onMessage: (raw: Buffer, recipients: string[]) => void | Promise<void>,
  options: SmtpSinkOptions = {},
): Promise<SmtpSink> {
  const stats = { connections: 0, maxInFlight: 0, refusedAt: [] as number[], dropped: 0 };
  let inFlight = 0;
  const sockets = new Map<number, Socket>();
  let refusal: SmtpRefusal | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // On close, connections a pooled client keeps open are told 421 and dropped after this long
    // (the package waits 30 s by default), like a server going down.
    closeTimeout: 100,
    onConnect(_session, callback) {
      stats.connections += 1;
      if (refusal === "greeting") {
        stats.refusedAt.push(Date.now());
        callback(temporaryFailure(421, "Service not available, closing transmission channel"));
        return;
      }
      setTimeout(() => callback(), options.connectDelayMs ?? 0);
    },
    onMailFrom(_address, _session, callback) {
      if (refusal !== "mail") return callback();
      stats.refusedAt.push(Date.now());
      callback(temporaryFailure(451, "Requested action aborted: local error in processing"));
    },
    onData(stream, session, callback) {
      inFlight += 1;
      stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const recipients = session.envelope.rcptTo.map((address) => address.address);
        void Promise.resolve(onMessage(Buffer.concat(chunks), recipients)).then(() => {
          if (stats.dropped < (options.dropAfterStoring ?? 0)) {
            stats.dropped += 1;
            inFlight -= 1;
            sockets.get(session.remotePort)?.destroy();
            return;
          }
          setTimeout(() => {
            inFlight -= 1;
            callback();
          }, options.acceptDelayMs ?? 0);
        });
      });
    },
  });
  // The sockets by client port (on loopback one live connection each), so a mail's can be cut.
  server.server.on("connection", (socket: Socket) => {
    const port = socket.remotePort;
    if (port === undefined) return;
    sockets.set(port, socket);
    socket.once("close", () => sockets.delete(port));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  // A sender killed mid-mail (the crash tests' SIGKILL) resets its connection; smtp-server reports
  // that as an "error" event, which unheard would end the test process. The server keeps serving.
  server.on("error", () => undefined);
  return {
    stats,
    refuse: (next) => {
      refusal = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

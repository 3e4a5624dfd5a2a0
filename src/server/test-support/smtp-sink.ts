import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";

// A real SMTP server on loopback for mail tests (ARCHITECTURE.md: real parts in tests). Each
// message is handed over raw with its envelope recipients; the sink answers the client only after
// `onMessage` has finished and `acceptDelayMs` has passed, like a real server that takes a while
// per mail. `connectDelayMs` delays the greeting of each new connection (the round trips and TLS
// of a distant server), which is what a connection pool saves.

export type SmtpSinkOptions = { acceptDelayMs?: number; connectDelayMs?: number };

export type SmtpSink = {
  close: () => Promise<void>;
  /** Connections opened so far and the most mails the sink was accepting at the same time. */
  stats: { connections: number; maxInFlight: number };
};

export async function startSmtpSink(
  port: number,
  onMessage: (raw: Buffer, recipients: string[]) => void | Promise<void>,
  options: SmtpSinkOptions = {},
): Promise<SmtpSink> {
  const stats = { connections: 0, maxInFlight: 0 };
  let inFlight = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // On close, connections a pooled client keeps open are told 421 and dropped after this long
    // (the package waits 30 s by default), like a server going down.
    closeTimeout: 100,
    onConnect(_session, callback) {
      stats.connections += 1;
      setTimeout(() => callback(), options.connectDelayMs ?? 0);
    },
    onData(stream, session, callback) {
      inFlight += 1;
      stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const recipients = session.envelope.rcptTo.map((address) => address.address);
        void Promise.resolve(onMessage(Buffer.concat(chunks), recipients)).then(() =>
          setTimeout(() => {
            inFlight -= 1;
            callback();
          }, options.acceptDelayMs ?? 0),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return { stats, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
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

import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";

// A real SMTP server on loopback for mail tests (ARCHITECTURE.md: real parts in tests). Each
// message is handed over raw with its envelope recipients; the sink answers the client only after
// `onMessage` has finished and `acceptDelayMs` has passed (a slow server).

export type SmtpSink = { close: () => Promise<void> };

export async function startSmtpSink(
  port: number,
  onMessage: (raw: Buffer, recipients: string[]) => void | Promise<void>,
  options: { acceptDelayMs?: number } = {},
): Promise<SmtpSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const recipients = session.envelope.rcptTo.map((address) => address.address);
        void Promise.resolve(onMessage(Buffer.concat(chunks), recipients)).then(() =>
          setTimeout(() => callback(), options.acceptDelayMs ?? 0),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
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

import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startSmtpSink } from "../../src/server/test-support/smtp-sink.ts";

/** A real SMTP server on loopback that keeps every message it receives as an .eml file. */
export async function startSmtpCapture(port: number, directory: string) {
  mkdirSync(directory, { recursive: true });
  let counter = 0;
  return startSmtpSink(port, (raw) => {
    counter += 1;
    // Written aside and renamed, so a reader never sees half a message (mailbox.ts caches what it parsed).
    const file = path.join(directory, `${Date.now()}-${String(counter).padStart(4, "0")}.eml`);
    writeFileSync(`${file}.part`, raw);
    renameSync(`${file}.part`, file);
  });
}

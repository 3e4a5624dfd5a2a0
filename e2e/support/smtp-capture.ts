import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startSmtpSink } from "../../src/server/test-support/smtp-sink.ts";

/** A real SMTP server on loopback that keeps every message it receives as an .eml file. */
export async function startSmtpCapture(port: number, directory: string) {
  mkdirSync(directory, { recursive: true });
  let counter = 0;
  return startSmtpSink(port, (raw) => {
    counter += 1;
    writeFileSync(path.join(directory, `${Date.now()}-${String(counter).padStart(4, "0")}.eml`), raw);
  });
}

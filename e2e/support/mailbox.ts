import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { e2eSettings } from "./settings.ts";

/** Waits for a captured mail to `to` whose subject matches, newest first. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(e2eSettings.mailDirectory)) {
      const files = readdirSync(e2eSettings.mailDirectory).sort().reverse();
      for (const file of files) {
        const mail = await simpleParser(readFileSync(path.join(e2eSettings.mailDirectory, file)));
        const recipients = [mail.to]
          .flat()
          .flatMap((address) => address?.value ?? [])
          .map((value) => value.address?.toLowerCase());
        if (recipients.includes(to.toLowerCase()) && subject.test(mail.subject ?? "")) return mail;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

/** A unique address per test, so journeys never collide. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}

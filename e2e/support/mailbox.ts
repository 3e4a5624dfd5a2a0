import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { e2eSettings } from "./settings.ts";

/** Parsed captures by file name: a captured file never changes once renamed into place. */
const parsed = new Map<string, Promise<ParsedMail>>();

function parse(file: string): Promise<ParsedMail> {
  let mail = parsed.get(file);
  if (!mail) {
    mail = simpleParser(readFileSync(path.join(e2eSettings.mailDirectory, file)));
    parsed.set(file, mail);
  }
  return mail;
}

/** Waits for a captured mail to `to` whose subject matches, newest first. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(e2eSettings.mailDirectory)) {
      const files = readdirSync(e2eSettings.mailDirectory)
        .filter((file) => file.endsWith(".eml"))
        .sort()
        .reverse();
      for (const file of files) {
        const mail = await parse(file);
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

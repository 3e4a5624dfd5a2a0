import { randomUUID } from "node:crypto";
import type { Insertable, Kysely, Transaction } from "kysely";
import type { DatabaseSchema } from "../db/schema.ts";
import type { OutboxTable } from "../db/tables/accounts.ts";
import type { z } from "zod";
import { mailTemplates, type EssentialMailKind, type MailKind, type MailPayload, type MailTemplate } from "./registry.ts";

export type MailAttachment = { filename: string; contentType: string; content: string };

export type RenderedMail = { subject: string; html: string; text: string; attachments?: MailAttachment[] };

/** A mail to queue: its kind in the template registry and that kind's payload (ADR 037). */
export type QueuedMail<Kind extends MailKind = MailKind> = { kind: Kind; to: string; payload: MailPayload<Kind> };

/** The outbox columns that hold a rendered mail; attachments are stored as JSON text. */
export function storedContent(mail: RenderedMail) {
  return {
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
  };
}

/**
 * A new outbox row, due now and not yet tried, with no rendered content (the worker renders it from
 * its payload). `fields` may also set content, as rows queued before migration 0005 had it.
 */
export function pendingOutboxRow(
  fields: Pick<OutboxTable, "kind" | "recipient" | "payload"> &
    Partial<Pick<OutboxTable, "subject" | "html" | "text">> & { priority: number },
  now = new Date().toISOString(),
): Insertable<OutboxTable> {
  return {
    id: randomUUID(),
    ...storedContent({ subject: "", html: "", text: "" }),
    status: "pending",
    attempts: 0,
    next_attempt_at: now,
    locked_until: null,
    last_error: null,
    created_at: now,
    sent_at: null,
    ...fields,
  };
}

/**
 * ADR 032: the mail is written to the outbox by the caller's own executor, so it
 * commits or rolls back together with the event that causes it. The worker (worker.ts) renders it
 * from its payload and sends it. The payload is checked against its kind's schema here, so a
 * mistake fails the caller instead of leaving a mail that can never be rendered.
 */
export async function enqueueMail<Kind extends MailKind>(
  executor: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>,
  mail: QueuedMail<Kind>,
): Promise<Kind extends EssentialMailKind ? string : string | null> {
  const id = await enqueueWithTemplate(executor, mailTemplates[mail.kind], mail);
  return id as Kind extends EssentialMailKind ? string : string | null;
}

/**
 * enqueueMail for one registry entry: null, and nothing written, for a non-essential mail to a
 * customer whose e-mail notifications are off (docs/product.md §2 notification preferences).
 */
export async function enqueueWithTemplate(
  executor: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>,
  entry: MailTemplate<z.ZodType>,
  mail: { kind: string; to: string; payload: unknown },
): Promise<string | null> {
  const payload: unknown = entry.payload.parse(mail.payload);
  if (!entry.essential && (await hasTurnedOffEmail(executor, mail.to))) return null;
  const row = pendingOutboxRow({ kind: mail.kind, recipient: mail.to, payload: JSON.stringify(payload), priority: entry.priority });
  await executor.insertInto("outbox").values(row).execute();
  return row.id;
}

/** Whether the account signed in with this address turned e-mail notifications off. */
async function hasTurnedOffEmail(executor: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>, address: string): Promise<boolean> {
  const row = await executor
    .selectFrom("profiles")
    .select("email_notifications")
    .where("email", "=", address.toLowerCase())
    .executeTakeFirst();
  return row !== undefined && Number(row.email_notifications) === 0;
}

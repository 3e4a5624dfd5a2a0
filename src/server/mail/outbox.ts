import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { DatabaseSchema } from "../db/schema.ts";

export type MailAttachment = { filename: string; contentType: string; content: string };

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  /** What caused the mail ("verification-code", "password-reset", "booking-confirmation", …). */
  kind: string;
};

/**
 * ARCHITECTURE.md e-mail: the mail is written to the outbox by the caller's own executor, so it
 * commits or rolls back together with the event that causes it. The worker (worker.ts) sends it.
 * Attachment content is text (e.g. an .ics file), stored as JSON with the row.
 */
export async function enqueueMail(executor: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>, mail: OutgoingMail): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await executor
    .insertInto("outbox")
    .values({
      id,
      kind: mail.kind,
      recipient: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments && mail.attachments.length > 0 ? JSON.stringify(mail.attachments) : null,
      status: "pending",
      attempts: 0,
      next_attempt_at: now,
      locked_until: null,
      last_error: null,
      created_at: now,
      sent_at: null,
    })
    .execute();
  return id;
}

import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { DatabaseSchema } from "../db/schema.ts";

export type MailAttachment = { filename: string; contentType: string; content: string };

export type RenderedMail = { subject: string; html: string; text: string; attachments?: MailAttachment[] };

export type OutgoingMail = RenderedMail & {
  to: string;
  /** What caused the mail ("verification-code", "password-reset", "booking-confirmation", …). */
  kind: string;
};

/** The outbox columns that hold a rendered mail; attachments are stored as JSON text. */
export function storedContent(mail: RenderedMail) {
  return {
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
  };
}

/** A mail the worker renders from its booking when it sends it (ADR 053). */
export type BookingMail = { to: string; kind: string; bookingId: string };

/**
 * ARCHITECTURE.md e-mail: the mail is written to the outbox by the caller's own executor, so it
 * commits or rolls back together with the event that causes it. The worker (worker.ts) sends it.
 * Attachment content is text (e.g. an .ics file), stored as JSON with the row.
 */
export async function enqueueMail(
  executor: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>,
  mail: OutgoingMail | BookingMail,
): Promise<string> {
  // A booking mail has no content until the worker renders it.
  const content = "bookingId" in mail ? storedContent({ subject: "", html: "", text: "" }) : storedContent(mail);
  const id = randomUUID();
  const now = new Date().toISOString();
  await executor
    .insertInto("outbox")
    .values({
      id,
      kind: mail.kind,
      recipient: mail.to,
      ...content,
      booking_id: "bookingId" in mail ? mail.bookingId : null,
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

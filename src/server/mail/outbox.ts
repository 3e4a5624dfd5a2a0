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
  const rendered = "bookingId" in mail ? null : mail;
  const id = randomUUID();
  const now = new Date().toISOString();
  await executor
    .insertInto("outbox")
    .values({
      id,
      kind: mail.kind,
      recipient: mail.to,
      subject: rendered?.subject ?? "",
      html: rendered?.html ?? "",
      text: rendered?.text ?? "",
      attachments: rendered?.attachments?.length ? JSON.stringify(rendered.attachments) : null,
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

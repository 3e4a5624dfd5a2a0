import type { Insertable, Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { DatabaseSchema } from "../db/schema.ts";
import type { JobsTable } from "../db/tables/jobs.ts";
import { enqueueJob, pendingJobRow } from "../jobs/queue.ts";
import { mailPriority, mailTemplates, type EssentialMailKind, type MailKind, type MailPayload, type MailTemplate } from "./registry.ts";
import type { RenderedMail } from "./templates/render-mail.ts";

/** An attachment; binary content (a PDF) is stored as base64 and says so. */
/** What a mail job may carry besides the mail: the reference its sender can find it by (ADR 095). */
export type MailJobOptions = {
  referenceKey?: string;
  /** The urgent lane (ADR 036) for a mail whose template is not urgent by itself: an urgent notification's. */
  urgent?: boolean;
};

/** A mail to queue: its kind in the template registry and that kind's payload (ADR 037). */
export type QueuedMail<Kind extends MailKind = MailKind> = { kind: Kind; to: string; payload: MailPayload<Kind> };

/** The columns of a rendered mail as the dev mailbox reads them; attachments are stored as JSON text. */
export function storedContent(mail: RenderedMail) {
  return {
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
  };
}

/**
 * A new mail job, due now and not yet tried, without checking its template payload: tests use it
 * to queue rows a release could have left behind. enqueueMail is the way to queue a mail.
 */
export function pendingMailJob(
  fields: { template: string; to: string; data?: unknown; rendered?: RenderedMail; priority?: number },
  now = new Date(),
): Insertable<JobsTable> {
  const rendered = fields.rendered && { ...fields.rendered, attachments: storedContent(fields.rendered).attachments };
  return {
    ...pendingJobRow({ kind: "mail", payload: { template: fields.template, to: fields.to, data: fields.data, rendered } }, now),
    priority: fields.priority ?? mailPriority.normal,
  };
}

/**
 * ADR 032, 095: the mail is queued as a job of kind "mail" by the caller's own
 * executor, so it commits or rolls back together with the event that causes it. The worker renders it
 * from its payload and sends it. The payload is checked against its kind's schema here, so a
 * mistake fails the caller instead of leaving a mail that can never be rendered.
 */
export async function enqueueMail<Kind extends MailKind>(
  executor: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>,
  mail: QueuedMail<Kind>,
  options: MailJobOptions = {},
): Promise<Kind extends EssentialMailKind ? string : string | null> {
  const id = await enqueueWithTemplate(executor, mailTemplates[mail.kind], mail, options);
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
  options: MailJobOptions = {},
): Promise<string | null> {
  const data: unknown = entry.payload.parse(mail.payload);
  if (!entry.essential && (await hasTurnedOffEmail(executor, mail.to))) return null;
  return enqueueJob(executor, {
    kind: "mail",
    payload: { template: mail.kind, to: mail.to, data },
    lane: entry.priority === mailPriority.urgent || options.urgent ? "urgent" : "general",
    ...(options.referenceKey !== undefined && { referenceKey: options.referenceKey }),
  });
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

/**
 * ADR 097, GDPR Art. 17: when an account is deleted, the mails to its addresses keep nothing of it.
 * Mails still waiting are cancelled; every mail job to those addresses keeps only its template kind
 * (no recipient, no payload, no kept copy). Resolves with the number of mails cancelled.
 */
export async function forgetMailsTo(executor: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>, addresses: string[]): Promise<number> {
  if (addresses.length === 0) return 0;
  const rows = await executor
    .selectFrom("outbox")
    .select(["id", "kind", "status"])
    .where((where) =>
      where(
        where.fn("lower", ["recipient"]),
        "in",
        addresses.map((address) => address.toLowerCase()),
      ),
    )
    .execute();
  let cancelled = 0;
  for (const row of rows) {
    const waiting = row.status === "pending";
    await executor
      .updateTable("jobs")
      .set({
        payload: JSON.stringify({ template: row.kind }),
        output: null,
        ...(waiting && { status: "cancelled", finished_at: new Date().toISOString() }),
      })
      .where("id", "=", row.id)
      .execute();
    if (waiting) cancelled += 1;
  }
  return cancelled;
}

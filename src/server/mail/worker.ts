import nodemailer, { type Transporter } from "nodemailer";
import type { z } from "zod";
import type { AppDependencies } from "../context.ts";
import { forgetDeletedData } from "../db/database.ts";
import type { mailJobPayload } from "../jobs/kinds.ts";
import type { JobHandler, JobRow, JobWorkerSettings } from "../jobs/types.ts";
import { recordMailAccepted } from "../notifications/delivery-records.ts";
import { storedContent } from "./outbox.ts";
import { renderMailData, templateOf, UnrenderableMailError, type MailContext, type MailSources } from "./registry.ts";
import type { MailAttachment, RenderedMail } from "./templates/render-mail.ts";

// ADR 032, 036, 037, 095: a mail is a job of kind "mail". The job worker
// (jobs/worker.ts) claims it in its lane; this handler renders it from its template and sends it
// over a pooled SMTP transport when SMTP_URL is set, with a Message-ID that stays the same on
// every attempt. Without SMTP (development) the mail is kept for the dev mailbox and its subject
// logged. Once delivered, the job keeps no recipient and no personal payload (ADR 097).

type MailJobPayload = z.output<typeof mailJobPayload>;

const noSources: MailSources = {
  booking: () => Promise.reject(new Error("The job worker was started without a booking source")),
};

function senderDomain(mailFrom: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(mailFrom);
  return match?.[1] ?? "localhost";
}

/** The address of MAIL_FROM without its display name: `Firm <a@b>` → `a@b`. */
function senderAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
}

function mailPayloadOf(job: JobRow): MailJobPayload | undefined {
  try {
    return JSON.parse(job.payload ?? "null") as MailJobPayload;
  } catch {
    return undefined;
  }
}

/**
 * ADR 097: what a delivered mail's job keeps: its template, and the template's payload only when
 * that names records alone (a booking id). The recipient and any personal data or secret go.
 */
function afterDelivery(payload: MailJobPayload): string {
  const kept = templateOf(payload.template)?.keptAfterDelivery && payload.data !== undefined;
  return JSON.stringify({ template: payload.template, ...(kept && { data: payload.data }) });
}

export function createMailHandler(
  deps: AppDependencies,
  settings: Pick<JobWorkerSettings, "parallelSends">,
  sources: MailSources = noSources,
): JobHandler {
  const { env, logger } = deps;
  const log = logger.child({ component: "mail-worker" });
  const context: MailContext = { supportEmail: env.site.supportEmail, appUrl: env.appUrl, sources };
  // ADR 036: one pool of reused connections; one more than a batch uses, so an urgent mail finds a
  // free one. The pool must not resend a mail on its own when a connection drops (maxRequeues 0):
  // one sendMail is one attempt, bounded by the timeouts below and so by the lease (ADR 032); the
  // worker retries it with backoff under a fresh lease.
  const transport: Transporter | null = env.smtpUrl
    ? nodemailer.createTransport({
        url: env.smtpUrl,
        pool: true,
        maxConnections: settings.parallelSends + 1,
        maxRequeues: 0,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : null;
  if (!transport && !env.devMailbox) log.warn("SMTP_URL is not set: mails stay queued until it is configured");

  /** The mail's content: rendered now from its payload (ADR 037), or as stored by a version before migration 0005. */
  async function contentOf(payload: MailJobPayload): Promise<RenderedMail> {
    if (payload.data !== undefined) return renderMailData(payload.template, payload.data, context);
    if (payload.rendered) {
      const attachments = payload.rendered.attachments ? (JSON.parse(payload.rendered.attachments) as MailAttachment[]) : [];
      return { ...payload.rendered, attachments };
    }
    throw new UnrenderableMailError(`This ${payload.template} mail has no content left to send`);
  }

  const handler: JobHandler = {
    async run(job, parsed) {
      const payload = parsed as MailJobPayload;
      if (!payload.to) throw new UnrenderableMailError(`This ${payload.template} mail has no recipient`);
      const mail = await contentOf(payload);
      if (!transport) {
        // Development: the dev mailbox shows it; the log names it (never the code itself).
        log.info({ to: payload.to, subject: mail.subject, kind: payload.template }, "dev mail kept for /dev/mailbox");
        await recordMailAccepted(deps.database.db, job.id, "kept for the dev mailbox", new Date());
        return { output: JSON.stringify(storedContent(mail)) };
      }
      const info = (await transport.sendMail({
        // ADR 268: a discreet notification's mail names no firm: the address alone.
        from: mail.anonymousSender ? senderAddress(env.mailFrom) : env.mailFrom,
        to: payload.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: (mail.attachments ?? []).map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.content,
          ...(attachment.encoding && { encoding: attachment.encoding }),
        })),
        // A stable Message-ID lets receiving servers drop the rare duplicate after a crash (ADR 032).
        messageId: `<${job.id}@${senderDomain(env.mailFrom)}>`,
      })) as { response?: string };
      // ADR 265: a notification's e-mail records the SMTP server's acceptance on its delivery.
      await recordMailAccepted(deps.database.db, job.id, info.response ?? "accepted", new Date());
      log.info({ id: job.id, kind: payload.template, subject: mail.subject }, "mail sent");
      return { payload: afterDelivery(payload) };
    },
    // ADR 031/032: a secret that will never be delivered is of no use to anyone: it goes.
    // ADR 252: nor is the address of a deleted account once its notice will never be delivered.
    afterGivingUp(job) {
      const payload = mailPayloadOf(job);
      const entry = payload && templateOf(payload.template);
      if (!payload || !entry) return undefined;
      if (entry.erasedFromDisk) return JSON.stringify({ template: payload.template });
      if (!entry.oneTimeSecret) return undefined;
      return JSON.stringify({ template: payload.template, to: payload.to });
    },
    // ADR 252: the row no longer holds the address, but older versions of its page may: SQLite's
    // write-ahead log keeps them until a checkpoint, and the database file keeps the page as of the
    // last checkpoint (the deletion's). A TRUNCATE checkpoint writes the page as it is now (the
    // old cell zeroed by secure_delete, ADR 111) and empties the log.
    async afterEnd(job) {
      const payload = mailPayloadOf(job);
      if (!payload || !templateOf(payload.template)?.erasedFromDisk) return;
      if (!(await forgetDeletedData(deps.database)))
        log.warn({ id: job.id }, "the database log could not be emptied now; SQLite's own checkpoints follow");
    },
  };
  return { ...handler, available: () => transport !== null || env.devMailbox, close: () => transport?.close() };
}

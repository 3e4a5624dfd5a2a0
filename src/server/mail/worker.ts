import nodemailer, { type Transporter } from "nodemailer";
import { purgeExpiredRateLimits } from "../auth/rate-limit.ts";
import type { AppDependencies } from "../context.ts";
import type { Selectable } from "kysely";
import type { OutboxTable } from "../db/tables/accounts.ts";
import { storedContent, type MailAttachment, type RenderedMail } from "./outbox.ts";

// ARCHITECTURE.md e-mail and ISSUE accounts point 8 (ADR 032): polls the outbox, claims due rows
// (FOR UPDATE SKIP LOCKED on PostgreSQL, one atomic UPDATE on SQLite), sends them over SMTP when
// SMTP_URL is set, marks them sent, and on failure retries with exponential backoff. Without SMTP
// (development) mails are kept for the dev mailbox and their subject is logged.

export type MailWorkerOptions = {
  pollIntervalMs?: number;
  /** Delay before the first retry; doubled after each failure up to maxBackoffMs. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** How long a claimed row stays reserved; a worker that crashed mid-send frees it after this. */
  claimMs?: number;
  batchSize?: number;
  /** After this many failed attempts the row is marked failed and logged as an error. */
  maxAttempts?: number;
  /** Renders a row queued with a booking id (ADR 053), by the row's kind. */
  renderBookingMail?: (kind: string, bookingId: string) => Promise<RenderedMail>;
};

const defaults: Required<Omit<MailWorkerOptions, "renderBookingMail">> = {
  pollIntervalMs: 1000,
  baseBackoffMs: 5000,
  maxBackoffMs: 15 * 60 * 1000,
  claimMs: 2 * 60 * 1000,
  batchSize: 10,
  // With the 15-minute cap this keeps trying for well over a day before giving up.
  maxAttempts: 120,
};

type OutboxRow = Selectable<OutboxTable>;

/** Mails whose body holds a one-time secret (a code or a reset link). */
const oneTimeSecretKinds = new Set(["verification-code", "password-reset"]);
const scrubbedBody = "[Removed after delivery: this mail held a one-time secret.]";

export type MailWorker = {
  /** Runs one poll now; resolves with the number of mails handled. */
  runOnce: () => Promise<number>;
  /** Stops polling and waits for the mail being sent to finish. */
  stop: () => Promise<void>;
};

export function backoffDelayMs(attempts: number, options: Pick<Required<MailWorkerOptions>, "baseBackoffMs" | "maxBackoffMs">): number {
  return Math.min(options.maxBackoffMs, options.baseBackoffMs * 2 ** Math.max(0, attempts - 1));
}

function senderDomain(mailFrom: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(mailFrom);
  return match?.[1] ?? "localhost";
}

export function startMailWorker(deps: AppDependencies, options: MailWorkerOptions = {}): MailWorker {
  const settings = { ...defaults, ...options };
  const { env, database, logger } = deps;
  const db = database.db;
  const log = logger.child({ component: "mail-worker" });
  const transport: Transporter | null = env.smtpUrl
    ? nodemailer.createTransport({ url: env.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    : null;
  if (!transport && !env.devMailbox) log.warn("SMTP_URL is not set: mails stay in the outbox until it is configured");

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let lastPurge = 0;

  async function claimDue(now: Date): Promise<OutboxRow[]> {
    const nowText = now.toISOString();
    const due = db
      .selectFrom("outbox")
      .select("id")
      .where((where) =>
        where.or([
          where.and([where("status", "=", "pending"), where("next_attempt_at", "<=", nowText)]),
          // A worker that died while sending left its claim behind; it expires (ADR 032).
          where.and([where("status", "=", "sending"), where("locked_until", "<", nowText)]),
        ]),
      )
      .orderBy("next_attempt_at")
      .limit(settings.batchSize);
    const claimable = database.engine === "postgres" ? due.forUpdate().skipLocked() : due;
    return db
      .updateTable("outbox")
      .set((expression) => ({
        status: "sending",
        locked_until: new Date(now.getTime() + settings.claimMs).toISOString(),
        attempts: expression("attempts", "+", 1),
      }))
      .where("id", "in", claimable)
      .returningAll()
      .execute();
  }

  /**
   * A batch is claimed at once but sent one mail after the other, so by the time a mail's turn
   * comes its claim may have run out and another worker may have taken it. Just before sending,
   * the claim is renewed only if it is still ours (same status and attempt count, which every
   * claim increments): a mail taken over is left to its new owner and never sent twice.
   */
  async function renewClaim(row: OutboxRow): Promise<boolean> {
    const result = await db
      .updateTable("outbox")
      .set({ locked_until: new Date(Date.now() + settings.claimMs).toISOString() })
      .where("id", "=", row.id)
      .where("status", "=", "sending")
      .where("attempts", "=", row.attempts)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The row's content: stored, or rendered now from its booking (ADR 053). */
  async function contentOf(row: OutboxRow): Promise<{ rendered: boolean; mail: RenderedMail }> {
    const stored = { subject: row.subject, html: row.html, text: row.text };
    if (!row.booking_id) {
      return {
        rendered: false,
        mail: { ...stored, attachments: row.attachments ? (JSON.parse(row.attachments) as MailAttachment[]) : [] },
      };
    }
    if (!options.renderBookingMail) throw new Error(`No renderer for ${row.kind} mails`);
    return { rendered: true, mail: await options.renderBookingMail(row.kind, row.booking_id) };
  }

  async function deliver(row: OutboxRow): Promise<void> {
    if (!(await renewClaim(row))) return;
    try {
      const { rendered, mail } = await contentOf(row);
      if (!transport) {
        // Development: the dev mailbox shows it; the log names it (never the code itself).
        log.info({ to: row.recipient, subject: mail.subject, kind: row.kind }, "dev mail kept for /dev/mailbox");
        await db
          .updateTable("outbox")
          .set({ status: "kept", sent_at: new Date().toISOString(), locked_until: null, ...(rendered && storedContent(mail)) })
          .where("id", "=", row.id)
          .execute();
        return;
      }
      await transport.sendMail({
        from: env.mailFrom,
        to: row.recipient,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: (mail.attachments ?? []).map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.content,
        })),
        // A stable Message-ID lets receiving servers drop the rare duplicate after a crash (ADR 032).
        messageId: `<${row.id}@${senderDomain(env.mailFrom)}>`,
      });
      // ADR 031: codes and reset links are one-time secrets; once delivered the copy in the outbox goes.
      const scrub = oneTimeSecretKinds.has(row.kind) ? { html: scrubbedBody, text: scrubbedBody } : {};
      await db
        .updateTable("outbox")
        .set({
          status: "sent",
          sent_at: new Date().toISOString(),
          locked_until: null,
          last_error: null,
          ...(rendered && storedContent(mail)),
          ...scrub,
        })
        .where("id", "=", row.id)
        .where("attempts", "=", row.attempts)
        .execute();
      log.info({ id: row.id, kind: row.kind, subject: mail.subject }, "mail sent");
    } catch (error) {
      await failed(row, error);
    }
  }

  /** A failed render or send: retried with backoff, given up after maxAttempts. */
  async function failed(row: OutboxRow, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = row.attempts >= settings.maxAttempts;
    const retryAt = new Date(Date.now() + backoffDelayMs(row.attempts, settings));
    await db
      .updateTable("outbox")
      .set({
        status: giveUp ? "failed" : "pending",
        next_attempt_at: retryAt.toISOString(),
        locked_until: null,
        last_error: message.slice(0, 500),
      })
      .where("id", "=", row.id)
      .where("status", "=", "sending")
      .where("attempts", "=", row.attempts)
      .execute();
    if (giveUp) log.error({ id: row.id, kind: row.kind, attempts: row.attempts, error: message }, "mail could not be delivered; gave up");
    else log.warn({ id: row.id, kind: row.kind, attempts: row.attempts, retryAt, error: message }, "mail delivery failed; will retry");
  }

  async function tick(): Promise<number> {
    const now = new Date();
    if (now.getTime() - lastPurge > 10 * 60 * 1000) {
      lastPurge = now.getTime();
      await purgeExpiredRateLimits(db, now);
    }
    if (!transport && !env.devMailbox) return 0;
    const rows = await claimDue(now);
    for (const row of rows) await deliver(row);
    return rows.length;
  }

  function runOnce(): Promise<number> {
    // One tick at a time per worker: a slow SMTP server never leads to overlapping polls.
    if (!running) {
      running = tick()
        .catch((error: unknown) => {
          log.error({ err: error }, "mail worker poll failed");
          return 0;
        })
        .finally(() => {
          running = null;
        });
    }
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void runOnce().then((handled) => {
        // A full batch means more is probably waiting: poll again at once.
        if (handled >= settings.batchSize) setImmediate(schedule);
        else schedule();
      });
    }, settings.pollIntervalMs);
  }

  void runOnce().then(schedule);

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
      transport?.close();
    },
  };
}

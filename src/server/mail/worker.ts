import nodemailer, { type Transporter } from "nodemailer";
import type { Selectable } from "kysely";
import { purgeExpiredRateLimits } from "../auth/rate-limit.ts";
import type { AppDependencies } from "../context.ts";
import type { Database } from "../db/database.ts";
import type { OutboxTable } from "../db/tables/accounts.ts";
import { storedContent, type MailAttachment, type RenderedMail } from "./outbox.ts";
import { mailPriority, renderQueuedMail, templateOf, UnrenderableMailError, type MailContext, type MailSources } from "./registry.ts";

// The mail outbox (ADR 032, 036, 037): polls the outbox, claims due rows (FOR UPDATE SKIP
// LOCKED on PostgreSQL, one atomic UPDATE on SQLite), renders each from its kind's template and
// sends it over a pooled SMTP transport when SMTP_URL is set, a few at a time, marks it sent, and
// on failure retries with exponential backoff. Two lanes poll side by side: the urgent lane claims
// only codes and reset links, so a long batch of other mails never holds one back. Without SMTP
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
  /** Mails of a batch sent at the same time; the SMTP pool holds one connection more for the urgent lane (ADR 036). */
  parallelSends?: number;
  /** Where templates read the records their payload names (ADR 037); given by the composition root. */
  sources?: MailSources;
  /** While polls keep failing (a database outage), at most one log line per lane this often. */
  failureLogIntervalMs?: number;
};

const defaults: Required<Omit<MailWorkerOptions, "sources">> = {
  pollIntervalMs: 1000,
  baseBackoffMs: 5000,
  maxBackoffMs: 15 * 60 * 1000,
  claimMs: 2 * 60 * 1000,
  batchSize: 20,
  // With the 15-minute cap this keeps trying for well over a day before giving up.
  maxAttempts: 120,
  parallelSends: 3,
  failureLogIntervalMs: 60_000,
};

const noSources: MailSources = {
  booking: () => Promise.reject(new Error("The mail worker was started without a booking source")),
};

type OutboxRow = Selectable<OutboxTable>;

const scrubbedBody = "[Removed after delivery: this mail held a one-time secret.]";

/** ADR 031/032: what replaces a one-time secret's payload and bodies once it is of no more use. */
function scrubbedSecret(kind: string) {
  return templateOf(kind)?.oneTimeSecret ? { html: scrubbedBody, text: scrubbedBody, payload: null } : {};
}

export type MailWorker = {
  /** Runs one poll of every lane now; resolves with the number of mails handled. */
  runOnce: () => Promise<number>;
  /** Stops polling and waits for the mails being sent to finish. */
  stop: () => Promise<void>;
};

export function backoffDelayMs(attempts: number, options: Pick<Required<MailWorkerOptions>, "baseBackoffMs" | "maxBackoffMs">): number {
  return Math.min(options.maxBackoffMs, options.baseBackoffMs * 2 ** Math.max(0, attempts - 1));
}

function senderDomain(mailFrom: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(mailFrom);
  return match?.[1] ?? "localhost";
}

/** Runs `work` on every item with at most `limit` running at once; a rejection does not stop the others. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<unknown[]> {
  const errors: unknown[] = [];
  let next = 0;
  const runner = async () => {
    for (let item = items[next++]; item !== undefined; item = items[next++]) {
      await work(item).catch((error: unknown) => void errors.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  return errors;
}

/** Polls of a lane that failed in a row: since when, how many, and when that was last logged. */
type FailingPolls = { since: number; count: number; loggedAt: number; countAtLog: number };

/** One polling loop: the urgent lane claims only priority 0, the general lane everything by priority. */
type Lane = {
  name: "urgent" | "general";
  onlyPriority?: number;
  running: Promise<number> | null;
  timer?: NodeJS.Timeout;
  failing?: FailingPolls;
};

/**
 * Returns the mails a previous server process was sending when it ended (status `sending`) to
 * `pending`, so they go out at once instead of after their claim runs out (ADR 032). Only for a
 * database that one process uses alone (SQLite, ADR 082): on a shared database another, living
 * process may hold those claims. Resolves with the number of mails released.
 */
export async function releaseClaimsOfEndedProcess(db: Database, now = new Date()): Promise<number> {
  const result = await db
    .updateTable("outbox")
    .set({ status: "pending", locked_until: null, next_attempt_at: now.toISOString() })
    .where("status", "=", "sending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function startMailWorker(deps: AppDependencies, options: MailWorkerOptions = {}): MailWorker {
  const settings = { ...defaults, ...options };
  const { env, database, logger } = deps;
  const db = database.db;
  const log = logger.child({ component: "mail-worker" });
  const context: MailContext = { supportEmail: env.site.supportEmail, appUrl: env.appUrl, sources: options.sources ?? noSources };
  // ADR 036: one pool of reused connections; one more than a batch uses, so an urgent mail finds a
  // free one. The pool must not resend a mail on its own when a connection drops (maxRequeues 0):
  // one sendMail is one attempt, bounded by the timeouts below and so by the claim (ADR 032); the
  // worker retries it with backoff under a fresh claim.
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
  if (!transport && !env.devMailbox) log.warn("SMTP_URL is not set: mails stay in the outbox until it is configured");

  let stopped = false;
  let lastPurge = 0;
  const lanes: Lane[] = [
    { name: "urgent", onlyPriority: mailPriority.urgent, running: null },
    { name: "general", running: null },
  ];

  async function claimDue(lane: Lane, now: Date): Promise<OutboxRow[]> {
    const nowText = now.toISOString();
    let due = db
      .selectFrom("outbox")
      .select("id")
      .where((where) =>
        where.or([
          where.and([where("status", "=", "pending"), where("next_attempt_at", "<=", nowText)]),
          // A worker that died while sending left its claim behind; it expires (ADR 032).
          where.and([where("status", "=", "sending"), where("locked_until", "<", nowText)]),
        ]),
      )
      .orderBy("priority")
      .orderBy("next_attempt_at")
      .limit(settings.batchSize);
    if (lane.onlyPriority !== undefined) due = due.where("priority", "=", lane.onlyPriority);
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
   * A batch is claimed at once but sent a few mails at a time, so by the time a mail's turn comes
   * its claim may have run out and another worker may have taken it. Just before sending, the
   * claim is renewed only if it is still ours (same status and attempt count, which every claim
   * increments): a mail taken over is left to its new owner and never sent twice (ADR 032).
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

  /** The row's content: rendered now from its payload (ADR 037), or as stored by a version before migration 0005. */
  async function contentOf(row: OutboxRow): Promise<RenderedMail> {
    if (row.payload !== null) return renderQueuedMail(row.kind, row.payload, context);
    const attachments = row.attachments ? (JSON.parse(row.attachments) as MailAttachment[]) : [];
    return { subject: row.subject, html: row.html, text: row.text, attachments };
  }

  async function deliver(row: OutboxRow): Promise<void> {
    if (!(await renewClaim(row))) return;
    try {
      const mail = await contentOf(row);
      if (!transport) {
        // Development: the dev mailbox shows it; the log names it (never the code itself).
        log.info({ to: row.recipient, subject: mail.subject, kind: row.kind }, "dev mail kept for /dev/mailbox");
        await db
          .updateTable("outbox")
          .set({ status: "kept", sent_at: new Date().toISOString(), locked_until: null, ...storedContent(mail) })
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
      await db
        .updateTable("outbox")
        .set({
          status: "sent",
          sent_at: new Date().toISOString(),
          locked_until: null,
          last_error: null,
          // The copy that was sent, except a one-time secret, which goes once delivered.
          ...storedContent(mail),
          ...scrubbedSecret(row.kind),
        })
        .where("id", "=", row.id)
        .where("attempts", "=", row.attempts)
        .execute();
      log.info({ id: row.id, kind: row.kind, subject: mail.subject }, "mail sent");
    } catch (error) {
      await failed(row, error);
    }
  }

  /**
   * A failed render or send: retried with backoff, given up after maxAttempts. A row that can
   * never be rendered (unknown kind, payload that does not parse) is given up at once (ADR 037).
   */
  async function failed(row: OutboxRow, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = row.attempts >= settings.maxAttempts || error instanceof UnrenderableMailError;
    const retryAt = new Date(Date.now() + backoffDelayMs(row.attempts, settings));
    await db
      .updateTable("outbox")
      .set({
        status: giveUp ? "failed" : "pending",
        next_attempt_at: retryAt.toISOString(),
        locked_until: null,
        last_error: message.slice(0, 500),
        // A secret that will never be delivered is of no use to anyone: it goes too.
        ...(giveUp && scrubbedSecret(row.kind)),
      })
      .where("id", "=", row.id)
      .where("status", "=", "sending")
      .where("attempts", "=", row.attempts)
      .execute();
    if (giveUp) log.error({ id: row.id, kind: row.kind, attempts: row.attempts, error: message }, "mail could not be delivered; gave up");
    else log.warn({ id: row.id, kind: row.kind, attempts: row.attempts, retryAt, error: message }, "mail delivery failed; will retry");
  }

  async function tick(lane: Lane): Promise<number> {
    const now = new Date();
    if (lane.name === "general" && now.getTime() - lastPurge > 10 * 60 * 1000) {
      lastPurge = now.getTime();
      await purgeExpiredRateLimits(db, now);
    }
    if (!transport && !env.devMailbox) return 0;
    const rows = await claimDue(lane, now);
    const errors = await inParallel(rows, settings.parallelSends, deliver);
    for (const error of errors) log.error({ err: error, lane: lane.name }, "mail worker could not record a delivery");
    return rows.length;
  }

  // A database outage fails every poll, about once a second per lane: the first failure is logged
  // as an error, then one line per failureLogIntervalMs with the count while it lasts, and one
  // info line when polling works again, so the outage is visible without flooding the log.
  function pollFailed(lane: Lane, error: unknown) {
    const now = Date.now();
    const failing = lane.failing;
    if (!failing) {
      lane.failing = { since: now, count: 1, loggedAt: now, countAtLog: 1 };
      log.error({ err: error, lane: lane.name }, "mail worker poll failed");
      return;
    }
    failing.count += 1;
    if (now - failing.loggedAt < settings.failureLogIntervalMs) return;
    log.error(
      {
        err: error,
        lane: lane.name,
        failedPolls: failing.count,
        failedSinceLastLine: failing.count - failing.countAtLog,
        failingForMs: now - failing.since,
      },
      "mail worker poll still failing",
    );
    failing.loggedAt = now;
    failing.countAtLog = failing.count;
  }

  function pollSucceeded(lane: Lane) {
    const failing = lane.failing;
    if (!failing) return;
    lane.failing = undefined;
    log.info({ lane: lane.name, failedPolls: failing.count, failingForMs: Date.now() - failing.since }, "mail worker polling again");
  }

  function runLane(lane: Lane): Promise<number> {
    // One tick at a time per lane: a slow SMTP server never leads to overlapping polls.
    if (!lane.running) {
      lane.running = tick(lane)
        .then((handled) => {
          pollSucceeded(lane);
          return handled;
        })
        .catch((error: unknown) => {
          pollFailed(lane, error);
          return 0;
        })
        .finally(() => {
          lane.running = null;
        });
    }
    return lane.running;
  }

  function schedule(lane: Lane, handled: number) {
    if (stopped) return;
    // A full batch means more is probably waiting: poll again at once.
    const delay = handled >= settings.batchSize ? 0 : settings.pollIntervalMs;
    lane.timer = setTimeout(() => void runLane(lane).then((count) => schedule(lane, count)), delay);
  }

  for (const lane of lanes) void runLane(lane).then((count) => schedule(lane, count));

  return {
    async runOnce() {
      const counts = await Promise.all(lanes.map(runLane));
      return counts.reduce((sum, count) => sum + count, 0);
    },
    async stop() {
      stopped = true;
      for (const lane of lanes) clearTimeout(lane.timer);
      await Promise.all(lanes.map((lane) => lane.running));
      transport?.close();
    },
  };
}

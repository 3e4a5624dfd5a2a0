import { expect, it } from "vitest";
import { startMailCollector } from "../test-support/http-customer.ts";
import type { SmtpRefusal } from "../test-support/smtp-sink.ts";
import { createTestApp, describeEachEngine } from "../test-support/test-app.ts";
import { waitFor } from "../test-support/wait-for.ts";
import { enqueueMail } from "./outbox.ts";
import { startJobWorker } from "../jobs/worker.ts";
import { backoffDelayMs } from "../jobs/runner.ts";

// ADR 032: while the mail server turns mail away, nothing is lost and nothing is marked sent; each
// failed attempt is retried after a delay that doubles, and once the server accepts mail again the
// running worker delivers every waiting mail exactly once, without a restart. The real SMTP server
// on loopback answers with the temporary failures of RFC 5321 §4.2.1 (421 at the greeting, 451 to
// MAIL FROM). The backoff base is the worker's own option (5 s in production), shortened here.

const backoff = { baseBackoffMs: 150, maxBackoffMs: 60_000 };
const refusedAttempts = 5;
/** Often enough to see each attempt's pending state, which lasts at least one backoff. */
const pollEvery = { intervalMs: 5, timeoutMs: 20_000 };

const codeMail = (to: string) => ({
  kind: "verification-code" as const,
  to,
  payload: { language: "en" as const, code: "4821", validityMinutes: 10 },
});

describeEachEngine("a mail server that refuses mail for a while", (engine) => {
  for (const refusal of ["greeting", "mail"] satisfies SmtpRefusal[]) {
    it(`retries with growing delays while it answers ${refusal === "greeting" ? "421 to every connection" : "451 to MAIL FROM"}, then delivers each mail once`, async () => {
      const collector = await startMailCollector();
      const { sink: smtp, mails: inbox } = collector;
      const test = await createTestApp(engine, { SMTP_URL: collector.smtpUrl });
      smtp.refuse(refusal);
      const worker = startJobWorker(test.deps, { pollIntervalMs: 20, ...backoff });
      try {
        const id = await enqueueMail(test.db, codeMail("first@example.test"));
        const row = () => test.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

        // Each refused attempt: the row goes back to pending with the error, and its next attempt
        // is set at least the doubled backoff after the refusal.
        const scheduledDelays: number[] = [];
        for (let attempt = 1; attempt <= refusedAttempts; attempt += 1) {
          const waiting = await waitFor(async () => {
            const current = await row();
            return current.attempts === attempt && current.status === "pending" ? current : undefined;
          }, pollEvery);
          expect(waiting.sent_at).toBeNull();
          expect(waiting.last_error).toMatch(refusal === "greeting" ? /421/ : /451/);
          const refusedAt = smtp.stats.refusedAt[attempt - 1] ?? Number.NaN;
          scheduledDelays.push(Date.parse(waiting.next_attempt_at) - refusedAt);
        }
        // The SMTP server never saw an attempt before its delay was over. (How much later it came
        // depends on the machine's load, so the growth is checked on the schedule below, not here.)
        const refusals = smtp.stats.refusedAt.slice(0, refusedAttempts);
        const gaps = refusals.slice(1).map((at, index) => at - (refusals[index] ?? at));
        for (let index = 0; index < gaps.length; index += 1) {
          expect(gaps[index]).toBeGreaterThanOrEqual(backoffDelayMs(index + 1, backoff) - 5);
        }
        // Each retry was scheduled at least the doubled backoff after its refusal, each later than the one before.
        for (let attempt = 1; attempt <= refusedAttempts; attempt += 1) {
          expect(scheduledDelays[attempt - 1]).toBeGreaterThanOrEqual(backoffDelayMs(attempt, backoff) - 5);
        }
        for (let index = 1; index < scheduledDelays.length; index += 1) {
          expect(scheduledDelays[index]).toBeGreaterThan(scheduledDelays[index - 1] ?? Number.POSITIVE_INFINITY);
        }

        // A mail written during the outage waits too.
        const second = await enqueueMail(test.db, codeMail("second@example.test"));
        await waitFor(async () => {
          const current = await test.db.selectFrom("outbox").selectAll().where("id", "=", second).executeTakeFirstOrThrow();
          return current.attempts >= 1 && current.status === "pending" ? true : undefined;
        }, pollEvery);
        expect(inbox).toHaveLength(0);

        // The server accepts mail again: the running worker delivers both waiting mails, once each.
        smtp.refuse(null);
        await waitFor(() => (inbox.length >= 2 ? true : undefined), pollEvery);
        // Stopping waits for any send in flight, so a duplicate would be in the inbox before counting.
        await worker.stop();
        const recipients = inbox.map((mail) => mail.to).sort();
        expect(recipients).toEqual(["first@example.test", "second@example.test"]);
        const delivered = await row();
        expect(delivered).toMatchObject({ status: "sent", last_error: null });
        expect(delivered.attempts).toBeGreaterThan(refusedAttempts);
        expect(inbox.find((mail) => mail.messageId === `<${id}@localhost>`)).toBeDefined();
        const statuses = await test.db.selectFrom("outbox").select("status").execute();
        expect(statuses.map((entry) => entry.status)).toEqual(["sent", "sent"]);
      } finally {
        await worker.stop();
        await test.close();
        await collector.close();
      }
    }, 60_000);
  }
});

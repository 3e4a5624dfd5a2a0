import { afterAll, beforeAll, expect, it } from "vitest";
import { startMailCollector, type MailCollector } from "../test-support/http-customer.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { waitFor } from "../test-support/wait-for.ts";
import { enqueueMail } from "./outbox.ts";
import { startJobWorker } from "../jobs/worker.ts";
import type { JobWorker } from "../jobs/types.ts";

// ADR 032 addendum, delivery is at least once: an SMTP server that stores a mail and loses the
// connection before its 250 reply (RFC 5321 §6.1) leaves the worker unable to tell a stored mail
// from a lost one, so it sends again. The receiver then holds two copies with the same Message-ID,
// which is what lets a receiving system drop the second one.

describeEachEngine("outbox delivery when the SMTP server drops the connection after storing a mail", (engine) => {
  let test: TestApp;
  let collector: MailCollector;
  let worker: JobWorker | undefined;

  beforeAll(async () => {
    collector = await startMailCollector({ dropAfterStoring: 1 });
    test = await createTestApp(engine, { SMTP_URL: collector.smtpUrl, MAIL_FROM: "Nordic Shield <no-reply@nordicshield.test>" });
  });
  afterAll(async () => {
    await worker?.stop();
    await collector.close();
    await test.close();
  });

  it("sends the mail again, with the same Message-ID, and marks it sent once the server answers", async () => {
    const id = await enqueueMail(test.db, { kind: "account-deleted", to: "twice@example.test", payload: { language: "en" } });
    worker = startJobWorker(test.deps, { pollIntervalMs: 50, baseBackoffMs: 200 });

    const row = await waitFor(
      async () => {
        const current = await test.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
        return current.status === "sent" ? current : undefined;
      },
      { timeoutMs: 15_000 },
    );
    expect(row.status).toBe("sent");
    // The first attempt failed (no answer), the second was accepted.
    expect(row.attempts).toBe(2);
    expect(row.last_error).toBeNull();
    expect(collector.sink.stats.dropped).toBe(1);

    const received = collector.mails;
    expect(received).toHaveLength(2);
    expect(received.map((mail) => mail.messageId)).toEqual([`<${id}@nordicshield.test>`, `<${id}@nordicshield.test>`]);
    expect(received[1]!.subject).toBe(received[0]!.subject);
    expect(received[1]!.text).toBe(received[0]!.text);
  }, 20_000);
});

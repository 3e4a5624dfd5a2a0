import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort, startSmtpSink, type SmtpSink } from "../test-support/smtp-sink.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { waitFor } from "../test-support/wait-for.ts";
import { enqueueMail } from "./outbox.ts";
import { startJobWorker } from "../jobs/worker.ts";
import type { JobWorker } from "../jobs/types.ts";

// ADR 032, "never sent twice": a worker claims a whole batch at once but sends it a few mails at a
// time (here one, the worst case). When the SMTP server is slow, the claim on the last mails of the
// batch runs out while they are still waiting and a second worker (another app process) takes them
// over. Each mail must reach the SMTP server exactly once however slow it is.

describeEachEngine("outbox claims with a slow SMTP server", (engine) => {
  let test: TestApp;
  let smtp: SmtpSink;
  const received: string[] = [];
  const workers: JobWorker[] = [];

  beforeAll(async () => {
    const port = await freePort();
    // A slow server: each accepted mail takes 300 ms.
    smtp = await startSmtpSink(port, (_raw, recipients) => void received.push(recipients.join(",")), { acceptDelayMs: 300 });
    test = await createTestApp(engine, { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Nordic Shield <no-reply@nordicshield.test>" });
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await smtp.close();
    await test.close();
  });

  it("sends every mail of a batch once although its claim is shorter than the batch takes", async () => {
    const recipients = Array.from({ length: 6 }, (_, index) => `slow-${index}@example.test`);
    for (const to of recipients)
      await enqueueMail(test.db, { kind: "verification-code", to, payload: { language: "en", code: "4821", validityMinutes: 10 } });

    const options = { pollIntervalMs: 50, claimMs: 1000, batchSize: 10, parallelSends: 1 };
    workers.push(startJobWorker(test.deps, options));
    // The second worker starts once the first holds the batch, so the claims overlap as in production.
    const claimed = async () => (await test.db.selectFrom("outbox").select("status").where("status", "=", "sending").execute()).length;
    await waitFor(async () => ((await claimed()) > 0 ? true : undefined), { intervalMs: 5, what: "the first worker's claim" });
    workers.push(startJobWorker(test.deps, options));

    const everySent = async () => (await test.db.selectFrom("outbox").select("status").execute()).every((row) => row.status === "sent");
    await waitFor(async () => ((await everySent()) ? true : undefined), { timeoutMs: 10_000, what: "every mail to be sent" });
    // Stopping waits for every send in flight, so a late duplicate would be counted.
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    expect([...received].sort()).toEqual(recipients);
  }, 20_000);
});

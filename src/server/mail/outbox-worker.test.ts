import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingView } from "../../shared/booking.ts";
import { loadEnvironment } from "../env.ts";
import { startServer, type RunningServer } from "../server.ts";
import { waitFor } from "../test-support/wait-for.ts";
import { freePort, startSmtpSink } from "../test-support/smtp-sink.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { enqueueMail } from "./outbox.ts";
import { startJobWorker } from "../jobs/worker.ts";

// ADR 032 and ADR 122: a real SMTP server on loopback receives the code mail; with the
// SMTP server down the mail waits, survives an app restart and arrives exactly once afterwards.

type Received = { mail: ParsedMail; raw: Buffer };

function startSmtp(port: number, inbox: Received[]) {
  return startSmtpSink(port, async (raw) => {
    inbox.push({ mail: await simpleParser(raw), raw });
  });
}

const recipientsOf = (received: Received) =>
  [received.mail.to]
    .flat()
    .flatMap((address) => address?.value ?? [])
    .map((value) => value.address);

describe("mail delivery over SMTP with the outbox worker", () => {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "mail-worker-test-"));
  const inbox: Received[] = [];
  const secret = randomBytes(32).toString("hex");
  let smtpPort = 0;
  let running: RunningServer | undefined;

  const start = async () => {
    const env = loadEnvironment({
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDirectory,
      DATABASE_URL: "",
      APP_URL: "http://localhost:4203",
      AUTH_SECRET: secret,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Nordic Shield <no-reply@nordicshield.test>",
    });
    return startServer(env, {
      clientDirectory: path.join(dataDirectory, "no-client"),
      mailWorker: { pollIntervalMs: 100, baseBackoffMs: 300 },
    });
  };

  beforeAll(async () => {
    smtpPort = await freePort();
  });
  afterAll(async () => {
    await running?.stop();
    rmSync(dataDirectory, { recursive: true, force: true });
  });

  it("delivers the code mail, then after SMTP was down and the app restarted delivers the waiting mail exactly once", async () => {
    let smtp = await startSmtp(smtpPort, inbox);
    running = await start();
    const first = "first-recipient@example.test";
    const sent = await fetch(`${running.url}/api/account/verification-code`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: first, language: "en" }),
    });
    expect(sent.status).toBe(200);
    const codeMail = await waitFor(() => inbox.find((received) => recipientsOf(received).includes(first)));
    expect(codeMail.mail.subject).toBe("Your Nordic Shield verification code");
    const code = /^ {4}(\d{4})$/m.exec(codeMail.mail.text ?? "")?.[1];
    expect(code).toMatch(/^\d{4}$/);
    expect(codeMail.mail.html).toContain(`>${code}<`);
    expect(codeMail.mail.from?.text).toContain("no-reply@nordicshield.test");
    // The job is found by the Message-ID it was sent with (<job id@domain>, ADR 032): once delivered
    // it no longer holds the recipient (ADR 097).
    const jobIdOf = (received: Received) => /^<([^@]+)@/.exec(received.mail.messageId ?? "")?.[1] ?? "";
    // The worker marks the row sent once the SMTP server has answered, a moment after the mail arrived.
    const database = running.deps.database.db;
    const firstRow = await waitFor(async () => {
      const row = await database.selectFrom("outbox").selectAll().where("id", "=", jobIdOf(codeMail)).executeTakeFirstOrThrow();
      return row.status === "sent" ? row : undefined;
    });
    expect(firstRow.recipient).toBe("");
    // The delivered code no longer sits in the outbox.
    expect(firstRow.text).not.toContain(code);
    expect(firstRow.html).not.toContain(code);
    expect(firstRow.payload).toBeNull();
    expect(codeMail.mail.messageId).toBe(`<${firstRow.id}@nordicshield.test>`);
    // The code works against the real server.
    const verified = await fetch(`${running.url}/api/account/verify-code`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: first, code }),
    });
    expect(verified.status).toBe(200);

    // SMTP goes down; a new mail is written and its delivery fails.
    await smtp.close();
    const second = "second-recipient@example.test";
    const waiting = await fetch(`${running.url}/api/account/verification-code`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: second, language: "sv" }),
    });
    expect(waiting.status).toBe(200);
    const db = running.deps.database.db;
    const failed = await waitFor(async () => {
      const row = await db.selectFrom("outbox").selectAll().where("recipient", "=", second).executeTakeFirst();
      return row && row.attempts >= 1 && row.status === "pending" ? row : undefined;
    });
    expect(failed.last_error).toBeTruthy();
    await running.stop();
    running = undefined;
    expect(inbox.filter((received) => recipientsOf(received).includes(second))).toHaveLength(0);

    // SMTP and the app come back on the same data directory.
    smtp = await startSmtp(smtpPort, inbox);
    running = await start();
    const arrived = await waitFor(() => inbox.find((received) => recipientsOf(received).includes(second)));
    expect(arrived.mail.subject).toBe("Din verifieringskod från Nordic Shield");
    const restarted = running.deps.database.db;
    await waitFor(async () => {
      const row = await restarted.selectFrom("outbox").select("status").where("id", "=", failed.id).executeTakeFirstOrThrow();
      return row.status === "sent" ? row : undefined;
    });
    expect(jobIdOf(arrived)).toBe(failed.id);
    // Stopping waits for every send in flight, so a duplicate would be in the inbox before counting.
    await running.stop();
    running = undefined;
    expect(inbox.filter((received) => recipientsOf(received).includes(second))).toHaveLength(1);
    expect(inbox.filter((received) => recipientsOf(received).includes(first))).toHaveLength(1);
    await smtp.close();
  }, 60_000);
});

describe("without SMTP (development)", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp("sqlite");
  });
  afterAll(() => test.close());

  it("keeps mails for the dev mailbox, which lists them newest first with escaped content", async () => {
    const olderId = await enqueueMail(test.db, {
      kind: "verification-code",
      to: "older@example.test",
      payload: { language: "en", code: "4821", validityMinutes: 10 },
    });
    // Queued a minute earlier, so that the two never share a millisecond.
    await test.db
      .updateTable("jobs")
      .set({ created_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", olderId)
      .execute();
    // A booking's location and name are the customer's own text, shown in the subject and body.
    const bookingId = randomUUID();
    await enqueueMail(test.db, { kind: "booking-confirmation", to: "newer@example.test", payload: { bookingId } });
    const booking: BookingView = {
      id: bookingId,
      location: "<script>alert(1)</script>",
      startDate: "2027-03-01",
      endDate: "2027-03-02",
      totalDays: 2,
      status: "pending",
      totalCents: 99_800,
      vatCents: 19_960,
      buyerVat: "consumer",
      customerName: "Hello & welcome",
      services: [],
      createdAt: "2026-11-23T10:00:00.000Z",
    };
    const worker = startJobWorker(test.deps, {
      pollIntervalMs: 60_000,
      sources: {
        booking: async (id) => (id === bookingId ? { language: "en", booking, bookedAt: new Date(booking.createdAt) } : undefined),
      },
    });
    await worker.runOnce();
    await worker.stop();
    const rows = await test.db.selectFrom("outbox").select("status").execute();
    expect(rows.map((row) => row.status)).toEqual(["kept", "kept"]);

    const page = await test.app.request("/dev/mailbox");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("awaiting confirmation: &#60;script&#62;alert(1)&#60;/script&#62;");
    expect(html).toContain("Dear Hello &#38; welcome,");
    // In development the code itself stays readable there.
    expect(html).toContain("Your Nordic Shield verification code");
    expect(html).toContain("    4821");
    expect(html.indexOf("newer@example.test")).toBeLessThan(html.indexOf("older@example.test"));
    const link = /href="(\/dev\/mailbox\/[^"]+\/html)"/.exec(html)?.[1];
    const view = await test.app.request(link ?? "/missing");
    expect(view.status).toBe(200);
    // ADR 258: the mail's HTML is rendered by React, which escapes text with named entities.
    const mailHtml = await view.text();
    expect(mailHtml).not.toContain("<script>alert(1)</script>");
    expect(mailHtml).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(view.headers.get("content-security-policy")).toContain("default-src 'none'");
  });
});

describe("in production", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp("sqlite", { NODE_ENV: "production" });
  });
  afterAll(() => test.close());

  it("has no dev mailbox", async () => {
    expect(test.deps.env.devMailbox).toBe(false);
    const page = await test.app.request("/dev/mailbox");
    expect(page.status).toBe(404);
  });
});

describeEachEngine("several workers on one database", (engine) => {
  it("send every mail exactly once (rows are claimed, FOR UPDATE SKIP LOCKED on PostgreSQL)", async () => {
    const smtpPort = await freePort();
    const inbox: Received[] = [];
    const smtp = await startSmtp(smtpPort, inbox);
    const test = await createTestApp(engine, { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    try {
      const recipients = Array.from({ length: 24 }, (_, index) => `parallel-${index}@example.test`);
      for (const to of recipients)
        await enqueueMail(test.db, { kind: "verification-code", to, payload: { language: "en", code: "4821", validityMinutes: 10 } });
      const workers = Array.from({ length: 3 }, () => startJobWorker(test.deps, { pollIntervalMs: 20, batchSize: 4 }));
      await waitFor(() => (inbox.length >= recipients.length ? true : undefined), { timeoutMs: 30_000 });
      // Stopping waits for every send in flight, so a duplicate would be in the inbox before counting.
      await Promise.all(workers.map((worker) => worker.stop()));
      const delivered = inbox.flatMap(recipientsOf).sort();
      expect(delivered).toEqual([...recipients].sort());
      const statuses = await test.db.selectFrom("outbox").select("status").execute();
      expect(statuses.every((row) => row.status === "sent")).toBe(true);
    } finally {
      await test.close();
      await smtp.close();
    }
  }, 60_000);
});

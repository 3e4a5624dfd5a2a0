import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { down, up } from "../db/migrations/0014-jobs.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { startJobWorker } from "./worker.ts";

// Migration 0014 (ADR 095): every outbox row becomes a mail job with the same id (so the same
// Message-ID), lane, attempts, due time and last error. Mails still waiting are not lost; a mail
// another process was sending keeps a lease that runs out when its claim would have; a delivered
// mail keeps no recipient.

describeEachEngine("migration 0014 from the outbox to jobs", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  it("moves every outbox row into a mail job, and the waiting ones are then sent", async () => {
    const db = test.db as Kysely<unknown>;
    await down(db);
    const now = "2026-11-25T10:00:00.000Z";
    const soon = "2026-11-25T10:02:00.000Z";
    const rows = {
      pending: {
        status: "pending",
        kind: "verification-code",
        payload: JSON.stringify({ language: "en", code: "1234", validityMinutes: 10 }),
        priority: 0,
      },
      retrying: {
        status: "pending",
        kind: "account-deleted",
        payload: JSON.stringify({ language: "sv" }),
        priority: 1,
        attempts: 3,
        last_error: "421 busy",
      },
      sending: {
        status: "sending",
        kind: "account-deleted",
        payload: JSON.stringify({ language: "en" }),
        priority: 1,
        attempts: 1,
        locked_until: soon,
      },
      rendered: {
        status: "pending",
        kind: "verification-code",
        payload: null,
        priority: 0,
        subject: "Your code",
        text: "    7731",
        html: "<p>7731</p>",
      },
      sent: {
        status: "sent",
        kind: "account-deleted",
        payload: JSON.stringify({ language: "en" }),
        priority: 1,
        attempts: 1,
        subject: "Deleted",
      },
      failed: {
        status: "failed",
        kind: "account-deleted",
        payload: JSON.stringify({ language: "en" }),
        priority: 1,
        attempts: 120,
        last_error: "gave up",
      },
    };
    const ids: Record<string, string> = {};
    for (const [name, row] of Object.entries(rows)) {
      ids[name] = randomUUID();
      await sql`insert into outbox (id, kind, recipient, subject, html, text, attachments, status, attempts, next_attempt_at, locked_until, last_error, created_at, sent_at, payload, priority)
        values (${ids[name]}, ${row.kind}, ${`${name}@example.test`}, ${"subject" in row ? row.subject : ""}, ${"html" in row ? row.html : ""}, ${"text" in row ? row.text : ""}, ${null},
          ${row.status}, ${"attempts" in row ? row.attempts : 0}, ${now}, ${"locked_until" in row ? row.locked_until : null}, ${"last_error" in row ? row.last_error : null},
          ${now}, ${row.status === "sent" ? now : null}, ${row.payload}, ${row.priority})`.execute(db);
    }
    await up(db);

    const job = (name: string) =>
      test.db
        .selectFrom("jobs")
        .selectAll()
        .where("id", "=", ids[name] ?? "")
        .executeTakeFirstOrThrow();
    expect(await job("pending")).toMatchObject({
      kind: "mail",
      status: "pending",
      priority: 0,
      attempts: 0,
      run_at: now,
      max_attempts: 120,
    });
    expect(JSON.parse((await job("pending")).payload ?? "")).toEqual({
      template: "verification-code",
      to: "pending@example.test",
      data: { language: "en", code: "1234", validityMinutes: 10 },
    });
    expect(await job("retrying")).toMatchObject({ status: "pending", attempts: 3, last_error: "421 busy" });
    expect(await job("sending")).toMatchObject({ status: "running", attempts: 1, lease_expires_at: soon });
    expect((await job("sending")).lease_token).toEqual(expect.any(String));
    expect(await job("sent")).toMatchObject({ status: "done", payload: JSON.stringify({ template: "account-deleted" }), finished_at: now });
    expect(await job("failed")).toMatchObject({ status: "failed", attempts: 120, last_error: "gave up" });
    // The outbox view shows them as before.
    const view = await test.db
      .selectFrom("outbox")
      .select(["id", "status", "recipient", "kind"])
      .where("id", "in", Object.values(ids))
      .execute();
    expect(Object.fromEntries(view.map((row) => [row.id, row.status]))).toEqual({
      [ids.pending ?? ""]: "pending",
      [ids.retrying ?? ""]: "pending",
      [ids.sending ?? ""]: "sending",
      [ids.rendered ?? ""]: "pending",
      [ids.sent ?? ""]: "sent",
      [ids.failed ?? ""]: "failed",
    });

    // The waiting mails go out (kept for the dev mailbox here), the one rendered before 0005 as stored.
    const worker = startJobWorker(test.deps, { pollIntervalMs: 60_000 });
    await worker.runOnce();
    await worker.stop();
    const kept = await test.db
      .selectFrom("outbox")
      .selectAll()
      .where("id", "in", [ids.pending ?? "", ids.retrying ?? "", ids.rendered ?? ""])
      .execute();
    expect(kept.map((row) => row.status)).toEqual(["kept", "kept", "kept"]);
    expect(kept.find((row) => row.id === ids.rendered)).toMatchObject({ subject: "Your code", text: "    7731", html: "<p>7731</p>" });
    expect(kept.find((row) => row.id === ids.pending)?.text).toContain("1234");
  });
});

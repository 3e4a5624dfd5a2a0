import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/database.ts";
import { pendingMailJob } from "../mail/outbox.ts";
import { messageIdOf, startMailCollector } from "../test-support/http-customer.ts";
import { createPostgresSchema, startServerProcess, type ServerProcess } from "../test-support/server-process.ts";
import { freePort } from "../test-support/smtp-sink.ts";
import { testEngines, testPostgresUrl } from "../test-support/test-app.ts";
import { waitFor } from "../test-support/wait-for.ts";

// ADR 096: job claims across real server processes. Two processes on one PostgreSQL schema run
// 2,000 jobs, each exactly once (FOR UPDATE SKIP LOCKED); a process killed with SIGKILL while it
// holds leases leaves its jobs to another process once the leases run out, and each still runs
// once. Each job here is a mail, so "ran" is observable: the SMTP server receives its Message-ID.

const mailDomain = "nordicshield.test";
const mailFrom = `Nordic Shield <no-reply@${mailDomain}>`;

type Cleanup = () => Promise<void> | void;

/** An SMTP port that accepts connections and never greets: a send through it hangs until killed. */
async function startSilentSmtp(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function insertMails(database: DatabaseHandle, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, index) =>
    pendingMailJob({ template: "account-deleted", to: `job-${index}@example.test`, data: { language: "en" } }),
  );
  await database.db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += 500)
      await trx
        .insertInto("jobs")
        .values(rows.slice(start, start + 500))
        .execute();
  });
  return rows.map((row) => row.id);
}

describe.skipIf(!testPostgresUrl)("two worker processes on one PostgreSQL schema [postgres]", () => {
  const cleanups: Cleanup[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("run 2,000 jobs, each exactly once, both taking part", async () => {
    const collector = await startMailCollector();
    cleanups.push(() => collector.close());
    const schema = await createPostgresSchema(testPostgresUrl ?? "");
    cleanups.push(() => schema.drop());
    const authSecret = randomBytes(32).toString("hex");
    const processes = await Promise.all(
      ["a", "b"].map((name) => {
        const dataDirectory = mkdtempSync(path.join(tmpdir(), `jobs-${name}-`));
        cleanups.push(() => rmSync(dataDirectory, { recursive: true, force: true }));
        return startServerProcess({
          env: {
            DATA_DIR: dataDirectory,
            AUTH_SECRET: authSecret,
            DATABASE_URL: schema.url,
            SMTP_URL: collector.smtpUrl,
            MAIL_FROM: mailFrom,
            LOG_LEVEL: "info",
          },
        });
      }),
    );
    for (const running of processes) cleanups.push(() => running.stop());
    const database = openDatabase({ databaseUrl: schema.url, dataDirectory: tmpdir() });
    cleanups.push(() => database.close());

    const ids = await insertMails(database, 2000);
    await waitFor(
      async () => {
        const open = await database.db
          .selectFrom("jobs")
          .select("id")
          .where("kind", "=", "mail")
          .where("status", "!=", "done")
          .limit(1)
          .execute();
        return open.length === 0 ? true : undefined;
      },
      { what: "every job to be done", timeoutMs: 120_000, intervalMs: 200 },
    );
    const received = collector.mails.map((mail) => mail.messageId).sort();
    expect(received).toEqual(ids.map((id) => messageIdOf(id, mailDomain)).sort());
    const claimedTwice = await database.db.selectFrom("jobs").select("id").where("kind", "=", "mail").where("attempts", "!=", 1).execute();
    expect(claimedTwice).toHaveLength(0);
    const sentBy = processes.map((running) => running.output().split('"msg":"mail sent"').length - 1);
    expect(sentBy[0]).toBeGreaterThan(0);
    expect(sentBy[1]).toBeGreaterThan(0);
    expect((sentBy[0] ?? 0) + (sentBy[1] ?? 0)).toBe(2000);
  }, 180_000);
});

for (const engine of testEngines) {
  describe(`a worker killed with SIGKILL while it holds leases [${engine}]`, () => {
    const cleanups: Cleanup[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it("leaves its jobs to be run once, after the leases run out", async () => {
      const silent = await startSilentSmtp();
      cleanups.push(() => silent.close());
      const collector = await startMailCollector();
      cleanups.push(() => collector.close());
      const dataDirectory = mkdtempSync(path.join(tmpdir(), `jobs-kill-${engine}-`));
      cleanups.push(() => rmSync(dataDirectory, { recursive: true, force: true }));
      let databaseUrl: string | undefined;
      if (engine === "postgres") {
        const schema = await createPostgresSchema(testPostgresUrl ?? "");
        cleanups.push(() => schema.drop());
        databaseUrl = schema.url;
      }
      const env = {
        DATA_DIR: dataDirectory,
        AUTH_SECRET: randomBytes(32).toString("hex"),
        MAIL_FROM: mailFrom,
        JOB_LEASE_SECONDS: "3",
        ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      };
      // The first process's SMTP server never answers: its sends hang while it holds the leases.
      const first: ServerProcess = await startServerProcess({ env: { ...env, SMTP_URL: silent.url } });
      cleanups.push(() => first.kill());
      const database = openDatabase({ databaseUrl: databaseUrl ?? "", dataDirectory });
      cleanups.push(() => database.close());
      const ids = await insertMails(database, 6);
      const leased = await waitFor(
        async () => {
          const rows = await database.db
            .selectFrom("jobs")
            .select(["id", "lease_owner", "lease_expires_at"])
            .where("id", "in", ids)
            .where("status", "=", "running")
            .execute();
          return rows.length === ids.length ? rows : undefined;
        },
        { what: "the first process to lease every job" },
      );
      for (const row of leased) expect(row.lease_owner).toContain(`:${first.child.pid}:`);

      let second: ServerProcess;
      if (engine === "postgres") {
        // Another process, already running, waits for the leases to run out before it takes them.
        second = await startServerProcess({ env: { ...env, SMTP_URL: collector.smtpUrl } });
        cleanups.push(() => second.stop());
        await first.kill();
      } else {
        // ADR 082: one process owns a SQLite file; the restarted process takes its jobs at once.
        await first.kill();
        second = await startServerProcess({ env: { ...env, SMTP_URL: collector.smtpUrl } });
        cleanups.push(() => second.stop());
      }
      const done = await waitFor(
        async () => {
          const rows = await database.db
            .selectFrom("jobs")
            .select(["id", "status", "attempts", "finished_at"])
            .where("id", "in", ids)
            .execute();
          return rows.every((row) => row.status === "done") ? rows : undefined;
        },
        { what: "every job to be done by the second process", timeoutMs: 30_000 },
      );
      // Each ran once: one claim by the killed process, one by the other, one mail received.
      expect(done.map((row) => row.attempts)).toEqual(ids.map(() => 2));
      expect(collector.mails.map((mail) => mail.messageId).sort()).toEqual(ids.map((id) => messageIdOf(id, mailDomain)).sort());
      if (engine === "postgres") {
        const expiry = new Map(leased.map((row) => [row.id, row.lease_expires_at ?? ""]));
        for (const row of done) expect((row.finished_at ?? "") >= (expiry.get(row.id) ?? "~")).toBe(true);
      }
    }, 60_000);
  });
}

import { Writable } from "node:stream";
import pg from "pg";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../clock.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { startJobWorker } from "../jobs/worker.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { startTcpProxy, type TcpProxy } from "../test-support/tcp-proxy.ts";
import { createTestApp, testPostgresUrl, type TestApp } from "../test-support/test-app.ts";
import { waitFor } from "../test-support/wait-for.ts";
import { databaseUnavailableMessage } from "./database-unavailable.ts";

// A PostgreSQL restart, failover or hang must not take the app down: every request answers 503
// database_unavailable within the configured timeouts, /api/ready reports not ready, and the app
// recovers on its own when the database is back (ADR 011). The database sits behind a TCP proxy
// the test controls.

const postgresUrl = testPostgresUrl;
const timeoutMs = 1000;
/** "Within a few seconds": the configured timeout plus scheduling slack on a busy machine. */
const answerWithinMs = timeoutMs + 2000;

const application = { fullName: "Anna Berg", email: "anna@example.se", audience: "concierge", message: "Hotel concierge in Stockholm." };

type WorkerLogEntry = { level: number; msg: string; lane?: string; failedPolls?: number };

function workerLog(lines: readonly string[]): WorkerLogEntry[] {
  return lines.map((line) => JSON.parse(line) as WorkerLogEntry);
}

function collectingLogger(lines: string[]) {
  return pino(
    { level: "info" },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
}

describe.skipIf(!postgresUrl)("PostgreSQL outages behind a proxy [postgres]", () => {
  let proxy: TcpProxy;
  let test: TestApp;

  async function timed(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const started = performance.now();
    const response = await test.request(method, url, { body, headers: { "X-Test-Client-Ip": "198.51.100.7", ...headers } });
    return { ...response, ms: performance.now() - started };
  }

  async function expectUnavailable(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await timed(method, url, body, headers);
    expect(response.status).toBe(503);
    expect(response.body.error?.code).toBe("database_unavailable");
    expect(response.body.error?.message).toBe(databaseUnavailableMessage);
    expect(response.ms).toBeLessThan(answerWithinMs);
  }

  /** The app's sessions have nothing running or open: what the held bytes started has finished. */
  async function settled() {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await waitFor(
        async () => {
          const busy = await admin.query(
            "select pid from pg_stat_activity where client_addr = '127.0.0.1' and client_port = any($1::int[]) and state <> 'idle'",
            [proxy.upstreamPorts()],
          );
          return busy.rows.length === 0 ? true : undefined;
        },
        { intervalMs: 10, what: "the app's sessions to settle" },
      );
    } finally {
      await admin.end();
    }
  }

  async function expectWorking() {
    expect((await timed("GET", "/api/ready")).status).toBe(200);
    expect((await timed("POST", "/api/affiliate/applications", application)).status).toBe(201);
  }

  // "The process survives": an error nobody handles would end a real server process.
  const uncaught: unknown[] = [];
  const recordUncaught = (error: unknown) => uncaught.push(error);
  afterEach(() => {
    expect(uncaught.map(String), "errors that would have ended the process").toEqual([]);
  });

  beforeAll(async () => {
    process.on("uncaughtException", recordUncaught);
    process.on("unhandledRejection", recordUncaught);
    const target = new URL(postgresUrl ?? "");
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    test = await createTestApp(
      "postgres",
      { DATABASE_CONNECT_TIMEOUT_MS: String(timeoutMs), DATABASE_STATEMENT_TIMEOUT_MS: String(timeoutMs) },
      { databasePort: proxy.port },
    );
  });
  afterAll(async () => {
    process.off("uncaughtException", recordUncaught);
    process.off("unhandledRejection", recordUncaught);
    proxy.restore();
    await test.close();
    await proxy.close();
  });

  it("survives every connection being cut, answers 503 quickly and recovers when the database is back", async () => {
    await expectWorking();
    proxy.cut();
    // Idle pooled connections notice the close once their sockets have closed; an unhandled pool
    // error would end the process here.
    await waitFor(() => (proxy.upstreamPorts().length === 0 ? true : undefined), { intervalMs: 10, what: "the pool's sockets to close" });
    await expectUnavailable("GET", "/api/ready");
    await expectUnavailable("POST", "/api/affiliate/applications", application);
    proxy.restore();
    await expectWorking();
  });

  for (const frozen of ["resume", "lost"] as const) {
    it(`answers 503 within the timeout instead of hanging while the database is frozen, then recovers (frozen connections ${frozen === "resume" ? "resume" : "never answer again, as after a failover"})`, async () => {
      await expectWorking();
      proxy.freeze();
      await expectUnavailable("GET", "/api/ready");
      await expectUnavailable("POST", "/api/affiliate/applications", application);
      // More requests at once than the pool has connections: the ones queued for a connection time out too.
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 14 }, () => test.request("GET", "/api/ready")));
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 503));
      expect(performance.now() - started).toBeLessThan(answerWithinMs + timeoutMs);
      proxy.restore({ frozen });
      await expectWorking();
    });
  }

  // ADR 051: the booking and its confirmation mail commit together or not at all, and the client's
  // retry with the same bookingId can never make a second one, whatever the outage did.
  for (const outage of ["cut", "frozen"] as const) {
    it(`answers a signed-in booking 503 with nothing half-written while the database is ${outage === "cut" ? "gone" : "frozen"}, and takes the retry once it is back`, async () => {
      await expectWorking();
      const customer = await createSignedInUser(test);
      const booking = bookingRequest();
      const stored = async () => ({
        bookings: await test.db.selectFrom("bookings").select("id").where("id", "=", booking.bookingId).execute(),
        mails: await test.db
          .selectFrom("outbox")
          .select("id")
          .where("payload", "=", JSON.stringify({ bookingId: booking.bookingId }))
          .execute(),
      });
      if (outage === "cut") proxy.cut();
      else proxy.freeze();
      await expectUnavailable("POST", "/api/bookings", booking, { cookie: customer.cookie });
      // A frozen connection's statements reach the database once it is back; nothing may be left half-done.
      proxy.restore({ frozen: "resume" });
      await settled();
      const afterOutage = await stored();
      expect(afterOutage.bookings.length).toBe(afterOutage.mails.length);
      expect(afterOutage.bookings.length).toBeLessThanOrEqual(1);

      const retried = await test.request("POST", "/api/bookings", { body: booking, headers: { cookie: customer.cookie } });
      expect([200, 201]).toContain(retried.status);
      expect(retried.body).toMatchObject({ id: booking.bookingId, status: "pending" });
      const afterRetry = await stored();
      expect(afterRetry.bookings).toHaveLength(1);
      expect(afterRetry.mails).toHaveLength(1);
    });
  }

  it("survives its idle connections being terminated by the server (pg_terminate_backend)", async () => {
    await expectWorking();
    const ports = proxy.upstreamPorts();
    expect(ports.length).toBeGreaterThan(0);
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    // First the app's sessions, then terminate exactly those: the same PostgreSQL serves other tests.
    const sessions = await admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where client_addr = '127.0.0.1' and client_port = any($1::int[]) and pid <> pg_backend_pid()",
      [ports],
    );
    expect(sessions.rows.length).toBeGreaterThan(0);
    for (const { pid } of sessions.rows) await admin.query("select pg_terminate_backend($1)", [pid]);
    // The terminated sessions are gone and their sockets closed.
    const terminated = sessions.rows.map((row) => row.pid);
    await waitFor(
      async () => {
        const left = await admin.query("select pid from pg_stat_activity where pid = any($1::int[])", [terminated]);
        return left.rows.length === 0 ? true : undefined;
      },
      { intervalMs: 10, what: "the terminated sessions to end" },
    );
    await admin.end();
    // A request in the instant before the pool has read a terminated connection's end can still be
    // sent on it and answered 503 (ADR 011: a client retries); within moments, and without a
    // restart, the app answers from fresh connections.
    await waitFor(async () => ((await timed("GET", "/api/ready")).status === 200 ? true : undefined), {
      timeoutMs: 5_000,
      intervalMs: 20,
      what: "the app to answer from fresh connections",
    });
    await expectWorking();
  });

  it("keeps the outbox worker polling through an outage, logging the failures, and delivers afterwards", async () => {
    const lines: string[] = [];
    const worker = startJobWorker({ ...test.deps, logger: collectingLogger(lines) }, { pollIntervalMs: 50 });
    try {
      proxy.cut();
      await waitFor(() => (lines.some((line) => line.includes("job worker poll failed")) ? true : undefined));
      proxy.freeze();
      await new Promise((resolve) => setTimeout(resolve, timeoutMs + 200));
      proxy.restore();
      // Dozens of polls failed; an operator reading the log sees one error per lane for the
      // outage, not one per poll, and one line per lane saying the worker is polling again.
      const failureLines = workerLog(lines).filter((entry) => entry.msg.startsWith("job worker poll"));
      expect(failureLines.map((entry) => `${entry.lane}: ${entry.msg}`).sort()).toEqual([
        "general: job worker poll failed",
        "urgent: job worker poll failed",
      ]);
      const recovered = await waitFor(() => {
        const again = workerLog(lines).filter((entry) => entry.msg === "job worker polling again");
        return again.length === 2 ? again : undefined;
      });
      expect(recovered.map((entry) => entry.lane).sort()).toEqual(["general", "urgent"]);
      for (const entry of recovered) expect(entry.failedPolls).toBeGreaterThan(1);
      const id = await enqueueMail(test.db, {
        to: "anna@example.se",
        kind: "password-reset",
        payload: { language: "en", link: "http://localhost:3000/reset-password?token=outage" },
      });
      const status = await waitFor(async () => {
        const row = await test.db.selectFrom("outbox").select("status").where("id", "=", id).executeTakeFirstOrThrow();
        return row.status === "pending" || row.status === "sending" ? undefined : row.status;
      });
      expect(status).toBe("kept");
    } finally {
      proxy.restore();
      await worker.stop();
    }
  });

  it("repeats a lasting worker failure at most once per interval, with the count of failed polls", async () => {
    const lines: string[] = [];
    // The interval is read on the worker's clock (ADR 096), which stands still until the test moves it.
    const clock = manualClock(new Date());
    const worker = startJobWorker(
      { ...test.deps, logger: collectingLogger(lines) },
      { pollIntervalMs: 20, failureLogIntervalMs: 500, clock },
    );
    const urgent = () => workerLog(lines).filter((entry) => entry.lane === "urgent" && entry.msg.startsWith("job worker poll"));
    // Each failed poll is one connection the cut proxy refuses.
    const afterMoreFailedPolls = async (count: number) => {
      const refused = proxy.refusedConnections();
      await waitFor(() => (proxy.refusedConnections() >= refused + count ? true : undefined), {
        intervalMs: 10,
        what: "more failed polls",
      });
    };
    try {
      proxy.cut();
      await waitFor(() => (urgent().length === 1 ? true : undefined), { what: "the first failure" });
      await afterMoreFailedPolls(10);
      expect(urgent(), "no repeat before the interval has passed").toHaveLength(1);
      clock.advance(500);
      await waitFor(() => (urgent().length === 2 ? true : undefined), { what: "the repeat" });
      await afterMoreFailedPolls(10);
      const [first, repeat, ...more] = urgent();
      expect(first?.msg).toBe("job worker poll failed");
      expect(repeat?.msg).toBe("job worker poll still failing");
      expect(repeat?.failedPolls).toBeGreaterThan(2);
      expect(more, "one line per interval, never one per poll").toEqual([]);
    } finally {
      proxy.restore();
      await worker.stop();
    }
  });
});

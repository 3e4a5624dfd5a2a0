import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/database.ts";
import {
  messageIdOf,
  queuedConfirmations,
  requestJson,
  signUpOverHttp,
  startMailCollector,
  type MailCollector,
} from "../test-support/http-customer.ts";
import { validProfile } from "../test-support/accounts.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { waitFor } from "../test-support/wait-for.ts";
import { createPostgresSchema, startServerProcess, type ServerProcess } from "../test-support/server-process.ts";
import { testPostgresUrl } from "../test-support/test-app.ts";

// ADR 124 and docs/deploy.md: the app process is stateless, so
// two production processes behind a reverse proxy share one PostgreSQL. Over real HTTP, a customer
// may land on either process for each request: sessions, rate-limit counters, bookings and the mail
// outbox must behave as they do with one process.

const postgresUrl = testPostgresUrl;
const appOrigin = "http://nordic-shield.test";
const mailDomain = "nordicshield.test";
const mailFrom = `Nordic Shield <no-reply@${mailDomain}>`;

describe.skipIf(!postgresUrl)("two server processes on one PostgreSQL [postgres]", () => {
  let collector: MailCollector;
  let schema: Awaited<ReturnType<typeof createPostgresSchema>>;
  let database: DatabaseHandle;
  const processes: ServerProcess[] = [];
  const directories: string[] = [];
  let processA: ServerProcess;
  let processB: ServerProcess;

  /** Process A for even indexes, B for odd ones: a load balancer's round robin. */
  const processFor = (index: number) => (index % 2 === 0 ? processA : processB).url;

  beforeAll(async () => {
    // A slow SMTP server: one worker needs about 2 s for a batch of 20 confirmations (3 at a time),
    // longer than the other worker's 1 s poll interval, so both workers claim part of them.
    collector = await startMailCollector({ acceptDelayMs: 300 });
    schema = await createPostgresSchema(postgresUrl ?? "");
    const authSecret = randomBytes(32).toString("hex");
    // Started together, as systemd starts its instances: both run the migrations at once.
    const started = await Promise.all(
      ["a", "b"].map((name) => {
        const dataDirectory = mkdtempSync(path.join(tmpdir(), `scale-out-${name}-`));
        directories.push(dataDirectory);
        return startServerProcess({
          env: {
            DATA_DIR: dataDirectory,
            AUTH_SECRET: authSecret,
            DATABASE_URL: schema.url,
            SMTP_URL: collector.smtpUrl,
            MAIL_FROM: mailFrom,
            APP_URL: appOrigin,
            TRUSTED_PROXIES: "127.0.0.1",
            // "mail sent" lines show which process's worker sent what.
            LOG_LEVEL: "info",
            // The booking limits are not under test here; the sign-up and check-email ones are.
            BOOKINGS_PER_ACCOUNT_HOUR: "0",
            BOOKINGS_PER_ADDRESS_HOUR: "0",
          },
        });
      }),
    );
    processes.push(...started);
    [processA, processB] = started as [ServerProcess, ServerProcess];
    database = openDatabase({ databaseUrl: schema.url, dataDirectory: directories[0] ?? "" });
  }, 60_000);

  afterAll(async () => {
    for (const running of processes) await running.stop();
    await database?.close();
    await collector?.close();
    await schema?.drop();
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  });

  it("signs up on A, signs in on B, and a session works on both until it is signed out on either", async () => {
    const email = `two-processes-${randomBytes(4).toString("hex")}@example.test`;
    const url = { a: processA.url, b: processB.url };
    const signUpCookie = await signUpOverHttp(
      collector,
      { sendCode: url.a, verify: url.a, create: url.a },
      appOrigin,
      email,
      "203.0.113.10",
    );
    for (const server of [url.a, url.b]) {
      const session = await requestJson(server, appOrigin, "GET", "/api/account/session", { cookie: signUpCookie });
      expect(session.body.user).toMatchObject({ email });
    }

    const signedIn = await requestJson(url.b, appOrigin, "POST", "/api/account/sign-in", {
      // signUpOverHttp creates the account with the shared sign-up profile and its password.
      body: { email, password: validProfile.password },
      clientAddress: "203.0.113.10",
    });
    expect(signedIn.status).toBe(200);
    for (const server of [url.a, url.b]) {
      expect((await requestJson(server, appOrigin, "GET", "/api/account/profile", { cookie: signedIn.cookie })).status).toBe(200);
    }

    expect((await requestJson(url.a, appOrigin, "POST", "/api/account/sign-out", { cookie: signedIn.cookie })).status).toBe(200);
    for (const server of [url.b, url.a]) {
      expect((await requestJson(server, appOrigin, "GET", "/api/account/profile", { cookie: signedIn.cookie })).status).toBe(401);
    }
    // The other session of the same account is untouched.
    expect((await requestJson(url.b, appOrigin, "GET", "/api/account/profile", { cookie: signUpCookie })).status).toBe(200);
  });

  it("counts one client's requests against one limit whichever process answers them", async () => {
    // ADR 031/034: check-email allows 30 requests per client address in 10 minutes. 31 requests at
    // once, alternating between the processes: the shared counter lets exactly 30 through.
    const clientAddress = "203.0.113.20";
    const answers = await Promise.all(
      Array.from({ length: 31 }, (_, index) =>
        requestJson(processFor(index), appOrigin, "POST", "/api/account/check-email", {
          body: { email: `probe-${index}@example.test` },
          clientAddress,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array<number>(30).fill(200), 429]);
    // Refused on the other process too; another client behind the same proxy is not.
    const other = processFor(31);
    expect(
      (await requestJson(other, appOrigin, "POST", "/api/account/check-email", { body: { email: "x@example.test" }, clientAddress }))
        .status,
    ).toBe(429);
    const neighbour = await requestJson(other, appOrigin, "POST", "/api/account/check-email", {
      body: { email: "x@example.test" },
      clientAddress: "203.0.113.21",
    });
    expect(neighbour.status).toBe(200);
  });

  it("stores bookings spread over both processes once, and sends each confirmation exactly once", async () => {
    const email = `bookings-${randomBytes(4).toString("hex")}@example.test`;
    const cookie = await signUpOverHttp(
      collector,
      { sendCode: processA.url, verify: processB.url, create: processA.url },
      appOrigin,
      email,
      "203.0.113.30",
    );
    const requests = Array.from({ length: 40 }, () => bookingRequest());

    const created = await Promise.all(
      requests.map((body, index) =>
        requestJson(processFor(index), appOrigin, "POST", "/api/bookings", { body, cookie, clientAddress: "203.0.113.30" }),
      ),
    );
    expect(created.map((answer) => answer.status)).toEqual(Array<number>(40).fill(201));

    // A retry of the same bookingId that lands on the other process answers the stored booking.
    const retried = await Promise.all(
      requests.map((body, index) =>
        requestJson(processFor(index + 1), appOrigin, "POST", "/api/bookings", { body, cookie, clientAddress: "203.0.113.30" }),
      ),
    );
    expect(retried.map((answer) => answer.status)).toEqual(Array<number>(40).fill(200));
    expect(retried.map((answer) => [answer.body.id, answer.body.totalCents])).toEqual(
      created.map((answer) => [answer.body.id, answer.body.totalCents]),
    );

    const bookingIds = requests.map((request) => request.bookingId);
    const stored = await database.db.selectFrom("bookings").select(["id", "price"]).where("id", "in", bookingIds).execute();
    expect(stored.map((row) => row.id).sort()).toEqual([...bookingIds].sort());
    const totals = new Map(created.map((answer) => [answer.body.id, answer.body.totalCents]));
    for (const row of stored) expect(row.price).toBe(Number(totals.get(row.id)));

    const confirmations = await queuedConfirmations(database.db);
    for (const bookingId of bookingIds) expect(confirmations.get(bookingId)).toHaveLength(1);

    // Once every row is marked sent, no claim is left that could send it again (ADR 032).
    await waitFor(
      async () => {
        const unsent = await database.db.selectFrom("outbox").select("id").where("status", "!=", "sent").execute();
        return unsent.length === 0 ? true : undefined;
      },
      { what: "every mail to be marked sent" },
    );
    const allRows = await database.db.selectFrom("outbox").select("id").execute();
    const received = collector.mails.map((mail) => mail.messageId);
    // Every mail of the run (codes and confirmations) reached the SMTP server exactly once.
    expect([...received].sort()).toEqual(allRows.map((row) => messageIdOf(row.id, mailDomain)).sort());
    for (const bookingId of bookingIds) expect(received).toContain(messageIdOf(confirmations.get(bookingId)?.[0] ?? "", mailDomain));
  }, 30_000);
});

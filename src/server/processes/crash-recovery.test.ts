import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseEngine } from "../db/database.ts";
import {
  messageIdOf,
  queuedConfirmations,
  requestJson,
  signUpOverHttp,
  startMailCollector,
  type MailCollector,
  type ReceivedMail,
} from "../test-support/http-customer.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { waitFor } from "../test-support/wait-for.ts";
import { createPostgresSchema, startServerProcess, type ServerProcess } from "../test-support/server-process.ts";
import { testEngines, testPostgresUrl } from "../test-support/test-app.ts";

// A crash, a power cut or the OOM killer ends the server with SIGKILL in the middle of booking
// writes. docs/product.md §4: a booking the customer saw confirmed (201) must exist after the restart with its
// price; ADR 053: group commit answers only after the commit holding the row; ADR 032: the
// confirmations still queued, and those being sent at the moment of the crash, are delivered after
// the restart, at least once, a repeat carrying the same Message-ID.

const appOrigin = "http://nordic-shield.test";
const mailDomain = "nordicshield.test";
const concurrentClients = 16;

type Acknowledged = { bookingId: string; totalCents: unknown; cookie: string };

for (const engine of testEngines) {
  describe(`SIGKILL while bookings are being created [${engine}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it("keeps every acknowledged booking, opens cleanly and still delivers the confirmations", async () => {
      // The kill comes while a confirmation is being handed over: the SMTP server has stored it, the
      // server process never hears so. A slow SMTP server keeps a backlog of claimed mails as well.
      const crash: { duringHandOver?: (mail: ReceivedMail) => Promise<void> | undefined } = {};
      const collector: MailCollector = await startMailCollector({ acceptDelayMs: 30, onMail: (mail) => crash.duringHandOver?.(mail) });
      cleanups.push(() => collector.close());
      const dataDirectory = mkdtempSync(path.join(tmpdir(), `crash-${engine}-`));
      cleanups.push(async () => rmSync(dataDirectory, { recursive: true, force: true }));
      const databaseUrl = await postgresSchemaFor(engine, cleanups);
      const env = {
        DATA_DIR: dataDirectory,
        AUTH_SECRET: randomBytes(32).toString("hex"),
        SMTP_URL: collector.smtpUrl,
        MAIL_FROM: `Nordic Shield <no-reply@${mailDomain}>`,
        APP_URL: appOrigin,
        BOOKINGS_PER_ACCOUNT_HOUR: "0",
        BOOKINGS_PER_ADDRESS_HOUR: "0",
        ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      };

      const first = await startServerProcess({ env });
      cleanups.push(() => first.kill());
      const cookies: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const email = `crash-${index}-${randomBytes(3).toString("hex")}@example.test`;
        cookies.push(await signUpOverHttp(collector, { sendCode: first.url, verify: first.url, create: first.url }, appOrigin, email));
      }

      const acknowledged: Acknowledged[] = [];
      let sending = true;
      const clients = Array.from({ length: concurrentClients }, async (_, client) => {
        const cookie = cookies[client % cookies.length] ?? "";
        while (sending) {
          const body = bookingRequest();
          try {
            const answer = await requestJson(first.url, appOrigin, "POST", "/api/bookings", { body, cookie });
            if (answer.status === 201) acknowledged.push({ bookingId: body.bookingId, totalCents: answer.body.totalCents, cookie });
            else if (sending) throw new Error(`Unexpected ${answer.status}: ${JSON.stringify(answer.body)}`);
          } catch (error) {
            // The kill cuts the requests in flight; their outcome is unknown to the customer.
            if (sending) throw error;
          }
        }
      });
      // A refused booking before the kill fails the test at once rather than at the deadline.
      let clientFailure: unknown;
      const clientsDone = Promise.all(clients).catch((error: unknown) => {
        clientFailure = error;
        sending = false;
      });
      let handedOver: { mail: ReceivedMail; killed: Promise<void> } | undefined;
      crash.duringHandOver = (mail) => {
        if (!handedOver && acknowledged.length >= 80 && mail.subject.startsWith("Booking")) {
          sending = false;
          handedOver = { mail, killed: first.kill() };
        }
        return handedOver?.killed;
      };
      const { mail: cutOff, killed } = await waitFor(
        () => {
          if (clientFailure) throw clientFailure;
          return handedOver;
        },
        { what: "the kill while bookings are being created" },
      );
      await killed;
      await clientsDone;
      expect(clientFailure).toBeUndefined();
      const receivedBeforeRestart = collector.mails.length;

      if (engine === "sqlite") {
        // The files exactly as the crash left them (the WAL included) pass SQLite's own check.
        const file = new DatabaseSync(path.join(dataDirectory, "app.db"));
        expect(file.prepare("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
        file.close();
      }

      const second: ServerProcess = await startServerProcess({ env });
      cleanups.push(() => second.stop());
      const database = openDatabase({ databaseUrl, dataDirectory });
      cleanups.push(() => database.close());

      // Every 201 is there, with the price it was confirmed with, for its owner and in the table.
      for (const booking of acknowledged) {
        const answer = await requestJson(second.url, appOrigin, "GET", `/api/bookings/${booking.bookingId}`, { cookie: booking.cookie });
        expect(answer.status).toBe(200);
        expect(answer.body.totalCents).toBe(booking.totalCents);
      }
      const stored = await database.db.selectFrom("bookings").select(["id", "price"]).execute();
      const prices = new Map(stored.map((row) => [row.id, row.price]));
      for (const booking of acknowledged) expect(prices.get(booking.bookingId)).toBe(Number(booking.totalCents));

      // Every stored booking (also one whose answer the kill cut off) has exactly one confirmation
      // queued, and each arrives after the restart; a repeat is the same mail with the same Message-ID.
      const confirmations = await queuedConfirmations(database.db);
      for (const row of stored) expect(confirmations.get(row.id)).toHaveLength(1);
      const outboxIds = stored.map((row) => confirmations.get(row.id)?.[0] ?? "");
      await waitFor(
        async () => {
          const received = new Set(collector.mails.map((mail) => mail.messageId));
          const missing = outboxIds.filter((outboxId) => !received.has(messageIdOf(outboxId, mailDomain)));
          if (missing.length === 0) return true;
          if (engine === "sqlite") return undefined;
          // On PostgreSQL other processes may share the outbox, so the mails the killed process had
          // claimed wait for their claim to run out (ADR 032, ADR 082); they must still be queued.
          const held = await database.db
            .selectFrom("outbox")
            .select("id")
            .where("id", "in", missing)
            .where("status", "=", "sending")
            .execute();
          return held.length === missing.length ? true : undefined;
        },
        { what: "every confirmation to arrive after the restart", timeoutMs: 20_000 },
      );
      expect(collector.mails.length).toBeGreaterThan(receivedBeforeRestart);
      const subjects = new Map<string, string>();
      for (const mail of collector.mails) {
        expect(subjects.get(mail.messageId) ?? mail.subject, "a repeat is the same mail").toBe(mail.subject);
        subjects.set(mail.messageId, mail.subject);
      }
      const confirmationIds = new Set(collector.mails.filter((mail) => mail.subject.startsWith("Booking")).map((mail) => mail.messageId));
      expect(confirmationIds.size, "no booking got two different confirmations").toBeLessThanOrEqual(stored.length);
      if (engine === "sqlite") {
        expect(confirmationIds.size).toBe(stored.length);
        // The mail whose hand-over the kill cut off went out again, as the same mail (ADR 032).
        expect(collector.mails.filter((mail) => mail.messageId === cutOff.messageId)).toHaveLength(2);
      }
    }, 60_000);
  });
}

/** A fresh PostgreSQL schema for the postgres run, dropped afterwards; undefined for SQLite. */
async function postgresSchemaFor(engine: DatabaseEngine, cleanups: (() => Promise<void>)[]): Promise<string | undefined> {
  if (engine !== "postgres" || !testPostgresUrl) return undefined;
  const schema = await createPostgresSchema(testPostgresUrl);
  cleanups.push(schema.drop);
  return schema.url;
}

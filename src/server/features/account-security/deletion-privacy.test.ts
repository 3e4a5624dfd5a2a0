import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startJobWorker } from "../../jobs/worker.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { freshEmail, signUpThroughCode, validProfile } from "../../test-support/accounts.ts";
import { insertBooking } from "../../test-support/operator.ts";
import { freePort, startSmtpSink, type SmtpSink } from "../../test-support/smtp-sink.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { waitFor } from "../../test-support/wait-for.ts";

// ADR 097, GDPR Art. 17: once an account is deleted, no row of any table holds the customer's name,
// e-mail address or phone number: mails waiting to them are cancelled, delivered mails kept no
// recipient or personal payload, and the codes sent to them are gone. Only the notice of the
// deletion holds the address, until it is delivered.

describeEachEngine("after an account is deleted", (engine) => {
  let test: TestApp;
  let smtp: SmtpSink;
  const received: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    smtp = await startSmtpSink(port, (_raw, recipients) => void received.push(...recipients));
    test = await createTestApp(engine, { SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await test.close();
    await smtp.close();
  });

  const deliverEverythingDue = async () => {
    const worker = startJobWorker(test.deps, { pollIntervalMs: 60_000, batchSize: 100 });
    await worker.runOnce();
    await worker.stop();
  };

  /** Every row of every table of the app's database, as text. */
  async function everyRow(): Promise<string> {
    const tables =
      engine === "postgres"
        ? (
            await sql<{ name: string }>`select table_name as name from information_schema.tables
              where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(test.db)
          ).rows
        : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(test.db)).rows;
    expect(tables.map((table) => table.name)).toContain("jobs");
    const dumps: string[] = [];
    for (const { name } of tables) {
      const rows = await sql`select * from ${sql.table(name)}`.execute(test.db);
      dumps.push(`${name}: ${JSON.stringify(rows.rows)}`);
    }
    return dumps.join("\n").toLowerCase();
  }

  it("no table holds the customer's name, e-mail address or phone number", async () => {
    const email = freshEmail("private");
    const signedUp = await signUpThroughCode(test, email);
    expect(signedUp.created.status).toBe(201);
    const cookie = signedUp.cookie;
    const user = await test.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();

    // A second address on the profile, sent its own code.
    const extra = freshEmail("private-extra");
    expect((await test.request("POST", "/api/profile/emails", { body: { email: extra }, headers: { cookie } })).status).toBe(201);
    // A past booking, confirmed by an operator (the decision names the place and the lead).
    const bookingId = await insertBooking(test, {
      userId: user.id,
      customerName: validProfile.fullName,
      startDate: "2026-01-10",
      status: "confirmed",
      createdAt: "2026-01-01T10:00:00.000Z",
    });
    await enqueueMail(test.db, { kind: "booking-confirmation", to: email, payload: { bookingId } });
    await deliverEverythingDue();
    expect(received).toContain(email);
    expect(received).toContain(extra);
    // One mail still waits when the account is deleted.
    const waiting = await enqueueMail(test.db, {
      kind: "booking-decision",
      to: email,
      payload: {
        language: "sv",
        decision: "confirmed",
        reference: bookingId.slice(0, 8),
        location: "Stockholm",
        startDate: "2026-01-10",
        endDate: "2026-01-10",
        total: 1198,
        note: `Vi ringer ${validProfile.fullName} på ${validProfile.phoneNumber}`,
      },
    });
    const before = await everyRow();
    for (const value of [email, extra, validProfile.fullName, validProfile.phoneNumber]) expect(before).toContain(value.toLowerCase());

    const deleted = await test.request("POST", "/api/account/security/delete-account", {
      body: { password: validProfile.password },
      headers: { cookie },
    });
    expect(deleted.status).toBe(200);
    const mailsBefore = received.length;
    await deliverEverythingDue();
    // The notice of the deletion arrives; the mail that was waiting never does.
    await waitFor(() => (received.length > mailsBefore ? true : undefined));
    expect(received.slice(mailsBefore)).toEqual([email]);
    expect(await test.db.selectFrom("jobs").select("status").where("id", "=", waiting).executeTakeFirstOrThrow()).toEqual({
      status: "cancelled",
    });

    const after = await everyRow();
    const localPart = (address: string) => address.split("@")[0] ?? address;
    for (const value of [
      localPart(email),
      localPart(extra),
      validProfile.fullName,
      validProfile.phoneNumber,
      validProfile.phoneNumber.replace(/\s/g, ""),
    ]) {
      expect(after, `a row still holds ${value}`).not.toContain(value.toLowerCase());
    }
  }, 30_000);
});

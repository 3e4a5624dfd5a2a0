import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { down, up } from "../db/migrations/0005-outbox-priority-and-payload.ts";
import * as jobsMigration from "../db/migrations/0014-jobs.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { enqueueMail, pendingMailJob } from "./outbox.ts";
import { mailPriority } from "./registry.ts";
import { startJobWorker } from "../jobs/worker.ts";

// ADR 037: mails are queued as a kind of the template registry and a JSON payload checked by that
// kind's schema, and rendered by the worker. Without SMTP (development) the worker keeps them for
// the dev mailbox, which is enough to see what it rendered.

describeEachEngine("mail template registry", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine);
  });
  afterAll(() => test.close());

  /** A mail job as a release could have left it: its template payload as given (null: stored already rendered). */
  const queuedRow = (values: { kind: string; payload: string | null; priority?: number; subject?: string; text?: string }) => {
    const to = `${randomUUID()}@example.test`;
    const rendered =
      values.payload === null
        ? { subject: values.subject ?? "", text: values.text ?? "", html: values.text ? `<p>${values.text}</p>` : "" }
        : undefined;
    const row = pendingMailJob({ template: values.kind, to, rendered, priority: values.priority ?? mailPriority.normal });
    if (values.payload !== null)
      row.payload = `{"template":${JSON.stringify(values.kind)},"to":${JSON.stringify(to)},"data":${values.payload}}`;
    return row;
  };
  const runWorker = async () => {
    const worker = startJobWorker(test.deps, { pollIntervalMs: 60_000 });
    await worker.runOnce();
    await worker.stop();
  };
  const rowById = (id: string) => test.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("refuses to queue a payload its kind's schema rejects, and writes nothing", async () => {
    const before = await test.countRows("outbox");
    await expect(
      enqueueMail(test.db, { kind: "password-reset", to: "reset@example.test", payload: { language: "en", link: "not a link" } }),
    ).rejects.toThrow();
    await expect(
      enqueueMail(test.db, {
        kind: "verification-code",
        to: "code@example.test",
        payload: { language: "de" as "en", code: "1234", validityMinutes: 10 },
      }),
    ).rejects.toThrow();
    expect(await test.countRows("outbox")).toBe(before);
  });

  it("renders a queued code mail from its payload, with the code, in its language, ahead of other mail", async () => {
    const id = await enqueueMail(test.db, {
      kind: "verification-code",
      to: "kod@example.test",
      payload: { language: "sv", code: "5093", validityMinutes: 10 },
    });
    const queued = await rowById(id);
    expect(queued).toMatchObject({ status: "pending", subject: "", priority: mailPriority.urgent });
    await runWorker();
    const kept = await rowById(id);
    expect(kept.status).toBe("kept");
    expect(kept.subject).toBe("Din verifieringskod från Nordic Shield");
    expect(kept.text).toContain("    5093");
    expect(kept.html).toContain(">5093<");
  });

  it("gives up at once, with its error, on a row whose payload does not parse or whose kind is unknown", async () => {
    const broken = queuedRow({ kind: "verification-code", payload: JSON.stringify({ language: "en", code: "12" }), priority: 0 });
    const notJson = { ...queuedRow({ kind: "booking-confirmation", payload: "{}" }), payload: "{bookingId" };
    const unknown = queuedRow({ kind: "operator-decision", payload: "{}" });
    await test.db.insertInto("jobs").values([broken, notJson, unknown]).execute();
    await runWorker();
    const [brokenRow, unknownRow] = await Promise.all([rowById(broken.id), rowById(unknown.id)]);
    // A job whose payload is not JSON at all is read from the table (the outbox view reads inside it).
    const notJsonRow = await test.db.selectFrom("jobs").selectAll().where("id", "=", notJson.id).executeTakeFirstOrThrow();
    expect(brokenRow).toMatchObject({ status: "failed", attempts: 1 });
    expect(brokenRow.last_error).toContain("The payload of this verification-code mail is not valid");
    expect(brokenRow.last_error).toContain("code");
    // A secret that will never be sent does not stay behind either.
    expect(brokenRow.payload).toBeNull();
    expect(notJsonRow).toMatchObject({
      status: "failed",
      attempts: 1,
      last_error: "The payload of this mail job is not JSON",
    });
    expect(unknownRow).toMatchObject({ status: "failed", attempts: 1, last_error: "There is no mail template of kind operator-decision" });
  });

  it("gives up a deleted account's notice without keeping its address (ADR 252)", async () => {
    const notice = queuedRow({ kind: "account-deleted", payload: JSON.stringify({ language: "de" }) });
    await test.db.insertInto("jobs").values(notice).execute();
    await runWorker();
    const row = await test.db.selectFrom("jobs").select(["status", "payload"]).where("id", "=", notice.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "failed", payload: JSON.stringify({ template: "account-deleted" }) });
  });

  it("sends a mail queued already rendered by the version before the registry as it was stored", async () => {
    const legacy = queuedRow({ kind: "verification-code", payload: null, priority: 0, subject: "Your code", text: "    7731" });
    await test.db.insertInto("jobs").values(legacy).execute();
    await runWorker();
    expect(await rowById(legacy.id)).toMatchObject({ status: "kept", subject: "Your code", text: "    7731", html: "<p>    7731</p>" });
  });

  it("renders a decision mail queued before amounts were cents, with its euro total and the VAT part (docs/money.md)", async () => {
    const payload = {
      language: "sv",
      decision: "confirmed",
      reference: "AB12CD34",
      location: "Visby",
      startDate: "2026-12-15",
      endDate: "2026-12-16",
    };
    const legacy = queuedRow({ kind: "booking-decision", payload: JSON.stringify({ ...payload, total: 1750.5 }) });
    const current = queuedRow({ kind: "booking-decision", payload: JSON.stringify({ ...payload, totalCents: 175_050, vatCents: 35_010 }) });
    await test.db.insertInto("jobs").values([legacy, current]).execute();
    await runWorker();
    const [legacyRow, currentRow] = await Promise.all([rowById(legacy.id), rowById(current.id)]);
    expect(legacyRow.status).toBe("kept");
    expect(legacyRow.text).toContain("Totalt (inkl. moms): 1\u00a0750,50\u00a0€ (varav moms 25 %: 350,10\u00a0€)");
    expect(legacyRow.text).toContain("tis 15 dec. 2026 – ons 16 dec. 2026");
    expect(currentRow.text).toBe(legacyRow.text);
  });

  it("migration 0005 turns a queued confirmation's booking id into its payload and puts codes first", async () => {
    // Kysely's migrations take a database of unknown shape.
    const db = test.db as Kysely<unknown>;
    await jobsMigration.down(db);
    await down(db);
    const bookingId = randomUUID();
    const now = new Date().toISOString();
    for (const [kind, reference] of [
      ["booking-confirmation", bookingId],
      ["password-reset", null],
    ] as const) {
      await sql`insert into outbox (id, kind, recipient, subject, html, text, booking_id, status, attempts, next_attempt_at, created_at)
        values (${randomUUID()}, ${kind}, ${"before@example.test"}, ${""}, ${""}, ${""}, ${reference}, ${"pending"}, ${0}, ${now}, ${now})`.execute(
        db,
      );
    }
    await up(db);
    await jobsMigration.up(db);
    const rows = await test.db
      .selectFrom("outbox")
      .select(["kind", "payload", "priority"])
      .where("recipient", "=", "before@example.test")
      .orderBy("kind")
      .execute();
    expect(rows).toEqual([
      { kind: "booking-confirmation", payload: JSON.stringify({ bookingId }), priority: mailPriority.normal },
      { kind: "password-reset", payload: null, priority: mailPriority.urgent },
    ]);
  });
});

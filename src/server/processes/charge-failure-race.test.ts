import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { addDays, operatorToday } from "../../shared/time.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { createStaff } from "../test-support/operator.ts";
import { startServerProcess } from "../test-support/server-process.ts";
import { createTestApp, testPostgresUrl } from "../test-support/test-app.ts";
import { waitFor } from "../test-support/wait-for.ts";

// ADR 264 on PostgreSQL, with two processes: a server process's job worker charges a confirmed
// booking's saved card off-session (its hold lapsed, ADR 242) and the charge fails; this process
// holds the booking's job rows locked, so the worker's commit stops in the middle of the booking's
// step back to payment needed (the step cancels those jobs). Looking from here at that moment, the
// failure must not be visible beside a booking still confirmed — an approval or an operator acting
// then would count a charge that failed as money still coming (docs/money.md "A hold the processor
// let go"). Released, both land together. On SQLite one writer at a time makes the interleaving
// impossible; the same rule is checked on both engines by expired-hold.test.ts.

describe.skipIf(!testPostgresUrl)("a failed charge seen from another process while the booking steps back [postgres]", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("shows neither the failure nor the step until both commit", async () => {
    const dataDirectory = mkdtempSync(path.join(tmpdir(), "charge-failure-race-"));
    cleanups.push(() => rmSync(dataDirectory, { recursive: true, force: true }));
    const test = await createTestApp("postgres", {
      DATA_DIR: dataDirectory,
      BOOKINGS_PER_ACCOUNT_HOUR: "0",
      BOOKINGS_PER_ADDRESS_HOUR: "0",
    });
    cleanups.push(() => test.close());
    const operator = await createStaff(test, "operator");
    const customer = await createSignedInUser(test);

    // A card that needs the bank's check: held at booking after the check, refused off-session later.
    const card = await test.request("POST", "/api/account/payment-methods", {
      body: { cardNumber: "4000 0025 0000 3155", expiry: "12/34", cvv: "123" },
      headers: { cookie: customer.cookie },
    });
    expect(card.status).toBe(201);
    const today = operatorToday(new Date());
    const body = {
      ...bookingRequest(),
      startDate: addDays(today, 3),
      endDate: addDays(today, 4),
      payment: { paymentMethodId: (card.body.paymentMethod as { id: string }).id },
    };
    let created = await test.request("POST", "/api/bookings", { body, headers: { cookie: customer.cookie } });
    expect(created.status).toBe(402);
    await test.app.request((created.body.error?.fields?.challengeUrl ?? "").split("?")[0] ?? "", {
      method: "POST",
      body: new URLSearchParams({ decision: "complete", return: "/secure-booking" }),
    });
    created = await test.request("POST", "/api/bookings", { body, headers: { cookie: customer.cookie } });
    expect(created.status).toBe(201);
    const bookingId = body.bookingId;
    // Confirmed here: the capture is queued in the confirmation's commit and left for the server process.
    const confirmed = await test.request("POST", `/api/admin/bookings/${bookingId}/confirm`, {
      body: {},
      headers: { cookie: operator.cookie },
    });
    expect(confirmed.status).toBe(200);
    // The processor lets the hold go: the capture finds it gone and charges the saved card instead.
    await test.db
      .updateTable("simulated_intents")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("amount_cents", "=", Number(created.body.totalCents))
      .execute();

    const databaseUrl = test.deps.env.databaseUrl ?? "";
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    cleanups.push(() => locker.end());
    await locker.query("begin");
    const locked = await locker.query("select id from jobs where reference_key = $1 and status = 'pending' for update", [
      `booking:${bookingId}`,
    ]);
    expect(locked.rowCount).toBeGreaterThan(0);

    const server = await startServerProcess({
      env: { DATA_DIR: dataDirectory, AUTH_SECRET: randomBytes(32).toString("hex"), DATABASE_URL: databaseUrl },
    });
    cleanups.push(() => server.kill());

    // The worker's commit waits on the rows held here: the charge's answer is in its transaction.
    await waitFor(
      async () => {
        const waiting = await locker.query(
          "select pid from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and pid <> pg_backend_pid()",
        );
        return (waiting.rowCount ?? 0) > 0 ? true : undefined;
      },
      { what: "the worker waiting on the booking's jobs", timeoutMs: 60_000 },
    );
    const seen = async () => ({
      status: (await test.db.selectFrom("bookings").select("status").where("id", "=", bookingId).executeTakeFirstOrThrow()).status,
      failedCharges: (
        await test.db.selectFrom("payment_events").select("id").where("booking_id", "=", bookingId).where("type", "=", "failed").execute()
      ).length,
    });
    expect(await seen()).toEqual({ status: "confirmed", failedCharges: 0 });

    await locker.query("rollback");
    const after = await waitFor(async () => ((await seen()).status === "payment_needed" ? seen() : undefined), {
      what: "the booking back in payment needed",
      timeoutMs: 60_000,
    });
    expect(after).toEqual({ status: "payment_needed", failedCharges: 1 });
    const mails = await test.db.selectFrom("outbox").select("payload").where("kind", "=", "payment-needed").execute();
    expect(mails.filter((mail) => (mail.payload ?? "").includes(bookingId))).toHaveLength(1);
  });
});

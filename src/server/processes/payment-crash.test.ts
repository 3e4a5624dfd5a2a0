import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { addDays, operatorToday } from "../../shared/time.ts";
import { createSignedInUser } from "../test-support/accounts.ts";
import { bookingRequest } from "../test-support/booking-request.ts";
import { createStaff } from "../test-support/operator.ts";
import { startServerProcess, type ServerProcess } from "../test-support/server-process.ts";
import { createTestApp, testEngines } from "../test-support/test-app.ts";
import { waitFor } from "../test-support/wait-for.ts";

// ADR 132: the server process is killed with SIGKILL after the card processor captured the money
// and before our commit recorded it (the simulated processor holds its answer for a while, as a slow
// network would). Restarted, the queue runs the capture job again with the same idempotency key: the
// processor answers with its first answer, the ledger records one capture, and the money was taken once.

for (const engine of testEngines) {
  describe(`SIGKILL between the provider's answer and the ledger's commit [${engine}]`, () => {
    const cleanups: (() => Promise<void> | void)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it("records the capture once after the restart, and the money was taken once", async () => {
      const dataDirectory = mkdtempSync(path.join(tmpdir(), `payment-crash-${engine}-`));
      cleanups.push(() => rmSync(dataDirectory, { recursive: true, force: true }));
      const test = await createTestApp(engine, { DATA_DIR: dataDirectory, BOOKINGS_PER_ACCOUNT_HOUR: "0", BOOKINGS_PER_ADDRESS_HOUR: "0" });
      cleanups.push(() => test.close());
      const operator = await createStaff(test, "operator");
      const customer = await createSignedInUser(test);
      const card = await test.request("POST", "/api/account/payment-methods", {
        body: { cardNumber: "4242424242424242", expiry: "12/34", cvv: "123" },
        headers: { cookie: customer.cookie },
      });
      const today = operatorToday(new Date());
      const body = {
        ...bookingRequest(),
        startDate: addDays(today, 3),
        endDate: addDays(today, 3),
        services: [{ serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "day" } }],
        payment: { paymentMethodId: (card.body.paymentMethod as { id: string }).id },
      };
      const created = await test.request("POST", "/api/bookings", { body, headers: { cookie: customer.cookie } });
      expect(created.status).toBe(201);
      const total = Number(created.body.totalCents);
      // Confirmed here: the capture is queued in the confirmation's commit and left for the server process.
      const confirmed = await test.request("POST", `/api/admin/bookings/${body.bookingId}/confirm`, {
        body: {},
        headers: { cookie: operator.cookie },
      });
      expect(confirmed.status).toBe(200);

      const env = {
        DATA_DIR: dataDirectory,
        AUTH_SECRET: randomBytes(32).toString("hex"),
        JOB_LEASE_SECONDS: "2",
        ...(test.deps.env.databaseUrl && { DATABASE_URL: test.deps.env.databaseUrl }),
      };
      const first: ServerProcess = await startServerProcess({ env: { ...env, SIMULATED_PROVIDER_ANSWER_DELAY_MS: "20000" } });
      cleanups.push(() => first.kill());
      const captureAnswered = () =>
        test.db.selectFrom("simulated_answers").select("idempotency_key").where("operation", "=", "capture").executeTakeFirst();
      await waitFor(captureAnswered, { what: "the processor's capture", timeoutMs: 30_000 });
      await first.kill();
      // The processor took the money; our ledger does not know yet.
      const events = () =>
        test.db
          .selectFrom("payment_events")
          .select(["type", "amount_cents"])
          .where("booking_id", "=", body.bookingId)
          .orderBy("created_at")
          .execute();
      expect((await events()).map((row) => row.type)).toEqual(["authorised"]);

      const second = await startServerProcess({ env });
      cleanups.push(() => second.kill());
      const recorded = await waitFor(
        async () => {
          const rows = await events();
          return rows.some((row) => row.type === "captured") ? rows : undefined;
        },
        { what: "the capture in the ledger", timeoutMs: 30_000 },
      );
      expect(recorded.map((row) => `${row.type}:${Number(row.amount_cents)}`)).toEqual([`authorised:${total}`, `captured:${total}`]);
      const intents = await test.db.selectFrom("simulated_intents").select(["captured_cents"]).where("amount_cents", "=", total).execute();
      expect(intents.map((row) => Number(row.captured_cents))).toEqual([total]);
      expect(
        await test.db.selectFrom("simulated_answers").select("idempotency_key").where("operation", "=", "capture").execute(),
      ).toHaveLength(1);
      const booking = await test.db
        .selectFrom("bookings")
        .select("payment_status")
        .where("id", "=", body.bookingId)
        .executeTakeFirstOrThrow();
      expect(booking.payment_status).toBe("paid");
      await second.stop();
    }, 90_000);
  });
}

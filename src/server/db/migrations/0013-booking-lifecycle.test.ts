import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../database.ts";
import { migrateToLatest, migrateUpTo } from "../migrate.ts";
import { createPostgresSchema } from "../../test-support/server-process.ts";
import { describeEachEngine, testPostgresUrl } from "../../test-support/test-app.ts";

// Migration 0013 (docs/booking-lifecycle.md): bookings stored with the old three statuses get the
// lifecycle's: a decline (cancelled with declined_at) becomes declined, a cancellation with an
// operator's `booking.cancel` audit row becomes cancelled_by_operator, any other cancellation
// cancelled_by_customer; pending and confirmed stay; every booking gets payment_status "none".

describeEachEngine("migration 0013, the booking lifecycle", (engine) => {
  it("gives old bookings the lifecycle's statuses from what they recorded", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "lifecycle-migration-"));
    const schema = engine === "postgres" && testPostgresUrl ? await createPostgresSchema(testPostgresUrl) : null;
    const database: DatabaseHandle = openDatabase({ databaseUrl: schema?.url, dataDirectory: directory });
    try {
      await migrateUpTo(database.db, "0012-operator-console");
      const now = new Date().toISOString();
      const insert = async (status: string, extra: { declined_at?: string } = {}) => {
        const id = randomUUID();
        await database.db
          .insertInto("bookings")
          .values({
            id,
            user_id: null,
            customer_name: "Astrid",
            location: "Stockholm, Sweden",
            start_time: now,
            end_time: now,
            start_date: "2030-01-01",
            end_date: "2030-01-01",
            price: 100,
            service_type: "vip_residential",
            status: status as never,
            time_of_day: null,
            guard_count: 1,
            style: null,
            car_option: null,
            duration: null,
            total_days: 1,
            notes: "[]",
            customer_note: null,
            language: "en",
            idempotency_key: null,
            request_hash: "hash",
            created_at: now,
            cancelled_at: status === "cancelled" ? now : null,
            ...extra,
          } as never)
          .execute();
        return id;
      };
      const pending = await insert("pending");
      const confirmed = await insert("confirmed");
      const declined = await insert("cancelled", { declined_at: now });
      const byOperator = await insert("cancelled");
      const byCustomer = await insert("cancelled");
      await database.db
        .insertInto("audit_log")
        .values({
          id: randomUUID(),
          actor_user_id: null,
          action: "booking.cancel",
          subject_type: "booking",
          subject_id: byOperator,
          before: null,
          after: null,
          created_at: now,
        })
        .execute();

      await migrateToLatest(database.db);
      const rows = await database.db.selectFrom("bookings").select(["id", "status", "payment_status"]).execute();
      const statusOf = (id: string) => rows.find((row) => row.id === id)?.status;
      expect(statusOf(pending)).toBe("pending");
      expect(statusOf(confirmed)).toBe("confirmed");
      expect(statusOf(declined)).toBe("declined");
      expect(statusOf(byOperator)).toBe("cancelled_by_operator");
      expect(statusOf(byCustomer)).toBe("cancelled_by_customer");
      expect(new Set(rows.map((row) => row.payment_status))).toEqual(new Set(["none"]));
      // The events table starts empty and counts from 1.
      expect(await database.db.selectFrom("events").select("id").execute()).toEqual([]);
    } finally {
      await database.close();
      await schema?.drop();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../database.ts";
import { migrateToLatest, migrateUpTo } from "../migrate.ts";
import { recomputeSummary, storedSummary } from "../../insights/daily-summary.ts";
import { createPostgresSchema } from "../../test-support/server-process.ts";
import { describeEachEngine, testPostgresUrl } from "../../test-support/test-app.ts";

// Migration 0033 (ADR 249): a summary written when a booking counted under its first service only
// is written again, so a booking of residential protection with a security driver is demand for
// the driver too, and the totals count it once.

describeEachEngine("migration 0033, insights under every service", (engine) => {
  it("writes the stored summary again by the new definition", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "insights-every-service-"));
    const schema = engine === "postgres" && testPostgresUrl ? await createPostgresSchema(testPostgresUrl) : null;
    const database: DatabaseHandle = openDatabase({ databaseUrl: schema?.url, dataDirectory: directory });
    try {
      await migrateUpTo(database.db, "0029-payment-needed");
      const db = database.db;
      const id = randomUUID();
      const created = "2026-11-20T10:00:00.000Z";
      await db
        .insertInto("bookings")
        .values({
          id,
          user_id: null,
          customer_name: "Astrid Lindqvist",
          location: "Stockholm, Sweden",
          start_time: "2026-12-01T23:00:00.000Z",
          end_time: "2026-12-02T23:00:00.000Z",
          start_date: "2026-12-02",
          end_date: "2026-12-02",
          price: 69_800,
          service_type: "vip_residential",
          status: "pending",
          time_of_day: "day",
          guard_count: 2,
          style: null,
          car_option: null,
          duration: null,
          total_days: 1,
          vat_cents: 13_960,
          customer_note: null,
          language: "en",
          idempotency_key: null,
          request_hash: randomUUID(),
          created_at: created,
          cancelled_at: null,
        })
        .execute();
      const line = (position: number, service: string, type: "vip_residential" | "vip_driver", cents: number) => ({
        booking_id: id,
        position,
        service_id: service,
        service_type: type,
        title: service,
        description: "",
        options: JSON.stringify({ guards: 1, days: 1 }),
        daily_price_cents: cents,
        guards: 1,
        days: 1,
        line_total_cents: cents,
        vat_cents: Math.round(cents / 5),
        vat_rate_basis_points: 2500,
      });
      await db
        .insertInto("booking_lines")
        .values([line(0, "svc-residential", "vip_residential", 49_900), line(1, "svc-driver", "vip_driver", 19_900)])
        .execute();
      // The rows as the earlier definition wrote them: the request under the first service only.
      await db.deleteFrom("insights_days").execute();
      await db
        .insertInto("insights_days")
        .values([
          { day: "2026-11-20", service_type: "vip_residential", kind: "request", n: 1, cents: 0 },
          { day: "2026-11-20", service_type: "", kind: "reply.pending", n: 1, cents: 0 },
        ])
        .execute();

      await migrateToLatest(db);

      const stored = await storedSummary(db);
      expect(stored.get("2026-11-20|vip_driver|request")?.n).toBe(1);
      expect(stored.get("2026-11-20|vip_residential|request")?.n).toBe(1);
      expect(stored.get("2026-11-20||request")?.n).toBe(1);
      expect(Object.fromEntries(stored)).toEqual(Object.fromEntries(await recomputeSummary(db)));
    } finally {
      await database.close();
      await schema?.drop();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PostgresAdapter, type Kysely } from "kysely";
import { afterEach, expect, it } from "vitest";
import { bookingLinesOf } from "../booking-lines.ts";
import { createPostgresSchema } from "../test-support/server-process.ts";
import { describeEachEngine, testPostgresUrl } from "../test-support/test-app.ts";
import { openDatabase, type DatabaseEngine, type DatabaseHandle } from "./database.ts";
import { migrateUpTo, migrateToLatest } from "./migrate.ts";

// Migration 0015 (docs/money.md, ADR 102): bookings written by the previous version, with their
// services as JSON in `notes` and prices in whole euros, become booking_lines rows in cents with
// the VAT part per line, and nothing is lost.

type Cleanup = () => Promise<void>;
const cleanups: Cleanup[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function databaseAtPreviousVersion(engine: DatabaseEngine): Promise<DatabaseHandle> {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "booking-lines-"));
  let databaseUrl: string | undefined;
  let drop: Cleanup = async () => {};
  if (engine === "postgres") {
    if (!testPostgresUrl) throw new Error("TEST_DATABASE_URL is required for the postgres engine");
    const schema = await createPostgresSchema(testPostgresUrl);
    databaseUrl = schema.url;
    drop = schema.drop;
  }
  const handle = openDatabase({ ...(databaseUrl && { databaseUrl }), dataDirectory });
  cleanups.push(async () => {
    await handle.close();
    await drop();
    rmSync(dataDirectory, { recursive: true, force: true });
  });
  await migrateUpTo(handle.db, "0012-operator-console");
  return handle;
}

type PreviousBookings = { bookings: Record<string, unknown>; users: Record<string, unknown> };

/** A booking exactly as the previous version's booking writer stored it. */
async function insertPreviousBooking(
  db: Kysely<PreviousBookings>,
  userId: string,
  fields: { price: number; notes: unknown[]; note?: string },
) {
  const id = randomUUID();
  await db
    .insertInto("bookings")
    .values({
      id,
      user_id: userId,
      customer_name: "Astrid Lindqvist",
      location: "Göteborg, Sweden",
      start_time: "2027-03-09T23:00:00.000Z",
      end_time: "2027-03-12T23:00:00.000Z",
      start_date: "2027-03-10",
      end_date: "2027-03-12",
      price: fields.price,
      service_type: "vip_residential",
      status: "pending",
      time_of_day: "night",
      guard_count: 3,
      style: "Formal",
      car_option: "with_car",
      duration: "18h",
      total_days: 3,
      notes: JSON.stringify(fields.notes),
      customer_note: fields.note ?? null,
      language: "en",
      idempotency_key: null,
      request_hash: randomUUID(),
      created_at: "2026-11-20T10:00:00.000Z",
    })
    .execute();
  return id;
}

const residentialLine = {
  serviceId: "svc-residential",
  title: "VIP Residential Security",
  description: "Guards at your home.",
  options: { guards: 2, days: 3, timeOfDay: "night" },
  dailyPrice: 1198,
  total: 3594,
};
const driverLine = {
  serviceId: "svc-driver",
  title: "VIP Security Driver",
  description: "A trained driver.",
  options: { guards: 1, days: 3, duration: "18h", style: "Formal", car: "with_car", carClass: "S-class" },
  dailyPrice: 1172,
  total: 3516,
};

async function insertUser(handle: DatabaseHandle) {
  const id = randomUUID();
  const isPostgres = handle.db.getExecutor().adapter instanceof PostgresAdapter;
  await (handle.db as unknown as Kysely<PreviousBookings>)
    .insertInto("users")
    .values({
      id,
      name: "Astrid Lindqvist",
      email: `${id}@example.test`,
      email_verified: isPostgres ? true : 1,
      created_at: "2026-11-01T10:00:00.000Z",
      updated_at: "2026-11-01T10:00:00.000Z",
    })
    .execute();
  return id;
}

describeEachEngine("migration 0015: booking lines", (engine) => {
  it("moves every service of the stored bookings into booking_lines in cents, with VAT per line, losing nothing", async () => {
    const handle = await databaseAtPreviousVersion(engine);
    const previous = handle.db as unknown as Kysely<PreviousBookings>;
    const userId = await insertUser(handle);
    const twoServices = await insertPreviousBooking(previous, userId, {
      price: (3594 + 3516) * 100,
      notes: [residentialLine, driverLine],
      note: "Two entrances, please ring first.",
    });
    // An operator adjusted this one's total to €1,500.55 (VAT-inclusive): its VAT is computed on it.
    const adjusted = await insertPreviousBooking(previous, userId, { price: 150_055, notes: [residentialLine] });
    // A service no longer in the catalogue keeps the booking's own type.
    const retired = await insertPreviousBooking(previous, userId, {
      price: 59_700,
      notes: [{ ...residentialLine, serviceId: "svc-retired", title: "Old service", dailyPrice: 199, total: 597 }],
    });

    await migrateToLatest(handle.db);

    const lines = await bookingLinesOf(handle.db, [twoServices, adjusted, retired]);
    expect(lines.get(twoServices)).toEqual([
      {
        serviceId: "svc-residential",
        serviceType: "vip_residential",
        title: "VIP Residential Security",
        description: "Guards at your home.",
        options: { guards: 2, days: 3, timeOfDay: "night" },
        dailyPriceCents: 119_800,
        totalCents: 359_400,
        vatCents: 71_880,
        vatRateBasisPoints: 2500,
      },
      {
        serviceId: "svc-driver",
        serviceType: "vip_driver",
        title: "VIP Security Driver",
        description: "A trained driver.",
        options: { guards: 1, days: 3, duration: "18h", style: "Formal", car: "with_car", carClass: "S-class" },
        dailyPriceCents: 117_200,
        totalCents: 351_600,
        vatCents: 70_320,
        vatRateBasisPoints: 2500,
      },
    ]);
    expect(lines.get(retired)?.[0]).toMatchObject({ serviceId: "svc-retired", serviceType: "vip_residential", totalCents: 59_700 });

    const rows = await handle.db.selectFrom("bookings").selectAll().where("id", "in", [twoServices, adjusted, retired]).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    // Totals are the sums of the lines; the adjusted total keeps its price and gets its own VAT part.
    expect(byId.get(twoServices)).toMatchObject({ price: 711_000, vat_cents: 142_200, customer_note: "Two entrances, please ring first." });
    expect(byId.get(adjusted)).toMatchObject({ price: 150_055, vat_cents: 30_011 });
    expect(byId.get(retired)).toMatchObject({ price: 59_700, vat_cents: 11_940 });
    // The services' JSON is gone from the booking row; the customer's note stays in customer_note.
    expect(byId.get(twoServices)).not.toHaveProperty("notes");
  });

  it("stops, naming the booking, rather than drop services it cannot read", async () => {
    const handle = await databaseAtPreviousVersion(engine);
    const userId = await insertUser(handle);
    const broken = await insertPreviousBooking(handle.db as unknown as Kysely<PreviousBookings>, userId, {
      price: 100,
      notes: [{ ...residentialLine, options: { guards: "two", days: 3 } }],
    });
    await expect(migrateToLatest(handle.db)).rejects.toThrow(broken);
    const count = await (handle.db as unknown as Kysely<PreviousBookings>)
      .selectFrom("bookings")
      .select((select) => select.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);

    // Nothing was changed, so once the row is repaired the migration runs.
    await (handle.db as unknown as Kysely<PreviousBookings>)
      .updateTable("bookings")
      .set({ notes: JSON.stringify([residentialLine]) })
      .where("id", "=", broken)
      .execute();
    await migrateToLatest(handle.db);
    expect((await bookingLinesOf(handle.db, [broken])).get(broken)).toHaveLength(1);
  });
});

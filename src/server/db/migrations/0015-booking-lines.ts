import { sql, type Kysely } from "kysely";
import { z } from "zod";
import { serviceOptionsSchema } from "../../../shared/booking.ts";
import { centsFromEuros, standardVatRateBasisPoints, sumCents, vatOfInclusive } from "../../../shared/money.ts";
import { isServiceSlug, serviceTypeBySlug, serviceTypes, type ServiceType } from "../../../shared/service-types.ts";

// Booking lines (docs/money.md, ADR 102): every booked service becomes a row of its own with its
// options and its prices in cents (VAT part per line), instead of the JSON the bookings kept in
// `notes`. The bookings made so far are moved here without loss; `notes` is then dropped, as the
// customer's own note has always lived in `customer_note` (cleared when the account is deleted).
// bookings.vat_cents keeps the VAT part of the booking's total for lists that read no lines.

type LegacyBooking = { id: string; notes: string; price: number; service_type: string };
type LineRow = {
  booking_id: string;
  position: number;
  service_id: string;
  service_type: string;
  title: string;
  description: string;
  options: string;
  daily_price_cents: number;
  guards: number;
  days: number;
  line_total_cents: number;
  vat_cents: number;
  vat_rate_basis_points: number;
};
type MigrationTables = {
  bookings: LegacyBooking & { vat_cents: number };
  booking_lines: LineRow;
  services: { id: string; type: string };
};

/** The JSON array the earlier versions wrote into notes: prices in whole euros. */
const legacyLinesSchema = z.array(
  z.object({
    serviceId: z.string().min(1),
    title: z.string(),
    description: z.string(),
    options: serviceOptionsSchema,
    dailyPrice: z.number().nonnegative(),
    total: z.number().nonnegative(),
  }),
);

const batchSize = 500;

/** Every stored booking, a batch at a time, in id order. */
async function forEachBookingBatch(db: Kysely<MigrationTables>, visit: (bookings: LegacyBooking[]) => Promise<void>): Promise<void> {
  let after = "";
  for (;;) {
    const bookings = await db
      .selectFrom("bookings")
      .select(["id", "notes", "price", "service_type"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(batchSize)
      .execute();
    if (bookings.length === 0) return;
    await visit(bookings);
    after = bookings.at(-1)?.id ?? after;
  }
}

function legacyLinesOf(booking: LegacyBooking) {
  let json: unknown;
  try {
    json = JSON.parse(booking.notes);
  } catch {
    json = undefined;
  }
  const parsed = legacyLinesSchema.safeParse(json);
  if (!parsed.success) throw new Error(`Booking ${booking.id}: its services cannot be read (${parsed.error.message})`);
  return parsed.data;
}

export async function up(unknownDb: Kysely<unknown>): Promise<void> {
  const db = unknownDb as Kysely<MigrationTables>;
  // A booking whose services cannot be read stops the migration before it changes anything (SQLite
  // runs DDL outside the migration's transaction), rather than losing them.
  await forEachBookingBatch(db, async (bookings) => {
    for (const booking of bookings) legacyLinesOf(booking);
  });

  await db.schema
    .createTable("booking_lines")
    .addColumn("booking_id", "text", (column) => column.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("service_id", "text", (column) => column.notNull())
    .addColumn("service_type", "text", (column) => column.notNull())
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("description", "text", (column) => column.notNull())
    .addColumn("options", "text", (column) => column.notNull())
    .addColumn("daily_price_cents", "integer", (column) => column.notNull())
    .addColumn("guards", "integer", (column) => column.notNull())
    .addColumn("days", "integer", (column) => column.notNull())
    .addColumn("line_total_cents", "integer", (column) => column.notNull())
    .addColumn("vat_cents", "integer", (column) => column.notNull())
    .addColumn("vat_rate_basis_points", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("booking_lines_pkey", ["booking_id", "position"])
    .execute();
  await db.schema
    .alterTable("bookings")
    .addColumn("vat_cents", "integer", (column) => column.notNull().defaultTo(0))
    .execute();

  const typeOfService = new Map((await db.selectFrom("services").select(["id", "type"]).execute()).map((row) => [row.id, row.type]));
  const serviceTypeOf = (serviceId: string, bookingType: string): ServiceType => {
    const slug = serviceId.replace(/^svc-/, "");
    const found = typeOfService.get(serviceId) ?? (isServiceSlug(slug) ? serviceTypeBySlug[slug] : bookingType);
    return (serviceTypes as readonly string[]).includes(found) ? (found as ServiceType) : "vip_outdoor";
  };

  await forEachBookingBatch(db, async (bookings) => {
    for (const booking of bookings) {
      const lines: LineRow[] = legacyLinesOf(booking).map((line, position) => {
        const total = centsFromEuros(line.total);
        return {
          booking_id: booking.id,
          position,
          service_id: line.serviceId,
          service_type: serviceTypeOf(line.serviceId, booking.service_type),
          title: line.title,
          description: line.description,
          options: JSON.stringify(line.options),
          daily_price_cents: centsFromEuros(line.dailyPrice),
          guards: line.options.guards,
          days: line.options.days,
          line_total_cents: total,
          vat_cents: vatOfInclusive(total, standardVatRateBasisPoints),
          vat_rate_basis_points: standardVatRateBasisPoints,
        };
      });
      if (lines.length > 0) await db.insertInto("booking_lines").values(lines).execute();
      // docs/money.md: the booking's VAT is the sum of its lines', unless an operator set another total.
      const linesTotal = sumCents(lines.map((line) => line.line_total_cents));
      const vat = linesTotal === booking.price ? sumCents(lines.map((line) => line.vat_cents)) : vatOfInclusive(booking.price);
      await db.updateTable("bookings").set({ vat_cents: vat }).where("id", "=", booking.id).execute();
    }
  });

  await db.schema.alterTable("bookings").dropColumn("notes").execute();
}

export async function down(unknownDb: Kysely<unknown>): Promise<void> {
  const db = unknownDb as Kysely<MigrationTables>;
  await db.schema
    .alterTable("bookings")
    .addColumn("notes", "text", (column) => column.notNull().defaultTo("[]"))
    .execute();
  const lines = await db.selectFrom("booking_lines").selectAll().orderBy("booking_id").orderBy("position").execute();
  const byBooking = new Map<string, LineRow[]>();
  for (const line of lines) byBooking.set(line.booking_id, [...(byBooking.get(line.booking_id) ?? []), line]);
  for (const [bookingId, rows] of byBooking) {
    const notes = rows.map((row) => ({
      serviceId: row.service_id,
      title: row.title,
      description: row.description,
      options: JSON.parse(row.options) as unknown,
      dailyPrice: row.daily_price_cents / 100,
      total: row.line_total_cents / 100,
    }));
    await db
      .updateTable("bookings")
      .set({ notes: JSON.stringify(notes) })
      .where("id", "=", bookingId)
      .execute();
  }
  await db.schema.dropTable("booking_lines").execute();
  await sql`alter table bookings drop column vat_cents`.execute(db);
}

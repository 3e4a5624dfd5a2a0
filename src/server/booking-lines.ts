import type { Kysely } from "kysely";
import { bookingLineSchema, type BookingLine } from "../shared/booking.ts";
import type { DatabaseSchema } from "./db/schema.ts";
import type { BookingLinesTable } from "./db/tables/bookings.ts";

// Outside the features because every reader of a booking needs its lines (the customer's bookings,
// the operator console, the mails), and features never import each other. Lines are written with
// their booking in one transaction and read through the shared schema (docs/money.md, ADR 102):
// a stored line that does not parse is an error, never a guess.

/** The rows of booking_lines for a booking's priced lines, in their order. */
export function bookingLineRows(bookingId: string, lines: readonly BookingLine[]): BookingLinesTable[] {
  return lines.map((line, position) => ({
    booking_id: bookingId,
    position,
    service_id: line.serviceId,
    service_type: line.serviceType,
    title: line.title,
    description: line.description,
    options: JSON.stringify(line.options),
    daily_price_cents: line.dailyPriceCents,
    guards: line.options.guards,
    days: line.options.days,
    line_total_cents: line.totalCents,
    vat_cents: line.vatCents,
    vat_rate_basis_points: line.vatRateBasisPoints,
  }));
}

export function toBookingLine(row: BookingLinesTable): BookingLine {
  const parsed = bookingLineSchema.safeParse({
    serviceId: row.service_id,
    serviceType: row.service_type,
    title: row.title,
    description: row.description,
    options: JSON.parse(row.options),
    dailyPriceCents: Number(row.daily_price_cents),
    totalCents: Number(row.line_total_cents),
    vatCents: Number(row.vat_cents),
    vatRateBasisPoints: Number(row.vat_rate_basis_points),
  });
  if (!parsed.success) throw new Error(`Booking ${row.booking_id} line ${row.position} is not valid: ${parsed.error.message}`);
  return parsed.data;
}

/** The lines of the given bookings, in order, by booking id (one query for a whole list). */
export async function bookingLinesOf(db: Kysely<DatabaseSchema>, bookingIds: readonly string[]): Promise<Map<string, BookingLine[]>> {
  const lines = new Map<string, BookingLine[]>();
  if (bookingIds.length === 0) return lines;
  const rows = await db
    .selectFrom("booking_lines")
    .selectAll()
    .where("booking_id", "in", [...new Set(bookingIds)])
    .orderBy("booking_id")
    .orderBy("position")
    .execute();
  for (const row of rows) {
    const list = lines.get(row.booking_id) ?? [];
    list.push(toBookingLine(row));
    lines.set(row.booking_id, list);
  }
  return lines;
}

/** One booking's lines, in order. */
export async function bookingLinesOfOne(db: Kysely<DatabaseSchema>, bookingId: string): Promise<BookingLine[]> {
  return (await bookingLinesOf(db, [bookingId])).get(bookingId) ?? [];
}

/**
 * The catalogue ids of the given bookings' services, in the lines' order, by booking id: lists
 * name a booking by all of its services, not by its first (`bookings.service_type`).
 */
export async function bookingServiceIdsOf(db: Kysely<DatabaseSchema>, bookingIds: readonly string[]): Promise<Map<string, string[]>> {
  const ids = new Map<string, string[]>();
  if (bookingIds.length === 0) return ids;
  const rows = await db
    .selectFrom("booking_lines")
    .select(["booking_id", "service_id"])
    .where("booking_id", "in", [...new Set(bookingIds)])
    .orderBy("booking_id")
    .orderBy("position")
    .execute();
  for (const row of rows) {
    const list = ids.get(row.booking_id) ?? [];
    list.push(row.service_id);
    ids.set(row.booking_id, list);
  }
  return ids;
}

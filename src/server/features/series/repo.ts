import { createHash } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { BookingLine, ServiceType } from "../../../shared/booking.ts";
import type { BookingStatus } from "../../../shared/booking-lifecycle.ts";
import { neutralPlace } from "../../../shared/place-names.ts";
import type { CreateSeries, SeriesOccurrenceView, SeriesView } from "../../../shared/series-schema.ts";
import { occurrencePeriod, type SeriesRule } from "../../../shared/series.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import type { BookingsTable } from "../../db/tables/bookings.ts";
import type { BookingSeriesOccurrencesTable, BookingSeriesTable } from "../../db/tables/series.ts";

// Recurring engagements (docs/series.md, ADR 280): the series' rows and the booking row of one
// occurrence. An occurrence's booking is an ordinary booking (created through the lifecycle, ADR
// 238) whose days and times are the occurrence's.

export type SeriesRow = Selectable<BookingSeriesTable>;
export type OccurrenceRow = Selectable<BookingSeriesOccurrencesTable>;
/** What every occurrence is made from: the series request without its id and rule. */
export type SeriesRequest = Omit<CreateSeries, "seriesId" | "rule">;

export const ruleOf = (series: SeriesRow) => JSON.parse(series.rule) as SeriesRule;
export const requestOf = (series: SeriesRow) => JSON.parse(series.request) as SeriesRequest;

export async function findSeries(db: Kysely<DatabaseSchema>, id: string): Promise<SeriesRow | undefined> {
  return db.selectFrom("booking_series").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function occurrencesOf(db: Kysely<DatabaseSchema>, seriesId: string): Promise<OccurrenceRow[]> {
  return db
    .selectFrom("booking_series_occurrences")
    .selectAll()
    .where("series_id", "=", seriesId)
    .orderBy("occurrence_day", "asc")
    .execute();
}

/** ADR 051: an occurrence's booking id is derived from the series and its day, so a retried creation finds it. */
export function occurrenceBookingId(seriesId: string, occurrenceDay: string): string {
  const hex = createHash("sha256").update(`series:${seriesId}:${occurrenceDay}`).digest("hex");
  // An RFC 9562 version 8 (custom) UUID: the API's booking ids are UUIDs.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** The booking row of one occurrence (docs/product.md §3, §12), priced for its real hours (ADR 282). */
export function occurrenceBookingRow(input: {
  series: SeriesRow;
  occurrence: OccurrenceRow;
  customerName: string;
  lines: readonly BookingLine[];
  totalCents: number;
  vatCents: number;
  serviceType: ServiceType;
  buyerVat: string;
  now: Date;
}): BookingsTable & { buyer_vat: string; country_code: string | null } {
  const { series, occurrence, lines } = input;
  const request = requestOf(series);
  const period = occurrencePeriod({
    day: occurrence.day,
    days: series.days,
    startTime: occurrence.start_clock,
    endTime: occurrence.end_clock,
  });
  const firstWith = <Key extends "timeOfDay" | "style" | "duration" | "car">(key: Key) =>
    lines.find((line) => line.options[key] !== undefined)?.options[key] ?? null;
  const id = occurrenceBookingId(series.id, occurrence.occurrence_day);
  return {
    id,
    user_id: series.user_id,
    customer_name: input.customerName,
    cancelled_at: null,
    location: series.location,
    // ADR 280: an occurrence runs at its real instants (the start and end jobs and the refund rule read them).
    start_time: period.start.toISOString(),
    end_time: period.end.toISOString(),
    start_date: occurrence.day,
    end_date: period.lastDay,
    price: input.totalCents,
    vat_cents: input.vatCents,
    service_type: input.serviceType,
    status: "pending",
    time_of_day: firstWith("timeOfDay"),
    guard_count: lines.reduce((sum, line) => sum + line.options.guards, 0),
    style: firstWith("style"),
    car_option: firstWith("car"),
    duration: firstWith("duration"),
    total_days: series.days,
    customer_note: request.notes || null,
    start_clock: occurrence.start_clock,
    end_clock: occurrence.end_clock,
    meeting_point: request.meetingPoint || null,
    principal_name: request.principal?.name ?? null,
    principal_codename: request.principal?.codename ?? null,
    principal_phone: request.principal?.phone ?? null,
    principal_direct_contact: request.principal ? (request.principal.directContact ? 1 : 0) : null,
    language: series.language,
    idempotency_key: null,
    request_hash: createHash("sha256").update(id).digest("hex"),
    created_at: input.now.toISOString(),
    buyer_vat: input.buyerVat,
    country_code: neutralPlace(series.location).countryCode,
  };
}

/** The series as its owner and the firm see it: every occurrence with its booking's status and total. */
export async function seriesView(db: Kysely<DatabaseSchema>, series: SeriesRow): Promise<SeriesView> {
  const occurrences = await occurrencesOf(db, series.id);
  const bookingIds = occurrences.flatMap((occurrence) => (occurrence.booking_id ? [occurrence.booking_id] : []));
  const bookings =
    bookingIds.length === 0
      ? []
      : await db.selectFrom("bookings").select(["id", "status", "price"]).where("id", "in", bookingIds).execute();
  const byId = new Map(bookings.map((booking) => [booking.id, booking]));
  return {
    id: series.id,
    location: series.location,
    rule: ruleOf(series),
    days: Number(series.days),
    startTime: series.start_clock,
    endTime: series.end_clock,
    confirmed: series.confirmed_at !== null,
    calendarSequence: Number(series.calendar_sequence),
    occurrences: occurrences.map((occurrence): SeriesOccurrenceView => {
      const booking = occurrence.booking_id ? byId.get(occurrence.booking_id) : undefined;
      const period = occurrencePeriod({
        day: occurrence.day,
        days: Number(series.days),
        startTime: occurrence.start_clock,
        endTime: occurrence.end_clock,
      });
      return {
        occurrenceDay: occurrence.occurrence_day,
        day: occurrence.day,
        lastDay: period.lastDay,
        startTime: occurrence.start_clock,
        endTime: occurrence.end_clock,
        cancelled: Number(occurrence.cancelled) === 1,
        bookingId: occurrence.booking_id,
        status: (booking?.status as BookingStatus | undefined) ?? null,
        totalCents: booking ? Number(booking.price) : null,
        realHours: period.realMinutes / 60,
        wallClockHours: period.wallClockMinutes / 60,
      };
    }),
  };
}

/** The customer's e-mail and name, for the series' mail and its occurrences' rows. */
export async function ownerOf(db: Kysely<DatabaseSchema>, userId: string | null) {
  if (userId === null) return undefined;
  return db.selectFrom("users").select(["id", "email", "name"]).where("id", "=", userId).executeTakeFirst();
}

import type { BookingStatus } from "../../shared/booking-lifecycle.ts";
import { randomUUID } from "node:crypto";
import type { Insertable } from "kysely";
import { addDays } from "../../shared/time.ts";
import type { OperativeInput } from "../../shared/operator.ts";
import { startOfDayInZone } from "../../shared/time.ts";
import type { BookingLine } from "../../shared/booking.ts";
import { standardVatRateBasisPoints, vatOfInclusive } from "../../shared/money.ts";
import { bookingLineRows } from "../booking-lines.ts";
import type { DatabaseSchema } from "../db/schema.ts";
import { addToSummary, bookingContribution } from "../insights/daily-summary.ts";
import { createSignedInUser } from "./accounts.ts";
import type { TestApp } from "./test-app.ts";
import { serviceTitles } from "../../shared/service-titles.ts";

// Operator console fixtures: staff accounts signed in through Better Auth, bookings written
// straight into the table (as the booking writer stores them) so a test can choose their days,
// status and age, and operatives.

export async function createStaff(test: TestApp, role: "operator" | "admin") {
  return createSignedInUser(test, { role, fullName: role === "admin" ? "Ada Admin" : "Olle Operator" });
}

export type BookingFixture = {
  userId?: string | null;
  customerName?: string;
  location?: string;
  startDate: string;
  endDate?: string;
  status?: BookingStatus;
  serviceType?: "vip_residential" | "vip_driver" | "vip_outdoor";
  createdAt?: string;
  priceCents?: number;
  language?: "en" | "sv";
};

/** A booking row and its line, like the booking writer stores them (one residential line, 2 guards). */
export async function insertBooking(test: TestApp, fixture: BookingFixture): Promise<string> {
  const id = randomUUID();
  const endDate = fixture.endDate ?? fixture.startDate;
  const price = fixture.priceCents ?? 199_600;
  const days = Math.round((Date.parse(endDate) - Date.parse(fixture.startDate)) / 86_400_000) + 1;
  const row: Insertable<DatabaseSchema["bookings"]> = {
    id,
    user_id: fixture.userId ?? null,
    customer_name: fixture.customerName ?? "Astrid Lindqvist",
    location: fixture.location ?? "Stockholm, Sweden",
    start_time: startOfDayInZone(fixture.startDate).toISOString(),
    end_time: startOfDayInZone(addDays(endDate, 1)).toISOString(),
    start_date: fixture.startDate,
    end_date: endDate,
    price,
    service_type: fixture.serviceType ?? "vip_residential",
    status: fixture.status ?? "pending",
    time_of_day: "night",
    guard_count: 2,
    style: null,
    car_option: null,
    duration: null,
    total_days: days,
    vat_cents: vatOfInclusive(price),
    customer_note: null,
    language: fixture.language ?? "en",
    idempotency_key: null,
    request_hash: randomUUID(),
    created_at: fixture.createdAt ?? new Date().toISOString(),
    cancelled_at: null,
  };
  await test.db.insertInto("bookings").values(row).execute();
  // The one line is of the booking's service, as the booking writer stores it.
  const serviceType = fixture.serviceType ?? "vip_residential";
  const slug = ({ vip_residential: "residential", vip_driver: "driver", vip_outdoor: "bodyguard" } as const)[serviceType];
  const line: BookingLine = {
    serviceId: `svc-${slug}`,
    serviceType,
    title: serviceTitles[slug].en,
    description: "",
    options: { guards: 2, days, timeOfDay: "night" },
    dailyPriceCents: Math.round(price / days),
    totalCents: price,
    vatCents: vatOfInclusive(price),
    vatRateBasisPoints: standardVatRateBasisPoints,
  };
  await test.db
    .insertInto("booking_lines")
    .values(bookingLineRows(id, [line]))
    .execute();
  // As the booking writer does: the request's rows of the insights summary (ADR 155).
  await addToSummary(test.db, await bookingContribution(test.db, id));
  return id;
}

export function operativeBody(overrides: Partial<OperativeInput> = {}): OperativeInput {
  return {
    name: "Johan Berg",
    phone: "+46 70 111 22 33",
    licenceNumber: `SE-${randomUUID().slice(0, 8)}`,
    licenceExpiresOn: "2030-12-31",
    languages: ["sv", "en"],
    skills: ["close_protection", "driver"],
    active: true,
    ...overrides,
  };
}

/** Audit rows of a subject, oldest first. */
export async function auditActions(test: TestApp, subjectId: string): Promise<string[]> {
  const rows = await test.db
    .selectFrom("audit_log")
    .select("action")
    .where("subject_id", "=", subjectId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => row.action);
}

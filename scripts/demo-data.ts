// Demo data for the operator console (ADR 072): customers with profiles, I.C.E. contacts and ID
// documents, operatives, and bookings across two years in every status, written with batched
// multi-row inserts in transactions so 100,000 bookings take seconds. Deterministic (a seeded
// generator), so two runs of the benchmark measure the same data.
import { randomUUID } from "node:crypto";
import { seededRandom } from "../src/server/test-support/seeded-random.ts";
import { rebuildSummary } from "../src/server/insights/daily-summary.ts";
import { hashPassword } from "better-auth/crypto";
import { PostgresAdapter, sql, type Insertable, type Kysely } from "kysely";
import { addDays } from "../src/shared/time.ts";
import { operatorToday, startOfDayInZone } from "../src/shared/time.ts";
import { standardVatRateBasisPoints, vatOfInclusive } from "../src/shared/money.ts";
import { bookingLineRows } from "../src/server/booking-lines.ts";
import type { DatabaseSchema } from "../src/server/db/schema.ts";

export type DemoOptions = { customers: number; bookings: number; operatives: number; password: string };
export const demoDefaults: DemoOptions = { customers: 2_000, bookings: 100_000, operatives: 60, password: "Demo-Harbour-2026" };
export const demoEmailDomain = "demo.nordicshield.test";

const firstNames = [
  "Astrid",
  "Erik",
  "Maja",
  "Lars",
  "Ingrid",
  "Johan",
  "Elsa",
  "Nils",
  "Freja",
  "Oskar",
  "Sofia",
  "Henrik",
  "Ebba",
  "Gustav",
  "Linnea",
  "Anders",
  "Clara",
  "Viktor",
  "Alice",
  "Magnus",
  "Amelia",
  "Noah",
  "Charlotte",
  "Louis",
  "Isabella",
  "Matteo",
  "Hannah",
  "Lukas",
];
const lastNames = [
  "Lindqvist",
  "Johansson",
  "Andersson",
  "Karlsson",
  "Nilsson",
  "Eriksson",
  "Larsson",
  "Olsson",
  "Persson",
  "Svensson",
  "Berg",
  "Holm",
  "Dahl",
  "Ström",
  "Müller",
  "Rossi",
  "Dubois",
  "García",
  "Smith",
  "Novak",
  "Jensen",
  "Virtanen",
];
const places = [
  "Stockholm, Sweden",
  "Göteborg, Sweden",
  "Malmö, Sweden",
  "Uppsala, Sweden",
  "Visby, Sweden",
  "Åre, Sweden",
  "Oslo, Norway",
  "Copenhagen, Denmark",
  "Helsinki, Finland",
  "Berlin, Germany",
  "Paris, France",
  "Monaco, Monaco",
  "Cannes, France",
  "London, United Kingdom",
  "Zürich, Switzerland",
  "Milan, Italy",
  "Barcelona, Spain",
  "Vienna, Austria",
];
const services = [
  { serviceId: "svc-residential", type: "vip_residential", title: "VIP Residential Security", daily: 499 },
  { serviceId: "svc-driver", type: "vip_driver", title: "VIP Security Driver", daily: 299 },
  { serviceId: "svc-bodyguard", type: "vip_outdoor", title: "VIP Bodyguard", daily: 199 },
  { serviceId: "svc-going-out", type: "vip_outdoor", title: "VIP Going-Out Security", daily: 199 },
  { serviceId: "svc-event", type: "vip_outdoor", title: "VIP Event & Party Security", daily: 199 },
] as const;

async function insertInBatches<Table extends keyof DatabaseSchema>(
  db: Kysely<DatabaseSchema>,
  table: Table,
  rows: Insertable<DatabaseSchema[Table]>[],
  columnsPerRow: number,
) {
  // Under SQLite's default limit of 32,766 bound parameters per statement.
  const batch = Math.max(1, Math.floor(30_000 / columnsPerRow));
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += batch) {
      // Kysely's table union is too wide for a generic insert; every row here matches `table`.
      await trx
        .insertInto(table)
        .values(rows.slice(start, start + batch) as never)
        .execute();
    }
  });
}

/** Fills the database; resolves with what it wrote. Refuses to run twice on one database. */
export async function seedDemo(db: Kysely<DatabaseSchema>, options: DemoOptions = demoDefaults, now = new Date()) {
  const existing = await db.selectFrom("users").select("id").where("email", "like", `%@${demoEmailDomain}`).executeTakeFirst();
  if (existing) throw new Error("This database already holds the demo data.");
  const random = seededRandom(20_261_123);
  const passwordHash = await hashPassword(options.password);
  const stamp = now.toISOString();
  const today = operatorToday(now);

  const customers = Array.from({ length: options.customers }, (_, index) => {
    const first = random.pick(firstNames);
    const last = random.pick(lastNames);
    return {
      id: randomUUID().replace(/-/g, ""),
      name: `${first} ${last}`,
      email: `${first}.${last}.${index}@${demoEmailDomain}`.toLowerCase(),
      language: random.next() < 0.6 ? ("sv" as const) : ("en" as const),
    };
  });
  const staff = [
    {
      id: randomUUID().replace(/-/g, ""),
      name: "Olle Operator",
      email: `operator@${demoEmailDomain}`,
      language: "sv" as const,
      role: "operator",
    },
    { id: randomUUID().replace(/-/g, ""), name: "Ada Admin", email: `admin@${demoEmailDomain}`, language: "en" as const, role: "admin" },
  ];
  const people = [...customers.map((customer) => ({ ...customer, role: "customer" })), ...staff];
  await insertInBatches(
    db,
    "users",
    people.map((person) => ({
      id: person.id,
      name: person.name,
      email: person.email,
      email_verified: true,
      image: null,
      role: person.role,
      banned: false,
      ban_reason: null,
      ban_expires: null,
      created_at: stamp,
      updated_at: stamp,
    })),
    11,
  );
  await insertInBatches(
    db,
    "auth_accounts",
    people.map((person) => ({
      id: randomUUID(),
      user_id: person.id,
      account_id: person.id,
      provider_id: "credential",
      access_token: null,
      refresh_token: null,
      id_token: null,
      access_token_expires_at: null,
      refresh_token_expires_at: null,
      scope: null,
      password: passwordHash,
      created_at: stamp,
      updated_at: stamp,
    })),
    14,
  );
  await insertInBatches(
    db,
    "profiles",
    people.map((person) => ({
      id: person.id,
      full_name: person.name,
      phone_number: `+46 70 ${random.int(100, 999)} ${random.int(10, 99)} ${random.int(10, 99)}`,
      email: person.email,
      address: `Strandvägen ${random.int(1, 90)}`,
      city: "Stockholm",
      country: "Sweden",
      postal_code: `1${random.int(10, 99)} ${random.int(10, 99)}`,
      avatar_url: null,
      id_verified: 0,
      language: person.language,
      created_at: stamp,
      updated_at: stamp,
    })),
    14,
  );
  await insertInBatches(
    db,
    "emergency_contacts",
    customers
      .filter(() => random.next() < 0.5)
      .map((customer) => ({
        id: randomUUID(),
        user_id: customer.id,
        name: `${random.pick(firstNames)} ${random.pick(lastNames)}`,
        phone: `+46 73 ${random.int(100, 999)} ${random.int(10, 99)} ${random.int(10, 99)}`,
        email: `ice.${customer.email}`,
        created_at: stamp,
        updated_at: stamp,
      })),
    7,
  );
  // Pending ID documents without files (the demo has no images): the review list fills up.
  await insertInBatches(
    db,
    "id_verifications",
    customers
      .filter(() => random.next() < 0.05)
      .map((customer) => ({
        id: randomUUID(),
        user_id: customer.id,
        type: random.pick(["passport", "id_card", "drivers_license"]),
        status: "pending" as const,
        file_key: null,
        content_type: null,
        file_size: null,
        rejection_reason: null,
        reviewed_by: null,
        reviewed_at: null,
        created_at: stamp,
      })),
    11,
  );

  const operatives = Array.from({ length: options.operatives }, () => ({
    id: randomUUID(),
    name: `${random.pick(firstNames)} ${random.pick(lastNames)}`,
    phone: `+46 70 ${random.int(100, 999)} ${random.int(10, 99)} ${random.int(10, 99)}`,
    licence_number: `SE-${random.int(100_000, 999_999)}`,
    licence_expires_on: addDays(today, random.int(-30, 900)),
    languages: JSON.stringify(random.next() < 0.5 ? ["sv", "en"] : ["sv", "en", random.pick(["de", "fr", "fi", "no", "da"])]),
    skills: JSON.stringify(
      random.next() < 0.4 ? ["close_protection", "driver"] : [random.pick(["close_protection", "residential", "event"])],
    ),
    active: random.next() < 0.9 ? 1 : 0,
    created_at: stamp,
    updated_at: stamp,
  }));
  await insertInBatches(db, "operatives", operatives, 10);

  // Bookings made over the last year for days from a year ago to six months ahead; past ones
  // are mostly decided, recent ones mostly still pending.
  const bookings: Insertable<DatabaseSchema["bookings"]>[] = [];
  const lines: Insertable<DatabaseSchema["booking_lines"]>[] = [];
  // The lifecycle's events and the operatives' assignments (docs/insights.md), drawn from a
  // generator of their own so the bookings above stay the same as before they were added: four
  // in five answers within 24 hours, the rest within three days.
  const answers = seededRandom(20_261_126);
  const events: Insertable<DatabaseSchema["events"]>[] = [];
  const assignments: Insertable<DatabaseSchema["booking_assignments"]>[] = [];
  const activeOperatives = operatives.filter((operative) => operative.active === 1).map((operative) => operative.id);
  const hourMs = 3_600_000;
  const event = (type: string, bookingId: string, at: string, actorRole: string) =>
    events.push({ type, booking_id: bookingId, actor_user_id: null, actor_role: actorRole, payload: "{}", created_at: at });
  for (let index = 0; index < options.bookings; index += 1) {
    const customer = random.pick(customers);
    const service = random.pick(services);
    const startDate = addDays(today, random.int(-365, 180));
    const days = random.int(1, 7);
    const endDate = addDays(startDate, days - 1);
    const guards = random.int(1, 4);
    const createdAt = new Date(
      Math.min(
        now.getTime() - random.int(1, 3_600) * 1_000,
        startOfDayInZone(startDate).getTime() - random.int(1, 60) * 86_400_000 * random.next(),
      ) -
        random.int(0, 86_400) * 1000,
    ).toISOString();
    const ageDays = (now.getTime() - new Date(createdAt).getTime()) / 86_400_000;
    const roll = random.next();
    const status = ageDays < 2 ? (roll < 0.85 ? "pending" : "confirmed") : roll < 0.03 ? "pending" : roll < 0.8 ? "confirmed" : "cancelled";
    const declined = status === "cancelled" && random.next() < 0.4;
    const storedStatus = declined ? "declined" : status === "cancelled" ? "cancelled_by_customer" : status;
    const total = service.daily * guards * days;
    const bookingId = randomUUID();
    const replyHours = answers.next() < 0.8 ? answers.next() * 24 : 24 + answers.next() * 48;
    const afterCreated = (hours: number) =>
      new Date(Math.min(now.getTime() - 1_000, new Date(createdAt).getTime() + hours * hourMs)).toISOString();
    const answeredAt = afterCreated(replyHours);
    const customerCancelledAt = afterCreated(answers.next() * 48);
    event("booking.pending", bookingId, createdAt, "customer");
    if (status === "confirmed") {
      event("booking.confirmed", bookingId, answeredAt, "operator");
      const first = Math.floor(answers.next() * activeOperatives.length);
      for (let offset = 0; offset < Math.min(guards, 2, activeOperatives.length); offset += 1)
        assignments.push({
          id: randomUUID(),
          booking_id: bookingId,
          operative_id: activeOperatives[(first + offset) % activeOperatives.length] ?? "",
          is_lead: offset === 0 ? 1 : 0,
          created_at: answeredAt,
        });
    }
    if (declined) event("booking.declined", bookingId, answeredAt, "operator");
    else if (status === "cancelled") event("booking.cancelled_by_customer", bookingId, customerCancelledAt, "customer");
    lines.push(
      ...bookingLineRows(bookingId, [
        {
          serviceId: service.serviceId,
          serviceType: service.type,
          title: service.title,
          description: "",
          options: { guards, days },
          dailyPriceCents: service.daily * guards * 100,
          totalCents: total * 100,
          vatCents: vatOfInclusive(total * 100),
          vatRateBasisPoints: standardVatRateBasisPoints,
        },
      ]),
    );
    bookings.push({
      id: bookingId,
      user_id: customer.id,
      customer_name: customer.name,
      location: random.pick(places),
      start_time: startOfDayInZone(startDate).toISOString(),
      end_time: startOfDayInZone(addDays(endDate, 1)).toISOString(),
      start_date: startDate,
      end_date: endDate,
      price: total * 100,
      service_type: service.type,
      status: storedStatus,
      time_of_day: service.type === "vip_residential" ? random.pick(["day", "night", "day_night"] as const) : null,
      guard_count: guards,
      style: service.type === "vip_residential" ? null : random.pick(["Casual", "Formal"]),
      car_option: service.type === "vip_driver" ? "with_car" : null,
      duration: service.type === "vip_residential" ? null : random.pick(["6h", "12h", "18h", "24h"]),
      total_days: days,
      vat_cents: vatOfInclusive(total * 100),
      customer_note: random.next() < 0.1 ? "Please call before arriving." : null,
      language: customer.language,
      idempotency_key: null,
      request_hash: randomUUID(),
      created_at: createdAt,
      cancelled_at: declined ? answeredAt : status === "cancelled" ? customerCancelledAt : null,
      confirmed_at: status === "confirmed" ? answeredAt : null,
      declined_at: declined ? answeredAt : null,
      decline_reason: declined ? "No operatives are free on those days." : null,
      operator_note: null,
    });
  }
  await insertInBatches(db, "bookings", bookings, 29);
  await insertInBatches(db, "booking_lines", lines, 13);
  await insertInBatches(db, "events", events, 6);
  await insertInBatches(db, "booking_assignments", assignments, 5);
  // Written in bulk, past the state machine: the insights summary is written once from them (ADR 155).
  await rebuildSummary(db);
  // PostgreSQL plans by table statistics, which a bulk load leaves stale until autovacuum gets to
  // them; gather them now, as a restore would. (SQLite plans well without: ADR 072.)
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`analyze`.execute(db);
  return {
    customers: customers.length,
    staff: staff.map((person) => ({ email: person.email, role: person.role })),
    operatives: operatives.length,
    bookings: bookings.length,
    events: events.length,
    assignments: assignments.length,
  };
}

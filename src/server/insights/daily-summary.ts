import { PostgresAdapter, sql, type Kysely } from "kysely";
import { addDays } from "../../shared/time.ts";
import type { DatabaseSchema } from "../db/schema.ts";
import { operatorToday } from "../../shared/time.ts";

// The insights page's summary rows (docs/insights.md, ADR 154): per operator day (Europe/Stockholm),
// per service and per kind, the counts and amounts the page's figures add up. Every row is the sum
// of the contributions of single bookings, and a booking's contribution depends only on its own
// row, its lines and its decision events. The writers of those (the state machine and the booking
// request) take the booking's contribution before their change and after it, in the change's own
// transaction, and add the difference with one atomic upsert per row (ADR 155): the summary
// equals a recomputation from the bookings and events at every commit, on both engines, and the
// page reads a few thousand rows instead of every request of the period.

type Db = Kysely<DatabaseSchema>;

/** The decision events the page counts (docs/insights.md, definitions). */
export const decisionEventTypes = [
  "booking.confirmed",
  "booking.declined",
  "booking.cancelled_by_customer",
  "booking.cancelled_by_operator",
] as const;
const bookedStatusSet = new Set(["confirmed", "in_progress", "completed"]);

/** Reply kinds are not split by service: they are stored under this service. */
export const allServices = "";

/** One summary row's key and its values. */
export type SummaryRow = { day: string; service_type: string; kind: string; n: number; cents: number };

export type ContributionInput = {
  booking: {
    created_at: string;
    status: string;
    service_type: string;
    start_date: string;
    end_date: string;
    confirmed_at: string | null;
    declined_at: string | null;
    cancelled_at: string | null;
  };
  lines: { service_type: string; line_total_cents: number | string }[];
  events: { type: string; created_at: string }[];
  /** The booking's rows in booking_assignments, whatever their state (docs/insights.md, utilisation). */
  assignments: number;
};

const dayCache = new Map<string, string>();
/** The operator day of an instant; Stockholm's offset is whole hours, so the UTC hour decides it (ADR 151). */
export function operatorDayOf(instant: string): string {
  const hour = instant.slice(0, 13);
  let day = dayCache.get(hour);
  if (day === undefined) {
    day = operatorToday(new Date(`${hour}:00:00.000Z`));
    if (dayCache.size >= 50_000) dayCache.clear();
    dayCache.set(hour, day);
  }
  return day;
}

/** Whole seconds since the epoch, as SQLite's strftime('%s') and PostgreSQL's floor(extract(epoch)) read the text. */
const epochSeconds = (instant: string) => Math.floor(Date.parse(instant) / 1000);

/** The reply-time bucket of docs/insights.md for whole seconds between request and answer. */
export function replyBucketOf(seconds: number): string {
  if (seconds < 3600) return "0-1";
  if (seconds < 7200) return "1-2";
  if (seconds < 14400) return "2-4";
  if (seconds < 28800) return "4-8";
  if (seconds < 43200) return "8-12";
  if (seconds <= 86400) return "12-24";
  if (seconds <= 172800) return "24-48";
  return "48+";
}

/**
 * A booking's rows, following the SQL definitions of docs/insights.md one for one:
 * - by the day of the request: `request` once for all services and once under each of the
 *   booking's services (ADR 249); `request.confirmed` (confirmed by now, for the conversion) and
 *   `reply.<outcome>` for all services, where an unanswered pending request is `reply.pending`
 *   (the page splits it into waiting and missed by its age when it reads);
 * - by the day of each decision event: its type, once for all services and once under each
 *   service; for a confirmation of a booking still going ahead, `booked.value` per line service
 *   (cents) and `booked.bookings` (1, and the total in cents) for all services and under each
 *   service (1, and that service's lines in cents);
 * - by each day of a booking going ahead: `operatives.booked`, its assigned operatives.
 */
export function contributionOf(input: ContributionInput): SummaryRow[] {
  const { booking } = input;
  const rows: SummaryRow[] = [];
  const add = (instant: string, serviceType: string, kind: string, n: number, cents = 0) =>
    rows.push({ day: operatorDayOf(instant), service_type: serviceType, kind, n, cents });
  // ADR 249: a booking counts under each of its services (a residential booking with a driver is
  // demand for both), and once in the totals, which the `''` rows hold.
  const services = bookingServicesOf(booking.service_type, input.lines);
  const addPerService = (instant: string, kind: string, cents: (serviceType: string) => number = () => 0) => {
    add(instant, allServices, kind, 1, sumServices(services, cents));
    for (const serviceType of services.keys()) add(instant, serviceType, kind, 1, cents(serviceType));
  };
  addPerService(booking.created_at, "request");
  if (booking.confirmed_at !== null) add(booking.created_at, allServices, "request.confirmed", 1);
  const answeredAt =
    booking.confirmed_at ?? booking.declined_at ?? (booking.status === "cancelled_by_operator" ? booking.cancelled_at : null);
  let outcome: string;
  if (answeredAt !== null) outcome = replyBucketOf(epochSeconds(answeredAt) - epochSeconds(booking.created_at));
  else if (booking.status === "pending") outcome = "pending";
  else if (
    booking.status === "cancelled_by_customer" &&
    booking.cancelled_at !== null &&
    epochSeconds(booking.cancelled_at) - epochSeconds(booking.created_at) <= 86400
  )
    outcome = "withdrawn";
  else outcome = "missed";
  add(booking.created_at, allServices, `reply.${outcome}`, 1);
  for (const event of input.events) {
    if (!(decisionEventTypes as readonly string[]).includes(event.type)) continue;
    addPerService(event.created_at, event.type);
    if (event.type === "booking.confirmed" && bookedStatusSet.has(booking.status)) {
      addPerService(event.created_at, "booked.bookings", (serviceType) => services.get(serviceType) ?? 0);
      for (const line of input.lines) add(event.created_at, line.service_type, "booked.value", 0, Number(line.line_total_cents));
    }
  }
  // Utilisation: each day of a booking going ahead counts its assigned operatives as booked.
  if (input.assignments > 0 && bookedStatusSet.has(booking.status)) {
    for (let day = booking.start_date; day <= booking.end_date; day = addDays(day, 1)) {
      rows.push({ day, service_type: allServices, kind: "operatives.booked", n: input.assignments, cents: 0 });
    }
  }
  return rows;
}

/**
 * A booking's services by type, each once in the lines' order, with their lines' total in cents;
 * a booking without lines (none is written so) counts under its `service_type`.
 */
function bookingServicesOf(mainService: string, lines: ContributionInput["lines"]): Map<string, number> {
  const services = new Map<string, number>();
  for (const line of lines) services.set(line.service_type, (services.get(line.service_type) ?? 0) + Number(line.line_total_cents));
  if (services.size === 0) services.set(mainService, 0);
  return services;
}

const sumServices = (services: Map<string, number>, cents: (serviceType: string) => number) =>
  [...services.keys()].reduce((sum, serviceType) => sum + cents(serviceType), 0);

const keyOf = (row: Pick<SummaryRow, "day" | "service_type" | "kind">) => `${row.day}|${row.service_type}|${row.kind}`;

/** Rows added up by key, rows of nothing left out. */
export function sumRows(rows: Iterable<SummaryRow>, sign = 1, into = new Map<string, SummaryRow>()): Map<string, SummaryRow> {
  for (const row of rows) {
    const key = keyOf(row);
    const entry = into.get(key) ?? { day: row.day, service_type: row.service_type, kind: row.kind, n: 0, cents: 0 };
    entry.n += sign * row.n;
    entry.cents += sign * row.cents;
    into.set(key, entry);
  }
  return into;
}

/**
 * A booking's contribution as stored now (nothing when it does not exist). Taken before a change,
 * it locks the booking's row on PostgreSQL first (`lock`): every writer of what a contribution
 * reads locks the row, so no other writer's change lands between its before and after (ADR 155).
 * SQLite has one writer at a time.
 */
export async function bookingContribution(executor: Db, bookingId: string, options: { lock?: boolean } = {}): Promise<SummaryRow[]> {
  if (options.lock && executor.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select id from bookings where id = ${bookingId} for update`.execute(executor);
  }
  const booking = await executor
    .selectFrom("bookings")
    .select(["created_at", "status", "service_type", "start_date", "end_date", "confirmed_at", "declined_at", "cancelled_at"])
    .where("id", "=", bookingId)
    .executeTakeFirst();
  if (!booking) return [];
  const [lines, events, assignments] = await Promise.all([
    executor.selectFrom("booking_lines").select(["service_type", "line_total_cents"]).where("booking_id", "=", bookingId).execute(),
    executor
      .selectFrom("events")
      .select(["type", "created_at"])
      .where("booking_id", "=", bookingId)
      .where("type", "in", [...decisionEventTypes])
      .execute(),
    executor
      .selectFrom("booking_assignments")
      .select((select) => select.fn.countAll().as("n"))
      .where("booking_id", "=", bookingId)
      .executeTakeFirstOrThrow(),
  ]);
  return contributionOf({ booking, lines, events, assignments: Number(assignments.n) });
}

/** The Monday of a day's ISO week (ISO 8601 weeks begin on Monday). */
export function weekOfDay(day: string): string {
  const date = new Date(`${day}T12:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/**
 * Adds `rows` to the summary with atomic upserts (concurrent writers add, never overwrite): to
 * their days in insights_days and their ISO weeks in insights_weeks, which long periods read
 * (ADR 154). One statement per table for up to 500 keys (a key appears once per statement, as
 * PostgreSQL's ON CONFLICT DO UPDATE requires).
 */
export async function addToSummary(executor: Db, rows: Iterable<SummaryRow>): Promise<void> {
  const days = sumRows(rows);
  for (const [key, row] of days) if (row.n === 0 && row.cents === 0) days.delete(key);
  if (days.size === 0) return;
  const dayRows = [...days.values()];
  const weekRows = [...perWeek(days).values()]
    .filter((row) => row.n !== 0 || row.cents !== 0)
    .map(({ day, ...rest }) => ({ week: day, ...rest }));
  for (let index = 0; index < dayRows.length; index += 500) {
    await executor
      .insertInto("insights_days")
      .values(dayRows.slice(index, index + 500))
      .onConflict((conflict) =>
        conflict.columns(["day", "service_type", "kind"]).doUpdateSet({
          n: sql`insights_days.n + excluded.n`,
          cents: sql`insights_days.cents + excluded.cents`,
        }),
      )
      .execute();
  }
  for (let index = 0; index < weekRows.length; index += 500) {
    await executor
      .insertInto("insights_weeks")
      .values(weekRows.slice(index, index + 500))
      .onConflict((conflict) =>
        conflict.columns(["week", "service_type", "kind"]).doUpdateSet({
          n: sql`insights_weeks.n + excluded.n`,
          cents: sql`insights_weeks.cents + excluded.cents`,
        }),
      )
      .execute();
  }
}

/** Day rows added up per ISO week, keyed as the weekly rows are stored (`day` holds the Monday). */
export function perWeek(days: Map<string, SummaryRow>): Map<string, SummaryRow> {
  return sumRows([...days.values()].map((row) => ({ ...row, day: weekOfDay(row.day) })));
}

/**
 * Runs `change` (which writes the booking, its lines or its events) and moves the summary by the
 * difference of the booking's contribution after and before it, in the caller's transaction.
 */
export async function withSummaryOf<T>(executor: Db, bookingId: string, change: () => Promise<T>): Promise<T> {
  const before = await bookingContribution(executor, bookingId, { lock: true });
  const result = await change();
  const after = await bookingContribution(executor, bookingId);
  await addToSummary(executor, sumRows(before, -1, sumRows(after)).values());
  return result;
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Every booking's contribution, from the bookings, lines and events as stored (the definition). */
export async function recomputeSummary(db: Db): Promise<Map<string, SummaryRow>> {
  const totals = new Map<string, SummaryRow>();
  const pageSize = 5000;
  let after = "";
  for (;;) {
    const bookings = await db
      .selectFrom("bookings")
      .select(["id", "created_at", "status", "service_type", "start_date", "end_date", "confirmed_at", "declined_at", "cancelled_at"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(pageSize)
      .execute();
    if (bookings.length === 0) break;
    after = bookings.at(-1)?.id ?? after;
    const ids = bookings.map((booking) => booking.id);
    const [lines, events, assignments] = await Promise.all([
      db.selectFrom("booking_lines").select(["booking_id", "service_type", "line_total_cents"]).where("booking_id", "in", ids).execute(),
      db
        .selectFrom("events")
        .select(["booking_id", "type", "created_at"])
        .where("booking_id", "in", ids)
        .where("type", "in", [...decisionEventTypes])
        .execute(),
      db
        .selectFrom("booking_assignments")
        .select((select) => ["booking_id", select.fn.countAll().as("n")])
        .where("booking_id", "in", ids)
        .groupBy("booking_id")
        .execute(),
    ]);
    const assignedTo = new Map(assignments.map((row) => [row.booking_id, Number(row.n)]));
    const linesOf = groupBy(lines, (line) => line.booking_id);
    const eventsOf = groupBy(events, (event) => event.booking_id ?? "");
    for (const booking of bookings) {
      const contribution = contributionOf({
        booking,
        lines: linesOf.get(booking.id) ?? [],
        events: eventsOf.get(booking.id) ?? [],
        assignments: assignedTo.get(booking.id) ?? 0,
      });
      sumRows(contribution, 1, totals);
    }
  }
  for (const [key, row] of totals) if (row.n === 0 && row.cents === 0) totals.delete(key);
  return totals;
}

/** The stored weekly summary (`day` holds the Monday), rows of nothing left out. */
export async function storedWeeks(db: Db): Promise<Map<string, SummaryRow>> {
  const rows = await db.selectFrom("insights_weeks").selectAll().execute();
  const stored = new Map<string, SummaryRow>();
  for (const row of rows) {
    const entry = { day: row.week, service_type: row.service_type, kind: row.kind, n: Number(row.n), cents: Number(row.cents) };
    if (entry.n !== 0 || entry.cents !== 0) stored.set(keyOf(entry), entry);
  }
  return stored;
}

/** The stored summary, rows of nothing left out. */
export async function storedSummary(db: Db): Promise<Map<string, SummaryRow>> {
  const rows = await db.selectFrom("insights_days").selectAll().execute();
  const stored = new Map<string, SummaryRow>();
  for (const row of rows) {
    const entry = { ...row, n: Number(row.n), cents: Number(row.cents) };
    if (entry.n !== 0 || entry.cents !== 0) stored.set(keyOf(entry), entry);
  }
  return stored;
}

/**
 * Writes the summary again from the bookings and events: the migration's backfill, and bulk loads
 * (the demo data set, tests' hand-made rows) that write bookings without the state machine.
 */
export async function rebuildSummary(db: Db): Promise<void> {
  await db.transaction().execute((transaction) => writeSummary(transaction));
}

/** rebuildSummary inside the caller's transaction (a migration's). */
export async function writeSummary(executor: Db): Promise<void> {
  const days = await recomputeSummary(executor);
  const rows = [...days.values()];
  const weeks = [...perWeek(days).values()].map(({ day, ...rest }) => ({ week: day, ...rest }));
  await executor.deleteFrom("insights_days").execute();
  await executor.deleteFrom("insights_weeks").execute();
  // Five columns a row, under SQLite's 32,766 bound parameters per statement.
  for (let index = 0; index < rows.length; index += 2000) {
    await executor
      .insertInto("insights_days")
      .values(rows.slice(index, index + 2000))
      .execute();
  }
  for (let index = 0; index < weeks.length; index += 2000) {
    await executor
      .insertInto("insights_weeks")
      .values(weeks.slice(index, index + 2000))
      .execute();
  }
}

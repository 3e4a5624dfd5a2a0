import { PostgresAdapter, sql, type Kysely, type RawBuilder } from "kysely";
import { addDays } from "../../../shared/time.ts";
import type { ServiceType } from "../../../shared/service-types.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { bookingServiceIdsOf } from "../../booking-lines.ts";

// The insights page's queries (docs/insights.md, ADR 151). Each is one SQL statement whose text is
// printed in docs/insights.md, so every figure on the page can be reproduced by hand. The
// statements aggregate; what the service does after them is only adding counts up into operator
// days and weeks. Instants are grouped by their UTC hour (the first 13 characters of the stored
// ISO-8601 text): Stockholm's offset is whole hours, so an hour falls on exactly one operator day,
// and the same text works on both engines without a time-zone database (ADR 151).

type Db = Kysely<DatabaseSchema>;

/** A half-open range of instants [start, end), as ISO-8601 UTC text. */
export type InstantRange = { start: string; end: string };

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Whole seconds from `earlier` to `later` (both ISO text columns), the same on both engines. */
function secondsBetween(db: Db, earlier: RawBuilder<unknown>, later: RawBuilder<unknown>): RawBuilder<number> {
  return isPostgres(db)
    ? sql<number>`(floor(extract(epoch from cast(${later} as timestamptz))) - floor(extract(epoch from cast(${earlier} as timestamptz))))`
    : sql<number>`(cast(strftime('%s', ${later}) as integer) - cast(strftime('%s', ${earlier}) as integer))`;
}

/** The events counted as cancellations, by whoever cancelled. */
export const cancellationEventTypes = ["booking.cancelled_by_customer", "booking.cancelled_by_operator"] as const;
/** Statuses of a booking that is (or was) going ahead: its value is booked, its operatives busy. */
export const bookedStatuses = ["confirmed", "in_progress", "completed"] as const;

export type ReplyOutcomeRow = { outcome: string; requests: number | string };

/**
 * Requests received in `range`, counted by outcome: an answer's histogram bucket ('0-1' … '48+'),
 * 'waiting' (pending, created after `waitingSince`), 'withdrawn' (cancelled by the customer within
 * 24 h, unanswered) or 'missed'. The answer is the first staff decision, whose instant the state
 * machine writes on the booking in the commit of its event (confirmed_at, declined_at, or
 * cancelled_at of a booking cancelled by an operator before any other answer): read from the
 * bookings_insights index alone, where a look-up of each request's events cost seconds at the
 * demo data set's 35,000 requests a month (ADR 151).
 */
export async function replyOutcomes(db: Db, range: InstantRange, waitingSince: string): Promise<ReplyOutcomeRow[]> {
  const answeredAt = sql`coalesce(b.confirmed_at, b.declined_at, case when b.status = 'cancelled_by_operator' then b.cancelled_at end)`;
  const requests = sql`select b.status, b.created_at, b.cancelled_at, ${answeredAt} as answered_at
    from bookings b where b.created_at >= ${range.start} and b.created_at < ${range.end}`;
  const replySeconds = secondsBetween(db, sql.ref("r.created_at"), sql.ref("r.answered_at"));
  const withdrawnSeconds = secondsBetween(db, sql.ref("r.created_at"), sql.ref("r.cancelled_at"));
  const query = sql<ReplyOutcomeRow>`select outcome, count(*) as requests from (
    select case
      when r.answered_at is not null then case
        when ${replySeconds} < 3600 then '0-1'
        when ${replySeconds} < 7200 then '1-2'
        when ${replySeconds} < 14400 then '2-4'
        when ${replySeconds} < 28800 then '4-8'
        when ${replySeconds} < 43200 then '8-12'
        when ${replySeconds} <= 86400 then '12-24'
        when ${replySeconds} <= 172800 then '24-48'
        else '48+' end
      when r.status = 'pending' and r.created_at > ${waitingSince} then 'waiting'
      when r.status = 'cancelled_by_customer' and ${withdrawnSeconds} <= 86400 then 'withdrawn'
      else 'missed' end as outcome
    from (${requests}) r
  ) outcomes group by outcome`;
  return (await query.execute(db)).rows;
}

export type WaitingRow = {
  id: string;
  customer_name: string;
  service_type: ServiceType;
  start_date: string;
  created_at: string;
};

/** Requests pending now, oldest first (the queue's index, bookings_queue), with every service of each. */
export async function waitingRequests(
  db: Db,
  limit: number,
): Promise<{ rows: WaitingRow[]; total: number; services: Map<string, string[]> }> {
  const rows = await db
    .selectFrom("bookings")
    .select(["id", "customer_name", "service_type", "start_date", "created_at"])
    .where("status", "=", "pending")
    .orderBy("created_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  const total = await db
    .selectFrom("bookings")
    .select((select) => select.fn.countAll().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  const services = await bookingServiceIdsOf(
    db,
    rows.map((row) => row.id),
  );
  return { rows, total: Number(total.n), services };
}

export type HourlyCountRow = { hour: string; service_type: ServiceType; kind: string; n: number | string };

/**
 * Demand by UTC hour and main service: requests (bookings created) and the confirmation, decline
 * and cancellation events of `range`.
 */
export async function demandByHour(db: Db, range: InstantRange): Promise<HourlyCountRow[]> {
  const query = sql<HourlyCountRow>`
    select substr(b.created_at, 1, 13) as hour, b.service_type, 'booking.pending' as kind, count(*) as n
      from bookings b where b.created_at >= ${range.start} and b.created_at < ${range.end}
      group by substr(b.created_at, 1, 13), b.service_type
    union all
    select substr(e.created_at, 1, 13) as hour, b.service_type, e.type as kind, count(*) as n
      from events e join bookings b on b.id = e.booking_id
      where e.type in ('booking.confirmed', 'booking.declined', ${sql.join(cancellationEventTypes)})
        and e.created_at >= ${range.start} and e.created_at < ${range.end}
      group by substr(e.created_at, 1, 13), b.service_type, e.type`;
  return (await query.execute(db)).rows;
}

/** Requests of `range` and how many of them were confirmed (by now), for the conversion. */
export async function conversion(db: Db, range: InstantRange): Promise<{ requests: number; confirmed: number }> {
  const query = sql<{ requests: number | string; confirmed: number | string | null }>`
    select count(*) as requests, sum(case when b.confirmed_at is not null then 1 else 0 end) as confirmed
    from bookings b where b.created_at >= ${range.start} and b.created_at < ${range.end}`;
  const row = (await query.execute(db)).rows[0];
  return { requests: Number(row?.requests ?? 0), confirmed: Number(row?.confirmed ?? 0) };
}

export type StartDayRow = { start_date: string; status: string; n: number | string };

/** Bookings confirmed or still pending, by first day, over [fromDay, toDay]. */
export async function startDays(db: Db, fromDay: string, toDay: string): Promise<StartDayRow[]> {
  const query = sql<StartDayRow>`select b.start_date, b.status, count(*) as n from bookings b
    where b.status in ('pending', 'confirmed') and b.start_date >= ${fromDay} and b.start_date <= ${toDay}
    group by b.start_date, b.status`;
  return (await query.execute(db)).rows;
}

export type MoneyHourRow = { hour: string; service_type: ServiceType; cents: number | string };

/**
 * Booked value: the lines (their quoted totals, VAT included) of bookings confirmed in `range`
 * and still going ahead, by the UTC hour of the confirmation and the line's service.
 */
export async function bookedValueByHour(db: Db, range: InstantRange): Promise<MoneyHourRow[]> {
  const query = sql<MoneyHourRow>`select substr(e.created_at, 1, 13) as hour, l.service_type, sum(l.line_total_cents) as cents
    from events e
    join bookings b on b.id = e.booking_id
    join booking_lines l on l.booking_id = b.id
    where e.type = 'booking.confirmed' and e.created_at >= ${range.start} and e.created_at < ${range.end}
      and b.status in (${sql.join(bookedStatuses)})
    group by substr(e.created_at, 1, 13), l.service_type`;
  return (await query.execute(db)).rows;
}

/** The number of those bookings and their booked value together, for the average booking value. */
export async function bookedTotals(db: Db, range: InstantRange): Promise<{ bookings: number; cents: number }> {
  const query = sql<{ bookings: number | string; cents: number | string | null }>`
    select count(*) as bookings, sum(t.cents) as cents from (
      select e.booking_id, (select sum(l.line_total_cents) from booking_lines l where l.booking_id = e.booking_id) as cents
      from events e join bookings b on b.id = e.booking_id
      where e.type = 'booking.confirmed' and e.created_at >= ${range.start} and e.created_at < ${range.end}
        and b.status in (${sql.join(bookedStatuses)})
    ) t`;
  const row = (await query.execute(db)).rows[0];
  return { bookings: Number(row?.bookings ?? 0), cents: Number(row?.cents ?? 0) };
}

export type AssignedRangeRow = { start_date: string; end_date: string; operatives: number | string };

/**
 * Operatives assigned to bookings going ahead that overlap [fromDay, toDay], grouped by the
 * booking's days; a booking is at most `longestBooking` days, so the first day's index bounds it.
 */
export async function assignedRanges(db: Db, fromDay: string, toDay: string, earliestStart: string): Promise<AssignedRangeRow[]> {
  const query = sql<AssignedRangeRow>`select b.start_date, b.end_date, count(*) as operatives
    from bookings b join booking_assignments a on a.booking_id = b.id
    where b.status in (${sql.join(bookedStatuses)})
      and b.start_date >= ${earliestStart} and b.start_date <= ${toDay} and b.end_date >= ${fromDay}
    group by b.start_date, b.end_date`;
  return (await query.execute(db)).rows;
}

/** The longest booking's days (the bookings_total_days index): how far before a period a booking covering it can start. */
export async function longestBookingDays(db: Db): Promise<number> {
  const row = await db
    .selectFrom("bookings")
    .select((select) => select.fn.max("total_days").as("days"))
    .executeTakeFirst();
  return Number(row?.days ?? 1) || 1;
}

/** Active operatives by the last day of their licence: an operative is available while it is valid. */
export type LicenceEndRow = { licence_expires_on: string; n: number | string };

export async function activeOperativesByLicenceEnd(db: Db): Promise<LicenceEndRow[]> {
  const query = sql<LicenceEndRow>`select o.licence_expires_on, count(*) as n
    from operatives o where o.active = 1 group by o.licence_expires_on`;
  return (await query.execute(db)).rows;
}

/** Active operatives whose licence ends on or before `untilDay` (expired ones included), soonest first. */
export async function expiringLicences(db: Db, untilDay: string, limit: number) {
  return db
    .selectFrom("operatives")
    .select(["id", "name", "licence_expires_on"])
    .where("active", "=", 1)
    .where("licence_expires_on", "<=", untilDay)
    .orderBy("licence_expires_on")
    .orderBy("name")
    .limit(limit)
    .execute();
}

export type SummaryReadRow = { day: string; service_type: string; kind: string; n: number | string; cents: number | string };

/**
 * The summary rows of the operator days [fromDay, toDay] (ADR 154): every booking's contribution
 * to the figures above, added up per day, service and kind by the writers (ADR 155). The page
 * reads these instead of running the statements above over every request of the period.
 */
export async function summaryRows(db: Db, periods: { from: string; to: string }[], perWeek = false): Promise<SummaryReadRow[]> {
  // Whole weeks inside a period come from insights_weeks (a year is 53 weeks of rows, not 366
  // days); the days of a week cut by a period's first or last day from insights_days. Both
  // periods in one statement per table.
  const dayRanges: [string, string][] = [];
  const weekRanges: [string, string][] = [];
  for (const { from, to } of periods) {
    const firstWeek = addDays(from, (7 - weekdayIndex(from)) % 7);
    const lastWeek = addDays(to, -((weekdayIndex(to) + 1) % 7) - 6);
    if (!perWeek || firstWeek > lastWeek) {
      dayRanges.push([from, to]);
      continue;
    }
    weekRanges.push([firstWeek, lastWeek]);
    if (firstWeek > from) dayRanges.push([from, addDays(firstWeek, -1)]);
    if (addDays(lastWeek, 6) < to) dayRanges.push([addDays(lastWeek, 7), to]);
  }
  const [days, weeks] = await Promise.all([
    dayRanges.length === 0
      ? []
      : db
          .selectFrom("insights_days")
          .select(["day", "service_type", "kind", "n", "cents"])
          .where((where) => where.or(dayRanges.map(([from, to]) => where.and([where("day", ">=", from), where("day", "<=", to)]))))
          .execute(),
    weekRanges.length === 0
      ? []
      : db
          .selectFrom("insights_weeks")
          .select(["week as day", "service_type", "kind", "n", "cents"])
          .where((where) => where.or(weekRanges.map(([from, to]) => where.and([where("week", ">=", from), where("week", "<=", to)]))))
          .execute(),
  ]);
  return [...days, ...weeks];
}

/** 0 for Monday … 6 for Sunday. */
function weekdayIndex(day: string): number {
  return (new Date(`${day}T12:00:00.000Z`).getUTCDay() + 6) % 7;
}

/** Requests of `range` still pending and younger than 24 h (the rest of the pending ones are missed). */
export async function waitingCount(db: Db, range: InstantRange, waitingSince: string): Promise<number> {
  const row = await db
    .selectFrom("bookings")
    .select((select) => select.fn.countAll().as("n"))
    .where("status", "=", "pending")
    .where("created_at", ">", waitingSince)
    .where("created_at", ">=", range.start)
    .where("created_at", "<", range.end)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type PaymentHourRow = { hour: string; service_type: ServiceType; type: string; cents: number | string };

/** Amounts captured and refunded in `range`, by UTC hour, the booking's service and the ledger event's type (docs/payments.md). */
export async function paymentsByHour(db: Db, range: InstantRange): Promise<PaymentHourRow[]> {
  const query = sql<PaymentHourRow>`select substr(e.created_at, 1, 13) as hour, b.service_type, e.type, sum(e.amount_cents) as cents
    from payment_events e join bookings b on b.id = e.booking_id
    where e.type in ('captured', 'refunded') and e.created_at >= ${range.start} and e.created_at < ${range.end}
    group by substr(e.created_at, 1, 13), b.service_type, e.type`;
  return (await query.execute(db)).rows;
}

export type OpenPaymentRow = { created_at: string; settled_at: string | null; amount_cents: number | string };

/**
 * Payments agreed with customers (a hold, a charge due on confirmation, an approved difference)
 * that were open at some instant of `range`: made before its end and neither captured nor voided
 * before its start. Outstanding at an instant = Σ amount of those made before it and not settled by it.
 */
export async function openPayments(db: Db, range: InstantRange): Promise<OpenPaymentRow[]> {
  const query = sql<OpenPaymentRow>`select * from (
      select p.created_at, p.amount_cents,
        (select min(e.created_at) from payment_events e where e.payment_id = p.id and e.type in ('captured', 'voided')) as settled_at
      from payments p where p.created_at < ${range.end}
    ) t where t.settled_at is null or t.settled_at >= ${range.start}`;
  return (await query.execute(db)).rows;
}

export type AssignmentAnswerRow = { hour: string; state: string; n: number | string };

/**
 * Offers to operatives answered (or released unanswered) in `range`, by UTC hour of the answer and
 * its outcome: accepted, declined, or released at the deadline (docs/operatives.md). Assignments
 * an operator made without an offer (no `respond_by`) are not answers and are left out.
 */
export async function assignmentAnswers(db: Db, range: InstantRange): Promise<AssignmentAnswerRow[]> {
  const query = sql<AssignmentAnswerRow>`select substr(a.responded_at, 1, 13) as hour, a.state, count(*) as n
    from booking_assignments a
    where a.responded_at >= ${range.start} and a.responded_at < ${range.end}
      and a.respond_by is not null and a.state in ('accepted', 'declined', 'released')
    group by substr(a.responded_at, 1, 13), a.state`;
  return (await query.execute(db)).rows;
}

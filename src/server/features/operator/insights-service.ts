import { addDays, daysBetween, parseIsoDay } from "../../../shared/calendar-days.ts";
import { maximumBookingDays } from "../../../shared/booking-search.ts";
import {
  insightsLicenceDays,
  insightsPeriod,
  insightsStartDaysAhead,
  insightsWaitingListLimit,
  replyBuckets,
  type DemandCounts,
  type DemandFigures,
  type DemandPoint,
  type InsightsGranularity,
  type InsightsQuery,
  type InsightsReport,
  type MoneyFigures,
  type MoneyPoint,
  type ReplyFigures,
  type ServiceAmounts,
  type StartDay,
  type TeamFigures,
  type UtilisationPoint,
} from "../../../shared/insights.ts";
import { replyPromiseHours } from "../../../shared/operator.ts";
import { operatorToday, startOfDayInZone } from "../../../shared/pricing.ts";
import { serviceTypes, type ServiceType } from "../../../shared/service-types.ts";
import type { Database } from "../../db/database.ts";
import {
  activeOperativesByLicenceEnd,
  assignedRanges,
  bookedTotals,
  bookedValueByHour,
  conversion,
  demandByHour,
  expiringLicences,
  longestBookingDays,
  replyOutcomes,
  startDays,
  waitingRequests,
  type InstantRange,
} from "./insights-repo.ts";

// The insights report (docs/insights.md, ADR 150): the queries of insights-repo.ts for the chosen
// period and the one before it, added up into operator days (Europe/Stockholm, ADR 050) and ISO
// weeks. Nothing is estimated: every number is a count or a sum from the database.

type Db = Database;

const hourMs = 3_600_000;
const minuteMs = 60_000;

/** The instants of the operator days [from, to]: from 00:00 Stockholm of `from` to 00:00 of the day after `to`. */
function instantRange(from: string, to: string): InstantRange {
  return { start: startOfDayInZone(from).toISOString(), end: startOfDayInZone(addDays(to, 1)).toISOString() };
}

/** The operator day of a UTC hour as the queries group it ('YYYY-MM-DDTHH'). */
function dayOfHour(hour: string): string {
  return operatorToday(new Date(`${hour}:00:00.000Z`));
}

/** The Monday of `day`'s ISO week (ISO 8601 weeks begin on Monday). */
export function weekOf(day: string): string {
  const time = parseIsoDay(day) ?? 0;
  const weekday = (new Date(time).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

function bucketOf(day: string, granularity: InsightsGranularity): string {
  return granularity === "day" ? day : weekOf(day);
}

/** Every bucket of [from, to] in order: each day, or the Monday of each week the period touches. */
function bucketsOf(from: string, to: string, granularity: InsightsGranularity): string[] {
  const buckets: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const bucket = bucketOf(day, granularity);
    if (buckets.at(-1) !== bucket) buckets.push(bucket);
  }
  return buckets;
}

const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const zeroServices = (): ServiceAmounts => Object.fromEntries(serviceTypes.map((type) => [type, 0])) as ServiceAmounts;
const emptyCounts = (): DemandCounts => ({ requests: 0, confirmations: 0, declines: 0, cancellations: 0 });

async function replyFigures(db: Db, range: InstantRange, now: Date) {
  const waitingSince = new Date(now.getTime() - replyPromiseHours * hourMs).toISOString();
  const rows = await replyOutcomes(db, range, waitingSince);
  const counts = new Map(rows.map((row) => [row.outcome, Number(row.requests)]));
  const histogram = replyBuckets.map((bucket) => ({ bucket: bucket.key, answered: counts.get(bucket.key) ?? 0 }));
  const answered = histogram.reduce((sum, entry) => sum + entry.answered, 0);
  const withinPromise = new Set<string>(
    replyBuckets.filter((bucket) => bucket.toHours !== null && bucket.toHours <= replyPromiseHours).map((bucket) => bucket.key),
  );
  const answeredWithinPromise = histogram
    .filter((entry) => withinPromise.has(entry.bucket))
    .reduce((sum, entry) => sum + entry.answered, 0);
  const missed = counts.get("missed") ?? 0;
  const figures: ReplyFigures = {
    requests: answered + missed + (counts.get("waiting") ?? 0) + (counts.get("withdrawn") ?? 0),
    answered,
    answeredWithinPromise,
    missed,
    waitingWithinPromise: counts.get("waiting") ?? 0,
    withdrawn: counts.get("withdrawn") ?? 0,
    shareWithinPromise: share(answeredWithinPromise, answered + missed),
  };
  return { figures, histogram };
}

const demandKinds: Record<string, keyof DemandCounts> = {
  "booking.pending": "requests",
  "booking.confirmed": "confirmations",
  "booking.declined": "declines",
  "booking.cancelled_by_customer": "cancellations",
  "booking.cancelled_by_operator": "cancellations",
};

async function demandFigures(db: Db, from: string, to: string, granularity: InsightsGranularity) {
  const range = instantRange(from, to);
  const [rows, converted] = await Promise.all([demandByHour(db, range), conversion(db, range)]);
  const series = new Map<string, DemandCounts>(bucketsOf(from, to, granularity).map((bucket) => [bucket, emptyCounts()]));
  const byService = new Map<ServiceType, DemandCounts>(serviceTypes.map((type) => [type, emptyCounts()]));
  const totals = emptyCounts();
  for (const row of rows) {
    const kind = demandKinds[row.kind];
    if (!kind) continue;
    const n = Number(row.n);
    const point = series.get(bucketOf(dayOfHour(row.hour), granularity));
    if (point) point[kind] += n;
    const service = byService.get(row.service_type);
    if (service) service[kind] += n;
    totals[kind] += n;
  }
  const figures: DemandFigures = {
    ...totals,
    confirmedRequests: converted.confirmed,
    conversion: share(converted.confirmed, converted.requests),
  };
  const points: DemandPoint[] = [...series].map(([bucket, counts]) => ({ bucket, ...counts }));
  return { figures, series: points, byService: [...byService].map(([serviceType, counts]) => ({ serviceType, ...counts })) };
}

async function moneyFigures(db: Db, from: string, to: string) {
  const range = instantRange(from, to);
  const [rows, totals] = await Promise.all([bookedValueByHour(db, range), bookedTotals(db, range)]);
  const series = new Map<string, MoneyPoint>(
    bucketsOf(from, to, "week").map((bucket) => [bucket, { bucket, bookedCents: 0, byService: zeroServices() }]),
  );
  const byService = zeroServices();
  for (const row of rows) {
    const cents = Number(row.cents);
    const point = series.get(weekOf(dayOfHour(row.hour)));
    if (point) {
      point.bookedCents += cents;
      point.byService[row.service_type] += cents;
    }
    byService[row.service_type] += cents;
  }
  const figures: MoneyFigures = {
    bookedCents: totals.cents,
    bookings: totals.bookings,
    // Whole cents, half up (docs/money.md, rounding): an average of amounts is an amount.
    averageBookingCents: totals.bookings === 0 ? null : Math.round(totals.cents / totals.bookings),
  };
  return {
    figures,
    series: [...series.values()],
    byService: serviceTypes.map((serviceType) => ({ serviceType, bookedCents: byService[serviceType] })),
  };
}

async function teamFigures(db: Db, from: string, to: string) {
  // A booking covering the period starts at most its length before it (ADR 072's bound for ranges).
  const longest = Math.min(maximumBookingDays, await longestBookingDays(db));
  const [ranges, licences] = await Promise.all([
    assignedRanges(db, from, to, addDays(from, -(longest - 1))),
    activeOperativesByLicenceEnd(db),
  ]);
  const weeks = new Map<string, UtilisationPoint>(
    bucketsOf(from, to, "week").map((bucket) => [bucket, { bucket, bookedOperativeDays: 0, availableOperativeDays: 0, utilisation: null }]),
  );
  for (const range of ranges) {
    const first = range.start_date > from ? range.start_date : from;
    const last = range.end_date < to ? range.end_date : to;
    for (let day = first; day <= last; day = addDays(day, 1)) {
      const week = weeks.get(weekOf(day));
      if (week) week.bookedOperativeDays += Number(range.operatives);
    }
  }
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const available = licences.filter((row) => row.licence_expires_on >= day).reduce((sum, row) => sum + Number(row.n), 0);
    const week = weeks.get(weekOf(day));
    if (week) week.availableOperativeDays += available;
  }
  const utilisation = [...weeks.values()].map((week) => ({
    ...week,
    utilisation: share(week.bookedOperativeDays, week.availableOperativeDays),
  }));
  const booked = utilisation.reduce((sum, week) => sum + week.bookedOperativeDays, 0);
  const available = utilisation.reduce((sum, week) => sum + week.availableOperativeDays, 0);
  const figures: TeamFigures = { bookedOperativeDays: booked, availableOperativeDays: available, utilisation: share(booked, available) };
  return { figures, utilisation, activeOperatives: licences.reduce((sum, row) => sum + Number(row.n), 0) };
}

/** The whole report for a period: the last `days` days, today included (30 by default), or from–to. */
export async function insightsReport(db: Db, query: InsightsQuery, now: Date = new Date()): Promise<InsightsReport> {
  const today = operatorToday(now);
  const days = Number(query.days ?? 30);
  const period = query.from && query.to ? insightsPeriod(query.from, query.to) : insightsPeriod(addDays(today, -(days - 1)), today);
  const [reply, previousReply, demand, previousDemand, money, previousMoney, team, previousTeam, waiting, ahead, licences] =
    await Promise.all([
      replyFigures(db, instantRange(period.from, period.to), now),
      replyFigures(db, instantRange(period.previousFrom, period.previousTo), now),
      demandFigures(db, period.from, period.to, period.granularity),
      demandFigures(db, period.previousFrom, period.previousTo, period.granularity),
      moneyFigures(db, period.from, period.to),
      moneyFigures(db, period.previousFrom, period.previousTo),
      teamFigures(db, period.from, period.to),
      teamFigures(db, period.previousFrom, period.previousTo),
      waitingRequests(db, insightsWaitingListLimit),
      startDays(db, today, addDays(today, insightsStartDaysAhead - 1)),
      expiringLicences(db, addDays(today, insightsLicenceDays), 100),
    ]);

  const aheadByDay = new Map<string, StartDay>();
  for (let offset = 0; offset < insightsStartDaysAhead; offset += 1) {
    const day = addDays(today, offset);
    aheadByDay.set(day, { day, confirmed: 0, pending: 0 });
  }
  for (const row of ahead) {
    const entry = aheadByDay.get(row.start_date);
    if (entry && (row.status === "confirmed" || row.status === "pending")) entry[row.status] += Number(row.n);
  }

  return {
    period,
    today,
    generatedAt: now.toISOString(),
    reply: {
      current: reply.figures,
      previous: previousReply.figures,
      histogram: reply.histogram,
      waiting: waiting.rows.map((row) => {
        const due = new Date(row.created_at).getTime() + replyPromiseHours * hourMs;
        return {
          id: row.id,
          customerName: row.customer_name,
          serviceType: row.service_type,
          startDate: row.start_date,
          createdAt: row.created_at,
          replyDueAt: new Date(due).toISOString(),
          minutesLeft: Math.floor((due - now.getTime()) / minuteMs),
        };
      }),
      waitingTotal: waiting.total,
    },
    demand: {
      current: demand.figures,
      previous: previousDemand.figures,
      series: demand.series,
      byService: demand.byService,
      startDays: [...aheadByDay.values()],
    },
    money: { current: money.figures, previous: previousMoney.figures, series: money.series, byService: money.byService },
    team: {
      current: team.figures,
      previous: previousTeam.figures,
      utilisation: team.utilisation,
      licences: licences.map((row) => ({
        operativeId: row.id,
        name: row.name,
        licenceExpiresOn: row.licence_expires_on,
        daysLeft: daysBetween(today, row.licence_expires_on) ?? 0,
      })),
      activeOperatives: team.activeOperatives,
    },
  };
}

import { addDays, daysBetween, parseIsoDay } from "../../../shared/time.ts";
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
  type InsightsPeriod,
  type InsightsQuery,
  type InsightsReport,
  type MoneyFigures,
  type MoneyByService,
  type MoneyPoint,
  type OfferAnswersPoint,
  type ReplyFigures,
  type ServiceAmounts,
  type StartDay,
  type TeamFigures,
  type UtilisationPoint,
} from "../../../shared/insights.ts";
import { replyPromiseHours } from "../../../shared/operator.ts";
import { operatorToday, startOfDayInZone } from "../../../shared/time.ts";
import { serviceTypes, type ServiceType } from "../../../shared/service-types.ts";
import type { Database } from "../../db/database.ts";
import { allServices } from "../../insights/daily-summary.ts";
import {
  activeOperativesByLicenceEnd,
  assignmentAnswers,
  expiringLicences,
  openPayments,
  paymentsByHour,
  startDays,
  summaryRows,
  waitingCount,
  waitingRequests,
  type AssignmentAnswerRow,
  type InstantRange,
  type LicenceEndRow,
  type OpenPaymentRow,
  type PaymentHourRow,
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
const weeks = new Map<string, string>();
export function weekOf(day: string): string {
  let week = weeks.get(day);
  if (week === undefined) {
    const time = parseIsoDay(day) ?? 0;
    const weekday = (new Date(time).getUTCDay() + 6) % 7;
    week = addDays(day, -weekday);
    if (weeks.size >= 10_000) weeks.clear();
    weeks.set(day, week);
  }
  return week;
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

/** The summary rows of a period (ADR 154), read once and added up by each section below. */
type Summary = { service_type: string; kind: string; day: string; n: number; cents: number }[];

/**
 * Both periods' summary rows, split by period: a day row by its day, a week row (keyed by its
 * Monday) of a whole week inside one period likewise.
 */
async function readSummaries(db: Db, period: InsightsPeriod): Promise<[Summary, Summary]> {
  // Per day only where the demand chart is drawn per day; money and team are per week throughout.
  const rows = await summaryRows(
    db,
    [
      { from: period.previousFrom, to: period.previousTo },
      { from: period.from, to: period.to },
    ],
    period.granularity === "week",
  );
  const current: Summary = [];
  const previous: Summary = [];
  for (const row of rows) {
    const entry = { day: row.day, service_type: row.service_type, kind: row.kind, n: Number(row.n), cents: Number(row.cents) };
    (row.day >= period.from ? current : previous).push(entry);
  }
  return [current, previous];
}

async function replyFigures(db: Db, summary: Summary, range: InstantRange, now: Date) {
  const waitingSince = new Date(now.getTime() - replyPromiseHours * hourMs).toISOString();
  const counts = new Map<string, number>();
  for (const row of summary) {
    if (row.kind.startsWith("reply.")) counts.set(row.kind.slice(6), (counts.get(row.kind.slice(6)) ?? 0) + row.n);
  }
  // A pending request is waiting while younger than 24 h, missed after (docs/insights.md): the
  // summary cannot know its age, so the young ones are counted from the queue's index.
  const pending = counts.get("pending") ?? 0;
  // A range that ended 24 h ago or more has no request waiting: no need to ask.
  const waiting = pending === 0 || range.end <= waitingSince ? 0 : await waitingCount(db, range, waitingSince);
  const histogram = replyBuckets.map((bucket) => ({ bucket: bucket.key, answered: counts.get(bucket.key) ?? 0 }));
  const answered = histogram.reduce((sum, entry) => sum + entry.answered, 0);
  const withinPromise = new Set<string>(
    replyBuckets.filter((bucket) => bucket.toHours !== null && bucket.toHours <= replyPromiseHours).map((bucket) => bucket.key),
  );
  const answeredWithinPromise = histogram
    .filter((entry) => withinPromise.has(entry.bucket))
    .reduce((sum, entry) => sum + entry.answered, 0);
  const missed = (counts.get("missed") ?? 0) + pending - waiting;
  const figures: ReplyFigures = {
    requests: answered + missed + waiting + (counts.get("withdrawn") ?? 0),
    answered,
    answeredWithinPromise,
    missed,
    waitingWithinPromise: waiting,
    withdrawn: counts.get("withdrawn") ?? 0,
    shareWithinPromise: share(answeredWithinPromise, answered + missed),
  };
  return { figures, histogram };
}

const demandKinds: Record<string, keyof DemandCounts> = {
  request: "requests",
  "booking.confirmed": "confirmations",
  "booking.declined": "declines",
  "booking.cancelled_by_customer": "cancellations",
  "booking.cancelled_by_operator": "cancellations",
};

function demandFigures(summary: Summary, from: string, to: string, granularity: InsightsGranularity) {
  const series = new Map<string, DemandCounts>(bucketsOf(from, to, granularity).map((bucket) => [bucket, emptyCounts()]));
  const byService = new Map<ServiceType, DemandCounts>(serviceTypes.map((type) => [type, emptyCounts()]));
  const totals = emptyCounts();
  let confirmedRequests = 0;
  for (const row of summary) {
    if (row.kind === "request.confirmed") confirmedRequests += row.n;
    const kind = demandKinds[row.kind];
    if (!kind) continue;
    // ADR 249: the '' rows count each booking once; a service's rows count every booking that has it.
    if (row.service_type !== allServices) {
      const service = byService.get(row.service_type as ServiceType);
      if (service) service[kind] += row.n;
      continue;
    }
    const point = series.get(bucketOf(row.day, granularity));
    if (point) point[kind] += row.n;
    totals[kind] += row.n;
  }
  const figures: DemandFigures = { ...totals, confirmedRequests, conversion: share(confirmedRequests, totals.requests) };
  const points: DemandPoint[] = [...series].map(([bucket, counts]) => ({ bucket, ...counts }));
  return { figures, series: points, byService: [...byService].map(([serviceType, counts]) => ({ serviceType, ...counts })) };
}

/** Outstanding at `instant`: payments made before it and not captured or voided by it. */
function outstandingAt(open: OpenPaymentRow[], instant: string): number {
  return open
    .filter((row) => row.created_at < instant && (row.settled_at === null || row.settled_at >= instant))
    .reduce((sum, row) => sum + Number(row.amount_cents), 0);
}

/** The rows of hours inside [from, to] (an operator day's bounds are whole UTC hours). */
function inPeriod<Row extends { hour: string }>(rows: Row[], from: string, to: string): Row[] {
  const range = instantRange(from, to);
  const [first, end] = [range.start.slice(0, 13), range.end.slice(0, 13)];
  return rows.filter((row) => row.hour >= first && row.hour < end);
}

function moneyFigures(summary: Summary, payments: PaymentHourRow[], open: OpenPaymentRow[], from: string, to: string, now: Date) {
  const nowText = now.toISOString();
  const endOf = (lastDay: string) => {
    const end = startOfDayInZone(addDays(lastDay, 1)).toISOString();
    return end < nowText ? end : nowText;
  };
  const series = new Map<string, MoneyPoint>(
    bucketsOf(from, to, "week").map((bucket) => {
      const lastDay = addDays(bucket, 6) < to ? addDays(bucket, 6) : to;
      return [
        bucket,
        {
          bucket,
          bookedCents: 0,
          byService: zeroServices(),
          capturedCents: 0,
          refundedCents: 0,
          outstandingCents: outstandingAt(open, endOf(lastDay)),
        },
      ];
    }),
  );
  const byService = new Map<ServiceType, MoneyByService>(
    serviceTypes.map((serviceType) => [
      serviceType,
      { serviceType, bookedCents: 0, bookings: 0, averageBookingCents: null, capturedCents: 0, refundedCents: 0 },
    ]),
  );
  let bookings = 0;
  let bookingsCents = 0;
  for (const row of summary) {
    const service = byService.get(row.service_type as ServiceType);
    if (row.kind === "booked.value") {
      const point = series.get(weekOf(row.day));
      if (point) {
        point.bookedCents += row.cents;
        point.byService[row.service_type as ServiceType] += row.cents;
      }
      if (service) service.bookedCents += row.cents;
    } else if (row.kind === "booked.bookings") {
      if (row.service_type === allServices) {
        bookings += row.n;
        bookingsCents += row.cents;
      } else if (service) {
        // ADR 249: every booking with this service, and what this service of them came to; held in
        // averageBookingCents until the division below.
        service.bookings += row.n;
        service.averageBookingCents = (service.averageBookingCents ?? 0) + row.cents;
      }
    }
  }
  let capturedCents = 0;
  let refundedCents = 0;
  for (const row of payments) {
    const cents = Number(row.cents);
    const point = series.get(weekOf(dayOfHour(row.hour)));
    const service = byService.get(row.service_type);
    if (row.type === "captured") {
      capturedCents += cents;
      if (point) point.capturedCents += cents;
      if (service) service.capturedCents += cents;
    } else {
      refundedCents += cents;
      if (point) point.refundedCents += cents;
      if (service) service.refundedCents += cents;
    }
  }
  // Whole cents, half up (docs/money.md, rounding): an average of amounts is an amount.
  const average = (cents: number, count: number) => (count === 0 ? null : Math.round(cents / count));
  for (const service of byService.values()) service.averageBookingCents = average(service.averageBookingCents ?? 0, service.bookings);
  const figures: MoneyFigures = {
    bookedCents: bookingsCents,
    bookings,
    averageBookingCents: average(bookingsCents, bookings),
    capturedCents,
    refundedCents,
    outstandingCents: outstandingAt(open, endOf(to)),
  };
  return { figures, series: [...series.values()], byService: [...byService.values()] };
}

function teamFigures(summary: Summary, licences: LicenceEndRow[], answers: AssignmentAnswerRow[], from: string, to: string) {
  const offers = new Map<string, OfferAnswersPoint>(
    bucketsOf(from, to, "week").map((bucket) => [bucket, { bucket, accepted: 0, declined: 0, released: 0 }]),
  );
  const offerTotals = { accepted: 0, declined: 0, released: 0 };
  for (const row of answers) {
    const state = row.state as keyof typeof offerTotals;
    if (!(state in offerTotals)) continue;
    const point = offers.get(weekOf(dayOfHour(row.hour)));
    if (point) point[state] += Number(row.n);
    offerTotals[state] += Number(row.n);
  }
  const weeks = new Map<string, UtilisationPoint>(
    bucketsOf(from, to, "week").map((bucket) => [bucket, { bucket, bookedOperativeDays: 0, availableOperativeDays: 0, utilisation: null }]),
  );
  for (const row of summary) {
    if (row.kind !== "operatives.booked") continue;
    const week = weeks.get(weekOf(row.day));
    if (week) week.bookedOperativeDays += row.n;
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
  const figures: TeamFigures = {
    bookedOperativeDays: booked,
    availableOperativeDays: available,
    utilisation: share(booked, available),
    offersAccepted: offerTotals.accepted,
    offersDeclined: offerTotals.declined,
    offersReleased: offerTotals.released,
  };
  return { figures, utilisation, offers: [...offers.values()], activeOperatives: licences.reduce((sum, row) => sum + Number(row.n), 0) };
}

/** The whole report for a period: the last `days` days, today included (30 by default), or from–to. */
export async function insightsReport(db: Db, query: InsightsQuery, now: Date = new Date()): Promise<InsightsReport> {
  const today = operatorToday(now);
  const days = Number(query.days ?? 30);
  const period = query.from && query.to ? insightsPeriod(query.from, query.to) : insightsPeriod(addDays(today, -(days - 1)), today);
  // Both periods' ledger rows and answers in one statement each: they are split by hour below.
  const both = instantRange(period.previousFrom, period.to);
  const [[summary, previousSummary], payments, open, answers, operativeLicences, waiting, ahead, licences] = await Promise.all([
    readSummaries(db, period),
    paymentsByHour(db, both),
    openPayments(db, both),
    assignmentAnswers(db, both),
    activeOperativesByLicenceEnd(db),
    waitingRequests(db, insightsWaitingListLimit),
    startDays(db, today, addDays(today, insightsStartDaysAhead - 1)),
    expiringLicences(db, addDays(today, insightsLicenceDays), 100),
  ]);
  const [reply, previousReply] = await Promise.all([
    replyFigures(db, summary, instantRange(period.from, period.to), now),
    replyFigures(db, previousSummary, instantRange(period.previousFrom, period.previousTo), now),
  ]);
  const demand = demandFigures(summary, period.from, period.to, period.granularity);
  const previousDemand = demandFigures(previousSummary, period.previousFrom, period.previousTo, period.granularity);
  const money = moneyFigures(summary, inPeriod(payments, period.from, period.to), open, period.from, period.to, now);
  const previousMoney = moneyFigures(
    previousSummary,
    inPeriod(payments, period.previousFrom, period.previousTo),
    open,
    period.previousFrom,
    period.previousTo,
    now,
  );
  const team = teamFigures(summary, operativeLicences, inPeriod(answers, period.from, period.to), period.from, period.to);
  const previousTeam = teamFigures(
    previousSummary,
    operativeLicences,
    inPeriod(answers, period.previousFrom, period.previousTo),
    period.previousFrom,
    period.previousTo,
  );

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
          serviceIds: waiting.services.get(row.id) ?? [],
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
      offers: team.offers,
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

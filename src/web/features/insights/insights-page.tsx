import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { formatDay, formatInstant } from "../../../shared/dates.ts";
import { insightsQuerySchema, replyBuckets, type InsightsReport } from "../../../shared/insights.ts";
import { eurosFromCents, formatMoney } from "../../../shared/money.ts";
import { serviceTypes } from "../../../shared/service-types.ts";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../../components/ui/table.tsx";
import { useTranslation, type TFunction, translateData } from "../../lib/i18n.ts";
import { insightsQuery, type InsightsPeriodChoice } from "./api.ts";
import { ChartFrame, type ChartData } from "./chart-frame.tsx";
import { downloadCsv, toCsv } from "./csv.ts";
import { formatCount, formatPoints, formatShare, formatShortDay } from "./format.ts";
import { PeriodPicker } from "./period-picker.tsx";
import { StartDaysHeatMap } from "./start-days-heat-map.tsx";
import "./insights-translations.ts";

// The insights page of the operator console (docs/insights.md, ADR 150): the reply promise,
// demand, money and the team for a chosen period beside the one before it. Every chart is drawn
// by recharts, loaded with this page only (ADR 152), and says what it shows in words and a table.

const drawings = () => import("./insights-charts.tsx");
const HistogramDrawing = lazy(() => drawings().then((module) => ({ default: module.HistogramDrawing })));
const DemandLinesDrawing = lazy(() => drawings().then((module) => ({ default: module.DemandLinesDrawing })));
const GroupedBarsDrawing = lazy(() => drawings().then((module) => ({ default: module.GroupedBarsDrawing })));
const SingleBarsDrawing = lazy(() => drawings().then((module) => ({ default: module.SingleBarsDrawing })));

/** The fills of the bars, repeated here so the page can name them before the drawings load. */
const fills = {
  requests: { colour: "#0b0b0c", pattern: "solid" },
  confirmations: { colour: "#0f766e", pattern: "hatch" },
  declines: { colour: "#b42318", pattern: "dots" },
  cancellations: { colour: "#7a5d1e", pattern: "cross" },
  vip_residential: { colour: "#1d4ed8", pattern: "solid" },
  vip_driver: { colour: "#0f766e", pattern: "hatch" },
  vip_outdoor: { colour: "#7a5d1e", pattern: "dots" },
  booked: { colour: "#0b0b0c", pattern: "solid" },
  available: { colour: "#7a5d1e", pattern: "hatch" },
  captured: { colour: "#0f766e", pattern: "solid" },
  refunded: { colour: "#b42318", pattern: "dots" },
  outstanding: { colour: "#7a5d1e", pattern: "hatch" },
  accepted: { colour: "#0f766e", pattern: "solid" },
  declined: { colour: "#b42318", pattern: "dots" },
  released: { colour: "#7a5d1e", pattern: "hatch" },
  licences: { colour: "#1d4ed8", pattern: "solid" },
  expired: { colour: "#b42318", pattern: "hatch" },
} as const;

const paymentKeys = ["captured", "refunded", "outstanding"] as const;
const offerKeys = ["accepted", "declined", "released"] as const;

const demandKeys = ["requests", "confirmations", "declines", "cancellations"] as const;

function Drawing({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton className="h-[280px] w-full" />}>{children}</Suspense>;
}

export function InsightsPage() {
  const { t, i18n } = useTranslation("insights");
  const [params, setParams] = useSearchParams();
  const asked = insightsQuerySchema.safeParse({
    days: params.get("days") ?? undefined,
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
  });
  // An address the schema refuses (edited by hand) shows the default, the last 30 days.
  const choice: InsightsPeriodChoice =
    asked.success && asked.data.from && asked.data.to
      ? { from: asked.data.from, to: asked.data.to }
      : { days: (asked.success && asked.data.days) || 30 };
  const report = useQuery(insightsQuery(choice));
  const language = i18n.language;

  return (
    <section className="container-page py-10" aria-labelledby="insights-heading" data-testid="insights-page">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1 id="insights-heading" className="mt-2 text-3xl">
        {t("title")}
      </h1>
      <p className="mt-2 max-w-3xl text-stone">{t("intro")}</p>
      <PeriodPicker
        choice={choice}
        shown={report.data?.period}
        today={report.data?.today}
        onChange={(next) => setParams("days" in next ? { days: String(next.days) } : next)}
      />
      {report.data && (
        <p className="mt-4 text-sm text-stone" data-testid="insights-period">
          {t("period.showing", {
            from: formatDay(report.data.period.from, language),
            to: formatDay(report.data.period.to, language),
            previousFrom: formatDay(report.data.period.previousFrom, language),
            previousTo: formatDay(report.data.period.previousTo, language),
          })}
        </p>
      )}
      <div className="mt-8" aria-busy={report.isFetching}>
        {report.isPending ? (
          <div role="status" aria-live="polite" className="space-y-4">
            <span className="sr-only">{t("loading")}</span>
            <Skeleton className="h-28 w-full" />
            <Skeleton className="h-72 w-full" />
          </div>
        ) : report.isError ? (
          <div role="alert" className="rounded-xl border border-red-800/30 bg-white p-6">
            <p>{t("failed")}</p>
            <Button className="mt-4" variant="outline" onClick={() => void report.refetch()}>
              {t("retry")}
            </Button>
          </div>
        ) : (
          <Report report={report.data} t={t} language={language} />
        )}
      </div>
    </section>
  );
}

function Report({ report, t, language }: { report: InsightsReport; t: TFunction<"insights">; language: string }) {
  const { period } = report;
  const file = (name: string) => `insights-${name}-${period.from}-${period.to}`;
  const count = (value: number) => formatCount(value, language);
  const money = (cents: number) => formatMoney(cents, language);
  const share = (value: number | null) => formatShare(value, language);
  const bucketLabel = (bucket: string) => formatShortDay(bucket, language);
  const bucketLong = (bucket: string) =>
    period.granularity === "day" ? formatDay(bucket, language) : t("demand.weekOf", { day: formatDay(bucket, language) });
  const service = (type: string) => translateData(t, "insights", `services.${type}`, type);
  const reply = report.reply;
  const counted = reply.current.answered + reply.current.missed;

  // Reply promise
  const lateBuckets = replyBuckets.filter((bucket) => bucket.toHours === null || bucket.toHours > 24).map((bucket) => bucket.key);
  const topBucket = [...reply.histogram].sort((a, b) => b.answered - a.answered)[0];
  const histogramData: ChartData = {
    fileName: file("reply-times"),
    header: [t("reply.replyTime"), t("reply.answered")],
    rows: reply.histogram.map((entry) => [entry.bucket, entry.answered]),
    display: reply.histogram.map((entry) => [
      `${t(`reply.bucket.${entry.bucket}`)} (${t(lateBuckets.includes(entry.bucket) ? "reply.late" : "reply.kept")})`,
      count(entry.answered),
    ]),
  };

  // Demand
  const demand = report.demand;
  const busiest = [...demand.series].sort((a, b) => b.requests - a.requests)[0];
  const demandData: ChartData = {
    fileName: file("demand"),
    header: [t(period.granularity === "day" ? "demand.day" : "demand.week"), ...demandKeys.map((key) => t(`demand.series.${key}`))],
    rows: demand.series.map((point) => [point.bucket, ...demandKeys.map((key) => point[key])]),
    display: demand.series.map((point) => [bucketLong(point.bucket), ...demandKeys.map((key) => count(point[key]))]),
  };
  const totalRequests = demand.byService.reduce((sum, entry) => sum + entry.requests, 0);
  const topService = [...demand.byService].sort((a, b) => b.requests - a.requests)[0];
  const byServiceData: ChartData = {
    fileName: file("demand-by-service"),
    header: [t("demand.service"), ...demandKeys.map((key) => t(`demand.series.${key}`))],
    rows: demand.byService.map((entry) => [entry.serviceType, ...demandKeys.map((key) => entry[key])]),
    display: demand.byService.map((entry) => [service(entry.serviceType), ...demandKeys.map((key) => count(entry[key]))]),
  };

  // Money
  const moneyReport = report.money;
  const bestWeek = [...moneyReport.series].sort((a, b) => b.bookedCents - a.bookedCents)[0];
  const euros = (cents: number) => eurosFromCents(cents).toFixed(2);
  const weeklyData: ChartData = {
    fileName: file("booked-value-per-week"),
    header: [t("money.week"), ...serviceTypes.map((type) => `${service(type)} (EUR)`), `${t("demand.total")} (EUR)`],
    rows: moneyReport.series.map((week) => [
      week.bucket,
      ...serviceTypes.map((type) => euros(week.byService[type])),
      euros(week.bookedCents),
    ]),
    display: moneyReport.series.map((week) => [
      formatDay(week.bucket, language),
      ...serviceTypes.map((type) => money(week.byService[type])),
      money(week.bookedCents),
    ]),
  };
  const topEarner = [...moneyReport.byService].sort((a, b) => b.bookedCents - a.bookedCents)[0];
  const moneyByServiceData: ChartData = {
    fileName: file("booked-value-by-service"),
    header: [t("demand.service"), `${t("money.amount")} (EUR)`],
    rows: moneyReport.byService.map((entry) => [entry.serviceType, euros(entry.bookedCents)]),
    display: moneyReport.byService.map((entry) => [service(entry.serviceType), money(entry.bookedCents)]),
  };

  const paymentsData: ChartData = {
    fileName: file("payments-per-week"),
    header: [t("money.week"), ...paymentKeys.map((key) => `${t(`money.${key}`)} (EUR)`)],
    rows: moneyReport.series.map((week) => [
      week.bucket,
      euros(week.capturedCents),
      euros(week.refundedCents),
      euros(week.outstandingCents),
    ]),
    display: moneyReport.series.map((week) => [
      formatDay(week.bucket, language),
      money(week.capturedCents),
      money(week.refundedCents),
      money(week.outstandingCents),
    ]),
  };
  const bestCaptureWeek = [...moneyReport.series].sort((a, b) => b.capturedCents - a.capturedCents)[0];
  const topAverage = [...moneyReport.byService]
    .filter((entry) => entry.averageBookingCents !== null)
    .sort((a, b) => (b.averageBookingCents ?? 0) - (a.averageBookingCents ?? 0))[0];
  const averageData: ChartData = {
    fileName: file("average-booking-value-by-service"),
    header: [
      t("demand.service"),
      t("money.bookings"),
      `${t("money.average")} (EUR)`,
      `${t("money.amount")} (EUR)`,
      `${t("money.captured")} (EUR)`,
      `${t("money.refunded")} (EUR)`,
    ],
    rows: moneyReport.byService.map((entry) => [
      entry.serviceType,
      entry.bookings,
      entry.averageBookingCents === null ? null : euros(entry.averageBookingCents),
      euros(entry.bookedCents),
      euros(entry.capturedCents),
      euros(entry.refundedCents),
    ]),
    display: moneyReport.byService.map((entry) => [
      service(entry.serviceType),
      count(entry.bookings),
      entry.averageBookingCents === null ? "–" : money(entry.averageBookingCents),
      money(entry.bookedCents),
      money(entry.capturedCents),
      money(entry.refundedCents),
    ]),
  };

  // Team
  const team = report.team;
  const offersData: ChartData = {
    fileName: file("offers-per-week"),
    header: [t("money.week"), ...offerKeys.map((key) => t(`team.${key}`))],
    rows: team.offers.map((week) => [week.bucket, week.accepted, week.declined, week.released]),
    display: team.offers.map((week) => [
      formatDay(week.bucket, language),
      count(week.accepted),
      count(week.declined),
      count(week.released),
    ]),
  };
  const offersAnswered = team.current.offersAccepted + team.current.offersDeclined + team.current.offersReleased;
  // Licences by the week they run out in (Monday first), the ones already run out apart.
  const expiryWeeks = new Map<string, number>();
  let expired = 0;
  for (const licence of team.licences) {
    if (licence.daysLeft < 0) expired += 1;
    else {
      const week = mondayOf(licence.licenceExpiresOn);
      expiryWeeks.set(week, (expiryWeeks.get(week) ?? 0) + 1);
    }
  }
  const expiryBars = [
    ...(expired > 0 ? [{ category: "expired", value: expired }] : []),
    ...[...expiryWeeks].sort(([a], [b]) => a.localeCompare(b)).map(([week, value]) => ({ category: week, value })),
  ];
  const busiestExpiry = [...expiryWeeks].sort((a, b) => b[1] - a[1])[0];
  const expiryLabel = (category: string) => (category === "expired" ? t("team.expiredBucket") : formatShortDay(category, language));
  const expiryData: ChartData = {
    fileName: file("licences-by-week"),
    header: [t("money.week"), t("team.licences")],
    rows: expiryBars.map((bar) => [bar.category, bar.value]),
    display: expiryBars.map((bar) => [
      bar.category === "expired" ? t("team.expiredBucket") : formatDay(bar.category, language),
      count(bar.value),
    ]),
  };
  const busiestWeek = [...team.utilisation].sort((a, b) => (b.utilisation ?? -1) - (a.utilisation ?? -1))[0];
  const utilisationData: ChartData = {
    fileName: file("utilisation"),
    header: [t("money.week"), t("team.booked"), t("team.available"), t("team.utilisation")],
    rows: team.utilisation.map((week) => [
      week.bucket,
      week.bookedOperativeDays,
      week.availableOperativeDays,
      week.utilisation === null ? null : week.utilisation.toFixed(4),
    ]),
    display: team.utilisation.map((week) => [
      formatDay(week.bucket, language),
      count(week.bookedOperativeDays),
      count(week.availableOperativeDays),
      share(week.utilisation),
    ]),
  };

  const axisCount = (value: number) => count(value);
  return (
    <div className="space-y-12">
      <KeyFigures report={report} t={t} language={language} />

      <Section id="reply" title={t("sections.reply")}>
        <p data-testid="reply-share-sentence">
          {counted === 0
            ? t("reply.shareNone")
            : t("reply.shareSentence", {
                within: count(reply.current.answeredWithinPromise),
                counted: count(counted),
                share: share(reply.current.shareWithinPromise),
                missed: count(reply.current.missed),
              })}
        </p>
        <p className="text-sm text-stone">
          {t("reply.notCounted", { waiting: count(reply.current.waitingWithinPromise), withdrawn: count(reply.current.withdrawn) })}
        </p>
        <div className="grid gap-6 lg:grid-cols-2">
          <ChartFrame
            testId="chart-reply-times"
            title={t("reply.histogramTitle")}
            summary={
              reply.current.answered === 0
                ? t("reply.histogramSummaryNone")
                : t("reply.histogramSummary", {
                    answered: count(reply.current.answered),
                    within: count(reply.current.answeredWithinPromise),
                    late: count(reply.current.answered - reply.current.answeredWithinPromise),
                    top: topBucket ? t(`reply.bucket.${topBucket.bucket}`) : "–",
                  })
            }
            data={histogramData}
          >
            <Drawing>
              <HistogramDrawing
                data={reply.histogram}
                lateBuckets={lateBuckets}
                keptLabel={t("reply.kept")}
                lateLabel={t("reply.late")}
                formatCategory={(bucket) => translateData(t, "insights", `reply.bucket.${bucket}`, bucket)}
                formatValue={axisCount}
              />
            </Drawing>
          </ChartFrame>
          <WaitingRequests report={report} t={t} language={language} fileName={file("waiting")} />
        </div>
      </Section>

      <Section id="demand" title={t("sections.demand")}>
        <p data-testid="conversion-sentence">
          {t("demand.conversionSentence", {
            confirmed: count(demand.current.confirmedRequests),
            requests: count(demand.current.requests),
            share: share(demand.current.conversion),
          })}
        </p>
        <div className="grid gap-6 lg:grid-cols-2">
          <ChartFrame
            testId="chart-demand"
            title={t("demand.overTimeTitle")}
            summary={
              demand.current.requests + demand.current.confirmations + demand.current.declines + demand.current.cancellations === 0
                ? t("demand.overTimeSummaryNone")
                : t("demand.overTimeSummary", {
                    requests: count(demand.current.requests),
                    confirmations: count(demand.current.confirmations),
                    declines: count(demand.current.declines),
                    cancellations: count(demand.current.cancellations),
                    when: busiest
                      ? t(period.granularity === "day" ? "demand.onDay" : "demand.inWeek", { day: formatDay(busiest.bucket, language) })
                      : "–",
                    count: busiest?.requests ?? 0,
                  })
            }
            data={demandData}
          >
            <Drawing>
              <DemandLinesDrawing
                data={demand.series}
                labels={{
                  requests: t("demand.series.requests"),
                  confirmations: t("demand.series.confirmations"),
                  declines: t("demand.series.declines"),
                  cancellations: t("demand.series.cancellations"),
                }}
                formatCategory={bucketLabel}
                formatValue={axisCount}
              />
            </Drawing>
          </ChartFrame>
          <ChartFrame
            testId="chart-demand-by-service"
            title={t("demand.byServiceTitle")}
            summary={
              totalRequests === 0 || !topService
                ? t("chart.empty")
                : t("demand.byServiceSummary", {
                    service: service(topService.serviceType),
                    number: count(topService.requests),
                    total: count(totalRequests),
                  })
            }
            data={byServiceData}
          >
            <Drawing>
              <GroupedBarsDrawing
                chart="demand-by-service"
                everyCategory
                data={demand.byService.map((entry) => ({ ...entry, category: entry.serviceType }))}
                series={demandKeys.map((key) => ({ key, label: t(`demand.series.${key}`), fill: fills[key] }))}
                formatCategory={service}
                formatValue={axisCount}
              />
            </Drawing>
          </ChartFrame>
        </div>
        <StartDaysHeatMap days={demand.startDays} fileName={file("start-days")} />
      </Section>

      <Section id="money" title={t("sections.money")}>
        <p className="text-sm text-stone">{t("money.note")}</p>
        <div className="grid gap-6 lg:grid-cols-2">
          <ChartFrame
            testId="chart-money-weekly"
            title={t("money.weeklyTitle")}
            summary={
              moneyReport.current.bookings === 0 || !bestWeek
                ? t("money.weeklySummaryNone")
                : t("money.weeklySummary", {
                    total: money(moneyReport.current.bookedCents),
                    bookings: count(moneyReport.current.bookings),
                    best: formatDay(bestWeek.bucket, language),
                    amount: money(bestWeek.bookedCents),
                  })
            }
            data={weeklyData}
          >
            <Drawing>
              <GroupedBarsDrawing
                chart="money-weekly"
                stacked
                data={moneyReport.series.map((week) => ({ category: week.bucket, ...week.byService }))}
                series={serviceTypes.map((type) => ({ key: type, label: service(type), fill: fills[type] }))}
                formatCategory={(day) => formatShortDay(day, language)}
                formatValue={money}
              />
            </Drawing>
          </ChartFrame>
          <ChartFrame
            testId="chart-money-by-service"
            title={t("money.byServiceTitle")}
            summary={
              moneyReport.current.bookedCents === 0 || !topEarner
                ? t("money.weeklySummaryNone")
                : t("money.byServiceSummary", {
                    service: service(topEarner.serviceType),
                    amount: money(topEarner.bookedCents),
                    total: money(moneyReport.current.bookedCents),
                  })
            }
            data={moneyByServiceData}
          >
            <Drawing>
              <SingleBarsDrawing
                chart="money-by-service"
                data={moneyReport.byService.map((entry) => ({ category: entry.serviceType, value: entry.bookedCents }))}
                fills={moneyReport.byService.map((entry) => fills[entry.serviceType])}
                label={t("money.amount")}
                legend={serviceTypes.map((type) => ({ label: service(type), fill: fills[type] }))}
                formatCategory={service}
                formatValue={money}
              />
            </Drawing>
          </ChartFrame>
          <ChartFrame
            testId="chart-payments-weekly"
            title={t("money.paymentsTitle")}
            summary={
              moneyReport.current.capturedCents + moneyReport.current.refundedCents === 0 || !bestCaptureWeek
                ? t("money.paymentsSummaryNone", { outstanding: money(moneyReport.current.outstandingCents) })
                : t("money.paymentsSummary", {
                    captured: money(moneyReport.current.capturedCents),
                    refunded: money(moneyReport.current.refundedCents),
                    outstanding: money(moneyReport.current.outstandingCents),
                    best: formatDay(bestCaptureWeek.bucket, language),
                    amount: money(bestCaptureWeek.capturedCents),
                  })
            }
            data={paymentsData}
          >
            <Drawing>
              <GroupedBarsDrawing
                chart="payments-weekly"
                data={moneyReport.series.map((week) => ({
                  category: week.bucket,
                  captured: week.capturedCents,
                  refunded: week.refundedCents,
                  outstanding: week.outstandingCents,
                }))}
                series={paymentKeys.map((key) => ({ key, label: t(`money.${key}`), fill: fills[key] }))}
                formatCategory={(day) => formatShortDay(day, language)}
                formatValue={money}
              />
            </Drawing>
          </ChartFrame>
          <ChartFrame
            testId="chart-average-by-service"
            title={t("money.averageTitle")}
            summary={
              moneyReport.current.averageBookingCents === null || !topAverage
                ? t("money.averageSummaryNone")
                : t("money.averageSummary", {
                    service: service(topAverage.serviceType),
                    amount: money(topAverage.averageBookingCents ?? 0),
                    bookings: count(topAverage.bookings),
                    all: money(moneyReport.current.averageBookingCents),
                  })
            }
            data={averageData}
          >
            <Drawing>
              <SingleBarsDrawing
                chart="average-by-service"
                data={moneyReport.byService.map((entry) => ({ category: entry.serviceType, value: entry.averageBookingCents ?? 0 }))}
                fills={moneyReport.byService.map((entry) => fills[entry.serviceType])}
                label={t("money.average")}
                legend={serviceTypes.map((type) => ({ label: service(type), fill: fills[type] }))}
                formatCategory={service}
                formatValue={money}
              />
            </Drawing>
          </ChartFrame>
        </div>
      </Section>

      <Section id="team" title={t("sections.team")}>
        <p className="text-sm text-stone">{t("team.note")}</p>
        <div className="grid gap-6 lg:grid-cols-2">
          <ChartFrame
            testId="chart-utilisation"
            title={t("team.utilisationTitle")}
            summary={
              team.current.availableOperativeDays === 0 || !busiestWeek
                ? t("team.utilisationSummaryNone")
                : t("team.utilisationSummary", {
                    booked: count(team.current.bookedOperativeDays),
                    available: count(team.current.availableOperativeDays),
                    share: share(team.current.utilisation),
                    busiest: formatDay(busiestWeek.bucket, language),
                    top: share(busiestWeek.utilisation),
                  })
            }
            data={utilisationData}
          >
            <Drawing>
              <GroupedBarsDrawing
                chart="utilisation"
                data={team.utilisation.map((week) => ({
                  category: week.bucket,
                  booked: week.bookedOperativeDays,
                  available: week.availableOperativeDays,
                }))}
                series={[
                  { key: "booked", label: t("team.booked"), fill: fills.booked },
                  { key: "available", label: t("team.available"), fill: fills.available },
                ]}
                formatCategory={(day) => formatShortDay(day, language)}
                formatValue={axisCount}
              />
            </Drawing>
          </ChartFrame>
          <ChartFrame
            testId="chart-offers"
            title={t("team.offersTitle")}
            summary={
              offersAnswered === 0
                ? t("team.offersSummaryNone")
                : t("team.offersSummary", {
                    accepted: count(team.current.offersAccepted),
                    declined: count(team.current.offersDeclined),
                    released: count(team.current.offersReleased),
                    share: share((team.current.offersDeclined + team.current.offersReleased) / offersAnswered),
                  })
            }
            data={offersData}
          >
            <Drawing>
              <GroupedBarsDrawing
                chart="offers"
                stacked
                data={team.offers.map((week) => ({ category: week.bucket, ...week }))}
                series={offerKeys.map((key) => ({ key, label: t(`team.${key}`), fill: fills[key] }))}
                formatCategory={(day) => formatShortDay(day, language)}
                formatValue={axisCount}
              />
            </Drawing>
          </ChartFrame>
          <ChartFrame
            testId="chart-licence-expiry"
            title={t("team.expiryTitle")}
            summary={
              team.licences.length === 0
                ? t("team.expirySummaryNone")
                : t("team.expirySummary", {
                    expired: count(expired),
                    soon: count(team.licences.length - expired),
                    week: busiestExpiry ? formatDay(busiestExpiry[0], language) : "–",
                    most: count(busiestExpiry?.[1] ?? 0),
                  })
            }
            data={expiryData}
          >
            <Drawing>
              <SingleBarsDrawing
                chart="licence-expiry"
                data={expiryBars}
                fills={expiryBars.map((bar) => (bar.category === "expired" ? fills.expired : fills.licences))}
                label={t("team.licences")}
                legend={[
                  { label: t("team.expiredBucket"), fill: fills.expired },
                  { label: t("team.licences"), fill: fills.licences },
                ]}
                formatCategory={expiryLabel}
                formatValue={axisCount}
              />
            </Drawing>
          </ChartFrame>
          <ExpiringLicences report={report} t={t} language={language} fileName={file("licences")} />
        </div>
      </Section>
    </div>
  );
}

/** The Monday of a day's ISO week (ISO 8601 weeks begin on Monday). */
function mondayOf(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`insights-${id}`} className="space-y-4" data-testid={`insights-${id}`}>
      <h2 id={`insights-${id}`} className="text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The headline figures beside the previous period's, the change said in words. */
function KeyFigures({ report, t, language }: { report: InsightsReport; t: TFunction<"insights">; language: string }) {
  const share = (value: number | null) => formatShare(value, language);
  const shareChange = (current: number | null, previous: number | null) =>
    current === null || previous === null
      ? t("compare.none")
      : current === previous
        ? t("compare.same")
        : t(current > previous ? "compare.up" : "compare.down", {
            change: t("compare.points", { value: formatPoints(current - previous, language) }),
          });
  const amountChange = (current: number | null, previous: number | null, format: (value: number) => string) =>
    current === null || previous === null
      ? t("compare.none")
      : current === previous
        ? t("compare.same")
        : t(current > previous ? "compare.up" : "compare.down", { change: format(Math.abs(current - previous)) });
  const count = (value: number) => formatCount(value, language);
  const money = (cents: number) => formatMoney(cents, language);
  const average = (cents: number | null) => (cents === null ? "–" : money(cents));
  const figures = [
    {
      key: "share",
      value: share(report.reply.current.shareWithinPromise),
      previous: share(report.reply.previous.shareWithinPromise),
      change: shareChange(report.reply.current.shareWithinPromise, report.reply.previous.shareWithinPromise),
    },
    {
      key: "requests",
      value: count(report.demand.current.requests),
      previous: count(report.demand.previous.requests),
      change: amountChange(report.demand.current.requests, report.demand.previous.requests, count),
    },
    {
      key: "conversion",
      value: share(report.demand.current.conversion),
      previous: share(report.demand.previous.conversion),
      change: shareChange(report.demand.current.conversion, report.demand.previous.conversion),
    },
    {
      key: "booked",
      value: money(report.money.current.bookedCents),
      previous: money(report.money.previous.bookedCents),
      change: amountChange(report.money.current.bookedCents, report.money.previous.bookedCents, money),
    },
    {
      key: "average",
      value: average(report.money.current.averageBookingCents),
      previous: average(report.money.previous.averageBookingCents),
      change: amountChange(report.money.current.averageBookingCents, report.money.previous.averageBookingCents, money),
    },
    {
      key: "captured",
      value: money(report.money.current.capturedCents),
      previous: money(report.money.previous.capturedCents),
      change: amountChange(report.money.current.capturedCents, report.money.previous.capturedCents, money),
    },
    {
      key: "outstanding",
      value: money(report.money.current.outstandingCents),
      previous: money(report.money.previous.outstandingCents),
      change: amountChange(report.money.current.outstandingCents, report.money.previous.outstandingCents, money),
    },
    {
      key: "utilisation",
      value: share(report.team.current.utilisation),
      previous: share(report.team.previous.utilisation),
      change: shareChange(report.team.current.utilisation, report.team.previous.utilisation),
    },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="key-figures">
      {figures.map((figure) => (
        <div key={figure.key} className="rounded-xl border border-ink-line/15 bg-white p-5" data-testid={`figure-${figure.key}`}>
          <dt className="text-sm font-semibold text-stone">{translateData(t, "insights", `kpi.${figure.key}`, figure.key)}</dt>
          <dd className="mt-1 text-3xl font-semibold text-ink tabular-nums" data-testid="figure-value">
            {figure.value}
          </dd>
          <dd className="mt-1 text-sm text-stone">
            {t("compare.previous", { value: figure.previous })} · {figure.change}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function durationText(minutes: number, t: TFunction<"insights">): string {
  const absolute = Math.abs(minutes);
  return t("hours", { hours: Math.floor(absolute / 60), minutes: absolute % 60 });
}

/** The requests waiting now, each with a bar of the 24 hours it has used and the time to the limit in words. */
function WaitingRequests({
  report,
  t,
  language,
  fileName,
}: {
  report: InsightsReport;
  t: TFunction<"insights">;
  language: string;
  fileName: string;
}) {
  const { waiting, waitingTotal } = report.reply;
  const overdue = waiting.filter((request) => request.minutesLeft < 0).length;
  const limitMinutes = 24 * 60;
  const timeText = (minutes: number) =>
    minutes < 0 ? t("reply.overdue", { time: durationText(minutes, t) }) : t("reply.left", { time: durationText(minutes, t) });
  return (
    <div className="self-start rounded-xl border border-ink-line/15 bg-white p-4 sm:p-6" data-testid="chart-waiting">
      <h3 className="text-xl">{t("reply.waitingTitle")}</h3>
      <p className="mt-1 text-sm text-stone" data-testid="chart-summary">
        {waitingTotal === 0
          ? t("reply.waitingNone")
          : t("reply.waitingSummary", { count: waitingTotal, overdue: formatCount(overdue, language) })}
      </p>
      {waiting.length > 0 && (
        <ul className="mt-4 space-y-3">
          {waiting.map((request) => {
            const used = Math.min(1, Math.max(0, (limitMinutes - request.minutesLeft) / limitMinutes));
            const late = request.minutesLeft < 0;
            return (
              <li key={request.id} className="text-sm" data-testid="waiting-request">
                <div className="flex flex-wrap justify-between gap-x-3">
                  <Link to={`/admin/bookings/${request.id}`} className="font-semibold underline underline-offset-2">
                    {request.customerName}
                  </Link>
                  <span className={late ? "font-semibold text-red-800" : "text-stone"}>{timeText(request.minutesLeft)}</span>
                </div>
                <p className="text-xs text-stone">
                  {t(`services.${request.serviceType}`)} · {t("reply.received")} {formatInstant(request.createdAt, language)}
                </p>
                <div aria-hidden="true" className="mt-1 h-3 w-full rounded-full border border-stone bg-white">
                  <div
                    className="h-full rounded-full"
                    style={{
                      width: `${used * 100}%`,
                      background: late ? "repeating-linear-gradient(135deg, #b42318 0 4px, #ffffff 4px 7px)" : "#0f766e",
                    }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {waitingTotal > waiting.length && (
        <p className="mt-3 text-xs text-stone">{t("reply.waitingMore", { shown: waiting.length, total: waitingTotal })}</p>
      )}
      <CsvButton
        title={t("reply.waitingTitle")}
        data={{
          fileName,
          header: [t("reply.customer"), t("reply.service"), t("reply.received"), `${t("reply.timeLeft")} (min)`],
          rows: waiting.map((request) => [request.customerName, request.serviceType, request.createdAt, request.minutesLeft]),
          display: [],
        }}
      />
    </div>
  );
}

/** Active operatives whose licence runs out within 90 days (or has), soonest first. */
function ExpiringLicences({
  report,
  t,
  language,
  fileName,
}: {
  report: InsightsReport;
  t: TFunction<"insights">;
  language: string;
  fileName: string;
}) {
  const { licences } = report.team;
  const daysText = (days: number) =>
    days < 0 ? t("team.expired", { count: -days }) : days === 0 ? t("team.today") : t("team.inDays", { count: days });
  return (
    <div className="self-start rounded-xl border border-ink-line/15 bg-white p-4 sm:p-6" data-testid="licences">
      <h3 className="text-xl">{t("team.licencesTitle")}</h3>
      <p className="mt-1 text-sm text-stone">
        {licences.length === 0 ? t("team.licencesNone") : t("team.licencesSummary", { count: licences.length })}
      </p>
      {licences.length > 0 && (
        <div className="mt-4">
          <Table caption={t("team.licencesTitle")} captionHidden>
            <TableHead>
              <TableRow>
                <TableHeaderCell>{t("team.operative")}</TableHeaderCell>
                <TableHeaderCell>{t("team.expires")}</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {licences.map((licence) => (
                <TableRow key={licence.operativeId}>
                  <TableCell className="font-semibold">{licence.name}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    {formatDay(licence.licenceExpiresOn, language)}
                    <span className={`block text-xs ${licence.daysLeft < 0 ? "font-semibold text-red-800" : "text-stone"}`}>
                      {daysText(licence.daysLeft)}
                    </span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <CsvButton
        title={t("team.licencesTitle")}
        data={{
          fileName,
          header: [t("team.operative"), t("team.expires"), t("team.daysLeft")],
          rows: licences.map((licence) => [licence.name, licence.licenceExpiresOn, licence.daysLeft]),
          display: [],
        }}
      />
    </div>
  );
}

function CsvButton({ title, data }: { title: string; data: ChartData }) {
  const { t } = useTranslation("insights");
  if (data.rows.length === 0) return null;
  return (
    <Button
      size="sm"
      variant="ghost"
      className="mt-4"
      aria-label={t("chart.downloadNamed", { title })}
      onClick={() => downloadCsv(`${data.fileName}.csv`, toCsv(data.header, data.rows))}
    >
      {t("chart.download")}
    </Button>
  );
}

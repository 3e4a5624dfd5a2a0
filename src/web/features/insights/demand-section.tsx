import type { DemandCounts, InsightsReport } from "../../../shared/insights.ts";
import { DemandLinesDrawing, DrawnChart, fills, GroupedBarsDrawing } from "./drawn-chart.tsx";
import { chartData, reportFileName, useReportFormat, type Column } from "./report-format.ts";
import { StartDaysHeatMap } from "./start-days-heat-map.tsx";

const demandKeys = ["requests", "confirmations", "declines", "cancellations"] as const;

/** Demand: requests and their outcomes over time and by service, the conversion, the busiest start days ahead. */
export function DemandSection({ report }: { report: InsightsReport }) {
  const { t, count, share, day, shortDay, service, countColumn, serviceColumn } = useReportFormat();
  const { demand, period } = report;
  const countColumns: Column<DemandCounts>[] = demandKeys.map((key) =>
    countColumn(t(`demand.series.${key}`), (counts: DemandCounts) => counts[key]),
  );
  const busiest = [...demand.series].sort((a, b) => b.requests - a.requests)[0];
  const demandData = chartData(reportFileName(period, "demand"), demand.series, [
    {
      header: t(period.granularity === "day" ? "demand.day" : "demand.week"),
      value: (point) => point.bucket,
      shown: (point) => (period.granularity === "day" ? day(point.bucket) : t("demand.weekOf", { day: day(point.bucket) })),
    },
    ...countColumns,
  ]);
  // ADR 249: a booking counts under each of its services, so the whole is the requests counted once.
  const totalRequests = demand.current.requests;
  const topService = [...demand.byService].sort((a, b) => b.requests - a.requests)[0];
  const byServiceData = chartData(reportFileName(period, "demand-by-service"), demand.byService, [serviceColumn(), ...countColumns]);

  return (
    <>
      <p data-testid="conversion-sentence">
        {t("demand.conversionSentence", {
          confirmed: count(demand.current.confirmedRequests),
          requests: count(demand.current.requests),
          share: share(demand.current.conversion),
        })}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <DrawnChart
          testId="chart-demand"
          title={t("demand.overTimeTitle")}
          summary={
            demand.current.requests + demand.current.confirmations + demand.current.declines + demand.current.cancellations === 0
              ? t("demand.overTimeSummaryNone")
              : t("demand.overTimeSummary", {
                  requests: t("counts.requests", { count: demand.current.requests, number: count(demand.current.requests) }),
                  confirmations: t("counts.confirmations", {
                    count: demand.current.confirmations,
                    number: count(demand.current.confirmations),
                  }),
                  declines: t("counts.declines", { count: demand.current.declines, number: count(demand.current.declines) }),
                  cancellations: t("counts.cancellations", {
                    count: demand.current.cancellations,
                    number: count(demand.current.cancellations),
                  }),
                  when: busiest ? t(period.granularity === "day" ? "demand.onDay" : "demand.inWeek", { day: day(busiest.bucket) }) : "–",
                  count: busiest?.requests ?? 0,
                })
          }
          data={demandData}
        >
          <DemandLinesDrawing
            data={demand.series}
            labels={{
              requests: t("demand.series.requests"),
              confirmations: t("demand.series.confirmations"),
              declines: t("demand.series.declines"),
              cancellations: t("demand.series.cancellations"),
            }}
            formatCategory={shortDay}
            formatValue={count}
          />
        </DrawnChart>
        <DrawnChart
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
          <GroupedBarsDrawing
            chart="demand-by-service"
            everyCategory
            data={demand.byService.map((entry) => ({ ...entry, category: entry.serviceType }))}
            series={demandKeys.map((key) => ({ key, label: t(`demand.series.${key}`), fill: fills[key] }))}
            formatCategory={service}
            formatValue={count}
          />
        </DrawnChart>
      </div>
      <StartDaysHeatMap days={demand.startDays} fileName={reportFileName(period, "start-days")} />
    </>
  );
}

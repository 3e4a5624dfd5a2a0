import type { InsightsReport, MoneyByService, MoneyPoint } from "../../../shared/insights.ts";
import { serviceTypes } from "../../../shared/service-types.ts";
import { DrawnChart, fills, GroupedBarsDrawing, SingleBarsDrawing } from "./drawn-chart.tsx";
import { chartData, reportFileName, useReportFormat } from "./report-format.ts";

const paymentKeys = ["captured", "refunded", "outstanding"] as const;

/** Money: booked value per week and by service, payments captured, refunded and outstanding, the average booking. */
export function MoneySection({ report }: { report: InsightsReport }) {
  const { t, count, money, day, shortDay, service, dayColumn, countColumn, moneyColumn, serviceColumn } = useReportFormat();
  const { money: moneyReport, period } = report;
  const file = (name: string) => reportFileName(period, name);
  const weekColumn = dayColumn(t("money.week"), (week: MoneyPoint) => week.bucket);

  const bestWeek = [...moneyReport.series].sort((a, b) => b.bookedCents - a.bookedCents)[0];
  const weeklyData = chartData(file("booked-value-per-week"), moneyReport.series, [
    weekColumn,
    ...serviceTypes.map((type) => moneyColumn(service(type), (week: MoneyPoint) => week.byService[type])),
    moneyColumn(t("demand.total"), (week) => week.bookedCents),
  ]);
  const topEarner = [...moneyReport.byService].sort((a, b) => b.bookedCents - a.bookedCents)[0];
  const byServiceData = chartData(file("booked-value-by-service"), moneyReport.byService, [
    serviceColumn(),
    moneyColumn(t("money.amount"), (entry) => entry.bookedCents),
  ]);
  const bestCaptureWeek = [...moneyReport.series].sort((a, b) => b.capturedCents - a.capturedCents)[0];
  const paymentsData = chartData(file("payments-per-week"), moneyReport.series, [
    weekColumn,
    ...paymentKeys.map((key) => moneyColumn(t(`money.${key}`), (week: MoneyPoint) => week[`${key}Cents` as const])),
  ]);
  const topAverage = [...moneyReport.byService]
    .filter((entry) => entry.averageBookingCents !== null)
    .sort((a, b) => (b.averageBookingCents ?? 0) - (a.averageBookingCents ?? 0))[0];
  const averageData = chartData(file("average-booking-value-by-service"), moneyReport.byService, [
    serviceColumn(),
    countColumn(t("money.bookings"), (entry) => entry.bookings),
    moneyColumn(t("money.average"), (entry) => entry.averageBookingCents),
    moneyColumn(t("money.amount"), (entry) => entry.bookedCents),
    moneyColumn(t("money.captured"), (entry) => entry.capturedCents),
    moneyColumn(t("money.refunded"), (entry) => entry.refundedCents),
  ]);

  return (
    <>
      <p className="text-sm text-stone">{t("money.note")}</p>
      <div className="grid gap-6 lg:grid-cols-2">
        <DrawnChart
          testId="chart-money-weekly"
          title={t("money.weeklyTitle")}
          summary={
            moneyReport.current.bookings === 0 || !bestWeek
              ? t("money.weeklySummaryNone")
              : t("money.weeklySummary", {
                  total: money(moneyReport.current.bookedCents),
                  bookings: t("counts.confirmedBookings", {
                    count: moneyReport.current.bookings,
                    number: count(moneyReport.current.bookings),
                  }),
                  best: day(bestWeek.bucket),
                  amount: money(bestWeek.bookedCents),
                })
          }
          data={weeklyData}
        >
          <GroupedBarsDrawing
            chart="money-weekly"
            stacked
            data={moneyReport.series.map((week) => ({ category: week.bucket, ...week.byService }))}
            series={serviceTypes.map((type) => ({ key: type, label: service(type), fill: fills[type] }))}
            formatCategory={shortDay}
            formatValue={money}
          />
        </DrawnChart>
        <DrawnChart
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
          data={byServiceData}
        >
          <ServiceBarsDrawing
            chart="money-by-service"
            byService={moneyReport.byService}
            cents={(entry) => entry.bookedCents}
            label={t("money.amount")}
          />
        </DrawnChart>
        <DrawnChart
          testId="chart-payments-weekly"
          title={t("money.paymentsTitle")}
          summary={
            moneyReport.current.capturedCents + moneyReport.current.refundedCents === 0 || !bestCaptureWeek
              ? t("money.paymentsSummaryNone", { outstanding: money(moneyReport.current.outstandingCents) })
              : t("money.paymentsSummary", {
                  captured: money(moneyReport.current.capturedCents),
                  refunded: money(moneyReport.current.refundedCents),
                  outstanding: money(moneyReport.current.outstandingCents),
                  best: day(bestCaptureWeek.bucket),
                  amount: money(bestCaptureWeek.capturedCents),
                })
          }
          data={paymentsData}
        >
          <GroupedBarsDrawing
            chart="payments-weekly"
            data={moneyReport.series.map((week) => ({
              category: week.bucket,
              captured: week.capturedCents,
              refunded: week.refundedCents,
              outstanding: week.outstandingCents,
            }))}
            series={paymentKeys.map((key) => ({ key, label: t(`money.${key}`), fill: fills[key] }))}
            formatCategory={shortDay}
            formatValue={money}
          />
        </DrawnChart>
        <DrawnChart
          testId="chart-average-by-service"
          title={t("money.averageTitle")}
          summary={
            moneyReport.current.averageBookingCents === null || !topAverage
              ? t("money.averageSummaryNone")
              : t("money.averageSummary", {
                  service: service(topAverage.serviceType),
                  amount: money(topAverage.averageBookingCents ?? 0),
                  bookings: t("counts.bookings", { count: topAverage.bookings, number: count(topAverage.bookings) }),
                  all: money(moneyReport.current.averageBookingCents),
                })
          }
          data={averageData}
        >
          <ServiceBarsDrawing
            chart="average-by-service"
            byService={moneyReport.byService}
            cents={(entry) => entry.averageBookingCents ?? 0}
            label={t("money.average")}
          />
        </DrawnChart>
      </div>
    </>
  );
}

/** An amount per service as one bar each, in the service's fill, with every service in the legend. */
function ServiceBarsDrawing({
  chart,
  byService,
  cents,
  label,
}: {
  chart: string;
  byService: MoneyByService[];
  cents: (entry: MoneyByService) => number;
  label: string;
}) {
  const { money, service } = useReportFormat();
  return (
    <SingleBarsDrawing
      chart={chart}
      data={byService.map((entry) => ({ category: entry.serviceType, value: cents(entry) }))}
      fills={byService.map((entry) => fills[entry.serviceType])}
      label={label}
      legend={serviceTypes.map((type) => ({ label: service(type), fill: fills[type] }))}
      formatCategory={service}
      formatValue={money}
    />
  );
}

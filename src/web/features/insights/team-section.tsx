import type { ExpiringLicence, InsightsReport, OfferAnswersPoint, UtilisationPoint } from "../../../shared/insights.ts";
import { DrawnChart, fills, GroupedBarsDrawing, SingleBarsDrawing } from "./drawn-chart.tsx";
import { ExpiringLicences } from "./expiring-licences.tsx";
import { chartData, reportFileName, useReportFormat } from "./report-format.ts";

const offerKeys = ["accepted", "declined", "released"] as const;

/** The Monday of a day's ISO week (ISO 8601 weeks begin on Monday). */
function mondayOf(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

// Licences by the week they run out in (Monday first), the ones already run out apart.
function licencesByWeek(licences: ExpiringLicence[]) {
  const weeks = new Map<string, number>();
  let expired = 0;
  for (const licence of licences) {
    if (licence.daysLeft < 0) expired += 1;
    else {
      const week = mondayOf(licence.licenceExpiresOn);
      weeks.set(week, (weeks.get(week) ?? 0) + 1);
    }
  }
  const bars = [
    ...(expired > 0 ? [{ category: "expired", value: expired }] : []),
    ...[...weeks].sort(([a], [b]) => a.localeCompare(b)).map(([week, value]) => ({ category: week, value })),
  ];
  const busiest = [...weeks].sort((a, b) => b[1] - a[1])[0];
  return { expired, bars, busiest };
}

/** The team: operatives' booked days against their available ones, their answers to offers, licences running out. */
export function TeamSection({ report }: { report: InsightsReport }) {
  const { t, count, share, day, shortDay, dayColumn, countColumn } = useReportFormat();
  const { team, period } = report;
  const file = (name: string) => reportFileName(period, name);

  const busiestWeek = [...team.utilisation].sort((a, b) => (b.utilisation ?? -1) - (a.utilisation ?? -1))[0];
  const utilisationData = chartData(file("utilisation"), team.utilisation, [
    dayColumn(t("money.week"), (week) => week.bucket),
    countColumn(t("team.booked"), (week) => week.bookedOperativeDays),
    countColumn(t("team.available"), (week) => week.availableOperativeDays),
    {
      header: t("team.utilisation"),
      value: (week: UtilisationPoint) => (week.utilisation === null ? null : week.utilisation.toFixed(4)),
      shown: (week: UtilisationPoint) => share(week.utilisation),
    },
  ]);
  const offersAnswered = team.current.offersAccepted + team.current.offersDeclined + team.current.offersReleased;
  const offersData = chartData(file("offers-per-week"), team.offers, [
    dayColumn(t("money.week"), (week) => week.bucket),
    ...offerKeys.map((key) => countColumn(t(`team.${key}`), (week: OfferAnswersPoint) => week[key])),
  ]);
  const expiry = licencesByWeek(team.licences);
  const expiryLabel = (category: string) => (category === "expired" ? t("team.expiredBucket") : shortDay(category));
  const expiryData = chartData(file("licences-by-week"), expiry.bars, [
    {
      header: t("money.week"),
      value: (bar) => bar.category,
      shown: (bar) => (bar.category === "expired" ? t("team.expiredBucket") : day(bar.category)),
    },
    countColumn(t("team.licences"), (bar) => bar.value),
  ]);

  return (
    <>
      <p className="text-sm text-stone">{t("team.note")}</p>
      <div className="grid gap-6 lg:grid-cols-2">
        <DrawnChart
          testId="chart-utilisation"
          title={t("team.utilisationTitle")}
          summary={
            team.current.availableOperativeDays === 0 || !busiestWeek
              ? t("team.utilisationSummaryNone")
              : t("team.utilisationSummary", {
                  booked: count(team.current.bookedOperativeDays),
                  available: count(team.current.availableOperativeDays),
                  share: share(team.current.utilisation),
                  busiest: day(busiestWeek.bucket),
                  top: share(busiestWeek.utilisation),
                })
          }
          data={utilisationData}
        >
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
            formatCategory={shortDay}
            formatValue={count}
          />
        </DrawnChart>
        <DrawnChart
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
          <GroupedBarsDrawing
            chart="offers"
            stacked
            data={team.offers.map((week) => ({ category: week.bucket, ...week }))}
            series={offerKeys.map((key) => ({ key, label: t(`team.${key}`), fill: fills[key] }))}
            formatCategory={shortDay}
            formatValue={count}
          />
        </DrawnChart>
        <DrawnChart
          testId="chart-licence-expiry"
          title={t("team.expiryTitle")}
          summary={
            team.licences.length === 0
              ? t("team.expirySummaryNone")
              : t("team.expirySummary", {
                  expired: count(expiry.expired),
                  soon: count(team.licences.length - expiry.expired),
                  week: expiry.busiest ? day(expiry.busiest[0]) : "–",
                  most: count(expiry.busiest?.[1] ?? 0),
                })
          }
          data={expiryData}
        >
          <SingleBarsDrawing
            chart="licence-expiry"
            data={expiry.bars}
            fills={expiry.bars.map((bar) => (bar.category === "expired" ? fills.expired : fills.licences))}
            label={t("team.licences")}
            legend={[
              { label: t("team.expiredBucket"), fill: fills.expired },
              { label: t("team.licences"), fill: fills.licences },
            ]}
            formatCategory={expiryLabel}
            formatValue={count}
          />
        </DrawnChart>
        <ExpiringLicences report={report} fileName={file("licences")} />
      </div>
    </>
  );
}

import type { InsightsReport } from "../../../shared/insights.ts";
import { translateData } from "../../lib/i18n.ts";
import { formatPoints } from "./format.ts";
import { useReportFormat } from "./report-format.ts";

/** The headline figures beside the previous period's, the change said in words. */
export function KeyFigures({ report }: { report: InsightsReport }) {
  const { t, language, count, money, share } = useReportFormat();
  const change = (current: number | null, previous: number | null, format: (difference: number) => string) =>
    current === null || previous === null
      ? t("compare.none")
      : current === previous
        ? t("compare.same")
        : t(current > previous ? "compare.up" : "compare.down", { change: format(Math.abs(current - previous)) });
  // A share changes by percentage points, not by a percentage of itself.
  const points = (difference: number) => t("compare.points", { value: formatPoints(difference, language) });
  const shareFigure = (key: string, current: number | null, previous: number | null) => ({
    key,
    value: share(current),
    previous: share(previous),
    change: change(current, previous, points),
  });
  // Counts and amounts change by their difference; a missing one (an average without bookings) is an en dash.
  const amountFigure = (key: string, current: number | null, previous: number | null, format: (value: number) => string) => ({
    key,
    value: current === null ? "–" : format(current),
    previous: previous === null ? "–" : format(previous),
    change: change(current, previous, format),
  });
  const { reply, demand, team } = report;
  const figures = [
    shareFigure("share", reply.current.shareWithinPromise, reply.previous.shareWithinPromise),
    amountFigure("requests", demand.current.requests, demand.previous.requests, count),
    shareFigure("conversion", demand.current.conversion, demand.previous.conversion),
    amountFigure("booked", report.money.current.bookedCents, report.money.previous.bookedCents, money),
    amountFigure("average", report.money.current.averageBookingCents, report.money.previous.averageBookingCents, money),
    amountFigure("captured", report.money.current.capturedCents, report.money.previous.capturedCents, money),
    amountFigure("outstanding", report.money.current.outstandingCents, report.money.previous.outstandingCents, money),
    shareFigure("utilisation", team.current.utilisation, team.previous.utilisation),
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

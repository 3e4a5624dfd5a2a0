import { parseIsoDay } from "../../../shared/time.ts";
import { weekdayNames } from "../../../shared/time.ts";
import type { StartDay } from "../../../shared/insights.ts";
import { ChartFrame } from "./chart-frame.tsx";
import { chartData, useReportFormat } from "./report-format.ts";

// The busiest start days ahead as a calendar heat map: the next 60 days in weeks (Monday first,
// ISO 8601), each day shaded by the bookings starting on it and showing their number, so the
// shade is never the only carrier of the figure (WCAG 2.2 1.4.1). Text on every shade has at least
// 4.5:1 contrast.

const shades = [
  { background: "#ffffff", text: "#0b0b0c" },
  { background: "#f3ead6", text: "#0b0b0c" },
  { background: "#e0c07a", text: "#0b0b0c" },
  { background: "#c9a55c", text: "#0b0b0c" },
  { background: "#7a5d1e", text: "#ffffff" },
] as const;

function shadeOf(count: number, most: number) {
  if (count === 0 || most === 0) return shades[0];
  return shades[Math.min(4, Math.ceil((count / most) * 4))] ?? shades[4];
}

const weekdayOf = (day: string) => (new Date(parseIsoDay(day) ?? 0).getUTCDay() + 6) % 7;

export function StartDaysHeatMap({ days, fileName }: { days: StartDay[]; fileName: string }) {
  const { t, language, count, day: formatDay, shortDay, dayColumn, countColumn } = useReportFormat();
  const totals = days.map((day) => day.confirmed + day.pending);
  const most = Math.max(0, ...totals);
  const total = totals.reduce((sum, value) => sum + value, 0);
  const busiest = days.find((day) => day.confirmed + day.pending === most);
  // Weeks of seven cells; the first week is padded before the first day.
  const cells: (StartDay | null)[] = [...Array<null>(days[0] ? weekdayOf(days[0].day) : 0).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, index) => cells.slice(index * 7, index * 7 + 7));
  const weekdays = weekdayNames(language);

  return (
    <ChartFrame
      testId="chart-start-days"
      title={t("demand.heatTitle")}
      summary={
        total === 0 || !busiest
          ? t("demand.heatSummaryNone")
          : t("demand.heatSummary", {
              count: total,
              total: count(total),
              confirmed: count(days.reduce((sum, day) => sum + day.confirmed, 0)),
              pending: count(days.reduce((sum, day) => sum + day.pending, 0)),
              busiest: formatDay(busiest.day),
              most: count(most),
            })
      }
      note={t("demand.heatLegend")}
      data={chartData(fileName, days, [
        dayColumn(t("demand.day"), (day) => day.day),
        countColumn(t("demand.confirmed"), (day) => day.confirmed),
        countColumn(t("demand.pending"), (day) => day.pending),
        countColumn(t("demand.total"), (day) => day.confirmed + day.pending),
      ])}
    >
      <div className="grid grid-cols-7 gap-1 text-center text-xs">
        {weekdays.map((name) => (
          <div key={name} className="pb-1 font-semibold text-stone">
            {name}
          </div>
        ))}
        {weeks.flat().map((day, index) => {
          if (!day) return <div key={`empty-${index}`} />;
          const value = day.confirmed + day.pending;
          const shade = shadeOf(value, most);
          return (
            <div
              key={day.day}
              title={t("demand.heatCell", { day: formatDay(day.day), confirmed: day.confirmed, pending: day.pending })}
              className="flex min-h-11 flex-col items-center justify-center rounded border border-ink-line/20 px-0.5 py-1"
              style={{ background: shade.background, color: shade.text }}
            >
              <span className="text-[0.65rem] leading-tight">{shortDay(day.day)}</span>
              <span className="text-sm font-semibold tabular-nums">{value}</span>
            </div>
          );
        })}
      </div>
    </ChartFrame>
  );
}

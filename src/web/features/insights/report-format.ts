import { formatDay } from "../../../shared/time.ts";
import type { InsightsPeriod } from "../../../shared/insights.ts";
import { eurosFromCents, formatMoney } from "../../../shared/money.ts";
import { translateData, useTranslation } from "../../lib/i18n.ts";
import type { ChartData } from "./chart-frame.tsx";
import type { CsvCell } from "../../../shared/csv.ts";
import { formatCount, formatShare, formatShortDay } from "./format.ts";
import "./insights-translations.ts";

// What the insights page's sections share: counts, amounts, shares and days in the reader's
// language through the product's formatters (ADR 200, format.ts), and each chart's table and CSV
// built from one list of columns, so a column's heading, its CSV value and the text of its table
// cell cannot drift apart. The CSV keeps machine formats (ADR 200): ISO days, plain counts, euros
// with two decimals under a heading marked (EUR).

/** One column of a chart's data: its heading, the raw value for the CSV, the text the table shows. */
export type Column<Entry> = { header: string; value: (entry: Entry) => CsvCell; shown: (entry: Entry) => string };

export function chartData<Entry>(fileName: string, entries: Entry[], columns: Column<Entry>[]): ChartData {
  return {
    fileName,
    header: columns.map((column) => column.header),
    rows: entries.map((entry) => columns.map((column) => column.value(entry))),
    display: entries.map((entry) => columns.map((column) => column.shown(entry))),
  };
}

/** A download's name without extension, e.g. insights-demand-2026-10-28-2026-11-26. */
export function reportFileName(period: InsightsPeriod, name: string): string {
  return `insights-${name}-${period.from}-${period.to}`;
}

/** The formatters of the reader's language, and the kinds of column the charts' tables repeat. */
export function useReportFormat() {
  const { t, i18n } = useTranslation("insights");
  const language = i18n.language;
  const count = (value: number) => formatCount(value, language);
  const money = (cents: number) => formatMoney(cents, language);
  const share = (value: number | null) => formatShare(value, language);
  const day = (isoDay: string) => formatDay(isoDay, language);
  const shortDay = (isoDay: string) => formatShortDay(isoDay, language);
  const service = (type: string) => translateData(t, "insights", `services.${type}`, type);
  return {
    t,
    language,
    count,
    money,
    share,
    day,
    shortDay,
    service,
    dayColumn: <Entry>(header: string, of: (entry: Entry) => string): Column<Entry> => ({
      header,
      value: of,
      shown: (entry) => day(of(entry)),
    }),
    countColumn: <Entry>(header: string, of: (entry: Entry) => number): Column<Entry> => ({
      header,
      value: of,
      shown: (entry) => count(of(entry)),
    }),
    /** An amount in cents; none (an average without bookings) is an empty CSV cell and an en dash. */
    moneyColumn: <Entry>(header: string, of: (entry: Entry) => number | null): Column<Entry> => ({
      header: `${header} (EUR)`,
      value: (entry) => {
        const cents = of(entry);
        return cents === null ? null : eurosFromCents(cents).toFixed(2);
      },
      shown: (entry) => {
        const cents = of(entry);
        return cents === null ? "–" : money(cents);
      },
    }),
    /** The service of a per-service row: its code in the CSV, its name in the table. */
    serviceColumn: <Entry extends { serviceType: string }>(): Column<Entry> => ({
      header: t("demand.service"),
      value: (entry) => entry.serviceType,
      shown: (entry) => service(entry.serviceType),
    }),
  };
}

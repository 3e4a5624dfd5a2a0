import { Download, Table2 } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../../components/ui/table.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { toCsv, type CsvCell } from "../../../shared/csv.ts";
import { downloadCsv } from "./csv.ts";
import "./insights-translations.ts";

// One chart of the insights page with its text alternatives (WCAG 2.2 1.1.1, docs/accessibility.md):
// a title, a sentence that says what the chart shows (read first by a screen reader, seen by
// everyone), the drawing hidden from assistive technology, the same numbers as a table behind a
// toggle, and a CSV download of them.

export type ChartData = {
  /** File name without extension, e.g. insights-reply-times-2026-10-28-2026-11-26. */
  fileName: string;
  header: string[];
  /** Raw values for the CSV (cents, ISO days, counts). */
  rows: CsvCell[][];
  /** The same rows as the table shows them, in the reader's language. */
  display: ReactNode[][];
};

function downloadChartData(data: ChartData) {
  downloadCsv(`${data.fileName}.csv`, toCsv([data.header, ...data.rows], { byteOrderMark: true }));
}

export function ChartFrame({
  title,
  summary,
  data,
  children,
  testId,
  note,
}: {
  title: string;
  summary: string;
  data: ChartData;
  children: ReactNode;
  testId: string;
  note?: string;
}) {
  const { t } = useTranslation("insights");
  const [tableShown, setTableShown] = useState(false);
  const id = useId();
  return (
    <figure
      className="flex min-w-0 flex-col rounded-xl border border-ink-line/15 bg-white p-4 sm:p-6"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
      data-testid={testId}
    >
      <h3 id={`${id}-title`} className="text-xl">
        {title}
      </h3>
      <figcaption id={`${id}-summary`} className="mt-1 text-sm text-stone" data-testid="chart-summary">
        {summary}
      </figcaption>
      <div aria-hidden="true" className="mt-4 min-w-0" data-testid="chart-drawing">
        {children}
      </div>
      {note && <p className="mt-3 text-xs text-stone">{note}</p>}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          aria-expanded={tableShown}
          aria-controls={`${id}-table`}
          onClick={() => setTableShown((shown) => !shown)}
        >
          <Table2 className="h-4 w-4" aria-hidden="true" />
          {tableShown ? t("chart.hideTable") : t("chart.showTable")}
        </Button>
        <Button size="sm" variant="ghost" aria-label={t("chart.downloadNamed", { title })} onClick={() => downloadChartData(data)}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {t("chart.download")}
        </Button>
      </div>
      <div id={`${id}-table`} hidden={!tableShown} className="mt-4">
        {tableShown && <DataTable caption={title} header={data.header} rows={data.display} />}
      </div>
    </figure>
  );
}

export function DataTable({ caption, header, rows }: { caption: string; header: string[]; rows: ReactNode[][] }) {
  return (
    <Table caption={caption} captionHidden>
      <TableHead>
        <TableRow>
          {header.map((cell) => (
            <TableHeaderCell key={cell}>{cell}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, rowIndex) => (
          <TableRow key={rowIndex}>
            {row.map((cell, cellIndex) =>
              cellIndex === 0 ? (
                <TableHeaderCell key={cellIndex} scope="row" className="font-normal whitespace-nowrap">
                  {cell}
                </TableHeaderCell>
              ) : (
                <TableCell key={cellIndex} className="whitespace-nowrap tabular-nums">
                  {cell}
                </TableCell>
              ),
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The CSV download of a list that is not a chart (the waiting requests, the licences); none for an empty list. */
export function CsvButton({ title, data }: { title: string; data: ChartData }) {
  const { t } = useTranslation("insights");
  if (data.rows.length === 0) return null;
  return (
    <Button
      size="sm"
      variant="ghost"
      className="mt-4"
      aria-label={t("chart.downloadNamed", { title })}
      onClick={() => downloadChartData(data)}
    >
      {t("chart.download")}
    </Button>
  );
}

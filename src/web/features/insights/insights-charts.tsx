import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

// The insights page's drawings (ADR 152), in their own chunk: recharts is loaded only when the
// page is opened, never by the public pages. Every series differs by more than its colour — a
// fill pattern for bars, a dash pattern for lines — and is named in a legend; each colour has at
// least 3:1 contrast with the white card (WCAG 2.2 1.4.1 and 1.4.11). The drawings are hidden
// from assistive technology: the summary sentence and the table say the same (chart-frame.tsx).

export const chartColours = {
  ink: "#0b0b0c",
  teal: "#0f766e",
  red: "#b42318",
  gold: "#7a5d1e",
  blue: "#1d4ed8",
} as const;

export type Fill = { colour: string; pattern: "solid" | "hatch" | "dots" | "cross" };
export type Stroke = { colour: string; dash?: string };

const patternId = (chart: string, fill: Fill) => `${chart}-${fill.pattern}-${fill.colour.slice(1)}`;

function Patterns({ chart, fills }: { chart: string; fills: Fill[] }) {
  return (
    <defs>
      {fills
        .filter((fill) => fill.pattern !== "solid")
        .map((fill) => (
          <pattern key={patternId(chart, fill)} id={patternId(chart, fill)} width="8" height="8" patternUnits="userSpaceOnUse">
            <rect width="8" height="8" fill="#ffffff" />
            {fill.pattern === "hatch" && <path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" stroke={fill.colour} strokeWidth="2.5" />}
            {fill.pattern === "dots" && <circle cx="4" cy="4" r="2.4" fill={fill.colour} />}
            {fill.pattern === "cross" && <path d="M0,4 h8 M4,0 v8" stroke={fill.colour} strokeWidth="2.5" />}
          </pattern>
        ))}
    </defs>
  );
}

const paint = (chart: string, fill: Fill) => (fill.pattern === "solid" ? fill.colour : `url(#${patternId(chart, fill)})`);

const axisTick = { fontSize: 12, fill: "#3f3d39" };
const height = 280;

/** A legend swatch: the bar's own pattern with its colour as the border. */
export function Swatch({ fill }: { fill: Fill }) {
  return (
    <svg width="16" height="16" aria-hidden="true" className="shrink-0">
      <Patterns chart="swatch" fills={[fill]} />
      <rect x="1" y="1" width="14" height="14" fill={paint("swatch", fill)} stroke={fill.colour} strokeWidth="2" />
    </svg>
  );
}

export function LineSwatch({ stroke }: { stroke: Stroke }) {
  return (
    <svg width="28" height="12" aria-hidden="true" className="shrink-0">
      <line x1="1" y1="6" x2="27" y2="6" stroke={stroke.colour} strokeWidth="3" strokeDasharray={stroke.dash} />
    </svg>
  );
}

/** The legend as HTML under the drawing, so it wraps on a phone and reads in the page's font. */
export function ChartLegend({ items }: { items: { label: string; swatch: ReactNode }[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-2">
          {item.swatch}
          {item.label}
        </li>
      ))}
    </ul>
  );
}

export type BarSeries = { key: string; label: string; fill: Fill; stack?: string };

/**
 * Bars per category: grouped, or stacked when series share `stack`. `cellFills` gives each
 * category its own fill (the reply histogram marks the late buckets).
 */
export function BarsChart({
  chart,
  data,
  categoryKey,
  series,
  formatCategory,
  formatValue,
  cellFills,
  labels,
  everyCategory,
}: {
  chart: string;
  data: Record<string, string | number>[];
  categoryKey: string;
  series: BarSeries[];
  formatCategory: (value: string) => string;
  formatValue: (value: number) => string;
  cellFills?: Fill[];
  labels?: boolean;
  /** Name every category on the axis (a few named categories), instead of thinning dates. */
  everyCategory?: boolean;
}) {
  const fills = [...series.map((entry) => entry.fill), ...(cellFills ?? [])];
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} margin={{ top: 20, right: 8, bottom: 4, left: 8 }} accessibilityLayer={false}>
        <Patterns chart={chart} fills={fills} />
        <CartesianGrid stroke="#e4e2dc" vertical={false} />
        {/* Named categories are all shown, slanted, so they never run into each other on a phone. */}
        <XAxis
          dataKey={categoryKey}
          tick={axisTick}
          tickFormatter={formatCategory}
          interval={everyCategory ? 0 : "preserveStartEnd"}
          minTickGap={everyCategory ? 0 : 8}
          {...(everyCategory && { angle: -30, textAnchor: "end", height: 76 })}
        />
        <YAxis tick={axisTick} tickFormatter={(value: number) => formatValue(value)} width={72} allowDecimals={false} />
        <Tooltip
          formatter={(value) => formatValue(Number(value))}
          labelFormatter={(label) => formatCategory(String(label))}
          cursor={{ fill: "#f7f5f0" }}
        />
        {series.map((entry) => (
          <Bar
            key={entry.key}
            dataKey={entry.key}
            name={entry.label}
            fill={paint(chart, entry.fill)}
            stroke={entry.fill.colour}
            strokeWidth={1.5}
            isAnimationActive={false}
            {...(entry.stack && { stackId: entry.stack })}
          >
            {cellFills?.map((fill, index) => (
              <Cell key={index} fill={paint(chart, fill)} stroke={fill.colour} />
            ))}
            {labels && (
              <LabelList
                dataKey={entry.key}
                position="top"
                fontSize={12}
                fill="#0b0b0c"
                formatter={(value) => formatValue(Number(value))}
              />
            )}
          </Bar>
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

export type LineSeries = { key: string; label: string; stroke: Stroke };

export function LinesChart({
  data,
  categoryKey,
  series,
  formatCategory,
  formatValue,
}: {
  data: Record<string, string | number>[];
  categoryKey: string;
  series: LineSeries[];
  formatCategory: (value: string) => string;
  formatValue: (value: number) => string;
}) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={data} margin={{ top: 12, right: 12, bottom: 4, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke="#e4e2dc" vertical={false} />
        <XAxis dataKey={categoryKey} tick={axisTick} tickFormatter={formatCategory} interval="preserveStartEnd" minTickGap={12} />
        <YAxis tick={axisTick} tickFormatter={(value: number) => formatValue(value)} width={48} allowDecimals={false} />
        <Tooltip formatter={(value) => formatValue(Number(value))} labelFormatter={(label) => formatCategory(String(label))} />
        {series.map((entry) => (
          <Line
            key={entry.key}
            type="linear"
            dataKey={entry.key}
            name={entry.label}
            stroke={entry.stroke.colour}
            strokeWidth={2.5}
            strokeDasharray={entry.stroke.dash}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

// The page's drawings, one per chart; the page loads each lazily from this module.

const demandStrokes: Record<"requests" | "confirmations" | "declines" | "cancellations", Stroke> = {
  requests: { colour: chartColours.ink },
  confirmations: { colour: chartColours.teal, dash: "8 4" },
  declines: { colour: chartColours.red, dash: "2 3" },
  cancellations: { colour: chartColours.gold, dash: "12 4 2 4" },
};
const keptFill: Fill = { colour: chartColours.teal, pattern: "solid" };
const lateFill: Fill = { colour: chartColours.red, pattern: "hatch" };

type Formatters = { formatCategory: (value: string) => string; formatValue: (value: number) => string };

export function HistogramDrawing({
  data,
  lateBuckets,
  keptLabel,
  lateLabel,
  ...format
}: Formatters & { data: { bucket: string; answered: number }[]; lateBuckets: string[]; keptLabel: string; lateLabel: string }) {
  return (
    <>
      <BarsChart
        chart="histogram"
        data={data}
        categoryKey="bucket"
        series={[{ key: "answered", label: keptLabel, fill: keptFill }]}
        cellFills={data.map((entry) => (lateBuckets.includes(entry.bucket) ? lateFill : keptFill))}
        labels
        everyCategory
        {...format}
      />
      <ChartLegend
        items={[
          { label: keptLabel, swatch: <Swatch fill={keptFill} /> },
          { label: lateLabel, swatch: <Swatch fill={lateFill} /> },
        ]}
      />
    </>
  );
}

export function DemandLinesDrawing({
  data,
  labels,
  ...format
}: Formatters & { data: Record<string, string | number>[]; labels: Record<keyof typeof demandStrokes, string> }) {
  const keys = Object.keys(demandStrokes) as (keyof typeof demandStrokes)[];
  return (
    <>
      <LinesChart
        data={data}
        categoryKey="bucket"
        series={keys.map((key) => ({ key, label: labels[key], stroke: demandStrokes[key] }))}
        {...format}
      />
      <ChartLegend items={keys.map((key) => ({ label: labels[key], swatch: <LineSwatch stroke={demandStrokes[key]} /> }))} />
    </>
  );
}

export function GroupedBarsDrawing({
  chart,
  data,
  series,
  stacked,
  labels,
  everyCategory,
  ...format
}: Formatters & {
  chart: string;
  data: Record<string, string | number>[];
  series: { key: string; label: string; fill: Fill }[];
  stacked?: boolean;
  labels?: boolean;
  everyCategory?: boolean;
}) {
  return (
    <>
      <BarsChart
        chart={chart}
        data={data}
        categoryKey="category"
        series={series.map((entry) => ({ ...entry, ...(stacked && { stack: "all" }) }))}
        labels={labels}
        everyCategory={everyCategory}
        {...format}
      />
      <ChartLegend items={series.map((entry) => ({ label: entry.label, swatch: <Swatch fill={entry.fill} /> }))} />
    </>
  );
}

export function SingleBarsDrawing({
  chart,
  data,
  fills,
  label,
  legend,
  ...format
}: Formatters & {
  chart: string;
  data: { category: string; value: number }[];
  fills: Fill[];
  label: string;
  legend: { label: string; fill: Fill }[];
}) {
  return (
    <>
      <BarsChart
        chart={chart}
        data={data}
        categoryKey="category"
        series={[{ key: "value", label, fill: fills[0] ?? keptFill }]}
        cellFills={fills}
        labels
        everyCategory
        {...format}
      />
      <ChartLegend items={legend.map((entry) => ({ label: entry.label, swatch: <Swatch fill={entry.fill} /> }))} />
    </>
  );
}

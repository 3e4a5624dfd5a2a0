import { lazy, Suspense, type ComponentProps } from "react";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { ChartFrame } from "./chart-frame.tsx";

// The drawings are recharts, in a chunk of their own loaded with the insights page only (ADR 152):
// each chart's frame, summary and table show at once, the drawing once its chunk has arrived.

const drawings = () => import("./insights-charts.tsx");
export const HistogramDrawing = lazy(() => drawings().then((module) => ({ default: module.HistogramDrawing })));
export const DemandLinesDrawing = lazy(() => drawings().then((module) => ({ default: module.DemandLinesDrawing })));
export const GroupedBarsDrawing = lazy(() => drawings().then((module) => ({ default: module.GroupedBarsDrawing })));
export const SingleBarsDrawing = lazy(() => drawings().then((module) => ({ default: module.SingleBarsDrawing })));

/** The fills of the bars, repeated here so the page can name them before the drawings load. */
export const fills = {
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

/** A chart of the page with one of the drawings above: a placeholder of the drawing's height until it loads. */
export function DrawnChart({ children, ...frame }: ComponentProps<typeof ChartFrame>) {
  return (
    <ChartFrame {...frame}>
      <Suspense fallback={<Skeleton className="h-[280px] w-full" />}>{children}</Suspense>
    </ChartFrame>
  );
}

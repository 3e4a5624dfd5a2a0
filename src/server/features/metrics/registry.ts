import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";

// ADR 080: per-route request counts and latency histograms kept in memory by each app process and
// written in the Prometheus text exposition format 0.0.4 at scrape time. The per-request work is a
// few map lookups and additions on objects created once per (route, method): nothing is allocated
// on the hot path after a route's first request.

/** Upper bounds in seconds: 1 ms (a cached read) up to 5 s (the database's statement timeout, ADR 011). */
export const durationBucketsSeconds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

/** Methods outside RFC 9110 §9 are one label, so a client cannot invent new series. */
const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const otherMethod = "OTHER";

type RouteSeries = {
  /** Requests per bucket, not cumulative; the scrape adds them up (Prometheus wants `le` cumulative). */
  buckets: Float64Array;
  count: number;
  sumSeconds: number;
  byStatus: Map<number, number>;
};

export type MetricsRegistry = {
  /** Records one finished request. */
  observe: (method: string, route: string, status: number, seconds: number) => void;
  /** The HTTP series in the Prometheus text format (one line per sample, `# HELP`/`# TYPE` first). */
  writeHttpMetrics: () => string;
};

export function createMetricsRegistry(): MetricsRegistry {
  const series = new Map<string, Map<string, RouteSeries>>();

  function seriesOf(route: string, method: string): RouteSeries {
    let byMethod = series.get(route);
    if (!byMethod) {
      byMethod = new Map();
      series.set(route, byMethod);
    }
    let entry = byMethod.get(method);
    if (!entry) {
      entry = { buckets: new Float64Array(durationBucketsSeconds.length + 1), count: 0, sumSeconds: 0, byStatus: new Map() };
      byMethod.set(method, entry);
    }
    return entry;
  }

  return {
    observe(method, route, status, seconds) {
      const entry = seriesOf(route, knownMethods.has(method) ? method : otherMethod);
      let bucket = 0;
      while (bucket < durationBucketsSeconds.length && seconds > durationBucketsSeconds[bucket]!) bucket += 1;
      entry.buckets[bucket]! += 1;
      entry.count += 1;
      entry.sumSeconds += seconds;
      entry.byStatus.set(status, (entry.byStatus.get(status) ?? 0) + 1);
    },
    writeHttpMetrics() {
      const counts: string[] = [];
      const histogram: string[] = [];
      for (const [route, byMethod] of series) {
        for (const [method, entry] of byMethod) {
          const labels = `method="${escapeLabel(method)}",route="${escapeLabel(route)}"`;
          for (const [status, count] of entry.byStatus) counts.push(`http_requests_total{${labels},status="${status}"} ${count}`);
          let cumulative = 0;
          durationBucketsSeconds.forEach((bound, index) => {
            cumulative += entry.buckets[index]!;
            histogram.push(`http_request_duration_seconds_bucket{${labels},le="${bound}"} ${cumulative}`);
          });
          histogram.push(`http_request_duration_seconds_bucket{${labels},le="+Inf"} ${entry.count}`);
          histogram.push(`http_request_duration_seconds_sum{${labels}} ${entry.sumSeconds}`);
          histogram.push(`http_request_duration_seconds_count{${labels}} ${entry.count}`);
        }
      }
      return [
        "# HELP http_requests_total HTTP requests answered, by method, matched route pattern and status.",
        "# TYPE http_requests_total counter",
        ...counts,
        "# HELP http_request_duration_seconds Time from a request's arrival to its response, by method and matched route pattern.",
        "# TYPE http_request_duration_seconds histogram",
        ...histogram,
      ].join("\n");
    },
  };
}

/** Prometheus text format 0.0.4: a label value escapes backslash, double quote and line feed. */
export function escapeLabel(value: string): string {
  return value.replace(/[\\"\n]/g, (character) => (character === "\n" ? "\\n" : `\\${character}`));
}

const unmatchedRoute = "unmatched";

/**
 * The route pattern a request is counted under, never its raw path (bounded cardinality): the
 * pattern of the handler that answered; when a middleware answered instead (a guard's 401, the
 * Origin check's 403), the endpoint it stood in front of. A path no endpoint has falls to the
 * catch-all that answered it (`/api/*` for the API's 404, `*` for the site), one label for all.
 */
export function routeLabel(c: Context): string {
  const routes = matchedRoutes(c);
  const answered = routes[c.req.routeIndex];
  if (answered && answered.method !== "ALL") return answered.path;
  for (let index = c.req.routeIndex + 1; index < routes.length; index += 1) {
    const route = routes[index]!;
    if (route.method !== "ALL" && !route.path.endsWith("*")) return route.path;
  }
  return answered?.path ?? unmatchedRoute;
}

/** Times every request and records it under its route pattern (ADR 080). */
export function requestMetrics(registry: MetricsRegistry): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    registry.observe(c.req.method, routeLabel(c), c.res.status, (performance.now() - started) / 1000);
  };
}

import { createCatalogueCache } from "../../catalogue-store.ts";
import type { Clock } from "../../clock.ts";
import type { AppDependencies } from "../../context.ts";
import type { JobHandler, JobWorkerOptions } from "../../jobs/types.ts";
import type { SeriesForMail } from "../../mail/registry.ts";
import { extendSeriesWindows, seriesForMail as readSeriesForMail } from "./service.ts";

// docs/series.md, ADR 280: the rolling window is a recurring kind of the one jobs table (ADR 098),
// run hourly by whichever worker claims it; the series' mail reads the series when it is sent.

export function createSeriesJobHandlers(
  deps: AppDependencies,
  clock: Clock,
  options: Pick<JobWorkerOptions, "bookingLifecycle" | "payments">,
): Record<"series-window", JobHandler> {
  const catalogue = createCatalogueCache(deps.database.db);
  return {
    "series-window": {
      async run() {
        const { bookingLifecycle, payments } = options;
        // As the holds' sweep: a worker without the lifecycle and payments (a test's) has no series to extend.
        if (!bookingLifecycle || !payments) return undefined;
        const created = await extendSeriesWindows(deps, { catalogue, bookingLifecycle, payments, clock });
        return { output: JSON.stringify({ created }) };
      },
    },
  };
}

export async function seriesForMail(deps: AppDependencies, id: string): Promise<SeriesForMail | undefined> {
  return readSeriesForMail(deps, id);
}

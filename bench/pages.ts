// Page-speed benchmark and budget check (ADR 085). Expects a build (`npm run build`, or
// BUILD_DIR=<dir>): starts the production server on a free port with a temporary DATA_DIR, runs
// Lighthouse with its default (mobile) config in Debian's Chromium on each page and prints ONE
// JSON line with every figure of every run, the median per page and the budgets it breaks.
// Run: npm run bench:pages            one run per page, exits 0 (a measurement)
//      npm run bench:pages -- --budgets  three runs per page, judged by their median, exits 1 when a
//                                       budget is broken (what `npm test` runs after the journeys)
// BENCH_PAGES="/,/help" chooses pages, BENCH_RUNS the runs per page, CHROMIUM_PATH the browser.
import {
  emulatedPhoneBenchmarkIndex,
  judgePages,
  machineLoad,
  measuredPages,
  measurePages,
  pageBudgets,
  type PageVerdict,
} from "./page-speed.ts";

const lighthouseConfig = `12, default mobile config: Moto G Power emulation, simulated slow 4G; CPU slowdown calibrated per run to a phone of benchmark index ${emulatedPhoneBenchmarkIndex}`;

/**
 * Runs the budget check on `buildDirectory`, prints its JSON line and one line per broken budget;
 * resolves with each page's verdict.
 */
export async function checkPageBudgets(options: {
  buildDirectory: string;
  chromiumPath: string;
  pages?: readonly string[];
  runs?: number;
}): Promise<PageVerdict[]> {
  const verdicts = await measureAndPrint({ ...options, pages: options.pages ?? measuredPages, runs: options.runs ?? 3 });
  for (const verdict of verdicts.filter((page) => page.broken.length > 0)) {
    console.error(`Page budget broken on ${verdict.page}: ${verdict.broken.join(", ")}`);
  }
  return verdicts;
}

async function measureAndPrint(options: { buildDirectory: string; chromiumPath: string; pages: readonly string[]; runs: number }) {
  const startedAt = Date.now();
  const before = machineLoad();
  const verdicts = judgePages(await measurePages(options));
  console.log(
    JSON.stringify({
      benchmark: "pages",
      lighthouse: lighthouseConfig,
      build: options.buildDirectory,
      runsPerPage: options.runs,
      budgets: pageBudgets,
      machine: { before, after: machineLoad() },
      seconds: Math.round((Date.now() - startedAt) / 1000),
      withinBudgets: verdicts.every((verdict) => verdict.broken.length === 0),
      pages: verdicts,
    }),
  );
  return verdicts;
}

if (import.meta.main) {
  const options = {
    buildDirectory: process.env.BUILD_DIR ?? "build",
    chromiumPath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    pages: process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",").map((page) => page.trim()) : measuredPages,
    runs: process.env.BENCH_RUNS ? Number(process.env.BENCH_RUNS) : undefined,
  };
  if (process.argv.includes("--budgets")) {
    const verdicts = await checkPageBudgets(options);
    process.exit(verdicts.every((verdict) => verdict.broken.length === 0) ? 0 : 1);
  }
  await measureAndPrint({ ...options, runs: options.runs ?? 1 });
}

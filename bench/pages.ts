// Page-speed benchmark (ADR 085, ADR 087). Expects a build (`npm run build`, or BUILD_DIR=<dir>):
// starts the production server on a free port with a temporary DATA_DIR, runs Lighthouse with its
// default (mobile) config in Debian's Chromium on each page, once at a phone of benchmark index
// 1000 and once at 450, and prints ONE JSON line with every run's figures, the host's benchmark
// index and each page's median. It is a measurement and exits 0: timings depend on the host, so
// CI gates on the page budgets of scripts/page-budgets.ts instead.
// Run: npm run bench:pages
// The signed-in pages (dashboard, bookings, booking detail, security, operator queue and booking)
// follow, each opened with a session cookie of a customer or operator made for the run.
// The public pages are every prerendered landing page (/, /help, /login, /secure-booking, each service)
// in English and for a returning visitor who chose Swedish ("sv:/help", ADR 003).
// BENCH_PAGES="/,/help,sv:/help" chooses the public pages (and leaves out the signed-in ones unless
// BENCH_SIGNED_IN=1), BENCH_RUNS the runs per page and phone (default 3), BENCH_PHONES="1000" the
// phones, CHROMIUM_PATH the browser. BENCH_COMPARE_WITH="build-before" measures other builds too,
// page by page in turn with BUILD_DIR's, so that a before/after comparison shares the host's load.
import { benchmarkedPublicPages, emulatedPhones, machineLoad, measurePages, summarisePages, timingTargets } from "./page-speed.ts";

const list = (value: string | undefined) => value?.split(",").map((item) => item.trim());

const options = {
  buildDirectory: process.env.BUILD_DIR ?? "build",
  compareWith: list(process.env.BENCH_COMPARE_WITH),
  chromiumPath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  pages: list(process.env.BENCH_PAGES) ?? benchmarkedPublicPages,
  signedIn: process.env.BENCH_PAGES ? process.env.BENCH_SIGNED_IN === "1" : process.env.BENCH_SIGNED_IN !== "0",
  phones: list(process.env.BENCH_PHONES)?.map(Number) ?? emulatedPhones,
  runs: process.env.BENCH_RUNS ? Number(process.env.BENCH_RUNS) : 3,
};
const startedAt = Date.now();
const before = machineLoad();
const pages = summarisePages(await measurePages(options));
const hostIndexes = pages.flatMap((page) => page.runs.map((run) => run.hostBenchmarkIndex));
console.log(
  JSON.stringify({
    benchmark: "pages",
    lighthouse:
      "12, default mobile config: Moto G Power emulation, simulated slow 4G; CPU slowdown calibrated per run to the phone's benchmark index",
    build: options.buildDirectory,
    comparedWith: options.compareWith ?? [],
    runsPerPage: options.runs,
    phones: options.phones,
    timingTargets,
    host: { benchmarkIndexMin: Math.min(...hostIndexes), benchmarkIndexMax: Math.max(...hostIndexes) },
    machine: { before, after: machineLoad() },
    seconds: Math.round((Date.now() - startedAt) / 1000),
    meetsTimingTargets: pages.every((page) => page.meetsTimingTargets),
    pages,
  }),
);

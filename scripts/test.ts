import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { e2eSettings } from "../e2e/support/settings.ts";
import { browserFor, buildForJourneys, runEndToEnd } from "./e2e.ts";
import { checkPageBudgets } from "./page-budgets.ts";
import { run } from "./run.ts";

// `npm test`: unit and integration tests (Vitest, SQLite and, with TEST_DATABASE_URL, PostgreSQL)
// while the production build is made, then the browser journeys (Playwright), then the page budgets on the journeys' build: script
// bytes, requests, layout shift and what the prerendered HTML holds, none of which depends on the
// host's speed (ADR 087). Ends with one summary line for humans and CI.

type Counts = { passed: number; failed: number; skipped: number };

type VitestFile = {
  name: string;
  status: string;
  message?: string;
  assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
};

/** The first line of a failure's message: enough to tell a timeout from a wrong value in CI's tail. */
function firstLine(message: string | undefined): string {
  return (message ?? "").trim().split("\n")[0]?.slice(0, 300) ?? "";
}

/** The Vitest reports of both runs: the files beside the journeys, then the timing-sensitive ones alone. */
const vitestReports = { beside: "test-results/vitest.json", alone: "test-results/vitest-alone.json" };

function readVitest(): Counts & { failures: string[] } {
  const reports = Object.values(vitestReports).map(readVitestReport);
  return {
    passed: reports.reduce((sum, report) => sum + report.passed, 0),
    failed: reports.reduce((sum, report) => sum + report.failed, 0),
    skipped: reports.reduce((sum, report) => sum + report.skipped, 0),
    failures: reports.flatMap((report) => report.failures),
  };
}

function readVitestReport(file: string): Counts & { failures: string[] } {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0, failures: [] };
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: VitestFile[];
  };
  const root = `${process.cwd()}/`;
  // A file that fails before its tests run (an import error, a failing hook) has no failed test of its own.
  const failures = report.testResults.flatMap((file) => {
    const path = file.name.replace(root, "");
    const tests = file.assertionResults
      .filter((test) => test.status === "failed")
      .map((test) => `${path} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    return tests.length === 0 && file.status === "failed" ? [`${path}: ${firstLine(file.message)}`] : tests;
  });
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
}

type PlaywrightSuite = {
  specs?: { title: string; file: string; line: number; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
};

/** The journeys that failed first and passed on their retry (ADR 086), as "file:line › title". */
function flakyJourneys(suites: PlaywrightSuite[]): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === "flaky"))
      .map((spec) => `${spec.file}:${spec.line} › ${spec.title}`),
    ...flakyJourneys(suite.suites ?? []),
  ]);
}

function readPlaywright(): Counts & { flaky: string[] } {
  if (!existsSync("test-results/playwright.json")) return { passed: 0, failed: 0, skipped: 0, flaky: [] };
  const report = JSON.parse(readFileSync("test-results/playwright.json", "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites: PlaywrightSuite[];
  };
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
    flaky: flakyJourneys(report.suites),
  };
}

for (const file of Object.values(vitestReports)) rmSync(file, { force: true });
rmSync("test-results/playwright.json", { force: true });
mkdirSync("test-results", { recursive: true });

/** Wall time of each phase, printed at the end (docs/performance.md, "CI budget: <= 10 min"). */
const started = performance.now();
const phaseTimes: { phase: string; milliseconds: number }[] = [];

/** Resolves as `work` does and records the wall time from now until then under `phase`. */
async function timed<T>(phase: string, work: Promise<T>): Promise<T> {
  const since = performance.now();
  const result = await work;
  phaseTimes.push({ phase, milliseconds: performance.now() - since });
  return result;
}

function minutesAndSeconds(milliseconds: number): string {
  const seconds = Math.round(milliseconds / 1000);
  return seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
}

// The journeys' build is mostly one core's work, and Vitest's files spend much of their time
// waiting on databases, SMTP and timers: building beside them takes the build off the critical path.
const build =
  browserFor("the browser journeys") === "available" && !process.env.E2E_SKIP_BUILD
    ? timed("build (beside Vitest)", buildForJourneys())
    : undefined;

/** One check per page: passed when the page meets every budget (ADR 087). */
async function runPageBudgets(): Promise<Counts | "skipped"> {
  const browser = browserFor("the page budgets");
  if (browser === "skipped") return "skipped";
  if (browser === "missing in CI") return { passed: 0, failed: 1, skipped: 0 };
  // The budgets judge the journeys' build; a failed build is reported by the journeys.
  if (build && (await build) !== 0) return { passed: 0, failed: 1, skipped: 0 };
  try {
    const verdicts = await timed(
      "page budgets (after the build)",
      checkPageBudgets({ buildDirectory: process.env.BUILD_DIR ?? "build", chromiumPath: e2eSettings.chromiumPath }),
    );
    const failed = verdicts.filter((verdict) => verdict.broken.length > 0).length;
    return { passed: verdicts.length - failed, failed, skipped: 0 };
  } catch (error) {
    console.error("The page budget check could not run:", error);
    return { passed: 0, failed: 1, skipped: 0 };
  }
}
// The page budgets measure only what the build decides (bytes, requests, layout shift, the HTML), so
// they run as soon as the build is done, beside Vitest, instead of after the journeys (ADR 194).
const pageBudgetsRun = runPageBudgets();

/** Vitest on the given projects (vitest.config.ts), its report in `report`. */
function vitest(projects: string[], report: string): Promise<number> {
  const projectArguments = projects.flatMap((project) => ["--project", project]);
  return run("npx", ["vitest", "run", ...projectArguments, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]);
}

// ADR 290: the journeys and Vitest's files both spend most of their time waiting (on the browser,
// the server's jobs, databases, SMTP and timers), so the journeys start as soon as the build is
// done, beside Vitest, on three workers. Their report is kept until they end and printed whole, so
// the two runs' lines do not interleave. The timing-sensitive files run alone after both (ADR 194).
const journeysRun = timed("journeys (beside Vitest)", runEndToEnd([], build, { quiet: true, workers: process.env.E2E_WORKERS ?? "3" }));
const besideExit = await timed("Vitest (beside the journeys)", vitest(["server", "shared"], vitestReports.beside));
const endToEnd = await journeysRun;
const pageBudgets = await pageBudgetsRun;
const aloneExit = await timed("Vitest (timing-sensitive files, alone)", vitest(["alone"], vitestReports.alone));
const unitExit = besideExit !== 0 ? besideExit : aloneExit;

const unit = readVitest();
const browser = endToEnd === "skipped" ? { passed: 0, failed: 0, skipped: 0, flaky: [] } : readPlaywright();
const pages = pageBudgets === "skipped" ? { passed: 0, failed: 0, skipped: 0 } : pageBudgets;
const passed = unit.passed + browser.passed + pages.passed;
const failed =
  unit.failed +
  browser.failed +
  pages.failed +
  (unitExit !== 0 && unit.failed === 0 ? 1 : 0) +
  (endToEnd !== "skipped" && endToEnd !== 0 && browser.failed === 0 ? 1 : 0);
const skipped = unit.skipped + browser.skipped;

// CI shows the end of this output, so the failed tests are named here again, after the journeys' report.
for (const failure of unit.failures) console.error(`Failed test: ${failure}`);
for (const journey of browser.flaky) console.warn(`Flaky journey (failed, then passed on its retry; ADR 086): ${journey}`);
const flakyNote = browser.flaky.length > 0 ? ` (${browser.flaky.length} only on a retry)` : "";
console.log(
  `\nunit and integration: ${unit.passed} passed, ${unit.failed} failed; browser journeys: ${endToEnd === "skipped" ? "skipped (no Chromium)" : `${browser.passed} passed${flakyNote}, ${browser.failed} failed`}; page budgets: ${pageBudgets === "skipped" ? "skipped (no Chromium)" : `${pages.passed} pages within, ${pages.failed} over`}`,
);
console.log(
  `phases (wall time): ${phaseTimes.map(({ phase, milliseconds }) => `${phase} ${minutesAndSeconds(milliseconds)}`).join("; ")}; npm test ${minutesAndSeconds(performance.now() - started)}`,
);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || unitExit !== 0 || (endToEnd !== "skipped" && endToEnd !== 0) ? 1 : 0);

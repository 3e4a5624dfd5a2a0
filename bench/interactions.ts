// Interaction benchmark of the booking page (ADR 171): how long the page takes to answer a visitor's
// main interactions — choose a service, change guards (one more, one fewer), open the calendar, pick the start and end
// dates, Book now — on a phone of benchmark index 450 at 390 px, measured in Debian's Chromium
// with the `web-vitals` library's onINP (injected by this script, never shipped) and the browser's
// Event Timing API (https://www.w3.org/TR/event-timing/), which onINP is computed from.
// Prints ONE JSON line; a measurement, exits 0 (ADR 087: CI gates on the page budgets only).
//
// Run: npm run build && npm run bench:interactions
// BUILD_DIRS="build-before,build" measures several builds in one run, interleaved run by run, so
// that a before/after comparison shares the host's load; BENCH_RUNS the runs per build (default 3),
// BENCH_PHONE the emulated phone's benchmark index (default 450), CHROMIUM_PATH the browser.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { chromiumArguments } from "../e2e/support/settings.ts";
import { startServerProcess, type ServerProcess } from "../src/server/test-support/server-process.ts";
import { prepareDatabase } from "./load-support.ts";
import { hostBenchmarkExpression, machineLoad } from "./page-speed.ts";

const list = (value: string | undefined) => value?.split(",").map((item) => item.trim());
const buildDirectories = list(process.env.BUILD_DIRS) ?? [process.env.BUILD_DIR ?? "build"];
const runs = process.env.BENCH_RUNS ? Number(process.env.BENCH_RUNS) : 3;
const phoneIndex = process.env.BENCH_PHONE ? Number(process.env.BENCH_PHONE) : 450;
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** The target of each interaction: web.dev's "good" INP. */
const interactionTargetMs = 200;

// The package exports no path to its IIFE build: it is found beside the package's main module.
const webVitalsScript = path.join(path.dirname(createRequire(import.meta.url).resolve("web-vitals")), "web-vitals.iife.js");

/**
 * Runs in the page before its own scripts: web-vitals' onINP with every change reported, and the
 * Event Timing entries of every interaction, so that each step's own latency is known even when
 * it is not the page's worst (INP is the worst one).
 */
type Recorded = { interactions: { id: number; name: string; duration: number }[]; inp: number[] };

function recordInteractions() {
  const recorded: Recorded = { interactions: [], inp: [] };
  (window as unknown as { __interactions: Recorded }).__interactions = recorded;
  const vitals = (window as unknown as { webVitals: { onINP(callback: (metric: { value: number }) => void, options: object): void } })
    .webVitals;
  vitals.onINP((metric) => recorded.inp.push(metric.value), { reportAllChanges: true, durationThreshold: 16 });
  new PerformanceObserver((entries) => {
    // interactionId is in the Event Timing specification but not yet in TypeScript's DOM types.
    for (const entry of entries.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
      if (entry.interactionId) recorded.interactions.push({ id: entry.interactionId, name: entry.name, duration: entry.duration });
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

type Step = { name: string; act(page: Page): Promise<void> };

function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function dayFromToday(days: number): Date {
  const today = new Date();
  return new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
}

/** A day of the open calendar: ten days ahead for the start, twelve for the end (the next month if needed). */
async function pickDay(page: Page, day: Date) {
  const dialog = page.getByTestId("date-range-dialog");
  const cell = dialog.locator(`[data-day="${isoDay(day)}"] button`);
  for (let month = 0; month < 3 && !(await cell.isVisible()); month++) await dialog.getByRole("button", { name: /next month/i }).click();
  await cell.click();
}

/** The booking page's main interactions, each waited for until its result shows. */
const steps: Step[] = [
  {
    name: "chooseFirstService",
    async act(page) {
      const card = page.locator("[data-testid^=service-card-]").first();
      await card.getByRole("button", { pressed: false }).click();
      await card.and(page.locator("[data-selected=true]")).waitFor();
    },
  },
  {
    name: "chooseBodyguard",
    async act(page) {
      const card = page.getByTestId("service-card-bodyguard");
      await card.getByRole("button", { pressed: false }).click();
      await page.locator("[data-testid=service-card-bodyguard][data-selected=true]").waitFor();
    },
  },
  {
    name: "addGuard",
    async act(page) {
      const card = page.getByTestId("service-card-bodyguard");
      const before = await card.locator("output").textContent();
      await card.getByRole("button", { name: /more guards/i }).click();
      await page.waitForFunction(
        (previous) => document.querySelector("[data-testid=service-card-bodyguard] output")?.textContent !== previous,
        before,
      );
    },
  },
  {
    // Changing guards both ways (docs/product.md §4): back from the added guard to the first count.
    name: "removeGuard",
    async act(page) {
      const card = page.getByTestId("service-card-bodyguard");
      const before = await card.locator("output").textContent();
      await card.getByRole("button", { name: /fewer guards/i }).click();
      await page.waitForFunction(
        (previous) => document.querySelector("[data-testid=service-card-bodyguard] output")?.textContent !== previous,
        before,
      );
    },
  },
  {
    name: "openCalendar",
    async act(page) {
      await page.getByTestId("date-range-check-in").click();
      await page.getByTestId("date-range-dialog").locator("[data-day] button").first().waitFor();
    },
  },
  { name: "pickStartDate", act: (page) => pickDay(page, dayFromToday(10)) },
  {
    name: "pickEndDate",
    async act(page) {
      await pickDay(page, dayFromToday(12));
      await page.waitForFunction(() => /\b3\b/.test(document.querySelector("[data-testid=booking-heading]")?.textContent ?? ""));
    },
  },
  {
    name: "bookNow",
    async act(page) {
      // Signed out, Book now opens the sign-in dialog (docs/product.md §4), loaded on this first open.
      await page.getByTestId("book-now").click();
      await page.getByTestId("auth-dialog").waitFor();
    },
  },
];

/** Waits until the page's scripts have hydrated the service cards (React has attached its props). */
async function waitUntilLive(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector("[data-testid^=service-card-] button");
    return button !== null && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
  await page.waitForLoadState("networkidle");
}

/**
 * Waits until the page has painted (the Event Timing entries of an interaction are delivered after
 * its paint) and its main thread is idle, then 100 ms: a visitor's next tap
 * comes after reading the result, so work the page deferred past the paint (a form mounted in a
 * later render, checks preloaded in an idle period; ADR 170, 214) is not charged to the next step.
 */
async function settle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => setTimeout(resolve, 100)))),
      ),
  );
}

type StepFigure = { latencyMs: number; inpAfterMs: number };

async function measureOnce(browser: Browser, origin: string, slowdown: number): Promise<Record<string, StepFigure>> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, deviceScaleFactor: 2 });
  try {
    // Playwright runs an init script in a function of its own, so the library's `var` is made global by hand.
    await context.addInitScript({ content: `${readFileSync(webVitalsScript, "utf8")};window.webVitals = webVitals;` });
    await context.addInitScript(recordInteractions);
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
    await page.goto(`${origin}/secure-booking`);
    await waitUntilLive(page);
    // The place is typed, not measured: Book now needs one (docs/product.md §5).
    await page.locator("#booking-location").fill("Stockholm");
    await settle(page);
    const figures: Record<string, StepFigure> = {};
    for (const step of steps) {
      const seen = await page.evaluate(
        () => new Set((window as unknown as { __interactions: Recorded }).__interactions.interactions.map((entry) => entry.id)).size,
      );
      await step.act(page);
      await settle(page);
      figures[step.name] = await page.evaluate((seenBefore: number) => {
        const recorded = (window as unknown as { __interactions: Recorded }).__interactions;
        const ids = [...new Set(recorded.interactions.map((entry) => entry.id))].slice(seenBefore);
        const latency = Math.max(0, ...recorded.interactions.filter((entry) => ids.includes(entry.id)).map((entry) => entry.duration));
        return { latencyMs: latency, inpAfterMs: Math.round(recorded.inp.at(-1) ?? 0) };
      }, seen);
    }
    return figures;
  } finally {
    await context.close();
  }
}

/** Lighthouse's benchmark (BenchmarkIndex, median of five) in a blank page: the host's speed just before a run. */
async function hostBenchmarkIndex(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  try {
    return Math.round(await page.evaluate(hostBenchmarkExpression));
  } finally {
    await page.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((first, second) => first - second);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const startedAt = Date.now();
const before = machineLoad();
const servers: { build: string; server: ServerProcess; remove(): Promise<void> }[] = [];
let browser: Browser | undefined;
try {
  for (const build of buildDirectories) {
    if (!existsSync(path.join(build, "client", "index.html"))) throw new Error(`No build in ${build}/client: run \`npm run build\` first.`);
    const database = await prepareDatabase("interactions", undefined);
    const server = await startServerProcess({
      env: { DATA_DIR: database.dataDirectory, AUTH_SECRET: database.authSecret, BUILD_DIR: build },
    });
    servers.push({ build, server, remove: () => database.remove() });
  }
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArguments });
  const results = new Map<string, { hostBenchmarkIndex: number; cpuSlowdownMultiplier: number; steps: Record<string, StepFigure> }[]>(
    servers.map(({ build }) => [build, []]),
  );
  // Round by round, every build once per round: a burst of load on the shared machine spreads over all builds.
  for (let round = 0; round < runs; round++) {
    for (const { build, server } of servers) {
      const hostIndex = await hostBenchmarkIndex(browser);
      const cpuSlowdownMultiplier = Math.max(1, Math.round((hostIndex / phoneIndex) * 10) / 10);
      const steps = await measureOnce(browser, server.url, cpuSlowdownMultiplier);
      results.get(build)?.push({ hostBenchmarkIndex: hostIndex, cpuSlowdownMultiplier, steps });
    }
  }
  const builds = [...results].map(([build, buildRuns]) => {
    const medians = Object.fromEntries(
      steps.map((step) => [
        step.name,
        {
          latencyMs: median(buildRuns.map((run) => run.steps[step.name]?.latencyMs ?? 0)),
          inpAfterMs: median(buildRuns.map((run) => run.steps[step.name]?.inpAfterMs ?? 0)),
        },
      ]),
    );
    return {
      build,
      medians,
      meetsTarget: Object.values(medians).every((figure) => figure.latencyMs <= interactionTargetMs),
      runs: buildRuns,
    };
  });
  console.log(
    JSON.stringify({
      benchmark: "interactions",
      page: "/secure-booking",
      viewport: "390x844",
      emulatedPhoneIndex: phoneIndex,
      interactionTargetMs,
      measuredWith:
        "web-vitals onINP (reportAllChanges) and Event Timing entries per interaction; CPU slowdown = host benchmark index ÷ phone's",
      machine: { before, after: machineLoad() },
      seconds: Math.round((Date.now() - startedAt) / 1000),
      builds,
    }),
  );
} finally {
  await browser?.close();
  for (const { server, remove } of servers) {
    await server.stop();
    await remove();
  }
}

import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { chromiumArguments } from "../e2e/support/settings.ts";
import { languageCookieMaxAgeSeconds, languageCookieName } from "../src/shared/languages.ts";
import { compressedSize, kilobytes, measuredPages } from "../scripts/page-budgets.ts";
import { serviceSlugs } from "../src/shared/service-types.ts";
import { startServerProcess } from "../src/server/test-support/server-process.ts";
import { createAccounts, createRecordingClient, newBookingId, prepareDatabase, signInOverApi } from "./load-support.ts";

// The Lighthouse runner of the page-speed benchmark (`npm run bench:pages`). Its timing figures
// depend on the host's speed, so they are measured here and never gate CI (ADR 087; what CI gates
// on is in scripts/page-budgets.ts). Lighthouse's default config is the mobile one: Moto G Power
// emulation and simulated slow 4G; its CPU slowdown is calibrated per run (below) instead of its
// fixed 4x.

/**
 * Lighthouse's CPU slowdown is relative to the host ("Calibrating the CPU slowdown",
 * https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md): a fixed 4x on a host
 * slowed by its neighbours emulates a slower phone than
 * on the same host at rest. Each run measures the host with Lighthouse's own benchmark just before
 * it and slows it down to a phone of the given benchmark index: 1000 is the mid-tier phone of
 * Chrome DevTools' CPU calibration (a Pixel 5); 450 the slower phone that Lighthouse's fixed 4x
 * implies on its table's high-end desktop.
 */
export const emulatedPhones = [1000, 450] as const;

/**
 * Lighthouse's benchmark (BenchmarkIndex), as an expression for a blank page: the median of five
 * readings. One reading on a quiet 2-core host ranged from 1,379 to 2,070 (12 in a row), so a run
 * calibrated on one reading was slowed down anywhere from ×3 to ×4.6 for the same phone.
 */
export const hostBenchmarkExpression = `(() => {
  const benchmark = ${pageFunctions.computeBenchmarkIndex.toString()};
  const readings = Array.from({ length: 5 }, () => benchmark()).sort((first, second) => first - second);
  return readings[2];
})()`;

/** The host's benchmark index, measured in a blank tab of `chrome` over the DevTools protocol. */
async function hostBenchmarkIndex(chrome: chromeLauncher.LaunchedChrome): Promise<number> {
  const value = await inNewTab(chrome, "about:blank", [
    { method: "Runtime.evaluate", params: { expression: hostBenchmarkExpression, returnByValue: true } },
  ]);
  if (typeof value !== "number") throw new Error(`The host benchmark returned ${JSON.stringify(value)}`);
  return value;
}

/**
 * A returning Swedish visitor: the language is remembered in the origin's `language` cookie (ADR
 * 256), which Lighthouse's own storage reset would wipe. For such a page the run skips Lighthouse's
 * reset and does the same itself (the HTTP cache and the origin's storage cleared), then remembers
 * the language, so the page is loaded cold like every other run.
 */
async function prepareLanguage(chrome: chromeLauncher.LaunchedChrome, origin: string, language: string): Promise<void> {
  const cookie = JSON.stringify(`${languageCookieName}=${language}; path=/; max-age=${languageCookieMaxAgeSeconds}; samesite=lax`);
  // Page.navigate answers once the new document is committed, so the evaluation runs in it.
  const stored = await inNewTab(chrome, "about:blank", [
    { method: "Network.clearBrowserCache", params: {} },
    { method: "Storage.clearDataForOrigin", params: { origin, storageTypes: "all" } },
    { method: "Page.navigate", params: { url: `${origin}/favicon.svg` } },
    {
      method: "Runtime.evaluate",
      params: {
        expression: `new Promise((resolve) => { const set = () => { if (location.origin !== ${JSON.stringify(origin)}) return void requestAnimationFrame(set); document.cookie = ${cookie}; resolve(document.cookie.includes(${JSON.stringify(`${languageCookieName}=${language}`)}) ? ${JSON.stringify(language)} : document.cookie); }; set(); })`,
        awaitPromise: true,
        returnByValue: true,
      },
    },
  ]);
  if (stored !== language) throw new Error(`The remembered language was not stored: ${JSON.stringify(stored)}`);
}

/** Opens `url` in a new tab of `chrome`, sends the DevTools commands in turn and answers the last one's value. */
async function inNewTab(
  chrome: chromeLauncher.LaunchedChrome,
  url: "about:blank",
  commands: { method: string; params: Record<string, unknown> }[],
): Promise<unknown> {
  const devtools = `http://127.0.0.1:${chrome.port}`;
  const target = (await (await fetch(`${devtools}/json/new?${url}`, { method: "PUT" })).json()) as {
    id: string;
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  try {
    await new Promise((resolve, reject) => {
      socket.addEventListener("open", resolve, { once: true });
      socket.addEventListener("error", reject, { once: true });
    });
    let last: unknown;
    for (const [index, command] of commands.entries()) {
      const id = index + 1;
      last = await new Promise<unknown>((resolve, reject) => {
        const onMessage = (event: MessageEvent) => {
          const message = JSON.parse(String(event.data)) as { id?: number; error?: unknown; result?: { result?: { value?: unknown } } };
          if (message.id !== id) return;
          socket.removeEventListener("message", onMessage);
          if (message.error) reject(new Error(`${command.method}: ${JSON.stringify(message.error)}`));
          else resolve(message.result?.result?.value);
        };
        socket.addEventListener("message", onMessage);
        socket.send(JSON.stringify({ id, ...command }));
      });
    }
    return last;
  } finally {
    socket.close();
    await fetch(`${devtools}/json/close/${target.id}`);
  }
}

/** The timing targets the figures are compared with (ADR 085); reported, never a gate (ADR 087). */
export const timingTargets = {
  performanceScore: 95,
  largestContentfulPaintMs: 2000,
  totalBlockingTimeMs: 150,
} as const;

export type ScriptLoad = { file: string; compressedKilobytes: number };

export type PageRun = {
  performance: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  speedIndexMs: number;
  javaScriptCompressedKilobytes: number;
  javaScriptTransferredKilobytes: number;
  javaScriptRequests: number;
  totalTransferredKilobytes: number;
  /** Lighthouse's estimate of this machine's speed at the time of the run (higher is faster). */
  benchmarkIndex: number;
  /** The same benchmark run just before, from which the slowdown was set. */
  hostBenchmarkIndex: number;
  /** The phone this run emulated, by benchmark index. */
  emulatedPhoneIndex: number;
  /** The CPU slowdown this run was simulated with: the host's benchmark ÷ the emulated phone's. */
  cpuSlowdownMultiplier: number;
  /**
   * The main thread's work as Lighthouse reports it (mainthread-work-breakdown), which under its
   * simulated throttling is the observed trace multiplied by the slowdown.
   */
  mainThreadWorkMs: number;
  /**
   * The same work as the page really did it on this host, before the slowdown: the figure that does
   * not depend on the calibration, so two runs whose TBT differ can be told apart (the page did more,
   * or the run was slowed more).
   */
  unthrottledMainThreadWorkMs: number;
  /** Runs set aside because the host's speed during the run strayed from the calibration (below). */
  calibrationRepeats: number;
  scripts: ScriptLoad[];
  /**
   * The main thread's tasks of 50 ms or more after the slowdown (what TBT counts the excess of), by
   * start time, with the script Lighthouse attributes each to: where the blocking time comes from.
   */
  longTasks: { startMs: number; durationMs: number; url: string }[];
  runWarnings: string[];
  /** Lighthouse runs this figure took: a run that fails to record the page is repeated (at most 3). */
  attempts: number;
  error?: string;
};

type NetworkRequest = { url: string; resourceType?: string; transferSize?: number };

const attemptsPerRun = 3;

/**
 * How far Lighthouse's own benchmark during the run may stray from the host's benchmark taken just
 * before it, from which the slowdown was set: beyond it, a neighbour started or stopped working
 * mid-run, the run emulated another phone than it says, and it is repeated rather than counted.
 */
export const calibrationTolerance = 0.25;

const calibrationIsOff = (run: Omit<PageRun, "attempts" | "calibrationRepeats">) =>
  Math.abs(run.benchmarkIndex / run.hostBenchmarkIndex - 1) > calibrationTolerance;

/**
 * One run, repeated when Lighthouse could not record the page (e.g. NO_NAVSTART, seen on the first
 * navigation of a busy machine): such a run has no figures, and counting it would fail a page that
 * nobody measured. A page that fails every attempt keeps its error, which breaks its budget. A run
 * whose calibration was off is repeated too; after three such attempts the last is kept, and its
 * `calibrationRepeats` says so.
 */
async function measureRun(
  chrome: chromeLauncher.LaunchedChrome,
  baseUrl: string,
  page: MeasuredPage,
  phoneIndex: number,
): Promise<PageRun> {
  let calibrationRepeats = 0;
  for (let attempt = 1; ; attempt++) {
    const run = await measureOnce(chrome, baseUrl, page, phoneIndex);
    const offCalibration = !run.error && calibrationIsOff(run);
    if ((!run.error && !offCalibration) || attempt === attemptsPerRun) return { ...run, attempts: attempt, calibrationRepeats };
    if (offCalibration) calibrationRepeats += 1;
  }
}

async function measureOnce(
  chrome: chromeLauncher.LaunchedChrome,
  baseUrl: string,
  { path, cookie, language }: MeasuredPage,
  phoneIndex: number,
): Promise<Omit<PageRun, "attempts" | "calibrationRepeats">> {
  const hostIndex = await hostBenchmarkIndex(chrome);
  // Lighthouse's own storage reset is skipped for a Swedish run, so an English page measured after a
  // Swedish one would keep its cookie and be served in Swedish: each run starts from a clean origin.
  if (language) await prepareLanguage(chrome, baseUrl, language);
  else await inNewTab(chrome, "about:blank", [{ method: "Storage.clearDataForOrigin", params: { origin: baseUrl, storageTypes: "all" } }]);
  // Never below 1: on a host slower than the phone, the run is simply not slowed down.
  const cpuSlowdownMultiplier = Math.max(1, Math.round((hostIndex / phoneIndex) * 10) / 10);
  const runner = await lighthouse(`${baseUrl}${path}`, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    throttling: { cpuSlowdownMultiplier },
    ...(language && { disableStorageReset: true }),
    // A signed-in page is measured with the session cookie on every request, as a returning visitor's tab sends it.
    ...(cookie && { extraHeaders: { Cookie: cookie } }),
  });
  if (!runner) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { lhr } = runner;
  const requests = ((lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []).filter((request) =>
    request.url.startsWith(baseUrl),
  );
  const scriptRequests = requests.filter((request) => request.resourceType === "Script");
  // The budget is the scripts' compressed bytes; transferSize also counts each response's headers.
  const scripts = await Promise.all(
    scriptRequests.map(async (request) => ({
      file: new URL(request.url).pathname.replace(/^\/assets\//, ""),
      compressedKilobytes: kilobytes(await compressedSize(request.url)),
    })),
  );
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? 0;
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const error = lhr.runtimeError?.message ?? lhr.audits["largest-contentful-paint"]?.errorMessage;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    firstContentfulPaintMs: Math.round(numeric("first-contentful-paint")),
    largestContentfulPaintMs: Math.round(numeric("largest-contentful-paint")),
    totalBlockingTimeMs: Math.round(numeric("total-blocking-time")),
    cumulativeLayoutShift: Math.round(numeric("cumulative-layout-shift") * 1000) / 1000,
    speedIndexMs: Math.round(numeric("speed-index")),
    javaScriptCompressedKilobytes: Math.round(sum(scripts.map((script) => script.compressedKilobytes)) * 10) / 10,
    javaScriptTransferredKilobytes: kilobytes(sum(scriptRequests.map((request) => request.transferSize ?? 0))),
    javaScriptRequests: scripts.length,
    totalTransferredKilobytes: kilobytes(sum(requests.map((request) => request.transferSize ?? 0))),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    hostBenchmarkIndex: Math.round(hostIndex),
    emulatedPhoneIndex: phoneIndex,
    cpuSlowdownMultiplier,
    mainThreadWorkMs: Math.round(numeric("mainthread-work-breakdown")),
    unthrottledMainThreadWorkMs: Math.round(numeric("mainthread-work-breakdown") / cpuSlowdownMultiplier),
    scripts: scripts.sort((first, second) => second.compressedKilobytes - first.compressedKilobytes),
    longTasks: (
      (lhr.audits["long-tasks"]?.details as { items?: { url: string; startTime: number; duration: number }[] } | undefined)?.items ?? []
    )
      .map((task) => ({ startMs: Math.round(task.startTime), durationMs: Math.round(task.duration), url: task.url.replace(baseUrl, "") }))
      .sort((first, second) => first.startMs - second.startMs),
    runWarnings: lhr.runWarnings,
    ...(error && { error }),
  };
}

/**
 * A page to measure, with the session it is opened in (none for the public pages) and the language
 * a returning visitor chose (none: English, the prerendered HTML's).
 */
type MeasuredPage = { path: string; cookie?: string; language?: string };

/** "sv:/help" is /help for a visitor who chose Swedish (ADR 003); "/help" the English page. */
export function parsePage(page: string): MeasuredPage {
  const match = /^(\w\w):(\/.*)$/.exec(page);
  return match ? { path: match[2]!, language: match[1]! } : { path: page };
}

/** The public pages the benchmark measures by default: every prerendered page a visitor lands on, in both languages. */
export const benchmarkedPublicPages: readonly string[] = [
  ...new Set([...measuredPages, ...serviceSlugs.map((slug) => `/services/${slug}`)]),
].flatMap((page) => [page, `sv:${page}`]);

/**
 * The signed-in pages (docs/product.md §2): the customer's dashboard screens and the operator's
 * queue and booking, each opened with its own session; ":booking" is a booking of the customer.
 */
export const signedInPages = {
  customer: [
    "/customer-dashboard",
    "/customer-dashboard/bookings",
    "/customer-dashboard/bookings/:booking",
    "/customer-dashboard/security",
  ],
  operator: ["/admin", "/admin/bookings/:booking"],
} as const;

/**
 * A customer with one booking and an operator, created by the same service code as sign-up, and
 * signed in through the API as the browser does: the signed-in pages with their cookies.
 */
async function signedInSessions(origin: string, database: Awaited<ReturnType<typeof prepareDatabase>>): Promise<MeasuredPage[]> {
  const client = createRecordingClient();
  try {
    const [customer] = await createAccounts(database, { count: 1, prefix: "pages-customer", addressOf: () => "192.0.2.10" });
    const [operator] = await createAccounts(database, {
      count: 1,
      prefix: "pages-operator",
      role: "operator",
      addressOf: () => "192.0.2.11",
    });
    if (!customer || !operator) throw new Error("The signed-in page accounts were not created");
    const customerCookie = await signInOverApi(client, origin, customer);
    const operatorCookie = await signInOverApi(client, origin, operator);
    const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 32 * 86_400_000).toISOString().slice(0, 10);
    const booking = await client.send("setup", {
      origin,
      method: "POST",
      path: "/api/bookings",
      address: customer.address,
      cookie: customerCookie,
      json: {
        bookingId: newBookingId(),
        location: "Stockholm, Sweden",
        startDate: start,
        endDate: end,
        services: [{ serviceId: "svc-residential", options: { guards: 2, days: 3, timeOfDay: "night" } }],
        language: "en",
      },
    });
    if (booking?.status !== 201) throw new Error(`The signed-in pages' booking failed: ${booking?.status} ${booking?.body}`);
    const bookingId = (JSON.parse(booking.body) as { id: string }).id;
    const withBooking = (page: string) => page.replace(":booking", bookingId);
    return [
      ...signedInPages.customer.map((page) => ({ path: withBooking(page), cookie: customerCookie })),
      ...signedInPages.operator.map((page) => ({ path: withBooking(page), cookie: operatorCookie })),
    ];
  } finally {
    client.close();
  }
}

/**
 * Starts the production server on the build in `buildDirectory` (SQLite in a temporary DATA_DIR,
 * the catalogue freshly seeded as the build's prerendered booking page expects) and runs
 * Lighthouse `runs` times on each page for each phone, one page after the other in each round so
 * that a burst of load on the machine spreads over all pages instead of spoiling one. With
 * `signedIn`, the signed-in pages follow the public ones. The result is keyed by "page @ phone index".
 * With `compareWith` (other builds), a server runs on each build and every page is measured on
 * each build in turn within each round, so that a before/after comparison shares the host's load;
 * those keys start with "<build>: ".
 */
export async function measurePages(options: {
  buildDirectory: string;
  compareWith?: readonly string[];
  chromiumPath: string;
  pages: readonly string[];
  signedIn: boolean;
  phones: readonly number[];
  runs: number;
}): Promise<Map<string, PageRun[]>> {
  const builds = [options.buildDirectory, ...(options.compareWith ?? [])];
  for (const build of builds) {
    if (!existsSync(path.join(build, "client", "index.html"))) {
      throw new Error(`No build in ${build}/client: run \`npm run build\` first (or set BUILD_DIR).`);
    }
  }
  const started: {
    build: string;
    server: Awaited<ReturnType<typeof startServerProcess>>;
    database: Awaited<ReturnType<typeof prepareDatabase>>;
  }[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    for (const build of builds) {
      const database = await prepareDatabase("page-speed", undefined);
      const server = await startServerProcess({
        env: { DATA_DIR: database.dataDirectory, AUTH_SECRET: database.authSecret, BUILD_DIR: build },
      });
      started.push({ build, server, database });
    }
    const targets = await Promise.all(
      started.map(async ({ build, server, database }) => ({
        build,
        origin: server.url,
        pages: [...options.pages.map(parsePage), ...(options.signedIn ? await signedInSessions(server.url, database) : [])],
      })),
    );
    chrome = await chromeLauncher.launch({
      chromePath: options.chromiumPath,
      chromeFlags: ["--headless=new", ...chromiumArguments],
    });
    const compared = builds.length > 1;
    const key = (build: string, page: MeasuredPage, phone: number) =>
      `${compared ? `${build}: ` : ""}${page.language ? `${page.language}:` : ""}${page.cookie ? page.path.replace(/[0-9a-f-]{36}/, ":booking") : page.path}${page.cookie ? " (signed in)" : ""} @ ${phone}`;
    const runs = new Map<string, PageRun[]>();
    for (const phone of options.phones) {
      for (const target of targets) for (const page of target.pages) runs.set(key(target.build, page, phone), []);
    }
    for (let round = 0; round < options.runs; round++) {
      for (const phone of options.phones) {
        for (let index = 0; index < (targets[0]?.pages.length ?? 0); index++) {
          for (const target of targets) {
            const page = target.pages[index];
            if (page) runs.get(key(target.build, page, phone))?.push(await measureRun(chrome, target.origin, page, phone));
          }
        }
      }
    }
    return runs;
  } finally {
    await chrome?.kill();
    for (const { server, database } of started) {
      await server.stop();
      await database.remove();
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((first, second) => first - second);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export type PageSummary = {
  /** "page @ emulated phone index". */
  page: string;
  /** The median of the runs, figure by figure. */
  median: Pick<
    PageRun,
    | "performance"
    | "firstContentfulPaintMs"
    | "largestContentfulPaintMs"
    | "totalBlockingTimeMs"
    | "cumulativeLayoutShift"
    | "cpuSlowdownMultiplier"
    | "unthrottledMainThreadWorkMs"
  >;
  /** Whether the median meets `timingTargets`: information for people, not a gate (ADR 087). */
  meetsTimingTargets: boolean;
  runs: Omit<PageRun, "scripts">[];
};

/** Sums up each page's runs by their median. */
export function summarisePages(runsByPage: Map<string, PageRun[]>): PageSummary[] {
  return [...runsByPage].map(([page, runs]) => {
    const figure = (key: keyof PageSummary["median"]) => median(runs.map((run) => run[key]));
    const medianFigures = {
      performance: figure("performance"),
      firstContentfulPaintMs: figure("firstContentfulPaintMs"),
      largestContentfulPaintMs: figure("largestContentfulPaintMs"),
      totalBlockingTimeMs: figure("totalBlockingTimeMs"),
      cumulativeLayoutShift: figure("cumulativeLayoutShift"),
      cpuSlowdownMultiplier: figure("cpuSlowdownMultiplier"),
      unthrottledMainThreadWorkMs: figure("unthrottledMainThreadWorkMs"),
    };
    return {
      page,
      median: medianFigures,
      meetsTimingTargets:
        runs.every((run) => !run.error) &&
        medianFigures.performance >= timingTargets.performanceScore &&
        medianFigures.largestContentfulPaintMs <= timingTargets.largestContentfulPaintMs &&
        medianFigures.totalBlockingTimeMs <= timingTargets.totalBlockingTimeMs,
      runs: runs.map(({ scripts: _scripts, ...run }) => run),
    };
  });
}

/** The machine's state, printed with every figure: they are measured on a shared 2-core machine. */
export function machineLoad() {
  return { loadAverage: loadavg().map((load) => Math.round(load * 100) / 100) };
}

import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { chromiumArguments } from "../e2e/support/settings.ts";
import { startServerProcess } from "../src/server/test-support/server-process.ts";

// The page budgets that `npm test` gates on (ADR 087). Each one is a property of the build, not of
// the host's speed: the same tree gives the same answer on a quiet machine and on one shared with
// two CPU-bound neighbours. The timing figures (score, FCP, LCP, TBT) are measured by
// `npm run bench:pages` and are not a gate.

/** The public site's entry points, booking and sign-in (docs/product.md §2). */
export const measuredPages = ["/", "/help", "/services/bodyguard", "/secure-booking", "/login"] as const;

export const pageBudgets = {
  /** JavaScript as served (brotli), per page (ADR 085; 151 since the buyer's VAT words, ADR 247). */
  javaScriptCompressedKilobytes: 151,
  /**
   * The landing page's own scripts (ADR 020), without React Router's route manifest, which lists
   * every screen of the app and so grows with the console; the manifest has its own budget (ADR 173).
   */
  landingJavaScriptWithoutManifestCompressedKilobytes: 117.5,
  routeManifestCompressedKilobytes: 4,
  /** Requests to our origin from navigation until the page is hydrated and the network is idle. */
  requests: 40,
  /** Layout shifts from the first paint through hydration (Core Web Vitals' "good" is 0.1). */
  cumulativeLayoutShift: 0.05,
} as const;

/** A phone the size of Lighthouse's mobile emulation (Moto G Power): the pages are judged as phones see them. */
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

export type PageFacts = {
  page: string;
  javaScriptCompressedKilobytes: number;
  /** React Router's route manifest, one of the scripts above (ADR 173). */
  routeManifestCompressedKilobytes: number;
  scripts: { file: string; compressedKilobytes: number }[];
  requests: number;
  /** Requests the browser marked render-blocking (Resource Timing's renderBlockingStatus): none may be. */
  renderBlockingRequests: string[];
  cumulativeLayoutShift: number;
  /** The largest contentful element once hydrated, and whether the prerendered HTML already holds it. */
  largestContentfulElement: string;
  largestContentfulElementInHtml: boolean;
};

export type PageVerdict = PageFacts & { broken: string[] };

export const kilobytes = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** The body's size as sent with brotli (node:http does not decompress, unlike fetch). */
export function compressedSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "Accept-Encoding": "br" } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
    }).on("error", reject);
  });
}

/** Observers installed before the page's own scripts: layout shifts and LCP candidates, buffered. */
function observeLoading() {
  const record = { shift: 0, largest: null as Element | null };
  (window as unknown as { __pageFacts: typeof record }).__pageFacts = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) record.shift += entry.value;
    }
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries() as (PerformanceEntry & { element: Element | null })[];
    const last = entries.at(-1);
    if (last?.element) record.largest = last.element;
  }).observe({ type: "largest-contentful-paint", buffered: true });
}

async function measurePage(browser: Browser, baseUrl: string, page: string): Promise<PageFacts> {
  const context = await browser.newContext(phone);
  try {
    const tab = await context.newPage();
    const requested: { url: string; type: string }[] = [];
    tab.on("request", (request) => {
      if (request.url().startsWith(baseUrl)) requested.push({ url: request.url(), type: request.resourceType() });
    });
    await tab.addInitScript(observeLoading);
    await tab.goto(`${baseUrl}${page}`);
    // Hydrated: React has set its props on the language switcher that every page's top bar holds.
    await tab.waitForFunction(() => {
      const element = document.querySelector('[data-testid="language-switcher"]');
      return element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps"));
    });
    await tab.waitForLoadState("networkidle");
    const html = await (await fetch(`${baseUrl}${page}`)).text();
    const facts = await tab.evaluate((prerendered) => {
      const record = (window as unknown as { __pageFacts: { shift: number; largest: Element | null } }).__pageFacts;
      const element = record.largest;
      const describe = (node: Element) =>
        node instanceof HTMLImageElement
          ? `img ${node.getAttribute("src")}`
          : `${node.tagName.toLowerCase()} "${(node.textContent ?? "").trim().slice(0, 80)}"`;
      const description = element ? describe(element) : "none";
      // The same element (tag and text, or image source) in the HTML as the server sent it.
      const parsed = new DOMParser().parseFromString(prerendered, "text/html");
      const inHtml =
        element !== null && [...parsed.querySelectorAll(element.tagName)].some((candidate) => describe(candidate) === description);
      const blocking = (performance.getEntriesByType("resource") as (PerformanceResourceTiming & { renderBlockingStatus?: string })[])
        .filter((entry) => entry.renderBlockingStatus === "blocking")
        .map((entry) => new URL(entry.name).pathname);
      return { shift: record.shift, description, inHtml, blocking };
    }, html);
    const scriptUrls = [...new Set(requested.filter((request) => request.type === "script").map((request) => request.url))];
    const scripts = await Promise.all(
      scriptUrls.map(async (url) => ({
        file: new URL(url).pathname.replace(/^\/assets\//, ""),
        compressedKilobytes: kilobytes(await compressedSize(url)),
      })),
    );
    return {
      page,
      javaScriptCompressedKilobytes: Math.round(scripts.reduce((total, script) => total + script.compressedKilobytes, 0) * 10) / 10,
      routeManifestCompressedKilobytes: scripts.find((script) => script.file.startsWith("manifest-"))?.compressedKilobytes ?? 0,
      scripts: scripts.sort((first, second) => second.compressedKilobytes - first.compressedKilobytes),
      requests: requested.length,
      renderBlockingRequests: facts.blocking,
      cumulativeLayoutShift: Math.round(facts.shift * 1000) / 1000,
      largestContentfulElement: facts.description,
      largestContentfulElementInHtml: facts.inHtml,
    };
  } finally {
    await context.close();
  }
}

export function judgePage(facts: PageFacts): PageVerdict {
  const landingOwn = Math.round((facts.javaScriptCompressedKilobytes - facts.routeManifestCompressedKilobytes) * 10) / 10;
  const javaScript =
    facts.page === "/"
      ? landingOwn > pageBudgets.landingJavaScriptWithoutManifestCompressedKilobytes
        ? [
            `landing JavaScript without the route manifest ${landingOwn} > ${pageBudgets.landingJavaScriptWithoutManifestCompressedKilobytes}`,
          ]
        : []
      : facts.javaScriptCompressedKilobytes > pageBudgets.javaScriptCompressedKilobytes
        ? [`javaScriptCompressedKilobytes ${facts.javaScriptCompressedKilobytes} > ${pageBudgets.javaScriptCompressedKilobytes}`]
        : [];
  const broken = [
    ...javaScript,
    ...(facts.routeManifestCompressedKilobytes > pageBudgets.routeManifestCompressedKilobytes
      ? [`routeManifestCompressedKilobytes ${facts.routeManifestCompressedKilobytes} > ${pageBudgets.routeManifestCompressedKilobytes}`]
      : []),
    ...(facts.requests > pageBudgets.requests ? [`requests ${facts.requests} > ${pageBudgets.requests}`] : []),
    ...(facts.cumulativeLayoutShift > pageBudgets.cumulativeLayoutShift
      ? [`cumulativeLayoutShift ${facts.cumulativeLayoutShift} > ${pageBudgets.cumulativeLayoutShift}`]
      : []),
    ...(facts.renderBlockingRequests.length > 0 ? [`render-blocking requests: ${facts.renderBlockingRequests.join(", ")}`] : []),
    ...(facts.largestContentfulElementInHtml
      ? []
      : [`largest contentful element not in the prerendered HTML: ${facts.largestContentfulElement}`]),
  ];
  return { ...facts, broken };
}

/**
 * Starts the production server on the build in `buildDirectory` (SQLite in a temporary DATA_DIR,
 * freshly seeded as the prerendered booking page expects), measures each page once in Chromium at
 * a phone's size and judges it. Prints one JSON line and one line per broken budget.
 */
export async function checkPageBudgets(options: {
  buildDirectory: string;
  chromiumPath: string;
  pages?: readonly string[];
}): Promise<PageVerdict[]> {
  if (!existsSync(path.join(options.buildDirectory, "client", "index.html"))) {
    throw new Error(`No build in ${options.buildDirectory}/client: run \`npm run build\` first (or set BUILD_DIR).`);
  }
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "page-budgets-"));
  const server = await startServerProcess({
    env: { DATA_DIR: dataDirectory, AUTH_SECRET: randomBytes(32).toString("hex"), BUILD_DIR: options.buildDirectory },
  });
  const browser = await chromium.launch({
    executablePath: options.chromiumPath,
    args: chromiumArguments,
  });
  try {
    const verdicts: PageVerdict[] = [];
    for (const page of options.pages ?? measuredPages) verdicts.push(judgePage(await measurePage(browser, server.url, page)));
    console.log(
      JSON.stringify({
        check: "page-budgets",
        budgets: pageBudgets,
        withinBudgets: verdicts.every((verdict) => verdict.broken.length === 0),
        pages: verdicts,
      }),
    );
    for (const verdict of verdicts.filter((page) => page.broken.length > 0)) {
      console.error(`Page budget broken on ${verdict.page}: ${verdict.broken.join("; ")}`);
    }
    return verdicts;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const verdicts = await checkPageBudgets({
    buildDirectory: process.env.BUILD_DIR ?? "build",
    chromiumPath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  });
  process.exit(verdicts.every((verdict) => verdict.broken.length === 0) ? 0 : 1);
}

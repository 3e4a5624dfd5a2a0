import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { chromiumArguments } from "../e2e/support/settings.ts";
import { openDatabase } from "../src/server/db/database.ts";
import { markSessionAsPasskeySignIn } from "../src/server/journey-test-support.ts";
import { startServerProcess } from "../src/server/test-support/server-process.ts";
import { demoDefaults, demoEmailDomain, seedDemo } from "./demo-data.ts";

// The page budgets that `npm test` gates on (ADR 087). Each one is a property of the build, not of
// the host's speed: the same tree gives the same answer on a quiet machine and on one shared with
// two CPU-bound neighbours. The timing figures (score, FCP, LCP, TBT) are measured by
// `npm run bench:pages` and are not a gate.

/** The public site's entry points, booking and sign-in (docs/product.md §2). */
export const measuredPages = ["/", "/help", "/services/bodyguard", "/secure-booking", "/login"] as const;

/**
 * ADR 257: the signed-in screens (docs/product.md §2) whose layout must hold while their data
 * arrives: the customer's account, bookings, one booking and security, the operator's queue and
 * one booking. `:booking` is a booking of the signed-in customer, seeded with the demo data.
 */
export const signedInPages = [
  { page: "/customer-dashboard", as: "customer" },
  { page: "/customer-dashboard/bookings", as: "customer" },
  { page: "/customer-dashboard/bookings/:booking", as: "customer" },
  { page: "/customer-dashboard/security", as: "customer" },
  { page: "/admin", as: "admin" },
  { page: "/admin/bookings/:booking", as: "admin" },
] as const;

export const pageBudgets = {
  /** JavaScript as served (brotli), per page (ADR 085; 151 since the buyer's VAT words, ADR 247). */
  javaScriptCompressedKilobytes: 151,
  /**
   * The landing page's own scripts (ADR 020), without React Router's route manifest, which lists
   * every screen of the app and so grows with the console; the manifest has its own budget (ADR 173).
   */
  landingJavaScriptWithoutManifestCompressedKilobytes: 117.5,
  /** ADR 296 (amends ADR 173): 4.6 KB with the company page, room for about ten more screens. */
  routeManifestCompressedKilobytes: 5.5,
  /** Requests to our origin from navigation until the page is hydrated and the network is idle. */
  requests: 40,
  /** Layout shifts from the first paint through hydration (Core Web Vitals' "good" is 0.1). */
  cumulativeLayoutShift: 0.05,
  /**
   * ADR 257: layout shifts of a signed-in screen from navigation until its data is shown, on a
   * slow network (`slowNetwork`), so every loading state is painted: Core Web Vitals' "good".
   */
  signedInCumulativeLayoutShift: 0.1,
} as const;

/**
 * ADR 257: a slow network (DevTools' "Slow 4G"-like: 400 ms latency, 400 kbit/s down), so each
 * loading state of a signed-in screen stays long enough to be painted on any host. Layout shift is
 * a property of what the page shows in turn, not of how fast the host is; the slow network makes
 * sure every state is shown.
 */
const slowNetwork = { offline: false, latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 };

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

/** One layout shift: its score and the nodes that moved (Layout Instability API's sources), described. */
export type LayoutShift = { value: number; sources: string[] };

/** Observers installed before the page's own scripts: layout shifts and LCP candidates, buffered. */
function observeLoading() {
  const record = { shift: 0, shifts: [] as LayoutShift[], largest: null as Element | null };
  (window as unknown as { __pageFacts: typeof record }).__pageFacts = record;
  const describe = (node: Node | null) => {
    if (!(node instanceof Element)) return node ? `#text "${(node.textContent ?? "").trim().slice(0, 40)}"` : "gone";
    const id = node.id ? `#${node.id}` : "";
    const test = node.getAttribute("data-testid") ? `[data-testid=${node.getAttribute("data-testid")}]` : "";
    const classes = typeof node.className === "string" ? `.${node.className.trim().split(/\s+/).slice(0, 4).join(".")}` : "";
    return `${node.tagName.toLowerCase()}${id}${test}${classes} "${(node.textContent ?? "").trim().slice(0, 40)}"`;
  };
  new PerformanceObserver((list) => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] };
    for (const entry of list.getEntries() as Shift[]) {
      if (entry.hadRecentInput) continue;
      record.shift += entry.value;
      record.shifts.push({ value: Math.round(entry.value * 1000) / 1000, sources: entry.sources.map((source) => describe(source.node)) });
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

export type SignedInPageFacts = { page: string; cumulativeLayoutShift: number; shifts: LayoutShift[] };
export type SignedInPageVerdict = SignedInPageFacts & { broken: string[] };

/** Waits until the screen has shown its data: no request in flight, no loading state left on screen. */
async function settled(tab: Page) {
  await tab.waitForLoadState("networkidle");
  await tab.waitForFunction(
    () => document.querySelector('[aria-busy="true"], [role="status"] .animate-spin, .animate-pulse') === null,
    undefined,
    {
      timeout: 30_000,
    },
  );
}

async function measureSignedInPage(
  browser: Browser,
  baseUrl: string,
  page: string,
  account: { email: string; password: string },
  /** ADR 271: staff reach the console from a passkey session only; given for a staff account (below). */
  asStaff?: (setCookies: string[]) => Promise<void>,
) {
  const context = await browser.newContext(phone);
  try {
    const signedIn = await context.request.post(`${baseUrl}/api/account/sign-in`, { data: account });
    if (!signedIn.ok()) throw new Error(`${account.email} could not sign in: ${signedIn.status()} ${await signedIn.text()}`);
    const setCookies = signedIn
      .headersArray()
      .filter((header) => header.name.toLowerCase() === "set-cookie")
      .map((header) => header.value);
    await asStaff?.(setCookies);
    const tab = await context.newPage();
    const devtools = await context.newCDPSession(tab);
    await devtools.send("Network.enable");
    await devtools.send("Network.emulateNetworkConditions", slowNetwork);
    await tab.addInitScript(observeLoading);
    await tab.goto(`${baseUrl}${page}`, { timeout: 60_000 });
    await settled(tab);
    const record = await tab.evaluate(() => (window as unknown as { __pageFacts: { shift: number; shifts: LayoutShift[] } }).__pageFacts);
    return { page, cumulativeLayoutShift: Math.round(record.shift * 1000) / 1000, shifts: record.shifts };
  } finally {
    await context.close();
  }
}

export function judgeSignedInPage(facts: SignedInPageFacts): SignedInPageVerdict {
  const broken =
    facts.cumulativeLayoutShift > pageBudgets.signedInCumulativeLayoutShift
      ? [
          `cumulativeLayoutShift ${facts.cumulativeLayoutShift} > ${pageBudgets.signedInCumulativeLayoutShift} (${facts.shifts
            .map((shift) => `${shift.value}: ${shift.sources.join(", ")}`)
            .join("; ")})`,
        ]
      : [];
  return { ...facts, broken };
}

/**
 * ADR 257: the demo data (scripts/demo-data.ts), a few customers and their bookings, seeded into
 * the server's database; answers the accounts and the bookings the signed-in pages are measured with.
 */
async function seedSignedInData(dataDirectory: string) {
  const database = openDatabase({ dataDirectory });
  try {
    await seedDemo(database.db, { ...demoDefaults, customers: 4, bookings: 60, operatives: 4 });
    const booking = await database.db
      .selectFrom("bookings")
      .innerJoin("users", "users.id", "bookings.user_id")
      .select(["bookings.id", "users.email"])
      .orderBy("bookings.created_at", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    return {
      customer: { email: booking.email, password: demoDefaults.password },
      admin: { email: `admin@${demoEmailDomain}`, password: demoDefaults.password },
      booking: booking.id,
    };
  } finally {
    await database.close();
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
  signedIn?: readonly (typeof signedInPages)[number][];
}): Promise<(PageVerdict | SignedInPageVerdict)[]> {
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
    const verdicts: (PageVerdict | SignedInPageVerdict)[] = [];
    for (const page of options.pages ?? measuredPages) verdicts.push(judgePage(await measurePage(browser, server.url, page)));
    // After the public pages: the demo data is no part of what they are measured with.
    const seeded = await seedSignedInData(dataDirectory);
    // The demo admin's session is marked as a passkey's (the test-only step of the journeys' server,
    // ADR 271), so the console screens are measured, not the page that asks staff for a passkey.
    const database = openDatabase({ dataDirectory });
    const asStaff = (setCookies: string[]) => markSessionAsPasskeySignIn(database.db, setCookies);
    for (const { page, as } of options.signedIn ?? signedInPages) {
      const facts = await measureSignedInPage(
        browser,
        server.url,
        page.replace(":booking", seeded.booking),
        seeded[as],
        as === "admin" ? asStaff : undefined,
      );
      verdicts.push(judgeSignedInPage({ ...facts, page }));
    }
    await database.close();
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

// Page-speed benchmark (targets: performance ≥ 95 and LCP ≤ 1.5 s on each page, landing JavaScript ≤ 120 KB
// compressed). Expects a build (`npm run build`, or BUILD_DIR=<dir>): starts the production server
// on a free port with a temporary DATA_DIR, runs Lighthouse with its default (mobile) config in
// Debian's Chromium on each page, prints one JSON summary and stops by itself.
// Run: npm run bench:pages   (BENCH_PAGES="/,/help" to choose pages; CHROMIUM_PATH to override)
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const buildDirectory = process.env.BUILD_DIR ?? "build";
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const pages = (process.env.BENCH_PAGES ?? "/,/help,/services/bodyguard,/secure-booking").split(",").map((page) => page.trim());
const targets = { performanceScore: 95, largestContentfulPaintMs: 1500, landingJavaScriptKilobytes: 120 };

type NetworkRequest = { url: string; resourceType?: string; transferSize?: number };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** The body's size as sent with brotli (node:http does not decompress, unlike fetch). */
function compressedSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "Accept-Encoding": "br" } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
    }).on("error", reject);
  });
}

async function waitUntilReady(baseUrl: string, server: ChildProcess) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("The server did not become ready within 30 s");
}

async function main() {
  if (!existsSync(path.join(buildDirectory, "client", "index.html"))) {
    throw new Error(`No build in ${buildDirectory}/client: run \`npm run build\` first (or set BUILD_DIR).`);
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "bench-pages-"));
  const server = spawn(process.execPath, ["src/server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      AUTH_SECRET: randomBytes(32).toString("hex"),
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: baseUrl,
      DATA_DIR: dataDirectory,
      DATABASE_URL: "",
      BUILD_DIR: buildDirectory,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitUntilReady(baseUrl, server);
    chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    const results = [];
    for (const page of pages) {
      // Default config = mobile emulation with simulated slow 4G and 4x CPU slowdown.
      const runner = await lighthouse(`${baseUrl}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      if (!runner) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { lhr } = runner;
      const requests = ((lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []).filter(
        (request) => request.url.startsWith(baseUrl),
      );
      const scripts = requests.filter((request) => request.resourceType === "Script");
      const javaScriptBytes = scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
      // The budget is the scripts' compressed bytes; transferSize also counts each response's headers.
      const compressedBytes = await Promise.all(scripts.map((request) => compressedSize(request.url)));
      const numeric = (id: string) => Math.round((lhr.audits[id]?.numericValue ?? 0) * 1000) / 1000;
      results.push({
        page,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        firstContentfulPaintMs: Math.round(numeric("first-contentful-paint")),
        largestContentfulPaintMs: Math.round(numeric("largest-contentful-paint")),
        totalBlockingTimeMs: Math.round(numeric("total-blocking-time")),
        cumulativeLayoutShift: numeric("cumulative-layout-shift"),
        speedIndexMs: Math.round(numeric("speed-index")),
        javaScriptCompressedKilobytes: Math.round(compressedBytes.reduce((sum, bytes) => sum + bytes, 0) / 102.4) / 10,
        javaScriptTransferredKilobytes: Math.round(javaScriptBytes / 102.4) / 10,
        javaScriptRequests: scripts.length,
        totalTransferredKilobytes: Math.round(requests.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 102.4) / 10,
        runWarnings: lhr.runWarnings,
        ...(lhr.runtimeError && { runtimeError: lhr.runtimeError }),
        ...(lhr.audits["largest-contentful-paint"]?.errorMessage && { error: lhr.audits["largest-contentful-paint"]?.errorMessage }),
      });
    }
    const landing = results.find((result) => result.page === "/");
    const summary = {
      lighthouse: "12 (default mobile config: Moto G Power emulation, simulated slow 4G, 4x CPU slowdown)",
      build: buildDirectory,
      targets,
      pages: results,
      meetsTargets:
        results.every(
          (result) => result.performance >= targets.performanceScore && result.largestContentfulPaintMs <= targets.largestContentfulPaintMs,
        ) &&
        (!landing || landing.javaScriptCompressedKilobytes <= targets.landingJavaScriptKilobytes),
    };
    console.log(JSON.stringify(summary, null, 2));
  } finally {
    await chrome?.kill();
    server.kill("SIGTERM");
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}

await main();

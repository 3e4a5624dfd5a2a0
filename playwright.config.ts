import { defineConfig } from "@playwright/test";
import { chromiumArguments, e2eSettings } from "./e2e/support/settings.ts";

// Journeys run in Debian's Chromium (ADR 122) against the production build,
// started as `npm start` would start it, with a real SMTP server on loopback catching the mail.
export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  // Every journey makes its own accounts and bookings, so the tests of one file can share out over
  // both workers: a long file no longer finishes alone at the end.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // ADR 086: in CI a failed journey runs once more; one that passes only then is named as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  globalSetup: "./e2e/support/global-setup.ts",
  use: {
    baseURL: e2eSettings.baseUrl,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: e2eSettings.chromiumPath,
      args: chromiumArguments,
    },
  },
  projects: [{ name: "desktop", use: { viewport: { width: 1280, height: 800 } } }],
});

import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { runEndToEnd } from "./e2e.ts";
import { run } from "./run.ts";

// `npm test`: unit and integration tests (Vitest, SQLite and, with TEST_DATABASE_URL, PostgreSQL),
// then the browser journeys (Playwright). Ends with one summary line for humans and CI.

type Counts = { passed: number; failed: number; skipped: number };

function readVitest(): Counts {
  if (!existsSync("test-results/vitest.json")) return { passed: 0, failed: 0, skipped: 0 };
  const report = JSON.parse(readFileSync("test-results/vitest.json", "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
}

function readPlaywright(): Counts {
  if (!existsSync("test-results/playwright.json")) return { passed: 0, failed: 0, skipped: 0 };
  const report = JSON.parse(readFileSync("test-results/playwright.json", "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, skipped: report.stats.skipped };
}

rmSync("test-results/vitest.json", { force: true });
rmSync("test-results/playwright.json", { force: true });
mkdirSync("test-results", { recursive: true });

const unitExit = await run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"]);
const endToEnd = await runEndToEnd();

const unit = readVitest();
const browser = endToEnd === "skipped" ? { passed: 0, failed: 0, skipped: 0 } : readPlaywright();
const passed = unit.passed + browser.passed;
const failed =
  unit.failed +
  browser.failed +
  (unitExit !== 0 && unit.failed === 0 ? 1 : 0) +
  (endToEnd !== "skipped" && endToEnd !== 0 && browser.failed === 0 ? 1 : 0);
const skipped = unit.skipped + browser.skipped;

console.log(
  `\nunit and integration: ${unit.passed} passed, ${unit.failed} failed; browser journeys: ${endToEnd === "skipped" ? "skipped (no Chromium)" : `${browser.passed} passed, ${browser.failed} failed`}`,
);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || unitExit !== 0 || (endToEnd !== "skipped" && endToEnd !== 0) ? 1 : 0);

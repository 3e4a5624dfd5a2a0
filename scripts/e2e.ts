import { existsSync } from "node:fs";
import { e2eSettings } from "../e2e/support/settings.ts";
import { run, runQuietly } from "./run.ts";

// Builds the production client, then runs the Playwright journeys in Debian's Chromium.
// Without Chromium the journeys are skipped with a reason, except in CI where that is a failure.

/**
 * Whether the browser checks named `checks` can run: without Chromium they are skipped with a
 * printed reason, except in CI, where that is a failure.
 */
export function browserFor(checks: string): "available" | "skipped" | "missing in CI" {
  if (existsSync(e2eSettings.chromiumPath)) return "available";
  const reason = `Chromium not found at ${e2eSettings.chromiumPath} (apt-get install -y chromium)`;
  if (process.env.CI) {
    console.error(`${reason}: CI runs ${checks}, so this fails.`);
    return "missing in CI";
  }
  console.warn(`Skipping ${checks}: ${reason}.`);
  return "skipped";
}

/** The production build the journeys and the page budgets run on; its output is printed only when it fails. */
export async function buildForJourneys(): Promise<number> {
  const built = await runQuietly("npm", ["run", "build", "--silent"], { SOCIAL_LINKS: e2eSettings.socialLinks });
  if (built.code !== 0) console.error(built.output);
  return built.code;
}

/**
 * Runs the journeys; `build` is a build already under way (npm test starts it beside Vitest), else
 * one is made here. `quiet` keeps their report until they end and prints it whole (npm test runs
 * them beside Vitest); `workers` sets E2E_WORKERS (playwright.config.ts).
 */
export async function runEndToEnd(
  extraArguments: string[] = [],
  build?: Promise<number>,
  options: { quiet?: boolean; workers?: string } = {},
): Promise<number | "skipped"> {
  const browser = browserFor("the browser journeys");
  if (browser !== "available") return browser === "skipped" ? "skipped" : 1;
  if (!process.env.E2E_SKIP_BUILD) {
    const built = await (build ?? buildForJourneys());
    if (built !== 0) return built;
  }
  const env = options.workers ? { E2E_WORKERS: options.workers } : {};
  if (!options.quiet) return run("npx", ["playwright", "test", ...extraArguments], env);
  const { code, output } = await runQuietly("npx", ["playwright", "test", ...extraArguments], env);
  console.log(`\n${output}`);
  return code;
}

if (import.meta.main) {
  const result = await runEndToEnd(process.argv.slice(2));
  process.exit(result === "skipped" ? 0 : result);
}

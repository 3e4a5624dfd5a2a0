import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, type Page } from "@playwright/test";
import { e2eSettings } from "./settings.ts";

// Staff for the journeys: the first admin is made as an operator would make one, by
// `npm run admin:create` (ADR 071), and chooses a password through the printed link.

const run = promisify(execFile);

/** `npm run admin:create` against the journeys' database; returns the printed link's path. */
export async function createAdmin(email: string, name?: string): Promise<string> {
  const { stdout } = await run(process.execPath, ["scripts/admin-create.ts", "--email", email, ...(name ? ["--name", name] : [])], {
    env: { ...process.env, DATA_DIR: e2eSettings.dataDirectory, APP_URL: e2eSettings.baseUrl, DATABASE_URL: "", NODE_ENV: "development" },
  });
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(stdout)?.[0];
  if (!link) throw new Error(`admin:create printed no link: ${stdout}`);
  return new URL(link).pathname + new URL(link).search;
}

/** A new admin who has chosen `password` through the link (not yet signed in). */
export async function createAdminWithPassword(page: Page, email: string, password: string, name?: string): Promise<void> {
  await page.goto(await createAdmin(email, name));
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

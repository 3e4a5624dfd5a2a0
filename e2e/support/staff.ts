import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { e2eSettings } from "./settings.ts";

// Staff for the journeys: the first admin is made as an operator would make one, by
// `npm run admin:create` (ADR 071), and chooses a password with the printed link's token.

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

/**
 * An admin made by the journeys' server as admin:create makes one, with `password` chosen through
 * its link, and signed in (ADR 254): the session cookie lands in `request`'s cookie jar. The command
 * and the link's page are walked through by the operator journey; the others need only the account.
 */
export async function createSignedInOperator(request: APIRequestContext, email: string, password: string, name?: string): Promise<void> {
  const created = await request.post("/api/test-support/operators", { data: { email, password, ...(name && { name }) } });
  expect(created.status(), await created.text()).toBe(201);
}

/**
 * A staff member who already has a password, signed in as the console requires (ADR 271): the
 * journeys' server signs in with the password and marks that session as made by a passkey (test
 * only). The operator journey's first test and passkeys.spec.ts sign in with a real passkey.
 */
export async function signInStaffThroughApi(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post("/api/test-support/staff-sessions", { data: { email, password } });
  expect(response.status(), await response.text()).toBe(201);
}

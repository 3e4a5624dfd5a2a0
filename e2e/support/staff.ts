import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { secretOfTotpUri, totpCode } from "../../src/server/test-support/totp.ts";
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

/** An operative as the journeys need one: on the roster, signed in on its own phone with two-factor on. */
export type SignedInOperative = { operativeId: string; name: string; email: string; page: Page; context: BrowserContext };

/**
 * ADR 254: an operative of the roster, invited by `operatorPage`'s operator through the journeys'
 * server (the invitation journey in operatives.spec.ts walks the mailed link itself), signed in on a
 * 390 px phone context of `browser` and with two-factor turned on, as the operative area requires
 * (ADR 160). The caller closes `context`.
 */
export async function createSignedInOperative(
  browser: Browser,
  operatorPage: Page,
  options: { name: string; email: string; password: string; language?: "en" | "sv" },
): Promise<SignedInOperative> {
  const created = await operatorPage.request.post("/api/admin/operatives", {
    data: {
      name: options.name,
      phone: "+46 70 111 22 33",
      licenceNumber: `SE-${randomUUID().slice(0, 8)}`,
      licenceExpiresOn: "2030-12-31",
      languages: ["sv", "en"],
      skills: ["close_protection", "driver"],
      active: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const operativeId = ((await created.json()) as { id: string }).id;
  const language = options.language ?? "en";
  const invited = await operatorPage.request.post("/api/test-support/operatives", {
    data: { operativeId, email: options.email, password: options.password, language },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  if (language === "sv") await context.addInitScript(() => window.localStorage.setItem("language", "sv"));
  const page = await context.newPage();
  const signedIn = await page.request.post("/api/account/sign-in", { data: { email: options.email, password: options.password } });
  expect(signedIn.status()).toBe(200);
  const started = await page.request.post("/api/account/security/two-factor/enable", { data: { password: options.password } });
  expect(started.status()).toBe(200);
  const secret = secretOfTotpUri(String(((await started.json()) as { totpUri: string }).totpUri));
  const confirmed = await page.request.post("/api/account/security/two-factor/confirm", {
    data: { code: totpCode(secret, Date.now() - 30_000) },
  });
  expect(confirmed.status()).toBe(200);
  return { operativeId, name: options.name, email: options.email, page, context };
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

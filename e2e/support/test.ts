import { createHash, randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";
import { createSignedInCustomer } from "./accounts.ts";
import { uniqueEmail } from "./mailbox.ts";
import { createSignedInOperative, createSignedInOperator, type SignedInOperative } from "./staff.ts";

export { expect, request, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";

// The journeys come from one machine, but the product limits codes and sign-ups per client address
// (ADR 034): a suite that creates a hundred accounts would meet those limits, which is the limits
// working, not a fault. The e2e server trusts the loopback proxy (TRUSTED_PROXIES, global-setup.ts),
// and each test speaks from its own address in the documentation ranges of RFC 5737, as visitors
// behind a reverse proxy do.
const documentationRanges = ["192.0.2", "198.51.100", "203.0.113"];

function addressFor(testId: string, retry: number): string {
  const digest = createHash("sha256").update(`${testId}:${retry}`).digest();
  const range = documentationRanges[(digest[0] ?? 0) % documentationRanges.length];
  return `${range}.${1 + ((digest[1] ?? 0) % 254)}`;
}

/** The password of the fixtures' accounts. */
export const journeyPassword = "Harbour-Lantern-42";

type JourneyFixtures = {
  /** ADR 254: a new customer made by the journeys' server, signed in on `page`. */
  customer: { email: string; password: string };
  /** ADR 254: a new operator (admin) made by the journeys' server, signed in on a page of its own browser context. */
  operatorPage: Page;
  /** ADR 254: an operative of the roster, invited by `operatorPage`'s operator, signed in with two-factor on a 390 px phone. */
  operative: SignedInOperative;
};

export const test = base.extend<JourneyFixtures>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, testInfo) => {
    await provide({ ...extraHTTPHeaders, "X-Forwarded-For": addressFor(testInfo.testId, testInfo.retry) });
  },
  customer: async ({ page }, provide) => {
    const email = uniqueEmail("customer");
    await createSignedInCustomer(page.request, email, journeyPassword);
    await provide({ email, password: journeyPassword });
  },
  operatorPage: async ({ browser }, provide) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await createSignedInOperator(page.request, uniqueEmail("operator"), journeyPassword);
    await provide(page);
    await context.close();
  },
  operative: async ({ browser, operatorPage }, provide) => {
    const operative = await createSignedInOperative(browser, operatorPage, {
      name: `Johan Berg ${randomUUID().slice(0, 4)}`,
      email: uniqueEmail("operative"),
      password: journeyPassword,
    });
    await provide(operative);
    await operative.context.close();
  },
});

/**
 * Waits until React has hydrated the page (React sets its props on the DOM nodes it owns): a click
 * on a prerendered page before that is lost, as it would be for a visitor.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const element = document.querySelector('[data-testid="language-switcher"]');
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps"));
  });
}

/**
 * Holds back the requests matching `url` (a slow phone, a slow network) until the returned
 * function is called; then they go through as they were.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Opens a page and waits until React has hydrated it. */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/**
 * axe (WCAG 2.1 A and AA) finds no serious or critical problem. It waits for running transitions to
 * end, since an element caught mid-fade has blended colours nobody sees. Toasts come and go on
 * their own clock, so they are left out unless asked for (the accounts journeys check them).
 */
export async function expectAccessible(page: Page, options: { includeToasts?: boolean } = {}) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (!options.includeToasts) builder.exclude("[data-sonner-toaster]");
  const results = await builder.analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

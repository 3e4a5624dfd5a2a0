import { serviceDescriptions } from "../src/shared/catalogue-texts.ts";
import { serviceTitles } from "../src/shared/service-titles.ts";
import { commonEnglish } from "../src/web/lib/locales/common-en.ts";
import { expect, gotoHydrated, test, type Page } from "./support/test.ts";

// ADR 204: an English visitor downloads no Swedish. Every script a public page loads (read as the
// build serves it) is searched for the Swedish catalogues' sentences; a Swedish visitor gets them.

/** Each Swedish catalogue module and the name it exports. */
const swedishModules = {
  "../src/web/lib/locales/common-sv.ts": "commonSwedish",
  "../src/web/lib/locales/session-sv.ts": "swedish",
  "../src/web/lib/locales/api-errors-sv.ts": "swedish",
  "../src/web/components/date-range-picker-sv.ts": "swedish",
  "../src/web/components/engagement-details-sv.ts": "swedish",
  "../src/web/components/inactivity-warning-dialog-sv.ts": "swedish",
  "../src/web/components/info-page-sv.ts": "swedish",
  "../src/web/components/location-input-sv.ts": "swedish",
  "../src/web/features/landing/landing-sv.ts": "swedish",
  "../src/web/features/help/help-sv.ts": "helpSwedish",
  "../src/web/features/booking/booking-sv.ts": "swedish",
  "../src/web/features/auth/auth-sv.ts": "swedish",
  "../src/web/features/auth/second-factor-sv.ts": "swedish",
  "../src/web/features/service-pages/service-content-sv.ts": "servicePagesSwedish",
  "../src/web/features/info-pages/about-content-sv.ts": "aboutSwedish",
  "../src/web/features/info-pages/careers-content-sv.ts": "careersSwedish",
  "../src/web/features/info-pages/how-it-works-content-sv.ts": "howItWorksSwedish",
  "../src/web/features/legal/privacy-content-sv.ts": "privacySwedish",
  "../src/web/features/legal/terms-content-sv.ts": "termsSwedish",
  "../src/web/features/legal/cookies-content-sv.ts": "cookiesSwedish",
  "../src/web/features/legal/security-content-sv.ts": "securitySwedish",
  "../src/web/features/affiliate/affiliate-content-sv.ts": "affiliateSwedish",
} as const;

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

/**
 * Swedish sentences a minifier keeps as written: long enough to be Swedish only (not a name or a
 * number), with no character a bundler might escape.
 */
async function swedishSentences(): Promise<string[]> {
  const english = new Set(strings(commonEnglish));
  // ADR 204 "Not split": the services' names and descriptions and the footer's registration line are
  // shared data in every language (the server seeds and serves the same definition); a catalogue
  // sentence that contains one of them is not counted.
  const sharedData = [
    ...Object.values(serviceTitles).map((title) => title.sv),
    ...Object.values(serviceDescriptions).map((description) => description.sv),
    // The footer's Swedish registration line (COMPANY_REGISTRATION_SV's default) begins with these words.
    "Auktoriserat bevakningsföretag",
  ];
  const all: string[] = [];
  for (const [file, name] of Object.entries(swedishModules)) {
    const module = (await import(file)) as Record<string, unknown>;
    all.push(...strings(module[name]));
  }
  return [...new Set(all)].filter(
    (text) =>
      text.length >= 24 && !english.has(text) && !/["'`\\\n{}]/.test(text) && !sharedData.some((shared) => shared && text.includes(shared)),
  );
}

/** The bodies of the scripts the page loaded from our origin, until it is hydrated and idle. */
async function scriptsOf(page: Page, path: string): Promise<Map<string, string>> {
  const scripts = new Map<string, string>();
  const pending: Promise<void>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      response.text().then(
        (body) => void scripts.set(new URL(response.url()).pathname, body),
        () => undefined,
      ),
    );
  });
  await gotoHydrated(page, path);
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);
  return scripts;
}

const publicPages = ["/", "/help", "/services/bodyguard", "/secure-booking", "/login", "/about", "/privacy", "/affiliate"];

test("an English visitor's public pages load no Swedish sentence", async ({ page }) => {
  const sentences = await swedishSentences();
  expect(sentences.length).toBeGreaterThan(300);
  for (const path of publicPages) {
    const scripts = await scriptsOf(page, path);
    expect(scripts.size, path).toBeGreaterThan(3);
    const found = [...scripts].flatMap(([file, body]) =>
      sentences.filter((sentence) => body.includes(sentence)).map((sentence) => `${file}: ${sentence}`),
    );
    expect(found, `Swedish in the scripts of ${path}`).toEqual([]);
  }
});

test("a Swedish visitor's page loads the Swedish chunks and shows Swedish", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("language", "sv"));
  const sentences = await swedishSentences();
  const scripts = await scriptsOf(page, "/help");
  const body = [...scripts.values()].join("\n");
  expect(sentences.filter((sentence) => body.includes(sentence)).length).toBeGreaterThan(20);
  await expect(page.getByRole("heading", { level: 1, name: "Få hjälp" })).toBeVisible();
});

import { randomUUID } from "node:crypto";
import { serviceDescriptions } from "../src/shared/catalogue-texts.ts";
import { serviceTitles } from "../src/shared/service-titles.ts";
import { english as customerBookingsEnglish } from "../src/web/features/customer-bookings/customer-bookings-translations.ts";
import { english as dashboardEnglish } from "../src/web/features/dashboard/dashboard-translations.ts";
import { english as profileEnglish } from "../src/web/features/dashboard/profile/profile-translations.ts";
import { english as insightsEnglish } from "../src/web/features/insights/insights-translations.ts";
import { english as dispatchEnglish } from "../src/web/features/operator/dispatch-translations.ts";
import { english as operatorEnglish } from "../src/web/features/operator/operator-translations.ts";
import { commonEnglish } from "../src/web/lib/locales/common-en.ts";
import { createSignedInCustomer } from "./support/accounts.ts";
import { e2eSettings } from "./support/settings.ts";
import { daysFromToday, localIsoDay } from "./support/calendar.ts";
import { uniqueEmail } from "./support/mailbox.ts";
import { createSignedInOperator } from "./support/staff.ts";
import { expect, gotoHydrated, test, type Page } from "./support/test.ts";

// ADR 204, ADR 210: an English visitor downloads no Swedish. Every script a page loads (read as the
// build serves it), public or behind sign-in, is searched for the Swedish catalogues' sentences; a
// Swedish visitor gets them, and a signed-in screen never shows English before its Swedish.

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
  // ADR 210: the screens behind sign-in.
  "../src/web/components/booking-changes-sv.ts": "swedish",
  "../src/web/features/booking/payment-step-sv.ts": "swedish",
  "../src/web/features/booking-messages/thread-sv.ts": "swedish",
  "../src/web/features/customer-bookings/customer-bookings-sv.ts": "swedish",
  "../src/web/features/customer-bookings/service-team-sv.ts": "swedish",
  "../src/web/features/dashboard/dashboard-sv.ts": "swedish",
  "../src/web/features/dashboard/profile/profile-sv.ts": "swedish",
  "../src/web/features/dashboard/security-settings/security-sv.ts": "swedish",
  "../src/web/features/dashboard/wallet/wallet-sv.ts": "swedish",
  "../src/web/lib/locales/wallet-validation-sv.ts": "walletValidationSwedish",
  "../src/web/features/emergency-contacts/emergency-contacts-sv.ts": "swedish",
  "../src/web/features/insights/insights-sv.ts": "swedish",
  "../src/web/features/invoices/invoices-sv.ts": "swedish",
  "../src/web/features/operatives/operative-sv.ts": "swedish",
  "../src/web/features/operator/dispatch-sv.ts": "swedish",
  "../src/web/features/operator/operator-sv.ts": "swedish",
  "../src/web/features/payments/payments-sv.ts": "swedish",
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
    // The footer's Swedish registration line (src/shared/seller.ts) holds these words.
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
  const collect = (response: Awaited<ReturnType<Page["waitForResponse"]>>) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      response.text().then(
        (body) => void scripts.set(new URL(response.url()).pathname, body),
        () => undefined,
      ),
    );
  };
  page.on("response", collect);
  await gotoHydrated(page, path);
  await page.waitForLoadState("networkidle");
  page.off("response", collect);
  await Promise.all(pending);
  return scripts;
}

/** Loads each page as the current visitor and fails on any Swedish sentence in its scripts. */
async function expectNoSwedishIn(page: Page, paths: string[], ready: (path: string) => Promise<void> = async () => undefined) {
  const sentences = await swedishSentences();
  for (const path of paths) {
    const scripts = await scriptsOf(page, path);
    await ready(path);
    expect(scripts.size, path).toBeGreaterThan(3);
    const found = [...scripts].flatMap(([file, body]) =>
      sentences.filter((sentence) => body.includes(sentence)).map((sentence) => `${file}: ${sentence}`),
    );
    expect(found, `Swedish in the scripts of ${path}`).toEqual([]);
  }
}

const publicPages = ["/", "/help", "/services/bodyguard", "/secure-booking", "/login", "/about", "/privacy", "/affiliate"];

test("an English visitor's public pages load no Swedish sentence", async ({ page }) => {
  expect((await swedishSentences()).length).toBeGreaterThan(700);
  await expectNoSwedishIn(page, publicPages);
});

/** A returning Swedish visitor: the language switch's cookie (ADR 256). */
const swedishCookie = { name: "language", value: "sv", url: e2eSettings.baseUrl };

test("a Swedish visitor's page loads the Swedish chunks and shows Swedish", async ({ page }) => {
  await page.context().addCookies([swedishCookie]);
  const sentences = await swedishSentences();
  const scripts = await scriptsOf(page, "/help");
  const body = [...scripts.values()].join("\n");
  expect(sentences.filter((sentence) => body.includes(sentence)).length).toBeGreaterThan(20);
  await expect(page.getByRole("heading", { level: 1, name: "Få hjälp" })).toBeVisible();
});

const password = "Quartz-Harbour-Lantern-59";

/** A signed-in customer with one booking request, made through the API the pages use. */
async function customerWithBooking(page: Page): Promise<string> {
  const email = uniqueEmail("chunks-customer");
  await createSignedInCustomer(page.request, email, password);
  const { services } = (await (await page.request.get("/api/services")).json()) as { services: { id: string; slug: string }[] };
  const residential = services.find((service) => service.slug === "residential");
  if (!residential) throw new Error("The catalogue lacks the residential service");
  const bookingId = randomUUID();
  const created = await page.request.post("/api/bookings", {
    data: {
      bookingId,
      location: "Lund, Sweden",
      startDate: localIsoDay(daysFromToday(12)),
      services: [{ serviceId: residential.id, options: { guards: 1, days: 1, timeOfDay: "day" } }],
      language: "en",
    },
  });
  expect(created.status()).toBe(201);
  return bookingId;
}

/** A signed-in admin, made as `npm run admin:create` makes one. */
async function signedInAdmin(page: Page) {
  const email = uniqueEmail("chunks-admin");
  await createSignedInOperator(page.request, email, password);
}

test("an English customer's and operator's screens behind sign-in load no Swedish sentence", async ({ page, browser }) => {
  test.slow();
  const bookingId = await customerWithBooking(page);
  const customerScreens: Record<string, string> = {
    "/customer-dashboard": "Contact Details",
    "/customer-dashboard/bookings": "BOOKINGS",
    [`/customer-dashboard/bookings/${bookingId}`]: "Lund, Sweden",
    "/customer-dashboard/security": "ADD I.C.E. CONTACT",
    "/customer-profile": "MY ACCOUNT",
  };
  await expectNoSwedishIn(page, Object.keys(customerScreens), (path) =>
    expect(page.getByText(customerScreens[path] ?? "", { exact: false }).first()).toBeVisible(),
  );

  const operator = await browser.newPage();
  await signedInAdmin(operator);
  const consoleScreens = [
    "/admin",
    `/admin/bookings/${bookingId}`,
    "/admin/board",
    "/admin/audit",
    "/admin/operatives",
    "/admin/payments",
    "/admin/invoicing",
    "/admin/insights",
  ];
  await expectNoSwedishIn(operator, consoleScreens, () => expect(operator.getByRole("heading", { level: 1 }).first()).toBeVisible());
  await operator.close();
});

/** Strings of an English catalogue a reader would recognise as English: not a placeholder, not the same in Swedish. */
async function englishWords(catalogues: unknown[]): Promise<string[]> {
  const swedish = new Set<string>();
  for (const [file, name] of Object.entries(swedishModules)) {
    for (const text of strings(((await import(file)) as Record<string, unknown>)[name])) swedish.add(text);
  }
  return catalogues.flatMap(strings).filter((text) => text.length >= 8 && !/[{}]/.test(text) && !swedish.has(text));
}

/**
 * Records each text node the page adds while it is visible (the server sends a Swedish visitor's
 * HTML in Swedish, ADR 256), so a screen that showed English first is caught. Whole
 * text nodes, not substrings: data other journeys made ("Insights Customer 3") is not copy. The
 * footer names the company ("… Security AB") in every language; its words are the public pages' concern.
 */
function recordVisibleText() {
  const seen: string[] = [];
  (window as unknown as { visibleText: string[] }).visibleText = seen;
  const record = (text: Node) => {
    if (!text.parentElement?.closest("footer")) seen.push((text.textContent ?? "").trim());
  };
  new MutationObserver((records) => {
    if (document.documentElement.hasAttribute("data-language-pending") || document.documentElement.style.visibility === "hidden") return;
    for (const mutation of records) {
      if (mutation.type === "characterData") record(mutation.target);
      for (const node of mutation.addedNodes) {
        if (node.nodeType === Node.TEXT_NODE) record(node);
        const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) record(text);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

async function expectNoEnglishShown(page: Page, catalogues: unknown[]) {
  const shown = new Set(await page.evaluate(() => (window as unknown as { visibleText: string[] }).visibleText));
  const english = (await englishWords(catalogues)).filter((text) => shown.has(text));
  expect(english, "English shown on a Swedish screen").toEqual([]);
}

test("a Swedish customer and operator see only Swedish behind sign-in, after a reload and after a link", async ({ page, browser }) => {
  test.slow();
  await page.addInitScript(recordVisibleText);
  await page.context().addCookies([swedishCookie]);
  await customerWithBooking(page);
  // A hard load of a signed-in page with Swedish remembered.
  await page.goto("/customer-dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "MITT KONTO" })).toBeVisible();
  await expect(page.getByText("Kontaktuppgifter").first()).toBeVisible();
  await expectNoEnglishShown(page, [dashboardEnglish, profileEnglish]);
  // A screen reached by a link: its Swedish arrives before it shows.
  await page.getByRole("navigation", { name: "Kontomeny" }).first().getByRole("link", { name: "Bokningar" }).click();
  await expect(page.getByRole("heading", { name: "BOKNINGAR" })).toBeVisible();
  await expect(page.getByTestId("booking-card").first()).toContainText("Lund, Sweden");
  await expectNoEnglishShown(page, [dashboardEnglish, profileEnglish, customerBookingsEnglish]);
  await page.reload();
  await expect(page.getByRole("heading", { name: "BOKNINGAR" })).toBeVisible();
  await expectNoEnglishShown(page, [dashboardEnglish, customerBookingsEnglish]);

  const operator = await browser.newPage();
  await operator.addInitScript(recordVisibleText);
  await operator.context().addCookies([swedishCookie]);
  await signedInAdmin(operator);
  await operator.goto("/admin");
  await expect(operator.getByRole("heading", { level: 1, name: "Bokningar" })).toBeVisible();
  // The nav names two sections in the dispatch namespace's words.
  await expect(operator.getByRole("link", { name: "Schemaöversikt" })).toBeVisible();
  await operator.getByRole("link", { name: "Schemaöversikt" }).click();
  await expect(operator.getByRole("heading", { level: 1, name: "Schemaöversikt" })).toBeVisible();
  await operator.getByRole("link", { name: "Insikter" }).click();
  await expect(operator.getByRole("heading", { level: 1, name: "Insikter" })).toBeVisible();
  await expectNoEnglishShown(operator, [operatorEnglish, dispatchEnglish, insightsEnglish]);
  await operator.close();
});

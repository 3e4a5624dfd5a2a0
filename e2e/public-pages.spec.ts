import AxeBuilder from "@axe-core/playwright";
import { expect, test, waitForHydration } from "./support/test.ts";
import { publicPagePaths, searchAnchor } from "../src/shared/site-map.ts";
import { affiliateEnglish } from "../src/web/features/affiliate/affiliate-content.ts";
import { aboutEnglish } from "../src/web/features/info-pages/about-content.ts";
import { aboutSwedish } from "../src/web/features/info-pages/about-content-sv.ts";
import { privacyEnglish } from "../src/web/features/legal/privacy-content.ts";
import { servicePagesEnglish } from "../src/web/features/service-pages/service-content-en.ts";

// docs/product.md §1 and §2: every public page answers 200 with its heading, already in the static HTML, and
// ends with the Search button to the landing page's booking box.

/** Pages another helper fills (landing, help): only an h1 is required here. */
const pagesOwnedElsewhere = new Set(["/", "/index", "/help"]);
const publicPaths = publicPagePaths;
const infoPaths = publicPaths.filter((path) => !pagesOwnedElsewhere.has(path));

/** The text React writes into static HTML (it escapes these characters). */
function asHtmlText(text: string) {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");
}

for (const path of publicPaths) {
  test(`${path} answers 200 and shows its heading`, async ({ page }) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("h1")).toBeVisible();
    if (!pagesOwnedElsewhere.has(path)) {
      await expect(page.locator("h1")).not.toBeEmpty();
      // Hydration must match the prerendered HTML: React reports a mismatch as a console error.
      await waitForHydration(page);
      expect(problems).toEqual([]);
    }
  });
}

test("the info pages end with a Search button to the booking box", async ({ page }) => {
  for (const path of infoPaths) {
    await page.goto(path);
    const search = page.getByTestId("search-cta");
    await expect(search, path).toHaveAttribute("href", searchAnchor);
    // It is the last section of the page content, just above the footer.
    await expect(page.locator("main > section:last-child").getByTestId("search-cta"), path).toHaveCount(1);
  }
});

test("static HTML already holds the heading and first paragraph", async ({ request }) => {
  const bodyguard = servicePagesEnglish.services.bodyguard;
  const expectations = [
    { path: "/about", heading: aboutEnglish.title, paragraph: aboutEnglish.intro[0] },
    { path: "/privacy", heading: privacyEnglish.title, paragraph: privacyEnglish.intro[0] },
    { path: "/services/bodyguard", heading: bodyguard.title, paragraph: bodyguard.intro[0] },
  ];
  for (const { path, heading, paragraph } of expectations) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(asHtmlText(heading))}</h1>`));
    expect(html).toContain(asHtmlText(paragraph ?? "missing"));
  }
});

test("an unknown service shows the not-found content", async ({ page }) => {
  const response = await page.goto("/services/submarine");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 - This page could not be found");
  // Client-side navigation to an unknown slug renders the same content.
  await page.goto("/services/driver");
  await waitForHydration(page);
  await page.evaluate(() => {
    window.history.pushState({}, "", "/services/submarine");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 - This page could not be found");
});

test("a service page shows its price and links to the booking page", async ({ page }) => {
  await page.goto("/services/residential");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(servicePagesEnglish.services.residential.title);
  await expect(page.getByText("€499").first()).toBeVisible();
  await page.goto("/services/driver");
  await expect(page.getByText("€199").first()).toBeVisible();
  const book = page.getByRole("link", { name: "Book this service" }).first();
  await expect(book).toHaveAttribute("href", "/secure-booking?service=driver");
  await waitForHydration(page);
  await book.click();
  // The booking page selects the service, then drops the parameter from the address.
  await expect(page).toHaveURL(/\/secure-booking$/);
});

test("the affiliate form shows field errors, then confirms a valid application", async ({ page }) => {
  const copy = affiliateEnglish.form;
  const errors = affiliateEnglish.validation;
  await page.goto("/affiliate");
  await waitForHydration(page);
  const form = page.locator("#apply");
  await form.getByRole("button", { name: copy.submit }).click();
  await expect(form.getByText(errors.fullNameShort)).toBeVisible();
  await expect(form.getByText(errors.emailInvalid)).toBeVisible();
  await expect(form.getByText(errors.audienceRequired)).toBeVisible();
  await expect(form.getByLabel(copy.fullName)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("affiliate-confirmation")).toHaveCount(0);

  // A bad e-mail alone keeps its error while the fixed fields clear theirs.
  await form.getByLabel(copy.fullName).fill("Astrid Lind");
  await form.getByLabel(copy.email).fill("astrid-at-example");
  await form.getByLabel(copy.audienceOptions.concierge).check();
  await form.getByRole("button", { name: copy.submit }).click();
  await expect(form.getByText(errors.emailInvalid)).toBeVisible();
  await expect(form.getByText(errors.fullNameShort)).toHaveCount(0);

  await form.getByLabel(copy.email).fill(`astrid.${Date.now()}@example.se`);
  await form.getByLabel(copy.message).fill("Head concierge at a hotel in Stockholm; our guests often ask for drivers.");
  await form.getByRole("button", { name: copy.submit }).click();
  const confirmation = page.getByTestId("affiliate-confirmation");
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText(copy.successTitle);
  await expect(confirmation).toContainText("@example.se");
});

test("the language button switches /about to Swedish and back", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  const ourVision = aboutEnglish.sections[0]?.heading ?? "";
  const varVision = aboutSwedish.sections[0]?.heading ?? "";
  await expect(page.getByRole("heading", { level: 2, name: ourVision })).toBeVisible();
  await page.getByTestId("language-switcher").first().click();
  await expect(page.getByRole("heading", { level: 2, name: varVision })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(aboutSwedish.title);
  // The choice is remembered on the next page.
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Integritetspolicy");
  await page.goto("/about");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 2, name: varVision })).toBeVisible();
  await page.getByTestId("language-switcher").first().click();
  await expect(page.getByRole("heading", { level: 2, name: ourVision })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(aboutEnglish.title);
});

test("axe finds no serious or critical accessibility problem on the public pages", async ({ page }) => {
  for (const path of ["/about", "/affiliate", "/privacy", "/how-it-works", "/services/driver"]) {
    await page.goto(path);
    await waitForHydration(page);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
      path,
    ).toEqual([]);
  }
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

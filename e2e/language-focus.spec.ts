import { e2eSettings } from "./support/settings.ts";
import { expect, test, type Page, gotoHydrated, holdRequests, waitForHydration } from "./support/test.ts";

// Swedish without an English flash and with Swedish tab titles (docs/product.md §2 language switch, ADR 003),
// focus after a page change and in dialogs (WCAG 2.4.3 focus order), and the landing hero under
// its transparent top bar when the date picker opens (docs/product.md §2, §4).

const englishHeroTitle = "Discreet protection, arranged within 24 hours";
const swedishHeroTitle = "Diskret skydd, ordnat inom 24 timmar";

/** A returning Swedish visitor: the choice remembered by the language switcher in its cookie (ADR 256). */
async function rememberSwedish(page: Page) {
  await page.context().addCookies([{ name: "language", value: "sv", url: e2eSettings.baseUrl }]);
}

function isoDay(offsetDays: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

test.describe("Swedish visitor", () => {
  test("sees the Swedish page before the scripts have run, never the English one", async ({ page }) => {
    await rememberSwedish(page);
    // Hold the scripts back: what the visitor sees now is the prerendered HTML alone (ADR 256).
    const releaseScripts = await holdRequests(page, "**/assets/*.js");
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expect(page.locator("html")).toHaveAttribute("lang", "sv");
    await expect(page.getByRole("heading", { level: 1, name: swedishHeroTitle })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: englishHeroTitle })).toBeHidden();
    await expect(page.getByText("Book licensed, vetted").first()).toBeHidden();

    releaseScripts();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: swedishHeroTitle })).toBeVisible();
  });

  test("the page is Swedish even when the scripts never arrive", async ({ page }) => {
    await rememberSwedish(page);
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("heading", { level: 1, name: swedishHeroTitle })).toBeVisible();
  });

  test("browser-tab titles of every page are Swedish", async ({ page }) => {
    await rememberSwedish(page);
    const pages: [string, string][] = [
      ["/", "Nordic Shield — Privat- och VIP-säkerhet, tryggt bokad"],
      ["/help", "Få hjälp — Nordic Shield"],
      ["/about", "Om Nordic Shield | Auktoriserad privat- och VIP-säkerhet"],
      ["/how-it-works", "Så fungerar det | Nordic Shield"],
      ["/careers", "Karriär | Nordic Shield"],
      ["/affiliate", "Partner- och ambassadörsprogram | Nordic Shield"],
      ["/terms", "Allmänna villkor | Nordic Shield"],
      ["/privacy", "Integritetspolicy | Nordic Shield"],
      ["/security", "Säkerhet | Nordic Shield"],
      ["/cookies", "Cookiepolicy | Nordic Shield"],
      ["/services/bodyguard", "VIP-livvakt | Nordic Shield"],
      ["/secure-booking", "Säker bokning | Nordic Shield"],
      ["/login", "Logga in | Nordic Shield"],
      ["/register", "Skapa konto | Nordic Shield"],
      // A token-shaped link: without one the page sends the visitor to sign in.
      ["/reset-password?token=abcdefghijklmnop", "Återställ lösenord | Nordic Shield"],
      ["/no-such-page", "404 – Sidan kunde inte hittas"],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
    }
  });

  test("switching to Swedish renames the tab, and the footer's registration line is Swedish", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await expect(page).toHaveTitle("About Nordic Shield | Licensed private and VIP security");
    await expect(page.getByTestId("site-footer")).toContainText("Authorised security company");
    await page.getByTestId("language-switcher").first().click();
    await expect(page).toHaveTitle("Om Nordic Shield | Auktoriserad privat- och VIP-säkerhet");
    const footer = page.getByTestId("site-footer");
    await expect(footer).toContainText("Auktoriserat bevakningsföretag");
    await expect(footer).not.toContainText("Authorised security company");
    // A page opened afterwards by the router keeps the Swedish title.
    await footer.getByRole("link", { name: "Karriär" }).click();
    await expect(page).toHaveTitle("Karriär | Nordic Shield");
  });
});

test.describe("focus", () => {
  test("after a page change focus is on the new page's main heading", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    const heading = page.locator("main h1");
    await expect(heading).toBeFocused();

    await page.getByTestId("site-footer").getByRole("link", { name: "Careers" }).click();
    await expect(page).toHaveURL(/\/careers$/);
    await expect(page.locator("main h1")).toBeFocused();
  });

  test("the sign-in dialog opens with focus in its first field, not on the close button", async ({ page }) => {
    await gotoHydrated(page, "/");
    const box = page.getByTestId("booking-box");
    await box.getByTestId("location-input").fill("Stockholm, Sweden");
    await box.getByTestId("location-input").press("Escape");
    await box.getByTestId("date-range-check-in").click();
    await page
      .getByTestId("date-range-dialog")
      .locator(`[data-day="${isoDay(10)}"] button`)
      .click();
    await page
      .getByTestId("date-range-dialog")
      .locator(`[data-day="${isoDay(12)}"] button`)
      .click();
    await box.getByTestId("landing-search").click();
    await expect(page).toHaveURL(/\/secure-booking$/);
    await page.getByRole("button", { name: "Select VIP Bodyguard" }).click();
    await page.getByTestId("book-now").click();
    const dialog = page.getByTestId("auth-dialog");
    await expect(dialog.getByLabel("E-mail")).toBeFocused();
  });
});

for (const width of [390, 1280]) {
  test(`the transparent top bar does not cover the hero heading when the date picker opens (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await gotoHydrated(page, "/");
    await page.getByTestId("booking-box").getByTestId("date-range-check-in").click();
    const calendar = page.getByTestId("date-range-dialog");
    await expect(calendar.locator("[data-day] button").first()).toBeVisible();
    await page.keyboard.press("Tab");
    const overlap = await page.evaluate(() => {
      const bar = document.querySelector('[data-testid="top-bar"]')?.getBoundingClientRect();
      const heading = document.querySelector("#hero-title")?.getBoundingClientRect();
      if (!bar || !heading) return "missing";
      return heading.top < bar.bottom && heading.bottom > bar.top
        ? `heading ${heading.top}–${heading.bottom} under bar ${bar.top}–${bar.bottom}`
        : "none";
    });
    expect(overlap).toBe("none");
    // The whole calendar can be seen: nothing clips it.
    const clipped = await calendar.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const probe = document.elementFromPoint(box.left + box.width / 2, Math.min(box.bottom - 4, window.innerHeight - 4));
      return probe !== null && element.contains(probe) ? "visible" : `covered by ${probe?.tagName}`;
    });
    expect(clipped).toBe("visible");
  });
}

import { expect, test, waitForHydration, type Page } from "./support/test.ts";

// ADR 256: a visitor whose language is known gets the page's HTML in that language from the server,
// so a returning Swedish visitor sees Swedish from the first paint (docs/product.md §2), and the page
// hydrates in Swedish without React reporting a mismatch.

/** React's hydration failures as the production build reports them (#418 text, #425, #520 …) and in words. */
const hydrationError = /Minified React error #(418|419|420|421|422|423|425|520)|hydrat/i;

function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("the language switch is remembered, and the next visit's HTML is Swedish even without JavaScript", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByTestId("language-switcher").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Diskret skydd, ordnat inom 24 timmar");

  // The same browser, scripts off: what the server sent is what the visitor sees first.
  const withoutScripts = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await withoutScripts.newPage();
  const landing = await plain.goto("/");
  expect(landing?.headers()["vary"]).toMatch(/Cookie/);
  await expect(plain.locator("html")).toHaveAttribute("lang", "sv");
  await expect(plain.getByRole("heading", { level: 1 })).toHaveText("Diskret skydd, ordnat inom 24 timmar");
  await expect(plain).toHaveTitle(/Privat- och VIP-säkerhet/);
  await plain.goto("/help");
  await expect(plain.locator("html")).toHaveAttribute("lang", "sv");
  await expect(plain).toHaveTitle("Få hjälp — Nordic Shield");
  await withoutScripts.close();

  // Back to English: the next page is English again.
  await page.getByTestId("language-switcher").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Discreet protection/);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Discreet protection/);
});

test("a browser asking for Swedish gets Swedish HTML before it has chosen", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: "sv-SE" });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "sv");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Diskret skydd, ordnat inom 24 timmar");
  await context.close();
});

test("Swedish pages hydrate in Swedish without a hydration error and never show English first", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "language", value: "sv", url: baseURL! }]);
  const errors = recordErrors(page);
  for (const [path, heading] of [
    ["/", "Diskret skydd, ordnat inom 24 timmar"],
    ["/help", /hjälp/i],
    ["/secure-booking", /säker bokning/i],
    ["/login", /logga in/i],
  ] as const) {
    const response = await page.goto(path);
    // The first HTML response is Swedish already: no switch after hydration, nothing hidden.
    expect(await response?.text(), path).toContain('<html lang="sv"');
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 }).first(), path).toHaveText(heading);
    await expect(page.locator("html"), path).not.toHaveAttribute("style", /visibility/);
    expect(
      errors.filter((error) => hydrationError.test(error)),
      path,
    ).toEqual([]);
  }
});

test("a choice remembered the old way moves into the cookie, and the page comes in Swedish", async ({ page }) => {
  await page.addInitScript(() => {
    if (!document.cookie.includes("language=")) window.localStorage.setItem("language", "sv");
  });
  await page.goto("/help");
  await expect(page.locator("html")).toHaveAttribute("lang", "sv");
  await expect(page).toHaveTitle("Få hjälp — Nordic Shield");
  expect((await page.context().cookies()).find((cookie) => cookie.name === "language")?.value).toBe("sv");
});

import { expect, test, holdRequests, waitForHydration } from "./support/test.ts";
import { uniqueEmail } from "./support/mailbox.ts";

// ADR 115: nothing a visitor does on a prerendered page before its scripts have run is lost. What
// was typed stays in the field when the page comes alive, and a form sent in that moment is sent
// once the page can act on it. The scripts are held back, as on a slow phone.

const scripts = /\/assets\/[^/]+\.js$/;

// On the landing page the first re-render after hydration is the remembered Swedish (ADR 003).
for (const [path, box, language] of [
  ["/", "booking-box", "sv"],
  ["/secure-booking", "booking-search-panel", "en"],
] as const) {
  test(`${path}: a place typed before the scripts have run is still there once they have (${language})`, async ({ page }) => {
    if (language === "sv") await page.addInitScript(() => window.localStorage.setItem("language", "sv"));
    const releaseScripts = await holdRequests(page, scripts);
    await page.goto(path, { waitUntil: "domcontentloaded" });
    const field = page.getByTestId(box).getByTestId("location-input");
    await field.fill("Uppsala");
    releaseScripts();
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(field).toHaveValue("Uppsala");
    // The page works with it: typing on adds to what was there.
    await field.press("End");
    await field.pressSequentially(", Sweden");
    await expect(field).toHaveValue("Uppsala, Sweden");
  });
}

test("/login: Continue clicked before the scripts have run continues once they have", async ({ page }) => {
  const releaseScripts = await holdRequests(page, scripts);
  await page.goto("/login", { waitUntil: "domcontentloaded" });
  const email = uniqueEmail("early-click");
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  releaseScripts();
  await waitForHydration(page);
  // No second click: the one made before the page was live is acted on.
  await expect(page.getByRole("heading", { name: "No account found" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("/: the language switch tapped before the scripts have run switches once they have", async ({ page }) => {
  const releaseScripts = await holdRequests(page, scripts);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const field = page.getByTestId("booking-box").getByTestId("location-input");
  await expect(field).toHaveAttribute("placeholder", "City");
  await page.getByTestId("language-switcher").first().click();
  releaseScripts();
  await waitForHydration(page);
  // One tap, made while the page was not live, is acted on once: Swedish, not back to English.
  await expect(page.locator("html")).toHaveAttribute("lang", "sv");
  await expect(field).toHaveAttribute("placeholder", "Stad");
});

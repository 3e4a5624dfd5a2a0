import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, gotoHydrated } from "./support/test.ts";

// Landing booking box, help search, language switch, accessibility and the testimonial carousel
// (docs/product.md §2, §4, §5), in a real Chromium against the production build.

function isoDay(offsetDays: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

async function pickDay(page: Page, iso: string) {
  await page.getByTestId("date-range-dialog").locator(`[data-day="${iso}"] button`).click();
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("landing page", () => {
  test("SEARCH with nothing filled shows 'Missing Information' and stays on the page", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByTestId("landing-search").click();
    await expect(page.getByText("Missing Information")).toBeVisible();
    await expect(page.getByText("Please select both dates and location before proceeding.")).toBeVisible();
    await expect(page).toHaveURL("/");
  });

  test("a location without a start date is still refused", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByTestId("location-input").fill("Stockholm, Sweden");
    await page.keyboard.press("Escape");
    await page.getByTestId("landing-search").click();
    await expect(page.getByText("Missing Information")).toBeVisible();
    await expect(page).toHaveURL("/");
  });

  test("location and two clicked days go to /secure-booking with the search in history state", async ({ page }) => {
    // The booking page consumes the navigation state and then clears it (so a reload starts
    // clean); record what the landing page pushed into history.state.usr at navigation time.
    await page.addInitScript(() => {
      const pushed: unknown[] = [];
      Object.assign(window, { pushedHistoryStates: pushed });
      const pushState = window.history.pushState.bind(window.history);
      window.history.pushState = (state: unknown, unused: string, url?: string | URL | null) => {
        pushed.push(state);
        pushState(state, unused, url);
      };
    });
    await gotoHydrated(page, "/");
    await page.getByTestId("location-input").fill("Stockholm, Sweden");
    await page.keyboard.press("Escape");
    await page.getByTestId("date-range-check-in").click();
    await expect(page.getByRole("dialog")).toBeVisible();
    // docs/product.md §4: the second click is earlier than the first, so the two are swapped.
    await pickDay(page, isoDay(5));
    await expect(page.getByRole("dialog")).toBeVisible();
    await pickDay(page, isoDay(2));
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByTestId("date-range-check-in")).toBeFocused();
    await expect(page.getByTestId("date-range-check-out")).not.toContainText("Add date");
    await page.getByTestId("landing-search").click();
    await expect(page).toHaveURL(/\/secure-booking$/);
    const pushed = await page.evaluate(() => (window as unknown as { pushedHistoryStates: { usr?: unknown }[] }).pushedHistoryStates);
    expect(pushed.at(-1)?.usr).toEqual({ location: "Stockholm, Sweden", selectedDate: isoDay(2), endDate: isoDay(5) });
    // …and the booking page received it.
    await expect(page.getByText(/Stockholm, Sweden/).first()).toBeVisible();
  });

  test("the date picker is a dialog: Escape closes it, focus returns, past days are disabled", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByTestId("date-range-check-out").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(`[data-day="${isoDay(0)}"] button`)).toBeEnabled();
    if (new Date().getDate() > 1) await expect(dialog.locator(`[data-day="${isoDay(-1)}"] button`)).toBeDisabled();
    await expect(dialog.getByRole("grid")).toHaveCount(2); // two months at 1280 px
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("date-range-check-out")).toBeFocused();
    // Keyboard only: Enter opens it with a day focused, arrows move, Enter picks, Tab away closes.
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(`[data-day="${isoDay(0)}"] button`)).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("date-range-check-in")).not.toContainText("Add date");
    await expect(dialog).toBeVisible();
    await page.getByTestId("landing-search").focus();
    await expect(dialog).toBeHidden();
  });

  test("the closing SEARCH scrolls back to the booking box", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByTestId("closing-search").click();
    await expect(page.locator("#search-location")).toBeInViewport();
    await expect(page.getByTestId("location-input")).toBeFocused();
  });

  test("the language switch turns the page Swedish and back", async ({ page }) => {
    await gotoHydrated(page, "/");
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("Discreet protection, arranged within 24 hours");
    await page.getByTestId("language-switcher").first().click();
    await expect(heading).toHaveText("Diskret skydd, ordnat inom 24 timmar");
    await expect(page.locator("html")).toHaveAttribute("lang", "sv");
    await expect(page.getByTestId("date-range-check-in")).toContainText("Startdatum");
    await page.getByTestId("language-switcher").first().click();
    await expect(heading).toHaveText("Discreet protection, arranged within 24 hours");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("has no serious or critical accessibility violations", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expectNoSeriousViolations(page);
  });
});

test.describe("testimonials on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("become a carousel with one visible testimonial; next moves on", async ({ page }) => {
    await gotoHydrated(page, "/");
    const testimonials = page.getByTestId("testimonial");
    await expect(testimonials).toHaveCount(3);
    await testimonials.first().scrollIntoViewIfNeeded();
    await expect(testimonials.nth(0)).toBeInViewport({ ratio: 0.9 });
    await expect(testimonials.nth(1)).not.toBeInViewport();
    await expect(page.getByRole("img", { name: "Rated 4.5 out of 5" }).first()).toBeVisible();
    await page.getByTestId("testimonial-next").click();
    await expect(testimonials.nth(1)).toBeInViewport({ ratio: 0.9 });
    await expect(testimonials.nth(0)).not.toBeInViewport();
    await expect(page.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
  });

  test("a swipe of at least 50 px changes the testimonial", async ({ page }) => {
    await gotoHydrated(page, "/");
    const track = page.getByTestId("testimonials-track");
    await track.scrollIntoViewIfNeeded();
    const box = await track.boundingBox();
    if (!box) throw new Error("testimonials track not rendered");
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 300, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 280, y);
    await page.mouse.up(); // 20 px: below the threshold, nothing moves
    await expect(page.getByTestId("testimonial").nth(0)).toBeInViewport({ ratio: 0.9 });
    await page.mouse.move(box.x + 300, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 200, y, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByTestId("testimonial").nth(1)).toBeInViewport({ ratio: 0.9 });
  });
});

test.describe("help page", () => {
  test("picking a suggestion opens that question and clears the search", async ({ page }) => {
    await gotoHydrated(page, "/help");
    await expect(page.getByRole("heading", { name: "Get help", level: 1 })).toBeVisible();
    const search = page.getByPlaceholder("How can we help?");
    await search.fill("REFUND");
    const suggestions = page.getByRole("listbox", { name: "Matching questions" }).getByRole("option");
    await expect(suggestions).toHaveCount(1);
    await suggestions.first().click();
    await expect(search).toHaveValue("");
    const question = page.getByRole("button", { name: "What is your cancellation and refund policy?" });
    await expect(question).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("fully refundable when you cancel more than 2 days before the start date")).toBeVisible();
    // One open at a time; clicking the open one closes it.
    await page.getByRole("button", { name: "Are your guards armed?" }).click();
    await expect(question).toHaveAttribute("aria-expanded", "false");
    await page.getByRole("button", { name: "Are your guards armed?" }).click();
    await expect(page.getByRole("button", { name: "Are your guards armed?" })).toHaveAttribute("aria-expanded", "false");
  });

  test("suggestions match answers, cap at five, work from the keyboard, and the clear button empties the box", async ({ page }) => {
    await gotoHydrated(page, "/help");
    const search = page.getByPlaceholder("How can we help?");
    await search.fill("a");
    await expect(page.getByRole("option")).toHaveCount(5);
    await search.fill("112");
    await expect(page.getByRole("option")).toHaveText(["What should I do in an emergency?"]);
    await search.press("ArrowDown");
    await search.press("Enter");
    await expect(search).toHaveValue("");
    const picked = page.getByRole("button", { name: "What should I do in an emergency?" });
    await expect(picked).toHaveAttribute("aria-expanded", "true");
    // Focus moves to the opened question a frame later: typing again starts from there.
    await expect(picked).toBeFocused();
    await search.fill("helicopter");
    await expect(page.getByText("No matching questions.").first()).toBeVisible();
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(search).toHaveValue("");
  });

  test("shows the contact block with hours and language", async ({ page }) => {
    await page.goto("/help#contact");
    const contact = page.locator("#contact");
    await expect(contact.getByText("Monday–Friday, 09-18")).toHaveCount(2);
    await expect(contact.getByText("Only in English")).toHaveCount(2);
    await expect(page.getByTestId("contact-email")).toHaveAttribute("href", /^mailto:/);
    await expect(page.getByTestId("search-cta")).toHaveAttribute("href", "/#search-location");
  });

  test("has no serious or critical accessibility violations", async ({ page }) => {
    await gotoHydrated(page, "/help");
    await expectNoSeriousViolations(page);
  });
});

test.describe("location input", () => {
  test("suggests places from two characters and picks one with the keyboard", async ({ page }) => {
    await gotoHydrated(page, "/");
    const input = page.getByTestId("location-input");
    await input.fill("S");
    await page.waitForTimeout(500); // past the 300 ms debounce: one character never searches
    await expect(page.getByRole("listbox", { name: "Suggested places" })).toBeHidden();
    await input.fill("Stockh");
    const options = page.getByRole("listbox", { name: "Suggested places" }).getByRole("option");
    await expect(options.first()).toContainText("Stockholm");
    expect(await options.count()).toBeLessThanOrEqual(5);
    await expect(input).toHaveAttribute("aria-expanded", "true");
    await input.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await input.press("Enter");
    await expect(input).toHaveValue(/^Stockholm, /);
    await expect(input).toHaveAttribute("aria-expanded", "false");
    // Escape and a click outside close the list.
    await input.fill("Göteb");
    await expect(options.first()).toBeVisible();
    await input.press("Escape");
    await expect(options.first()).toBeHidden();
    await input.fill("Götebo");
    await expect(options.first()).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(options.first()).toBeHidden();
  });

  test.describe("locate me, position granted", () => {
    test.use({ permissions: ["geolocation"], geolocation: { latitude: 59.3293, longitude: 18.0686 } });

    test("fills the nearest place and says 'Location detected!'", async ({ page }) => {
      await gotoHydrated(page, "/");
      await page.getByTestId("locate-me").click();
      await expect(page.getByText("Location detected!")).toBeVisible();
      await expect(page.getByTestId("location-input")).toHaveValue(/Stockholm/);
    });
  });

  test.describe("locate me, position in open sea", () => {
    test.use({ permissions: ["geolocation"], geolocation: { latitude: 0, longitude: -30 } });

    test("uses the raw coordinates with 'Could not get precise address'", async ({ page }) => {
      await gotoHydrated(page, "/");
      await page.getByTestId("locate-me").click();
      await expect(page.getByText("Could not get precise address")).toBeVisible();
      await expect(page.getByTestId("location-input")).toHaveValue("0.00000, -30.00000");
    });
  });

  test("locate me without permission says 'Unable to get location' and changes nothing", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByTestId("location-input").fill("Oslo");
    await page.keyboard.press("Escape");
    await page.getByTestId("locate-me").click();
    await expect(page.getByText("Unable to get location")).toBeVisible();
    await expect(page.getByTestId("location-input")).toHaveValue("Oslo");
  });
});

import { randomUUID } from "node:crypto";
import { expect, test, type Locator, type Page, gotoHydrated } from "./support/test.ts";
import type { BookingView, CatalogueService } from "../src/shared/booking.ts";
import { createSignedInCustomer } from "./support/accounts.ts";
import { uniqueEmail, waitForMail } from "./support/mailbox.ts";
import { e2eSettings } from "./support/settings.ts";
import { addDays, operatorToday } from "../src/shared/time.ts";

// What a new customer sees on the public site, the booking confirmation and its mail (docs/product.md §2):
// the amount owed is a quote paid after the operator confirms, the logo stays on one line, the
// location field promises only what it finds, social links only when configured, one icon per service.

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const password = "Harbour-Lights-42";

/** A day `days` after the operator's today (docs/money.md "Dates": days are Stockholm days, never UTC ones). */
function isoDayFromToday(days: number): string {
  return addDays(operatorToday(new Date()), days);
}

/** The text's line boxes: one line means one distinct top among its client rects. */
async function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

async function expectNoHorizontalScroll(page: Page, width: number) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
}

/** A booking made through the API the booking page uses, in the given mail language. */
async function bookThroughApi(page: Page, language: "en" | "sv"): Promise<BookingView> {
  const catalogue = ((await (await page.request.get("/api/services")).json()) as { services: CatalogueService[] }).services;
  const residential = catalogue.find((service) => service.slug === "residential");
  if (!residential) throw new Error("The catalogue lacks the residential service");
  const response = await page.request.post("/api/bookings", {
    data: {
      bookingId: randomUUID(),
      location: "Stockholm, Sweden",
      startDate: isoDayFromToday(10),
      endDate: isoDayFromToday(11),
      services: [{ serviceId: residential.id, options: { guards: 1, days: 2, timeOfDay: "day" } }],
      language,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as BookingView;
}

test("the confirmation shows a quoted total payable after the operator confirms, and so does the mail, in English and Swedish", async ({
  page,
}) => {
  const email = uniqueEmail("quoted-total");
  await createSignedInCustomer(page.request, email, password);
  const english = await bookThroughApi(page, "en");

  await page.goto(`/confirmation?booking=${english.id}`);
  // The dark block holding the amount, its label and the day count.
  const total = page.getByTestId("confirmation-total").locator("..");
  await expect(total).toContainText("Quoted total");
  await expect(total).toContainText("For 2 days");
  await expect(total).toContainText("Payable after we confirm your booking. Nothing has been charged.");
  await expect(page.getByText(/total paid/i)).toHaveCount(0);

  await page.getByTestId("language-switcher").first().click();
  await expect(total).toContainText("Offererat totalpris");
  await expect(total).toContainText("För 2 dagar");
  await expect(total).toContainText("Betalas när vi har bekräftat bokningen. Inget har debiterats.");
  await expect(page.getByText(/totalt betalt/i)).toHaveCount(0);
  await page.getByTestId("language-switcher").first().click();

  const englishMail = await waitForMail(email, /booking .* received/i, 30_000);
  expect(englishMail.text).toContain("Quoted total (incl. VAT): €");
  expect(englishMail.text).toContain("Nothing has been charged: you pay this quoted total after we confirm your booking.");
  expect(englishMail.html).toContain("QUOTED TOTAL");

  await bookThroughApi(page, "sv");
  const swedishMail = await waitForMail(email, /bokning .* mottagen/i, 30_000);
  expect(swedishMail.text).toContain("Offererat totalpris (inkl. moms): ");
  expect(swedishMail.text).toContain("Inget har debiterats: du betalar det offererade totalpriset när vi har bekräftat bokningen.");
});

test("the logo stays on one line in the signed-in phone top bar and in the footer at 390 and 1280 px", async ({ page }) => {
  const email = uniqueEmail("logo");
  await createSignedInCustomer(page.request, email, password);

  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await page.goto("/about");
    const topBar = page.getByTestId("top-bar");
    // Signed in (docs/product.md §2): the phone bar carries Book beside the language button and the menu.
    if (viewport === phone) await expect(topBar.getByRole("link", { name: "Book" })).toBeVisible();
    else await expect(topBar.getByRole("button", { name: "Sign Out" })).toBeVisible();
    const topBarLogo = topBar.getByRole("link", { name: "Nordic Shield" }).getByText("Nordic Shield", { exact: true });
    await expect(topBarLogo).toBeVisible();
    expect(await lineCount(topBarLogo), `top bar logo at ${viewport.width} px`).toBe(1);

    const footerLogo = page.getByTestId("site-footer").getByText("Nordic Shield", { exact: true });
    await footerLogo.scrollIntoViewIfNeeded();
    expect(await lineCount(footerLogo), `footer logo at ${viewport.width} px`).toBe(1);
    await expectNoHorizontalScroll(page, viewport.width);
  }
});

test("the location field asks for a city, in English and Swedish", async ({ page }) => {
  await page.goto("/");
  const field = page.getByTestId("booking-box").getByTestId("location-input");
  await expect(field).toHaveAttribute("placeholder", "City");
  await page.getByTestId("language-switcher").first().click();
  await expect(field).toHaveAttribute("placeholder", "Stad");
});

test("the footer shows the configured social links, each to its address, and no dead link", async ({ page }) => {
  const configured = e2eSettings.socialLinks.split(",").map((entry) => entry.trim().split("=")[1]);
  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const footer = page.getByTestId("site-footer");
    const social = footer.getByRole("navigation", { name: "Follow us" });
    await expect(social).toBeVisible();
    await expect(social.getByRole("link", { name: /Instagram/ })).toHaveAttribute("href", configured[0] ?? "");
    await expect(social.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute("href", configured[1] ?? "");
    await expect(social.getByRole("link")).toHaveCount(2);
    const hrefs = await footer.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(hrefs.filter((href) => href === "" || href === "#" || href.startsWith("javascript:"))).toEqual([]);
  }
});

/** The lucide icon name of an svg, e.g. 'lucide-party-popper'. */
async function iconName(svg: Locator): Promise<string> {
  const names = ((await svg.getAttribute("class")) ?? "").split(/\s+/).filter((name) => name.startsWith("lucide-"));
  return names.join(" ");
}

test("each service has its own icon on the landing page and on the booking page, at 390 and 1280 px", async ({ page }) => {
  await page.setViewportSize(desktop);
  await page.goto("/");
  const cards = page.getByTestId("services-cards").getByRole("listitem");
  await expect(cards).toHaveCount(5);
  const landingIcons = await Promise.all((await cards.all()).map((card) => iconName(card.locator("svg").first())));
  expect(new Set(landingIcons).size, landingIcons.join(", ")).toBe(5);

  await page.setViewportSize(phone);
  await page.goto("/");
  const accordion = page.getByTestId("services-accordion");
  await accordion.scrollIntoViewIfNeeded();
  const accordionIcons = await Promise.all(
    (await accordion.getByRole("button").all()).map((button) => iconName(button.locator("svg").first())),
  );
  expect(accordionIcons).toEqual(landingIcons);

  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, "/secure-booking");
    const bookingCards = page.locator('article[data-testid^="service-card-"]');
    await expect(bookingCards).toHaveCount(5);
    const bookingIcons = await Promise.all((await bookingCards.all()).map((card) => iconName(card.locator("svg").first())));
    expect(new Set(bookingIcons).size, bookingIcons.join(", ")).toBe(5);
  }
});

import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { expect, expectAccessible, test } from "./support/test.ts";
import { addDays } from "../src/shared/time.ts";
import { dataExportSchema } from "../src/shared/data-export.ts";
import { operatorToday } from "../src/shared/time.ts";
import { createSignedInCustomer } from "./support/accounts.ts";
import { uniqueEmail } from "./support/mailbox.ts";

// docs/data-export.md (GDPR Art. 15 and 20, ADR 250): on a phone, in Swedish, the customer downloads
// their data from the profile page. The zip holds data.json in the documented format, worded in
// Swedish, with the booking and its message, and summary.html, which opens in the browser with
// headings and headed tables and passes axe.

test("downloads my data as a zip from the profile page at 390 px in Swedish", async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => window.localStorage.setItem("language", "sv"));
  const email = uniqueEmail("data-export");
  const password = "Harbour-Lantern-42";
  await createSignedInCustomer(page.request, email, password);
  const location = `Visby ${randomUUID().slice(0, 6)}, Sweden`;
  const booked = await page.request.post("/api/bookings", {
    data: {
      bookingId: randomUUID(),
      location,
      startDate: addDays(operatorToday(new Date()), 21),
      services: [{ serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "night" } }],
      language: "sv",
    },
  });
  expect(booked.status()).toBe(201);
  const bookingId = ((await booked.json()) as { id: string }).id;
  const message = `Porten på baksidan (${randomUUID().slice(0, 4)})`;
  expect((await page.request.post(`/api/bookings/${bookingId}/messages`, { data: { text: message } })).status()).toBe(201);

  await page.goto("/customer-dashboard");
  const section = page.getByTestId("data-export");
  await expect(section.getByRole("heading", { name: "DINA UPPGIFTER" })).toBeVisible();
  await expect(section.getByText("Du får en zip-fil")).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: "test-results/data-export-section-sv-390.png" });
  const downloading = page.waitForEvent("download");
  await section.getByRole("button", { name: "Ladda ned mina uppgifter" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^nordic-shield-data-\d{4}-\d{2}-\d{2}\.zip$/);

  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  expect(Object.keys(files).sort()).toEqual(["data.json", "summary.html"]);
  const data = dataExportSchema.parse(JSON.parse(strFromU8(files["data.json"] ?? new Uint8Array())));
  expect(data.language).toBe("sv");
  expect(data.account.email).toBe(email);
  expect(data.bookings).toHaveLength(1);
  const [booking] = data.bookings;
  expect(booking).toMatchObject({ id: bookingId, location, status: "pending", statusText: "Väntande" });
  expect(booking?.services[0]?.name).toBe("VIP-bostadsskydd");
  expect(booking?.total.currency).toBe("EUR");
  expect(booking?.total.amount).toMatch(/^\d+\.\d{2}$/);
  expect(booking?.messages.map((entry) => [entry.from, entry.text])).toEqual([["you", message]]);

  // The summary, opened as the person would open it, at the same width.
  const summary = strFromU8(files["summary.html"] ?? new Uint8Array());
  await page.setContent(summary);
  await expect(page.getByRole("heading", { level: 1, name: "Dina uppgifter hos Nordic Shield" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Bokningar" })).toBeVisible();
  const bookingHeading = page.getByRole("heading", { level: 3, name: `Bokning ${booking?.reference}` });
  await expect(bookingHeading).toBeVisible();
  const services = page.getByRole("table", { name: "Tjänster" });
  await expect(services.getByRole("columnheader", { name: "Tjänst" })).toBeVisible();
  await expect(services.getByRole("cell", { name: "VIP-bostadsskydd" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Meddelanden" }).getByRole("cell", { name: message })).toBeVisible();
  await expect(page.getByText(location).first()).toBeVisible();
  // Nothing wider than the phone's screen but a table's own scroll.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "test-results/data-export-summary-sv-390.png", fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/data-export-summary-sv-1280.png", fullPage: true });
});

// ADR 250 and the rate-limit table: ten exports an hour. The eleventh is refused in plain words on
// the page, and no file is saved (a plain download link used to save the refusal's JSON as the file).
test("an eleventh export within the hour is refused with a message, and nothing is saved (1280 px)", async ({
  page,
  customer: _signedInCustomer,
}) => {
  for (let export_ = 0; export_ < 10; export_ += 1) {
    expect((await page.request.get("/api/account/security/export?language=en")).status()).toBe(200);
  }
  await page.goto("/customer-dashboard");
  const section = page.getByTestId("data-export");
  let saved = false;
  page.on("download", () => (saved = true));
  await section.getByRole("button", { name: "Download my data" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Your data could not be downloaded" });
  await expect(toast).toContainText("You can download your data ten times an hour. Please try again later.");
  await expect(section.getByRole("button", { name: "Download my data" })).toBeEnabled();
  expect(saved).toBe(false);
});

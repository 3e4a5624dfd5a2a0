import { expect, expectAccessible, test, type Page } from "./support/test.ts";
import { addDays, formatDayRange } from "../src/shared/time.ts";
import { expandSeries, occurrencePeriod } from "../src/shared/series.ts";
import { expandCalendar } from "../src/server/test-support/calendar-expansion.ts";
import { createSignedInCustomer } from "./support/accounts.ts";
import { uniqueEmail, waitForMail } from "./support/mailbox.ts";
import { createSignedInOperator } from "./support/staff.ts";

// docs/series.md, in a real Chromium against the production build: a customer books weekend
// protection for eight weekends, the firm confirms the series, the customer moves one weekend and
// cancels the last three, at 1280 and 390 px; each change is one mail whose one calendar entry
// Python's icalendar and dateutil expand to exactly the weekends that stand (ADR 283). The pages in
// Swedish too.

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const password = "Harbour-Lights-42";
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, "0");

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

function calendarOf(mail: Awaited<ReturnType<typeof waitForMail>>) {
  const attachment = mail.attachments.find((entry) => entry.filename === "series.ics");
  if (!attachment) throw new Error("the mail carries no series.ics");
  return expandCalendar(attachment.content.toString("utf8"));
}

const instant = (date: Date) => date.toISOString().replace(".000", "");

test("a customer books eight weekends, moves one and cancels the last three; the calendar entry follows", async ({ page, browser }) => {
  test.slow();
  const email = uniqueEmail("series");
  await createSignedInCustomer(page.request, email, password);
  const card = await page.request.post("/api/account/payment-methods", {
    data: { cardNumber: "4242 4242 4242 4242", expiry: `12/${nextYear}`, cvv: "123" },
  });
  expect(card.status()).toBe(201);

  // 1280 px: the series form, weekly on Saturday (the default), two days, eight times.
  await page.setViewportSize(desktop);
  await page.goto("/customer-dashboard");
  await page.getByRole("navigation", { name: "Account menu" }).first().getByRole("link", { name: "Series" }).click();
  await expect(page.getByRole("heading", { name: "SERIES", exact: true })).toBeVisible();
  const form = page.getByTestId("new-series-form");
  await form.getByRole("textbox", { name: "Location" }).fill("Djursholm, Sweden");
  const firstDay = await form.getByLabel("From").inputValue();
  await expect(form.getByRole("checkbox", { name: "Sat" })).toBeChecked();
  await form.getByRole("spinbutton", { name: "Occurrences" }).fill("8");
  await form.getByLabel("Start time (Stockholm)").fill("10:00");
  await form.getByLabel("End time (Stockholm)").fill("22:00");
  await form.getByRole("checkbox", { name: /Save my card and charge each occurrence/ }).click();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await form.getByTestId("book-series").click();

  const weekends = expandSeries({ frequency: "weekly", interval: 1, weekdays: [6], monthDay: null, firstDay, until: null, count: 8 });
  const occurrences = page.getByTestId("series-occurrence");
  await expect(occurrences).toHaveCount(8);
  await expect(occurrences.nth(0)).toContainText(formatDayRange(weekends[0] as string, addDays(weekends[0] as string, 1), "en"));
  await expect(occurrences.nth(0)).toContainText("10:00–22:00 Stockholm time");
  await expect(occurrences.nth(0)).toContainText("Pending");
  await expectAccessible(page);
  const seriesId = /\/customer-dashboard\/series\/([0-9a-f-]+)$/.exec(page.url())?.[1] ?? "";

  const booked = calendarOf(await waitForMail(email, /requested: 8 occurrences/));
  const period = (day: string) => occurrencePeriod({ day, days: 2, startTime: "10:00", endTime: "22:00" });
  expect(booked.occurrences.map((occurrence) => occurrence.start)).toEqual(weekends.map((day) => instant(period(day).start)));

  // The firm confirms the whole series from one of its bookings in the console.
  const view = (await (await page.request.get(`/api/series/${seriesId}`)).json()) as { occurrences: { bookingId: string }[] };
  const staffContext = await browser.newContext();
  const operator = await staffContext.newPage();
  await createSignedInOperator(operator.request, uniqueEmail("series-admin"), "Quartz-Harbour-Lantern-58");
  await operator.setViewportSize(desktop);
  await operator.goto(`/admin/bookings/${view.occurrences[1]?.bookingId ?? ""}`);
  const panel = operator.getByTestId("series-console");
  await expect(panel).toContainText("Occurrence 2 of 8; 8 waiting for confirmation.");
  await expectAccessible(operator);
  await panel.getByTestId("confirm-series").click();
  await expect(operator.getByText("The series is confirmed; the customer has one e-mail with the whole series.")).toBeVisible();
  await staffContext.close();
  await waitForMail(email, /is confirmed/);
  await page.reload();
  await expect(occurrences.nth(7)).toContainText("Confirmed");

  // 390 px: the fourth weekend moves a day earlier, alone.
  await page.setViewportSize(phone);
  await expectNoHorizontalScroll(page);
  const fourth = weekends[3] as string;
  await occurrences.nth(3).getByRole("button", { name: "Move" }).click();
  const moveDialog = page.getByTestId("series-change-form");
  await expect(moveDialog.getByRole("radio", { name: "This occurrence" })).toBeChecked();
  await moveDialog.getByLabel("New first day").fill(addDays(fourth, -1));
  await expectAccessible(page);
  await moveDialog.getByRole("button", { name: "Move" }).click();
  await expect(page.getByText("Done. We have sent you one e-mail with the updated series.")).toBeVisible();
  await expect(occurrences.nth(3)).toContainText(formatDayRange(addDays(fourth, -1), fourth, "en"));
  await expect(occurrences.nth(4)).toContainText(formatDayRange(weekends[4] as string, addDays(weekends[4] as string, 1), "en"));
  await waitForMail(email, /^1 occurrences .* moved/);

  // The last three are cancelled: "this and the following" from the sixth.
  await occurrences.nth(5).getByRole("button", { name: "Cancel" }).click();
  const cancelDialog = page.getByTestId("series-change-form");
  await cancelDialog.getByRole("radio", { name: "This and the following" }).check();
  await cancelDialog.getByRole("button", { name: "Cancel occurrences" }).click();
  await expect(occurrences.filter({ hasText: "Cancelled" })).toHaveCount(3);
  await expect(occurrences.filter({ hasText: "Confirmed" })).toHaveCount(5);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // One mail for the three, whose one entry expands to the five weekends that stand, the moved one moved.
  const calendar = calendarOf(await waitForMail(email, /^3 occurrences .* cancelled/));
  expect(calendar.sequence).toBe(3);
  expect(calendar.uid).toBe(booked.uid);
  const standing = weekends.slice(0, 5).map((day, index) => period(index === 3 ? addDays(day, -1) : day));
  expect(calendar.occurrences.map(({ start, end }) => ({ start, end }))).toEqual(
    standing.map((weekend) => ({ start: instant(weekend.start), end: instant(weekend.end) })),
  );
  expect(calendar.occurrences[3]?.recurrenceId).toBe(instant(period(fourth).start));

  // In Swedish, at 390 and 1280 px.
  await page.addInitScript(() => window.localStorage.setItem("language", "sv"));
  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await page.goto(`/customer-dashboard/series/${seriesId}`);
    await expect(occurrences.first()).toContainText("svensk tid");
    await expect(occurrences.filter({ hasText: "Avbokat" })).toHaveCount(3);
    await expect(occurrences.filter({ hasText: "Bekräftad" })).toHaveCount(5);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
  }
  await page.goto("/customer-dashboard/series");
  await expect(page.getByRole("heading", { name: "SERIER", exact: true })).toBeVisible();
  await expect(page.getByTestId("new-series-form")).toContainText("Boka en serie");
});

import { randomUUID } from "node:crypto";
import path from "node:path";
import { expect, expectAccessible, test, type Page } from "./support/test.ts";
import { addDays } from "../src/shared/time.ts";
import { formatDayRange } from "../src/shared/time.ts";
import { formatMoney } from "../src/shared/money.ts";
import { operatorToday } from "../src/shared/time.ts";
import { createSignedInCustomer } from "./support/accounts.ts";
import { uniqueEmail, waitForMail } from "./support/mailbox.ts";
import { createSignedInOperator } from "./support/staff.ts";

// docs/product.md §12 Engagement (versions and requests), in a real Chromium against the production
// build, in English and in Swedish: an operator proposes new times, an added service and a higher
// price (ADR 193); the customer, whose page is open, sees it beside the booking as it is (without
// a reload), approves it, and the times, services and total change; the customer then asks to move the booking a day, the operator accepts, and the
// customer's page shows the new days. Both screens at 390 and 1280 px, axe clean, mails in the
// customer's language.

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const screenshotDirectory = path.resolve("test-results/booking-changes-screens");

const words = {
  en: {
    waiting: "A change waits for your approval",
    approved: "Change approved — your booking is updated.",
    bodyguard: "VIP Bodyguard",
    approvedSubject: /You approved the change to your booking/,
    proposedSubject: /A change to your booking needs your approval/,
    acceptedSubject: /Your change request is accepted/,
    request: "Request a change",
    newStart: "New first day",
    send: "Send request",
    pending: "Waiting for our answer",
  },
  sv: {
    waiting: "En ändring väntar på ditt godkännande",
    approved: "Ändringen är godkänd — bokningen är uppdaterad.",
    bodyguard: "VIP-livvakt",
    approvedSubject: /Du har godkänt ändringen av din bokning/,
    proposedSubject: /En ändring av din bokning väntar på ditt godkännande/,
    acceptedSubject: /Din ändringsbegäran är godkänd/,
    request: "Begär en ändring",
    newStart: "Ny första dag",
    send: "Skicka begäran",
    pending: "Väntar på vårt svar",
  },
} as const;

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const language of ["en", "sv"] as const) {
  test(`[${language}] an operator proposes new times, an added service and a higher price and the customer approves; the customer moves a day and the operator accepts`, async ({
    page,
    browser,
  }) => {
    test.slow();
    const text = words[language];
    const customerEmail = uniqueEmail(`changes-${language}`);
    await createSignedInCustomer(page.request, customerEmail, "Harbour-Lights-42");
    const location = `Visby ${randomUUID().slice(0, 6)}, Sweden`;
    const startDate = addDays(operatorToday(new Date()), 20);
    const booked = await page.request.post("/api/bookings", {
      data: {
        bookingId: randomUUID(),
        location,
        startDate,
        endDate: addDays(startDate, 1),
        services: [{ serviceId: "svc-residential", options: { guards: 1, days: 2, timeOfDay: "day" } }],
        startTime: "08:00",
        endTime: "14:00",
        language,
      },
    });
    expect(booked.status()).toBe(201);
    const { id: bookingId, totalCents } = (await booked.json()) as { id: string; totalCents: number };
    const higher = totalCents + 40_000;

    if (language === "sv") await page.addInitScript(() => window.localStorage.setItem("language", "sv"));
    await page.setViewportSize(desktop);
    await page.goto(`/customer-dashboard/bookings/${bookingId}`);
    const detail = page.getByTestId("booking-detail");
    await expect(detail.getByTestId("booking-total")).toContainText(formatMoney(totalCents, language));

    // The customer's page is loaded once: a reload would be a navigation, which this counter would see.
    let navigations = 0;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });

    const staffContext = await browser.newContext();
    const operator = await staffContext.newPage();
    const adminEmail = uniqueEmail(`changes-admin-${language}`);
    await createSignedInOperator(operator.request, adminEmail, "Quartz-Harbour-Lantern-58");
    await operator.goto(`/admin/bookings/${bookingId}`);
    await operator.getByTestId("propose-change").click();
    const propose = operator.getByTestId("propose-dialog");
    await expectAccessible(operator);
    // Times outside the residential Day band (06:00–22:00) are refused in the dialog, by the shared rule.
    await propose.getByTestId("propose-start-time").fill("20:00");
    await propose.getByTestId("propose-end-time").fill("23:00");
    await propose.getByTestId("propose-reason").fill("A bodyguard joins for the afternoon.");
    await propose.getByTestId("send-proposal").click();
    await expect(propose.getByTestId("propose-end-time")).toHaveAttribute("aria-invalid", "true");
    await expect(propose).toContainText("outside the time of day");
    // New times, and a bodyguard added with the keyboard: the list announces it.
    await propose.getByTestId("propose-start-time").fill("09:00");
    await propose.getByTestId("propose-end-time").fill("15:00");
    await propose.getByRole("combobox", { name: /Add a service/ }).focus();
    await operator.keyboard.press("Enter");
    await operator.getByRole("option", { name: "VIP Bodyguard" }).press("Enter");
    await propose.getByTestId("add-service").press("Enter");
    await expect(propose.getByTestId("propose-service")).toHaveCount(2);
    await expect(propose.getByRole("group", { name: "VIP Bodyguard" })).toBeVisible();
    await expect(propose.getByText("VIP Bodyguard added to the proposal.")).toBeAttached();
    await expectAccessible(operator);
    // Tall enough for the whole dialog in one picture (it scrolls inside itself on a real screen).
    for (const [name, viewport] of [
      ["390", { width: 390, height: 1900 }],
      ["1280", { width: 1280, height: 1500 }],
    ] as const) {
      await operator.setViewportSize(viewport);
      await expectNoHorizontalScroll(operator);
      await operator.screenshot({ path: path.join(screenshotDirectory, `propose-dialog-${language}-${name}.png`) });
    }
    await operator.setViewportSize(desktop);
    await propose.getByTestId("propose-total").fill(String(higher / 100));
    await propose.getByTestId("propose-reason").fill("A second car follows the route for the whole stay.");
    await propose.getByTestId("send-proposal").click();
    await expect(operator.getByTestId("booking-changes").getByTestId("version-proposed-total")).toBeVisible();

    // The customer's open page shows the proposal beside the booking, without a reload.
    const proposal = page.getByTestId("proposal");
    await expect(proposal).toContainText(text.waiting);
    await expect(proposal.getByTestId("version-current-total")).toHaveText(formatMoney(totalCents, language));
    await expect(proposal.getByTestId("version-proposed-total")).toHaveText(formatMoney(higher, language));
    await expect(proposal.getByTestId("version-current-times")).toHaveText("08:00–14:00");
    await expect(proposal.getByTestId("version-proposed-times")).toHaveText("09:00–15:00");
    await expect(proposal.getByTestId("version-proposed")).toContainText(text.bodyguard);
    await expect(proposal.getByTestId("version-current")).not.toContainText(text.bodyguard);
    const proposedMail = (await waitForMail(customerEmail, text.proposedSubject)).text;
    expect(proposedMail).toContain("A second car follows the route");
    expect(proposedMail).toContain("08:00–14:00");
    expect(proposedMail).toContain("09:00–15:00");
    await expectAccessible(page);
    for (const [name, viewport] of [
      ["390", phone],
      ["1280", desktop],
    ] as const) {
      await page.setViewportSize(viewport);
      await expectNoHorizontalScroll(page);
      await proposal.screenshot({ path: path.join(screenshotDirectory, `versions-side-by-side-${language}-${name}.png`) });
      await page.screenshot({ path: path.join(screenshotDirectory, `booking-page-${language}-${name}.png`), fullPage: true });
    }
    await expectAccessible(page);

    await proposal.getByTestId("approve-version").click();
    await expect(page.getByText(text.approved)).toBeVisible();
    await expect(detail.getByTestId("booking-total")).toContainText(formatMoney(higher, language));
    await expect(page.getByTestId("proposal")).toHaveCount(0);
    const changed = (await (await page.request.get(`/api/bookings/${bookingId}`)).json()) as {
      startTime: string;
      endTime: string;
      services: { serviceId: string }[];
    };
    expect([changed.startTime, changed.endTime, changed.services.map((line) => line.serviceId).sort()]).toEqual([
      "09:00",
      "15:00",
      ["svc-bodyguard", "svc-residential"],
    ]);
    expect((await waitForMail(customerEmail, text.approvedSubject)).text).toContain("09:00–15:00");

    // The customer asks to move the booking a day later and to end at 16:00; the operator accepts at
    // the same price. The dialog shows the booking's times to change in place.
    const moved = addDays(startDate, 1);
    await page.getByTestId("request-change").click();
    const dialog = page.getByTestId("request-dialog");
    await dialog.getByLabel(text.newStart).fill(moved);
    await expect(dialog.getByTestId("request-start-time")).toHaveValue("09:00");
    await dialog.getByTestId("request-end-time").fill("16:00");
    await expectAccessible(page);
    await dialog.getByTestId("send-request").click();
    await expect(page.getByTestId("pending-request")).toContainText(text.pending);

    const request = operator.getByTestId("change-request");
    await expect(request).toBeVisible();
    await expect(request).toContainText("09:00–16:00");
    await expectAccessible(operator);
    for (const [name, viewport] of [
      ["390", phone],
      ["1280", desktop],
    ] as const) {
      await operator.setViewportSize(viewport);
      await expectNoHorizontalScroll(operator);
      await operator
        .getByTestId("booking-changes")
        .screenshot({ path: path.join(screenshotDirectory, `console-request-${language}-${name}.png`) });
    }
    await request.getByTestId("accept-request").click();
    await expect(operator.getByTestId("change-request")).toHaveCount(0);

    await expect(page.getByTestId("pending-request")).toHaveCount(0);
    await expect(detail.getByTestId("booking-dates")).toHaveText(formatDayRange(moved, addDays(moved, 1), language));
    const response = await page.request.get(`/api/bookings/${bookingId}`);
    const after = (await response.json()) as { startDate: string; startTime: string; endTime: string; totalCents: number };
    expect([after.startDate, after.startTime, after.endTime, after.totalCents]).toEqual([moved, "09:00", "16:00", higher]);
    await waitForMail(customerEmail, text.acceptedSubject);
    await expectAccessible(page);
    expect(navigations).toBe(0);
    await staffContext.close();
  });
}

import { randomUUID } from "node:crypto";
import { expect, expectAccessible, holdRequests, test, type Page } from "./support/test.ts";
import { addDays, operatorToday } from "../src/shared/time.ts";
import { createSignedInCustomer } from "./support/accounts.ts";
import { uniqueEmail } from "./support/mailbox.ts";
import { createSignedInOperator } from "./support/staff.ts";

// docs/product.md §12: the booking's message thread. The customer and an operator, each in a
// browser of their own, write to each other; each sees the other's message arrive without a
// reload (the event stream, ADR 092). The operator finds the booking under "Waiting for us" with
// its unread count and reply timer; the customer's menu counts unread replies. At 390 and 1280 px,
// in English and Swedish, axe clean.

const copy = {
  en: {
    heading: "Messages",
    field: "Your message",
    send: "Send",
    waitingFilter: "Waiting for us",
    unread: "1 unread message",
    staffName: "Karin, Nordic Shield",
    messageTimer: /Customer waiting: 23 h \d+ min left/,
    apply: "Apply",
    messagesFilter: "Customer waiting",
  },
  sv: {
    heading: "Meddelanden",
    field: "Ditt meddelande",
    send: "Skicka",
    waitingFilter: "Väntar på oss",
    unread: "1 oläst meddelande",
    staffName: "Karin, Nordic Shield",
    messageTimer: /Kunden väntar: 23 h \d+ min kvar/,
    apply: "Tillämpa",
    messagesFilter: "Kunden väntar",
  },
} as const;

async function countNavigations(page: Page) {
  const counter = { count: 0 };
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) counter.count += 1;
  });
  return counter;
}

for (const [language, width] of [
  ["en", 1280],
  ["sv", 390],
  ["en", 390],
  ["sv", 1280],
] as const) {
  test(`customer and operator exchange messages live (${language}, ${width} px)`, async ({ page, browser }) => {
    test.slow();
    const text = copy[language];
    const viewport = { width, height: width === 390 ? 844 : 900 };
    await page.setViewportSize(viewport);
    await page.addInitScript((chosen) => window.localStorage.setItem("language", chosen), language);
    const customerEmail = uniqueEmail("thread");
    await createSignedInCustomer(page.request, customerEmail, "Harbour-Lights-42");
    const location = `Visby ${randomUUID().slice(0, 6)}, Sweden`;
    const booked = await page.request.post("/api/bookings", {
      data: {
        bookingId: randomUUID(),
        location,
        startDate: addDays(operatorToday(new Date()), 21),
        services: [{ serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "night" } }],
        language,
      },
    });
    expect(booked.status()).toBe(201);
    const bookingId = ((await booked.json()) as { id: string }).id;

    await page.goto(`/customer-dashboard/bookings/${bookingId}`);
    const customerThread = page.getByTestId("booking-thread");
    await expect(customerThread.getByRole("heading", { name: text.heading })).toBeVisible();
    const customerNavigations = await countNavigations(page);
    const question = `Pick-up at the side entrance at 18:00 (${language}-${width}).`;
    await customerThread.getByLabel(text.field).fill(question);
    await customerThread.getByRole("button", { name: text.send }).click();
    await expect(customerThread.getByTestId("thread-message").filter({ hasText: question })).toHaveAttribute("data-own", "true");
    await expect(customerThread.getByLabel(text.field)).toHaveValue("");

    // The operator, in a browser of their own.
    const staffContext = await browser.newContext({ viewport });
    const operator = await staffContext.newPage();
    const adminEmail = uniqueEmail("thread-admin");
    await createSignedInOperator(operator.request, adminEmail, "Quartz-Harbour-Lantern-58", "Karin Holm");
    await operator.addInitScript((chosen) => window.localStorage.setItem("language", chosen), language);
    await operator.goto("/admin?waiting=us");
    const row = operator.getByTestId("queue-row").filter({ hasText: location });
    await expect(row.getByTestId("queue-unread")).toHaveText(text.unread);
    await expect(row.getByTestId("message-timer")).toHaveText(text.messageTimer);
    await expectAccessible(operator);
    await operator.screenshot({ path: `test-results/thread-queue-${language}-${width}.png`, fullPage: true });

    await operator.goto(`/admin/bookings/${bookingId}`);
    const staffThread = operator.getByTestId("booking-thread");
    await expect(staffThread.getByTestId("thread-message").filter({ hasText: question })).toHaveAttribute("data-own", "false");
    const operatorNavigations = await countNavigations(operator);
    const answer = `Noted, our driver will wait there (${language}-${width}).`;
    await staffThread.getByLabel(text.field).fill(answer);
    await staffThread.getByRole("button", { name: text.send }).click();

    // The customer's open page shows the answer, signed with the operator's first name only.
    const arrived = customerThread.getByTestId("thread-message").filter({ hasText: answer });
    await expect(arrived).toBeVisible();
    await expect(arrived).toContainText(text.staffName);
    await expect(arrived).not.toContainText("Holm");
    await expectAccessible(page);
    await customerThread.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/thread-customer-${language}-${width}.png`, fullPage: true });
    await customerThread.screenshot({ path: `test-results/thread-customer-section-${language}-${width}.png` });

    // And the customer's reply reaches the operator's open page.
    const thanks = `Thank you (${language}-${width}).`;
    await customerThread.getByLabel(text.field).fill(thanks);
    await customerThread.getByRole("button", { name: text.send }).click();
    await expect(staffThread.getByTestId("thread-message").filter({ hasText: thanks })).toBeVisible();
    await expectAccessible(operator);
    await staffThread.scrollIntoViewIfNeeded();
    await operator.screenshot({ path: `test-results/thread-operator-${language}-${width}.png`, fullPage: true });
    await staffThread.screenshot({ path: `test-results/thread-operator-section-${language}-${width}.png` });

    // Both pages stayed as loaded: the messages came through the event stream.
    expect(customerNavigations.count).toBe(0);
    expect(operatorNavigations.count).toBe(0);

    // Away from the thread, the customer's menu counts a new reply as it arrives, even one sent
    // after the page read its count but before its event stream opened (held back here, as on a
    // slow network): the stream starts at the cursor of the session answer and sends it (ADR 291).
    const releaseStream = await holdRequests(page, /\/api\/events\/stream/);
    const unreadRead = page.waitForResponse((response) => response.url().includes("/api/bookings/messages/unread"));
    await page.goto("/customer-dashboard");
    await expect(page.getByRole("navigation").first()).toBeVisible();
    await unreadRead;
    const menuNavigations = await countNavigations(page);
    const more = `One more detail (${language}-${width}).`;
    await staffThread.getByLabel(text.field).fill(more);
    await staffThread.getByRole("button", { name: text.send }).click();
    await expect(staffThread.getByTestId("thread-message").filter({ hasText: more })).toBeVisible();
    await expect(page.getByTestId("menu-unread")).toHaveCount(0);
    releaseStream();
    await expect(page.getByTestId("menu-unread").first()).toBeAttached();
    await expect(page.getByTestId("menu-unread").first()).toContainText(text.unread);
    await page.screenshot({ path: `test-results/thread-menu-badge-${language}-${width}.png` });
    expect(menuNavigations.count).toBe(0);
    expect(operatorNavigations.count).toBe(0);
    await staffContext.close();
  });
}

import { randomUUID } from "node:crypto";
import { addDays, operatorToday } from "../src/shared/time.ts";
import { startBookingSoon } from "./support/journey-clock.ts";
import { uniqueEmail } from "./support/mailbox.ts";
import { createSignedInOperative } from "./support/staff.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

// docs/on-duty.md "The operative app offline" (ADR 293, 294): the lead opens the brief on a phone,
// loses the connection, reloads and still reads it; marks "On the way" offline and sees it waiting
// on the phone; when the connection returns the step is sent once, with the phone's time and the
// server's, and the console sees the lead on the way.

const shots = "test-results/operative-offline";

for (const language of ["en", "sv"] as const) {
  test(`the brief offline and a step kept on the phone, sent once when the connection returns (${language})`, async ({
    page,
    customer,
    operatorPage,
    browser,
  }) => {
    test.setTimeout(240_000);
    expect(customer.email).toContain("@");
    const location = `Djursholm ${randomUUID().slice(0, 6)}, Sweden`;
    const booked = await page.request.post("/api/bookings", {
      data: {
        bookingId: randomUUID(),
        location,
        startDate: addDays(operatorToday(new Date()), 10),
        services: [{ serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "night" } }],
        language: "en",
      },
    });
    expect(booked.status()).toBe(201);
    const bookingId = ((await booked.json()) as { id: string }).id;
    const {
      operativeId,
      page: lead,
      context,
    } = await createSignedInOperative(browser, operatorPage, {
      name: `Sara Lind ${randomUUID().slice(0, 4)}`,
      email: uniqueEmail("offline-operative"),
      password: "Night-Harbour-Watch-57",
      language,
    });
    expect((await operatorPage.request.post(`/api/admin/bookings/${bookingId}/confirm`, { data: {} })).status()).toBe(200);
    expect(
      (
        await operatorPage.request.post(`/api/admin/bookings/${bookingId}/assignments`, {
          data: { operatives: [{ operativeId, lead: true }] },
        })
      ).status(),
    ).toBe(201);
    const listed = (await (await lead.request.get("/api/operative/assignments")).json()) as {
      assignments: { id: string; bookingId: string }[];
    };
    const assignmentId = listed.assignments.find((entry) => entry.bookingId === bookingId)?.id ?? "";
    expect((await lead.request.post(`/api/operative/assignments/${assignmentId}/accept`)).status()).toBe(200);
    startBookingSoon(bookingId);

    // Online: the brief, and the app's worker takes over the area.
    const briefUrl = `/operative/assignments/${assignmentId}`;
    await lead.goto(briefUrl);
    const brief = lead.getByTestId("operative-brief");
    await expect(brief).toContainText(location);
    await lead.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null);
    // Loaded once more through the worker, which keeps the shell, the files and the reads.
    await lead.reload();
    await expect(brief).toContainText(location);
    await lead.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const manifest = await lead.request.get("/operative.webmanifest");
    expect(((await manifest.json()) as { start_url: string; display: string }).start_url).toBe("/operative");

    // Offline: the reload still shows the brief.
    await context.setOffline(true);
    await lead.reload();
    await expect(brief).toContainText(location);
    await expect(lead.getByTestId("offline-notice")).toBeVisible();

    // "On the way" offline waits on the phone, said plainly.
    await lead.getByTestId("mark-status").click();
    await expect(lead.getByTestId("waiting-count")).toHaveText(language === "sv" ? "1 väntar på att skickas" : "1 waiting to be sent");
    await expect(lead.getByTestId("status-waiting")).toBeVisible();
    await expectAccessible(lead);
    await lead.screenshot({ path: `${shots}/waiting-${language}-390.png`, fullPage: true });

    // Online again: sent once, and the brief shows the step as the server keeps it.
    await context.setOffline(false);
    await expect(lead.getByTestId("waiting-count")).toHaveCount(0, { timeout: 20_000 });
    await expect(lead.getByTestId("status-steps")).toContainText(language === "sv" ? "På väg" : "On the way");
    const writes = (
      (await (await lead.request.get("/api/operative/device-writes")).json()) as {
        writes: { deviceTime: string; serverTime: string; applied: boolean }[];
      }
    ).writes;
    expect(writes).toHaveLength(1);
    expect(writes[0]?.applied).toBe(true);
    expect(Date.parse(writes[0]?.deviceTime ?? "")).toBeLessThanOrEqual(Date.parse(writes[0]?.serverTime ?? ""));
    // The console's live board has the engagement with the lead on the way.
    const board = JSON.stringify(await (await operatorPage.request.get("/api/admin/live-board")).json());
    expect(board).toContain(location.split(",")[0] ?? location);
    await context.close();
  });
}

// ADR 294: the work screens at the phone's, the desk's and the wall screen's width, in both
// languages: the console's queue and live board with the sections at the side (a menu on a phone),
// no marketing footer, and nothing wider than the screen.
for (const language of ["en", "sv"] as const) {
  test(`the console's queue and live board as a work screen at 390, 1280 and 1920 px (${language})`, async ({ operatorPage }) => {
    await operatorPage.addInitScript((chosen) => window.localStorage.setItem("language", chosen), language);
    for (const width of [390, 1280, 1920]) {
      await operatorPage.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
      for (const [name, url] of [
        ["queue", "/admin"],
        ["live-board", "/admin/live"],
      ] as const) {
        await operatorPage.goto(url);
        await expect(operatorPage.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(operatorPage.getByTestId("work-bar")).toBeVisible();
        await expect(operatorPage.getByTestId("top-bar")).toHaveCount(0);
        await expect(operatorPage.locator("footer")).toHaveCount(0);
        const sections = operatorPage.getByTestId("console-nav").getByRole("link", { name: language === "sv" ? "Bokningar" : "Bookings" });
        if (width < 1024) {
          await expect(sections).toBeHidden();
          await operatorPage.getByTestId("console-nav").getByRole("button").click();
        }
        await expect(sections).toBeVisible();
        expect(await operatorPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectAccessible(operatorPage);
        await operatorPage.screenshot({ path: `${shots}/${name}-${language}-${String(width)}.png`, fullPage: true });
      }
    }
  });
}

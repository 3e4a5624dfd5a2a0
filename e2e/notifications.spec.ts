import { expect, test } from "./support/test.ts";

// ADR 266, 267: a customer allows notifications in their settings (the browser's permission granted
// through the context), chooses channels per kind, and the choice is kept; the service worker shows
// a push message delivered to it (Chromium's DevTools protocol, ServiceWorker.deliverPushMessage).

test("a customer chooses channels per kind, and the service worker shows a push message", async ({ page, context, customer }) => {
  expect(customer.email).toContain("@");
  await context.grantPermissions(["notifications"]);
  await page.goto("/customer-profile");
  await page.getByRole("button", { name: /Notification Preferences/ }).click();
  const dialog = page.getByRole("dialog");
  const reminders = dialog.getByRole("group", { name: "Reminders before the start" });
  await expect(reminders.getByRole("checkbox", { name: "E-mail" })).toBeChecked();
  await expect(reminders.getByRole("checkbox", { name: "SMS" })).not.toBeChecked();
  await reminders.getByRole("checkbox", { name: "SMS" }).click();
  await expect(reminders.getByRole("checkbox", { name: "SMS" })).toBeChecked();
  await dialog.getByRole("switch", { name: "Quiet hours" }).click();
  await expect(dialog.getByRole("combobox", { name: "From" })).toBeVisible();
  await expect(dialog.getByRole("switch", { name: "Allow notifications on this device" })).toBeVisible();

  // Kept on the server, and shown again after a reload.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/profile/notifications")).json()) as { channels: Record<string, { sms: boolean }> }).channels[
          "booking-reminder"
        ]?.sms,
    )
    .toBe(true);
  await page.reload();
  await page.getByRole("button", { name: /Notification Preferences/ }).click();
  await expect(
    page.getByRole("dialog").getByRole("group", { name: "Reminders before the start" }).getByRole("checkbox", { name: "SMS" }),
  ).toBeChecked();
  const settings = (await (await page.request.get("/api/profile/notifications")).json()) as {
    quietHours: { start: number; end: number } | null;
  };
  expect(settings.quietHours).toEqual({ start: 22 * 60, end: 7 * 60 });

  // The service worker shows what a push service delivers.
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/notifications-worker.js");
    await navigator.serviceWorker.ready;
  });
  const session = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    session.on("ServiceWorker.workerRegistrationUpdated", (event: { registrations: { registrationId: string; scopeURL: string }[] }) => {
      const found = event.registrations.find((registration) => registration.scopeURL.endsWith("/"));
      if (found) resolve(found.registrationId);
    });
  });
  await session.send("ServiceWorker.enable");
  const origin = new URL(page.url()).origin;
  await session.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify({ title: "Your appointment on 4 Dec", body: "Starts 4 Dec 2027, 09:00.", url: "/customer-dashboard", tag: "t1" }),
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((notification) => `${notification.title} | ${notification.body}`);
      }),
    )
    .toEqual(["Your appointment on 4 Dec | Starts 4 Dec 2027, 09:00."]);
});

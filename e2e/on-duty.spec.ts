import { randomUUID } from "node:crypto";
import { addDays, operatorToday } from "../src/shared/time.ts";
import { createSignedInCustomer } from "./support/accounts.ts";
import { journeyDatabase, startBookingSoon } from "./support/journey-clock.ts";
import { uniqueEmail } from "./support/mailbox.ts";
import { createSignedInOperative, createSignedInOperator } from "./support/staff.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

// On duty end to end (docs/on-duty.md): the customer holds the SOS on a 390 px phone with the
// position allowed; the banner reaches the console (1280 px) live over its stream, with the
// booking, the people and the position; an operator acknowledges; the customer's page says who
// received it and when, without a reload. The lead's brief in Swedish shows the SOS and the
// check-in; a check-in missed beyond its grace raises an alarm the console shows. Every screen
// passes axe; screenshots are kept.

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = "test-results/on-duty";
const stockholm = { latitude: 59.3326, longitude: 18.0649 };

/** The lead set out a quarter of an hour ago, as if the time had passed since "On the way". */
function onTheWayEarlier(bookingId: string) {
  const handle = journeyDatabase();
  try {
    handle
      .prepare("update booking_assignments set on_the_way_at = ? where booking_id = ? and is_lead = 1")
      .run(new Date(Date.now() - 15 * 60_000).toISOString(), bookingId);
  } finally {
    handle.close();
  }
}

test("SOS from the customer's phone reaches the console at once, an operator acknowledges, the customer sees who; a missed check-in alerts", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // The customer on a phone that allows its position.
  const customerContext = await browser.newContext({
    viewport: phone,
    hasTouch: true,
    isMobile: true,
    geolocation: stockholm,
    permissions: ["geolocation"],
  });
  const customer = await customerContext.newPage();
  await createSignedInCustomer(customer.request, uniqueEmail("on-duty-customer"), "Harbour-Lights-42");
  const location = `Saltsjöbaden ${randomUUID().slice(0, 6)}, Sweden`;
  const booked = await customer.request.post("/api/bookings", {
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

  // The operator at 1280 px confirms, and offers the booking to one operative who leads.
  const staffContext = await browser.newContext({ viewport: desktop });
  const operator = await staffContext.newPage();
  await createSignedInOperator(operator.request, uniqueEmail("on-duty-operator"), "Quartz-Harbour-Lantern-58", "Karin Lund");
  const { operativeId, page: lead } = await createSignedInOperative(browser, operator, {
    name: `Johan Berg ${randomUUID().slice(0, 4)}`,
    email: uniqueEmail("on-duty-operative"),
    password: "Night-Harbour-Watch-57",
    language: "sv",
  });
  expect((await operator.request.post(`/api/admin/bookings/${bookingId}/confirm`, { data: {} })).status()).toBe(200);
  expect(
    (
      await operator.request.post(`/api/admin/bookings/${bookingId}/assignments`, { data: { operatives: [{ operativeId, lead: true }] } })
    ).status(),
  ).toBe(201);
  const listed = (await (await lead.request.get("/api/operative/assignments")).json()) as {
    assignments: { id: string; bookingId: string }[];
  };
  const assignmentId = listed.assignments.find((entry) => entry.bookingId === bookingId)?.id ?? "";
  expect((await lead.request.post(`/api/operative/assignments/${assignmentId}/accept`)).status()).toBe(200);

  // Before the team is on the way, the customer's page has no SOS button and says when it comes.
  await customer.goto(`/customer-dashboard/bookings/${bookingId}`);
  const sos = customer.getByTestId("sos-panel");
  await expect(sos).toContainText("The SOS button is available while your team is on the way or on duty.");
  await expect(customer.getByTestId("sos-hold")).toHaveCount(0);

  // The lead sets out (the booking now starts within the hour); the customer's page opens the SOS live.
  startBookingSoon(bookingId);
  expect((await lead.request.post(`/api/operative/assignments/${assignmentId}/status`, { data: { status: "on_the_way" } })).status()).toBe(
    200,
  );
  const hold = customer.getByTestId("sos-hold");
  await expect(hold).toBeVisible();
  await expectAccessible(customer);
  await customer.screenshot({ path: `${shots}/customer-sos-390.png`, fullPage: true });

  // The console is open on the queue before the alarm, with no banner.
  await operator.goto("/admin");
  await expect(operator.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(operator.getByTestId("alarm-banner")).toHaveCount(0);

  // A tap does nothing; holding for two seconds sends the alarm with the position.
  await hold.tap();
  await expect(customer.getByTestId("sos-alarms")).toHaveCount(0);
  const box = await hold.boundingBox();
  if (!box) throw new Error("the SOS button has no box");
  await customer.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await customer.mouse.down();
  await expect(hold).toContainText(/Keep holding/);
  await expect(customer.getByTestId("sos-alarms")).toContainText("Waiting for an operator to acknowledge", { timeout: 15_000 });
  await customer.mouse.up();

  // The banner reaches the console live, with the booking, who raised it and the position.
  const banner = operator.getByTestId("alarm-banner");
  await expect(banner).toContainText("ALARM: SOS from Astrid (Customer)", { timeout: 15_000 });
  await expect(banner).toContainText(location);
  await expect(banner).toContainText("Position: 59.33260, 18.06490");
  await expect(banner).toContainText("Johan");
  await expectAccessible(operator);
  await operator.screenshot({ path: `${shots}/console-banner-1280.png`, fullPage: true });
  // The banner is on every console page, the live board lists the engagement.
  await operator.getByRole("link", { name: "Live board" }).click();
  await expect(operator.getByTestId("alarm-banner")).toBeVisible();
  await expect(operator.getByTestId("live-board")).toContainText(location.split(",")[0] ?? location);
  await expectAccessible(operator);
  await operator.screenshot({ path: `${shots}/live-board-1280.png`, fullPage: true });

  // An operator acknowledges; the customer sees who received it and when, without a reload.
  await banner.getByTestId("alarm-acknowledge").click();
  await expect(operator.getByTestId("alarm-banner")).toHaveCount(0);
  await expect(customer.getByTestId("sos-received")).toContainText(/Received by Karin at /);
  await expectAccessible(customer);
  await customer.screenshot({ path: `${shots}/customer-received-390.png`, fullPage: true });

  // The lead's brief in Swedish: the SOS, and check-ins once the operator has set them.
  expect(
    (
      await operator.request.put(`/api/admin/bookings/${bookingId}/check-in-plan`, { data: { intervalMinutes: 10, graceMinutes: 1 } })
    ).status(),
  ).toBe(200);
  await lead.goto(`/operative/assignments/${assignmentId}`);
  await expect(lead.getByTestId("sos-panel")).toContainText("Nödläge");
  await expect(lead.getByTestId("sos-hold")).toContainText("Håll in för SOS");
  const checkIn = lead.getByTestId("check-in");
  await expect(checkIn).toContainText("Dina PIN-koder för incheckning");
  await lead.getByTestId("pins-pin").fill("2468");
  await lead.getByTestId("pins-duress").fill("1357");
  await lead.getByTestId("pins-save").click();
  await expect(lead.getByTestId("check-in-submit")).toBeVisible();
  await expectAccessible(lead);
  await lead.screenshot({ path: `${shots}/operative-brief-sv-390.png`, fullPage: true });

  // No check-in since setting out a quarter of an hour ago, with a 10-minute interval and a minute
  // of grace: the sweep raises a missed check-in, which the console shows as an alarm.
  onTheWayEarlier(bookingId);
  await expect(operator.getByTestId("alarm-banner")).toContainText("ALARM: Missed check-in from Johan (System)", { timeout: 120_000 });
  await operator.getByRole("link", { name: "Alarms" }).first().click();
  await expect(operator.getByTestId("alarms-list")).toContainText("Missed check-in");
  await expectAccessible(operator);
  await operator.screenshot({ path: `${shots}/alarms-1280.png`, fullPage: true });

  // The lead checks in; the check-in is on the brief.
  await lead.getByTestId("check-in-pin").fill("2468");
  await lead.getByTestId("check-in-submit").click();
  await expect(lead.getByTestId("check-in-last")).toContainText("Senaste incheckning");

  await customerContext.close();
  await staffContext.close();
  await lead.context().close();
});

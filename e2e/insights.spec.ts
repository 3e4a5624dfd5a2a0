import path from "node:path";
import { readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { expect, expectAccessible, test, type Page } from "./support/test.ts";
import { addDays, formatDay, operatorToday, startOfDayInZone } from "../src/shared/time.ts";
import { createSignedInCustomer } from "./support/accounts.ts";
import { uniqueEmail } from "./support/mailbox.ts";
import { e2eSettings } from "./support/settings.ts";
import { createSignedInOperator } from "./support/staff.ts";
import { contributionOf, weekOfDay } from "../src/server/insights/daily-summary.ts";

// The insights page in a real Chromium (docs/insights.md): an admin opens a past month holding a
// known set of requests — 20 received, 18 that count for the reply promise, 12 answered within
// 24 hours (66.7 %), 12 confirmed (60.0 %), €14,500 booked — and reads the figures, the charts, a
// chart's table and its CSV, in English and Swedish, at 1280 and 390 px, axe clean. Each chart is
// photographed for a person to look at. The month lies 200 days back, where no other journey
// writes, and the rows have fixed ids, so a second run finds the same figures.

const today = operatorToday(new Date());
const from = addDays(today, -200);
const to = addDays(from, 29);
const hour = 3_600_000;
const services = ["vip_residential", "vip_driver", "vip_outdoor"] as const;

/** Reply hours of the 15 answered requests: 12 within 24 h, then 30, 40 and 60 h. */
const replyHours = [0.5, 0.5, 1.5, 3, 3, 5, 6, 10, 14, 20, 22, 23, 30, 40, 60];

function seedMonth() {
  const database = new DatabaseSync(path.join(e2eSettings.dataDirectory, "app.db"));
  try {
    database.exec("PRAGMA busy_timeout = 5000");
    const insertBooking = database.prepare(`insert or ignore into bookings (id, user_id, customer_name, location, start_time, end_time,
      start_date, end_date, price, service_type, status, time_of_day, guard_count, total_days, vat_cents, language, request_hash,
      created_at, cancelled_at, confirmed_at, declined_at) values (?, null, ?, 'Visby, Sweden', ?, ?, ?, ?, ?, ?, ?, null, 1, 1, ?, 'en', ?, ?, ?, ?, ?)`);
    const insertLine = database.prepare(`insert or ignore into booking_lines (booking_id, position, service_id, service_type, title,
      description, options, daily_price_cents, guards, days, line_total_cents, vat_cents, vat_rate_basis_points)
      values (?, 0, ?, ?, 'Service', '', '{"guards":1,"days":1}', ?, 1, 1, ?, ?, 2500)`);
    // Two operatives of this month's own, working the confirmed bookings, for the utilisation chart.
    const stamp = new Date(`${from}T08:00:00.000Z`).toISOString();
    const operatives = ["ee000000-0000-4000-8000-0000000000a1", "ee000000-0000-4000-8000-0000000000a2"];
    for (const [index, id] of operatives.entries())
      database
        .prepare(
          `insert or ignore into operatives (id, name, phone, licence_number, licence_expires_on, languages, skills, active,
          created_at, updated_at) values (?, ?, '+46 70 111 22 33', ?, '2031-12-31', '["sv"]', '["close_protection"]', 1, ?, ?)`,
        )
        .run(id, index === 0 ? "Maja Insight" : "Nils Insight", `SE-INS-${index}`, stamp, stamp);
    const assign = database.prepare(
      `insert or ignore into booking_assignments (id, booking_id, operative_id, is_lead, created_at) values (?, ?, ?, ?, ?)`,
    );
    const eventStatement = database.prepare(
      `insert into events (type, booking_id, actor_user_id, actor_role, payload, created_at) values (?, ?, null, 'operator', '{}', ?)`,
    );
    let bookingEvents: { type: string; created_at: string }[] = [];
    const insertEvent = {
      run: (type: string, id: string, at: string | null) => {
        bookingEvents.push({ type, created_at: at ?? "" });
        eventStatement.run(type, id, at);
      },
    };
    // Rows written past the state machine add their contribution to the insights summary themselves (ADR 155).
    const addToSummary = database.prepare(
      `insert into insights_days (day, service_type, kind, n, cents) values (?, ?, ?, ?, ?)
       on conflict (day, service_type, kind) do update set n = insights_days.n + excluded.n, cents = insights_days.cents + excluded.cents`,
    );
    const addToWeeks = database.prepare(
      `insert into insights_weeks (week, service_type, kind, n, cents) values (?, ?, ?, ?, ?)
       on conflict (week, service_type, kind) do update set n = insights_weeks.n + excluded.n, cents = insights_weeks.cents + excluded.cents`,
    );
    // A third operative of this journey's own, whose licence runs out in 40 days, for the licences chart.
    database
      .prepare(
        `insert or ignore into operatives (id, name, phone, licence_number, licence_expires_on, languages, skills, active,
        created_at, updated_at) values (?, 'Olof Insight', '+46 70 111 22 34', 'SE-INS-2', ?, '["sv"]', '["driver"]', 1, ?, ?)`,
      )
      .run("ee000000-0000-4000-8000-0000000000a3", addDays(today, 40), stamp, stamp);
    const insertPayment = database.prepare(`insert or ignore into payments (id, booking_id, user_id, provider, purpose, amount_cents,
      currency, method_token, created_at) values (?, ?, null, 'simulated', 'hold', ?, 'eur', 'pm_insights', ?)`);
    const insertPaymentEvent = database.prepare(`insert or ignore into payment_events (id, payment_id, booking_id, type, amount_cents,
      idempotency_key, actor_role, created_at) values (?, ?, ?, ?, ?, ?, 'system', ?)`);
    const offer = database.prepare(`insert or ignore into booking_assignments (id, booking_id, operative_id, is_lead, created_at, state,
      respond_by, responded_at) values (?, ?, ?, 0, ?, ?, ?, ?)`);
    for (let index = 0; index < 20; index += 1) {
      const id = `ee000000-0000-4000-8000-${String(index).padStart(12, "0")}`;
      const created = new Date(`${addDays(from, 1 + index)}T10:00:00.000Z`);
      const after = (hours: number) => new Date(created.getTime() + hours * hour).toISOString();
      const service = services[index % 3] ?? "vip_residential";
      const price = (1000 + 100 * index) * 100;
      // 0–9 confirmed, 10–12 declined, 13–14 confirmed then cancelled, 15–17 cancelled unanswered after 40 h, 18–19 withdrawn within 3 h.
      const answered = index < 15 ? after(replyHours[index] ?? 0) : null;
      const kind =
        index < 10 ? "confirmed" : index < 13 ? "declined" : index < 15 ? "confirmedThenCancelled" : index < 18 ? "late" : "withdrawn";
      const cancelledAt =
        kind === "confirmedThenCancelled"
          ? after(72)
          : kind === "late"
            ? after(40)
            : kind === "withdrawn"
              ? after(3)
              : kind === "declined"
                ? answered
                : null;
      const status = kind === "confirmed" ? "confirmed" : kind === "declined" ? "declined" : "cancelled_by_customer";
      const startDate = addDays(from, 2 + index);
      const inserted = insertBooking.run(
        id,
        `Insights Customer ${index + 1}`,
        startOfDayInZone(startDate).toISOString(),
        startOfDayInZone(addDays(startDate, 1)).toISOString(),
        startDate,
        startDate,
        price,
        service,
        status,
        Math.round(price / 5),
        id,
        created.toISOString(),
        cancelledAt,
        kind === "confirmed" || kind === "confirmedThenCancelled" ? answered : null,
        kind === "declined" ? answered : null,
      );
      if (Number(inserted.changes) === 0) continue;
      bookingEvents = [];
      insertLine.run(id, `svc-${service}`, service, price, price, Math.round(price / 5));
      insertEvent.run("booking.pending", id, created.toISOString());
      if (kind === "confirmed" || kind === "confirmedThenCancelled") insertEvent.run("booking.confirmed", id, answered);
      if (kind === "confirmed")
        for (const [position, operative] of operatives.slice(0, 1 + (index % 2)).entries())
          assign.run(`${id}-${position}`, id, operative, position === 0 ? 1 : 0, answered);
      if (kind === "declined") insertEvent.run("booking.declined", id, answered);
      if (cancelledAt && kind !== "declined") insertEvent.run("booking.cancelled_by_customer", id, cancelledAt);
      // The payments ledger: booking 1 (€1,100) charged, €200 of it refunded; booking 2's €1,200 hold never captured.
      if (index === 1 || index === 2) {
        const paymentId = `${id}-pay`;
        insertPayment.run(paymentId, id, price, answered);
        insertPaymentEvent.run(`${paymentId}-a`, paymentId, id, "authorised", price, `${paymentId}-a`, answered);
        if (index === 1) {
          insertPaymentEvent.run(`${paymentId}-c`, paymentId, id, "captured", price, `${paymentId}-c`, after(30));
          insertPaymentEvent.run(`${paymentId}-r`, paymentId, id, "refunded", 20_000, `${paymentId}-r`, after(50));
        }
      }
      // Offers on the declined requests: two accepted, one declined, one released unanswered at its deadline.
      if (kind === "declined") {
        const respondBy = after(48);
        offer.run(`${id}-o1`, id, operatives[0] ?? "", created.toISOString(), index === 10 ? "declined" : "accepted", respondBy, after(5));
        if (index === 10) offer.run(`${id}-o2`, id, operatives[1] ?? "", created.toISOString(), "released", respondBy, respondBy);
      }
      const assigned = kind === "confirmed" ? 1 + (index % 2) : index === 10 ? 2 : kind === "declined" ? 1 : 0;
      const contribution = contributionOf({
        booking: {
          created_at: created.toISOString(),
          status,
          service_type: service,
          start_date: startDate,
          end_date: startDate,
          confirmed_at: kind === "confirmed" || kind === "confirmedThenCancelled" ? answered : null,
          declined_at: kind === "declined" ? answered : null,
          cancelled_at: cancelledAt,
        },
        lines: [{ service_type: service, line_total_cents: price }],
        events: bookingEvents,
        assignments: assigned,
      });
      for (const row of contribution) {
        addToSummary.run(row.day, row.service_type, row.kind, row.n, row.cents);
        addToWeeks.run(weekOfDay(row.day), row.service_type, row.kind, row.n, row.cents);
      }
    }
  } finally {
    database.close();
  }
}

const charts = [
  "chart-reply-times",
  "chart-waiting",
  "chart-demand",
  "chart-demand-by-service",
  "chart-start-days",
  "chart-money-weekly",
  "chart-money-by-service",
  "chart-payments-weekly",
  "chart-average-by-service",
  "chart-utilisation",
  "chart-offers",
  "chart-licence-expiry",
  "licences",
];

async function photographCharts(page: Page, label: string) {
  // No tooltip in the pictures: the pointer rests outside the charts.
  await page.mouse.move(0, 0);
  for (const chart of charts) {
    const frame = page.getByTestId(chart);
    await frame.scrollIntoViewIfNeeded();
    await frame.screenshot({ path: `test-results/insights-${chart}-${label}.png` });
  }
}

test("an admin reads the insights of a past month: figures, charts, a table, a CSV; English and Swedish; 1280 and 390 px", async ({
  page,
  browser,
}) => {
  test.slow();
  seedMonth();
  const email = uniqueEmail("insights-admin");
  await createSignedInOperator(page.request, email, "Quartz-Harbour-Lantern-71");

  await page.goto(`/admin/insights?from=${from}&to=${to}`);
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Insights" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByTestId("figure-share").getByTestId("figure-value")).toHaveText("66.7%");
  await expect(page.getByTestId("figure-requests").getByTestId("figure-value")).toHaveText("20");
  await expect(page.getByTestId("figure-conversion").getByTestId("figure-value")).toHaveText("60.0%");
  await expect(page.getByTestId("figure-booked").getByTestId("figure-value")).toHaveText("€14,500");
  await expect(page.getByTestId("figure-average").getByTestId("figure-value")).toHaveText("€1,450");
  await expect(page.getByTestId("reply-share-sentence")).toHaveText(
    "12 of the 18 requests that count were answered within 24 hours (66.7%); 3 went unanswered past 24 hours.",
  );
  await expect(page.getByTestId("chart-reply-times").getByTestId("chart-summary")).toHaveText(
    "Of 15 answered requests, 12 were answered within 24 hours and 3 later. The most common reply time was 12–24 h.",
  );
  // Money from the payments ledger, and the team's answers to offers.
  await expect(page.getByTestId("figure-captured").getByTestId("figure-value")).toHaveText("€1,100");
  await expect(page.getByTestId("figure-outstanding").getByTestId("figure-value")).toHaveText("€1,200");
  await expect(page.getByTestId("chart-payments-weekly").getByTestId("chart-summary")).toContainText(
    "€1,100 captured and €200 refunded in this period; €1,200 outstanding at its end.",
  );
  await expect(page.getByTestId("chart-offers").getByTestId("chart-summary")).toHaveText(
    "2 offers accepted, 1 declined and 1 released unanswered at the deadline (50.0% not accepted).",
  );
  await expect(page.getByTestId("chart-licence-expiry").getByTestId("chart-summary")).toContainText("run out within 90 days");
  // Every chart is drawn (an SVG from the lazily loaded library, or the heat map's cells).
  for (const chart of charts.filter((name) => name.startsWith("chart-") && name !== "chart-waiting" && name !== "chart-start-days")) {
    await expect(page.getByTestId(chart).getByTestId("chart-drawing").locator("svg.recharts-surface")).toBeVisible();
  }
  await expectAccessible(page);

  // The histogram's table, behind its toggle, says the same as the bars.
  const histogram = page.getByTestId("chart-reply-times");
  await histogram.getByRole("button", { name: "Show the data as a table" }).click();
  await expect(histogram.getByRole("button", { name: "Hide the table" })).toHaveAttribute("aria-expanded", "true");
  const rows = histogram.getByRole("table", { name: "Time to reply" }).getByRole("row");
  await expect(rows).toHaveCount(9);
  await expect(rows.nth(3)).toHaveText("2–4 h (within 24 h)2");
  await expect(rows.nth(6)).toHaveText("12–24 h (within 24 h)4");
  await expect(rows.nth(7)).toHaveText("24–48 h (over 24 h (late))2");
  await expectAccessible(page);

  // Its CSV holds the same numbers.
  const download = page.waitForEvent("download");
  await histogram.getByRole("button", { name: "Download the data of “Time to reply” as CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`insights-reply-times-${from}-${to}.csv`);
  const csv = readFileSync(await file.path(), "utf8");
  expect(csv).toBe("\uFEFFReply time,Answered requests\r\n0-1,2\r\n1-2,1\r\n2-4,2\r\n4-8,2\r\n8-12,1\r\n12-24,4\r\n24-48,2\r\n48+,1\r\n");

  await photographCharts(page, "en-1280");
  await page.screenshot({ path: "test-results/insights-page-en-1280.png", fullPage: true });

  // A phone: the charts stack in one column and the page stays accessible.
  await page.setViewportSize({ width: 390, height: 844 });
  const first = await page.getByTestId("chart-demand").boundingBox();
  const second = await page.getByTestId("chart-demand-by-service").boundingBox();
  expect(first && second && second.y >= first.y + first.height).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await photographCharts(page, "en-390");

  // In Swedish.
  await page.evaluate(() => window.localStorage.setItem("language", "sv"));
  await page.reload();
  await expect(page.getByRole("heading", { name: "Insikter", level: 1 })).toBeVisible();
  await expect(page.getByTestId("figure-share").getByTestId("figure-value")).toHaveText("66,7\u00a0%");
  await expect(page.getByTestId("figure-booked").getByTestId("figure-value")).toHaveText("14\u00a0500\u00a0€");
  await expect(page.getByTestId("chart-offers").getByTestId("chart-summary")).toHaveText(
    "2 erbjudanden accepterade, 1 avböjda och 1 släppta obesvarade vid sista svarstid (50,0\u00a0% inte accepterade).",
  );
  await expect(page.getByTestId("reply-share-sentence")).toHaveText(
    "12 av de 18 förfrågningar som räknas besvarades inom 24 timmar (66,7\u00a0%); 3 förblev obesvarade efter 24 timmar.",
  );
  await expectAccessible(page);
  await photographCharts(page, "sv-390");
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page);
  await photographCharts(page, "sv-1280");

  // The period picker: a custom range that ends before it starts is refused in words; a preset moves the address.
  await page.getByRole("button", { name: "Eget intervall" }).click();
  await page.getByLabel("Från", { exact: true }).fill(to);
  await page.getByLabel("Till", { exact: true }).fill(from);
  await page.getByRole("button", { name: "Visa perioden" }).click();
  await expect(page.getByText("Sista dagen är före den första.")).toBeVisible();
  await page.getByRole("button", { name: "Senaste 7 dagarna" }).click();
  await expect(page).toHaveURL(/\/admin\/insights\?days=7$/);
  await expect(page.getByTestId("insights-period")).toContainText(`– ${formatDay(today, "sv")}`);
  await expect(page.getByRole("button", { name: "Senaste 7 dagarna" })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page);

  // Customers and signed-out visitors get nothing: the API answers 401 and 403, the page shows no figures.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  expect((await visitor.request.get(`/api/admin/insights?from=${from}&to=${to}`)).status()).toBe(401);
  await visitor.goto("/admin/insights");
  await expect(visitor).toHaveURL(/\/login/);
  await visitorContext.close();
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const customerEmail = uniqueEmail("insights-customer");
  // Signing up signs the customer in.
  await createSignedInCustomer(customer.request, customerEmail, "Harbour-Lights-42");
  expect((await customer.request.get(`/api/admin/insights?from=${from}&to=${to}`)).status()).toBe(403);
  await customer.goto("/admin/insights");
  await expect(customer.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(customer.getByTestId("insights-page")).toHaveCount(0);
  await customerContext.close();
});

import { randomUUID } from "node:crypto";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import sharp from "sharp";
import { expect, test, type Page } from "./support/test.ts";
import { addDays, operatorToday } from "../src/shared/time.ts";
import { createSignedInCustomer } from "./support/accounts.ts";
import { signInStaffThroughApi } from "./support/staff.ts";
import { uniqueEmail } from "./support/mailbox.ts";
import { e2eSettings } from "./support/settings.ts";

// OWASP XSS Prevention Cheat Sheet (ADR 084): markup typed into every text a customer or the
// operator types and sees again is drawn as text, in Chromium, on the production build: on the
// dashboard, the booking pages and the console no script runs (no dialog, no flag set), and no
// element of the markup appears in the page, while the text itself is on the screen.

const markup = {
  fullName: "<img src=x onerror=window.__hostile=1;alert(1)>",
  address: '"><svg onload=alert(2)> Strandvägen 7',
  city: "<script>window.__hostile=3;alert(3)</script>",
  country: "<b onmouseover=alert(4)>Sweden</b>",
  contact: "<iframe src=javascript:alert(5)></iframe>",
  location: "<img src=x onerror=alert(6)> Visby",
  notes: "<script>window.__hostile=7</script> ring twice",
  confirmNote: "<form action=https://evil.example><input name=password></form>",
  declineReason: '<a href="javascript:alert(8)">why</a>',
  rejectReason: "<style>body{display:none}</style> blurred photo",
  operative: "<svg/onload=alert(9)>Johan",
};

/** Elements or attributes any of the payloads would create if it were parsed as HTML. */
const injected =
  'img[src="x"], svg[onload], [onerror], [onmouseover], iframe[src^="javascript"], form[action*="evil"], a[href^="javascript"]';

const password = "Harbour-Lights-42";

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30, g: 80, b: 140 } } })
    .jpeg()
    .toBuffer();
}

/** Collects every dialog a page opens; a payload that ran would open one. */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on("dialog", (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

/** The page shows `texts` (as text or as a field's value), and nothing of them became markup. */
async function expectInert(page: Page, texts: string[]) {
  for (const text of texts) {
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            [
              document.body.innerText,
              ...[...document.querySelectorAll("input, textarea")].map((field) => (field as HTMLInputElement).value),
            ].join("\n"),
          ),
        { message: `${page.url()} shows ${text}` },
      )
      .toContain(text);
  }
  expect(await page.locator(injected).count(), `${page.url()} has no injected element`).toBe(0);
  expect(await page.evaluate(() => (window as { __hostile?: unknown }).__hostile), `${page.url()} ran no payload`).toBeUndefined();
  const injectedStyle = await page.evaluate(() =>
    [...document.querySelectorAll("style")].some((style) => style.textContent.includes("body{display:none}")),
  );
  expect(injectedStyle, `${page.url()} has no injected style`).toBe(false);
}

function promoteToAdmin(email: string) {
  const database = new DatabaseSync(path.join(e2eSettings.dataDirectory, "app.db"));
  try {
    database.exec("PRAGMA busy_timeout = 5000");
    database.prepare("update users set role = 'admin' where email = ?").run(email);
  } finally {
    database.close();
  }
}

test("markup typed into every shown-back field is drawn as text on the dashboard and in the console", async ({ browser }) => {
  test.slow();
  // The customer types markup into their profile, an I.C.E. contact and two bookings.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const customerDialogs = watchDialogs(customer);
  const customerEmail = uniqueEmail("hostile");
  await createSignedInCustomer(customer.request, customerEmail, password);
  const profile = await customer.request.patch("/api/profile", {
    data: { fullName: markup.fullName, address: markup.address, city: markup.city, country: markup.country },
  });
  expect(profile.status()).toBe(200);
  expect(
    (await customer.request.post("/api/emergency-contacts", { data: { name: markup.contact, phone: "+46 70 765 43 21" } })).status(),
  ).toBe(201);
  const book = async (days: number) => {
    const bookingId = randomUUID();
    const startDate = addDays(operatorToday(new Date()), days);
    const response = await customer.request.post("/api/bookings", {
      data: {
        bookingId,
        location: markup.location,
        startDate,
        services: [{ serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "day" } }],
        notes: markup.notes,
        language: "en",
      },
    });
    expect(response.status()).toBe(201);
    return bookingId;
  };
  const confirmed = await book(20);
  const declined = await book(21);
  const pending = await book(22);
  const upload = await customer.request.post("/api/account/id-verifications?type=passport", {
    data: await photo(),
    headers: { "Content-Type": "image/jpeg" },
  });
  expect(upload.status()).toBe(201);
  const documentId = ((await upload.json()) as { verification: { id: string } }).verification.id;

  // The operator answers with markup of their own.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  const staffDialogs = watchDialogs(staff);
  const adminEmail = uniqueEmail("hostile-admin");
  await createSignedInCustomer(staff.request, adminEmail, password);
  promoteToAdmin(adminEmail);
  await signInStaffThroughApi(staff, adminEmail, password);
  const operative = await staff.request.post("/api/admin/operatives", {
    data: {
      name: markup.operative,
      phone: "+46 70 111 22 33",
      licenceNumber: `SE-${randomUUID().slice(0, 8)}`,
      licenceExpiresOn: "2030-12-31",
    },
  });
  expect(operative.status()).toBe(201);
  const operativeId = ((await operative.json()) as { id: string }).id;
  const assign = await staff.request.post(`/api/admin/bookings/${confirmed}/assignments`, {
    data: { operatives: [{ operativeId, lead: true }] },
  });
  expect(assign.status()).toBeLessThan(300);
  expect((await staff.request.post(`/api/admin/bookings/${confirmed}/confirm`, { data: { note: markup.confirmNote } })).status()).toBe(200);
  expect((await staff.request.post(`/api/admin/bookings/${declined}/decline`, { data: { reason: markup.declineReason } })).status()).toBe(
    200,
  );
  expect(
    (await staff.request.post(`/api/admin/id-verifications/${documentId}/reject`, { data: { reason: markup.rejectReason } })).status(),
  ).toBe(200);

  // The customer's screens.
  await customer.goto("/customer-dashboard");
  await expectInert(customer, [markup.fullName, markup.address, markup.city, markup.country, "blurred photo"]);
  await customer.goto("/customer-profile");
  await expectInert(customer, [markup.fullName]);
  await customer.goto("/customer-dashboard/bookings");
  await expectInert(customer, [markup.location]);
  await customer.goto(`/customer-dashboard/bookings/${confirmed}`);
  await expectInert(customer, [markup.location, markup.notes, markup.confirmNote]);
  await customer.goto(`/customer-dashboard/bookings/${declined}`);
  await expectInert(customer, [markup.location]);
  await customer.goto(`/confirmation?booking=${pending}`);
  await expectInert(customer, [markup.location]);
  await customer.goto("/customer-dashboard/security");
  await expectInert(customer, [markup.contact]);
  expect(customerDialogs).toEqual([]);

  // The console's screens.
  await staff.goto("/admin");
  await expectInert(staff, [markup.fullName, markup.location]);
  await staff.goto(`/admin/bookings/${confirmed}`);
  await expectInert(staff, [markup.fullName, markup.location, markup.notes, markup.confirmNote, markup.contact, markup.operative]);
  await staff.goto(`/admin/bookings/${declined}`);
  await expectInert(staff, [markup.location, markup.declineReason]);
  await staff.goto("/admin/operatives");
  await expectInert(staff, [markup.operative]);
  await staff.goto("/admin/staff");
  await expectInert(staff, [markup.fullName]);
  // A new pending document puts the customer's name in the review list.
  const second = await customer.request.post("/api/account/id-verifications?type=id_card", {
    data: await photo(),
    headers: { "Content-Type": "image/jpeg" },
  });
  expect(second.status()).toBe(201);
  await staff.goto("/admin/id-documents");
  await expectInert(staff, [markup.fullName]);
  expect(staffDialogs).toEqual([]);

  await customerContext.close();
  await staffContext.close();
});

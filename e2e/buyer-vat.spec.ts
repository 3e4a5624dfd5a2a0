import { randomUUID } from "node:crypto";
import { formatMoney, vatOfInclusive } from "../src/shared/money.ts";
import { createSignedInCustomer } from "./support/accounts.ts";
import { keepBookingSearch } from "./support/kept-booking.ts";
import { uniqueEmail } from "./support/mailbox.ts";
import { paymentStep } from "./support/payment-step.ts";
import { createSignedInOperator } from "./support/staff.ts";
import { expect, expectAccessible, gotoHydrated, test, type Browser, type Page } from "./support/test.ts";

// ADR 222, 246 in a real Chromium against the production build: an approved German company (a valid
// DE VAT number, reverse charge under Mervärdesskattelag (2023:200) ch. 5 §4) books on the booking
// page and reads the net amounts with the reverse-charge words, never "incl. VAT 25 %": the
// summary's total, the payment step, the confirmation page, its booking in the dashboard and the
// operator's console. English at 1280 px, Swedish at 390 px.

const password = "Harbour-Lantern-42";
const screenshotDirectory = process.env.BUYER_VAT_SCREENSHOTS;

const words = {
  en: {
    note: "excl. VAT · reverse charge",
    line: "No Swedish VAT: reverse charge, the buyer accounts for the VAT",
    quotedTotal: "Quoted total (excl. VAT)",
    payment: /Total €[\d,.]+, excl\. VAT: reverse charge, your company accounts for the VAT\./,
    pay: /^Book and pay/,
    included: /incl\. VAT|of which VAT/,
  },
  sv: {
    note: "exkl. moms · omvänd betalningsskyldighet",
    line: "Ingen svensk moms: omvänd betalningsskyldighet, köparen redovisar momsen",
    quotedTotal: "Offererat totalpris (exkl. moms)",
    payment: /Totalt [\d\s,]+\s€ exkl\. moms: omvänd betalningsskyldighet, ert företag redovisar momsen\./,
    pay: /^Boka och betala/,
    included: /inkl\. moms|varav moms/,
  },
} as const;

/** Screenshots at 390 and 1280 px; a dialog is taken as the viewport shows it. */
async function shoot(page: Page, name: string, fullPage = true) {
  if (!screenshotDirectory) return;
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${screenshotDirectory}/${name}-${width}.png`, fullPage });
  }
  if (size) await page.setViewportSize(size);
}

/** An admin in a context of its own who approves the company named `companyName` (ADR 140). */
async function approveCompany(browser: Browser, origin: string, companyName: string) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  const email = uniqueEmail("vat-admin");
  await createSignedInOperator(admin.request, email, "Quartz-Harbour-Lantern-58");
  const listed = (await (await admin.request.get("/api/admin/invoicing/business-accounts?status=pending")).json()) as {
    accounts: { userId: string; companyName: string }[];
  };
  const account = listed.accounts.find((entry) => entry.companyName === companyName);
  expect(account).toBeDefined();
  const decided = await admin.request.post(`/api/admin/invoicing/business-accounts/${account?.userId}/decision`, {
    data: { decision: "approved" },
    headers: { Origin: origin },
  });
  expect(decided.status()).toBe(200);
  return { admin, close: () => context.close() };
}

for (const { language, width } of [
  { language: "en", width: 1280 },
  { language: "sv", width: 390 },
] as const) {
  test(`an approved German company books at net prices with the reverse-charge words (${language}, ${width} px)`, async ({
    page,
    browser,
  }) => {
    test.slow();
    const said = words[language];
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    if (language === "sv") await page.addInitScript(() => window.localStorage.setItem("language", "sv"));
    const email = uniqueEmail(`vat-${language}`);
    await createSignedInCustomer(page.request, email, password);
    await gotoHydrated(page, "/customer-dashboard");
    const origin = new URL(page.url()).origin;

    // The company's details with a valid German VAT number, approved by the operator.
    const companyName = `Müller Schutz ${randomUUID().slice(0, 6)} GmbH`;
    const saved = await page.request.put("/api/invoices/business", {
      data: { companyName, organisationNumber: "HRB 12345", vatNumber: "DE123456789", billingAddress: "Friedrichstraße 1, 10117 Berlin" },
      headers: { Origin: origin },
    });
    expect(saved.status()).toBe(200);
    const { admin, close } = await approveCompany(browser, origin, companyName);
    // A saved card, so the payment step offers it in either language.
    const card = await page.request.post("/api/account/payment-methods", {
      data: { cardNumber: "4242424242424242", expiry: "12/34", cvv: "123" },
      headers: { Origin: origin },
    });
    expect(card.status()).toBe(201);

    // The booking page: VIP Bodyguard for one day, priced net with the reverse-charge words.
    await keepBookingSearch(page, "Stockholm, Sweden", 3);
    await gotoHydrated(page, "/secure-booking");
    await page.locator("#service-svc-bodyguard-toggle").click();
    const summary = page.getByTestId("booking-summary");
    await expect(summary.getByTestId("booking-total-vat")).toHaveText(said.note);
    const shownTotal = await summary.getByTestId("booking-total").textContent();
    const shownDaily = await page.getByTestId("service-card-bodyguard").getByTestId("service-daily-price").textContent();
    await expect(summary).not.toContainText(said.included);
    await expectAccessible(page);
    await shoot(page, `booking-${language}`);

    await page.getByTestId("book-now").click();
    const step = paymentStep(page);
    await expect(step).toBeVisible({ timeout: 15_000 });
    await expect(step.getByText(said.payment)).toBeVisible();
    await expect(step.getByRole("radio", { name: /4242/ })).toBeChecked({ timeout: 15_000 });
    await shoot(page, `payment-step-${language}`, false);
    await step.getByRole("button", { name: said.pay }).click();
    await expect(page).toHaveURL(/\/confirmation\?booking=[0-9a-f-]{36}$/, { timeout: 20_000 });
    const bookingId = new URL(page.url()).searchParams.get("booking") ?? "";
    const booked = (await (await page.request.get(`/api/bookings/${bookingId}`)).json()) as {
      totalCents: number;
      vatCents: number;
      buyerVat: string;
      startDate: string;
      endDate: string;
      services: { serviceId: string; options: object; dailyPriceCents: number }[];
    };
    // What the page showed is what the server priced: the net amount, VAT 0.
    expect(booked).toMatchObject({ buyerVat: "eu_reverse_charge", vatCents: 0 });
    const net = booked.totalCents;
    // The catalogue's price of the same services (VAT included) less its VAT part (docs/money.md rule 1).
    const quote = (await (
      await page.request.post("/api/bookings/quote", {
        data: {
          startDate: booked.startDate,
          endDate: booked.endDate,
          services: booked.services.map(({ serviceId, options }) => ({ serviceId, options })),
          language,
        },
        headers: { Origin: origin },
      })
    ).json()) as { totalCents: number };
    expect(net).toBe(quote.totalCents - vatOfInclusive(quote.totalCents));
    // The summary and the service's card showed, before booking, the net amounts the server then priced and held.
    expect(shownTotal).toContain(formatMoney(net, language));
    expect(shownDaily).toContain(formatMoney(booked.services[0]?.dailyPriceCents ?? 0, language));

    // The confirmation page.
    await expect(page.getByTestId("confirmation-total")).toHaveText(formatMoney(net, language));
    await expect(page.getByTestId("confirmation-total").locator("..")).toContainText(said.quotedTotal);
    await expect(page.getByTestId("confirmation-vat")).toContainText(said.line);
    await expect(page.getByTestId("booking-details")).not.toContainText(said.included);
    await expectAccessible(page);
    await shoot(page, `confirmation-${language}`);

    // The booking in the dashboard: the list's card and the booking's own page.
    await gotoHydrated(page, "/customer-dashboard/bookings");
    const listed = page.getByTestId("booking-vat").first();
    await expect(listed).toContainText(said.line);
    await gotoHydrated(page, `/customer-dashboard/bookings/${bookingId}`);
    await expect(page.getByTestId("booking-total")).toContainText(formatMoney(net, language));
    await expect(page.getByTestId("booking-total")).toContainText(said.quotedTotal);
    await expect(page.getByTestId("booking-vat")).toContainText(said.line);
    await expectAccessible(page);
    await shoot(page, `dashboard-booking-${language}`);

    // The operator's console shows the same net total and says why there is no VAT.
    if (language === "sv") await admin.addInitScript(() => window.localStorage.setItem("language", "sv"));
    await admin.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await gotoHydrated(admin, `/admin/bookings/${bookingId}`);
    await expect(admin.getByTestId("booking-total")).toHaveText(formatMoney(net, language));
    await expect(admin.getByTestId("booking-vat")).toContainText(said.line);
    await shoot(admin, `console-booking-${language}`);
    await close();
  });
}

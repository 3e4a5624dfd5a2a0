import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { addDays } from "../src/shared/time.ts";
import { operatorToday } from "../src/shared/time.ts";
import { bgMaxRecords as record } from "../src/server/features/invoices/bgmax.ts";
import { createSignedInCustomer } from "./support/accounts.ts";
import { uniqueEmail } from "./support/mailbox.ts";
import { createSignedInOperator } from "./support/staff.ts";
import { expect, expectAccessible, test, type Page } from "./support/test.ts";

// docs/invoices.md in a real Chromium against the production build: a customer gives the company's
// details on the profile page, the operator approves the company, the customer pays a booking by
// invoice, the operator confirms it, the invoice is downloadable as a PDF on both sides, and the
// bank's BgMax file marks it Paid.

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `test-results/invoices-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("company details → operator approves → pay by invoice → confirm → invoice PDF → BgMax marks it Paid", async ({ page, browser }) => {
  test.slow();
  const adminEmail = uniqueEmail("admin");
  const adminPassword = "Quartz-Harbour-Lantern-58";
  await createSignedInOperator(page.request, adminEmail, adminPassword);

  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const customerEmail = uniqueEmail("company");
  await createSignedInCustomer(customer.request, customerEmail, "Harbour-Lights-42");
  const company = `Lindqvist Säkerhet ${randomUUID().slice(0, 4)} AB`;

  // The profile's company section: a wrong organisation number is refused in place, then saved.
  await customer.goto("/customer-dashboard");
  const section = customer.getByTestId("business-section");
  await expect(section.getByRole("heading", { name: "COMPANY AND INVOICING" })).toBeVisible();
  await section.getByLabel("Company name").fill(company);
  await section.getByLabel("VAT number").fill("SE556012579001");
  await section.getByLabel("Organisation number").fill("556012-5791");
  await section.getByLabel("Billing address").fill("Box 123, 114 56 Stockholm");
  await section.getByRole("button", { name: "Save company details" }).click();
  await expect(section.getByText(/organisation number of the VAT number/)).toBeVisible();
  await section.getByLabel("Organisation number").fill("556012-5790");
  await section.getByRole("button", { name: "Save company details" }).click();
  await expect(section.getByText("Awaiting approval")).toBeVisible();
  await expectAccessible(customer);
  await screenshots(customer, "profile");

  // The operator approves the company in the console's Invoicing page.
  await page.goto("/admin/invoicing");
  await expect(page.getByRole("heading", { name: "Invoicing", level: 1 })).toBeVisible();
  const pending = page.getByTestId("pending-company").filter({ hasText: company });
  await expect(pending).toHaveCount(1);
  await pending.getByRole("button", { name: "Approve" }).click();
  await expect(pending).toHaveCount(0);

  // The customer books and pays by invoice from the booking's page.
  const bookingId = randomUUID();
  const startDate = addDays(operatorToday(new Date()), 25);
  const location = `Visby ${randomUUID().slice(0, 6)}, Sweden`;
  const booked = await customer.request.post("/api/bookings", {
    data: {
      bookingId,
      location,
      startDate,
      endDate: addDays(startDate, 1),
      services: [{ serviceId: "svc-residential", options: { guards: 2, days: 2, timeOfDay: "night" } }],
      language: "en",
    },
  });
  expect(booked.status()).toBe(201);
  await customer.goto(`/customer-dashboard/bookings/${bookingId}`);
  await customer.getByRole("button", { name: "Pay by invoice" }).click();
  await expect(customer.getByText(/Paid by invoice: your invoice is issued when we confirm/)).toBeVisible();
  await expect(customer.getByText("No documents yet")).toBeVisible();

  // The operator confirms; the invoice is issued by the job queue and appears on the booking.
  await page.goto(`/admin/bookings/${bookingId}`);
  await page.getByTestId("confirm-booking").click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByTestId("booking-status")).toHaveText("Confirmed");
  const invoiceLink = page.getByRole("link", { name: /^Download Invoice \d+ \(PDF\)$/ });
  await expect(async () => {
    await page.reload();
    await expect(invoiceLink).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  const number = /Invoice (\d+)/.exec((await invoiceLink.textContent()) ?? "")?.[1];

  // The customer downloads it; the PDF holds the number, the company and the Bankgiro payment line.
  await customer.reload();
  const download = customer.waitForEvent("download");
  await customer.getByRole("link", { name: `Download Invoice ${number} (PDF)` }).click();
  const file = path.resolve(`test-results/invoice-${number}.pdf`);
  await (await download).saveAs(file);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  expect(text).toContain(`Invoice ${number}`);
  expect(text).toContain(company);
  expect(text).toMatch(/Pay to Bankgiro 5050-1055 with OCR reference \d+/);
  await expect(customer.getByTestId(`document-status-${number}`)).toHaveText("Unpaid");
  await screenshots(customer, "booking");

  // The bank's file of the day: the invoice's OCR and amount.
  const documents = (await (await customer.request.get(`/api/invoices/bookings/${bookingId}/documents`)).json()) as {
    documents: { ocrReference: string; totalCents: number }[];
  };
  const [invoice] = documents.documents;
  // A reference no invoice has, different on every run of the journey against the same data.
  const unknownReference = String(Date.now()).slice(-10);
  const bgmax = [
    record.opening(),
    record.section("5050-1055"),
    record.payment({ reference: invoice!.ocrReference, amountCents: invoice!.totalCents }),
    record.payment({ reference: unknownReference, amountCents: 1_000, serial: "2" }),
    record.deposit({ date: operatorToday(new Date()), amountCents: invoice!.totalCents + 1_000, count: 2 }),
    record.end({ payments: 2, deposits: 1 }),
  ].join("\r\n");
  const bgmaxFile = path.resolve(`test-results/bgmax-${number}.txt`);
  writeFileSync(bgmaxFile, bgmax, "latin1");
  expect(readFileSync(bgmaxFile, "latin1").split("\r\n")[2]).toHaveLength(80);
  await page.goto("/admin/invoicing");
  await page.getByTestId("bgmax-file").setInputFiles(bgmaxFile);
  await expect(page.getByTestId("bgmax-summary")).toHaveText("2 payments read: 1 matched, 0 partial, 0 overpaid, 1 unknown");
  const unknown = page.getByTestId("open-payment").filter({ hasText: unknownReference });
  await expect(unknown).toContainText("Unknown");
  await expect(
    page.getByTestId("period-document").filter({ has: page.getByRole("link", { name: `Invoice ${number}`, exact: true }) }),
  ).toContainText("Paid");
  await expectAccessible(page);
  await screenshots(page, "console");

  await customer.reload();
  await expect(customer.getByTestId(`document-status-${number}`)).toHaveText("Paid");
  await customerContext.close();
});

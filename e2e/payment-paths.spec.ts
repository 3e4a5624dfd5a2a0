import { mkdirSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { createSignedInCustomer } from "./support/accounts.ts";
import { keepBookingSearch } from "./support/kept-booking.ts";
import { uniqueEmail, waitForMail } from "./support/mailbox.ts";
import { nextYearDigits, paymentStep } from "./support/payment-step.ts";
import { createSignedInOperator } from "./support/staff.ts";
import { expect, expectAccessible, gotoHydrated, test, type Browser, type Locator, type Page } from "./support/test.ts";

// ADR 221, 244, 245 and 225 in a real Chromium against the production build: an approved company
// books on /secure-booking paying by invoice, moves the booking to a card and back before the
// confirmation; a card that needs the bank's extra check off-session (4000 0025 0000 3155) leaves a
// confirmed booking waiting in "payment needed" until the customer completes the check, or, as an
// approved company, pays by invoice instead — only then Confirmed, with the confirmation mail.
// Each journey in English at 1280 px and in Swedish at 390 px.

const password = "Harbour-Lantern-42";
const adminPassword = "Quartz-Harbour-Lantern-58";
const screenshotDirectory = "/tmp/pay-switch-screenshots";

type Variant = {
  language: "en" | "sv";
  width: number;
  words: {
    selectService: string;
    invoiceChoice: RegExp;
    bookByInvoice: RegExp;
    invoiceChosen: RegExp;
    cardInstead: string;
    cardNumber: string;
    expiry: string;
    saveCard: string;
    payByCard: string;
    cardChosen: string;
    payByInvoice: string;
    paymentNeeded: string;
    deadline: RegExp;
    completeCheck: string;
    invoiceInstead: string;
    confirmed: string;
    authorised: RegExp;
    consent: RegExp;
    bookAndPay: RegExp;
    addNew: string;
    confirmedMail: RegExp;
  };
};

const variants: Variant[] = [
  {
    language: "en",
    width: 1280,
    words: {
      selectService: "Select VIP Bodyguard",
      invoiceChoice: /^Invoice · due in 30 days/,
      bookByInvoice: /· pay by invoice$/,
      invoiceChosen: /Paid by invoice: your invoice is issued when we confirm/,
      cardInstead: "Pay by card instead",
      cardNumber: "Card Number",
      expiry: "Expiry Date",
      saveCard: "Save card",
      payByCard: "Pay by card",
      cardChosen: "Your booking is now paid by card.",
      payByInvoice: "Pay by invoice",
      paymentNeeded: "Payment needed",
      deadline: /^Please pay before /,
      completeCheck: "Complete the bank's check",
      invoiceInstead: "Pay by invoice instead",
      confirmed: "Confirmed",
      authorised: /^Authorised .* — charged when we confirm/,
      consent: /I agree that my card is saved/,
      bookAndPay: /^Book and pay/,
      addNew: "Add a new card",
      confirmedMail: /Your booking is confirmed/,
    },
  },
  {
    language: "sv",
    width: 390,
    words: {
      selectService: "Välj VIP-livvakt",
      invoiceChoice: /^Faktura · betalas inom 30 dagar/,
      bookByInvoice: /· betala mot faktura$/,
      invoiceChosen: /Betalas mot faktura: fakturan skickas när vi bekräftar/,
      cardInstead: "Betala med kort i stället",
      cardNumber: "Kortnummer",
      expiry: "Utgångsdatum",
      saveCard: "Spara kort",
      payByCard: "Betala med kort",
      cardChosen: "Bokningen betalas nu med kort.",
      payByInvoice: "Betala mot faktura",
      paymentNeeded: "Betalning behövs",
      deadline: /^Betala före /,
      completeCheck: "Genomför bankens kontroll",
      invoiceInstead: "Betala mot faktura i stället",
      confirmed: "Bekräftad",
      authorised: /reserverat — dras när vi bekräftar/,
      consent: /Jag godkänner att kortet sparas/,
      bookAndPay: /^Boka och betala/,
      addNew: "Lägg till ett nytt kort",
      confirmedMail: /Din bokning är bekräftad/,
    },
  },
];

async function signedInAdmin(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail("paths-admin");
  await createSignedInOperator(page.request, email, adminPassword);
  return { page, close: () => context.close() };
}

/** A signed-in customer in the variant's language and width (the language switcher's remembered choice, ADR 003). */
async function customer(page: Page, variant: Variant, prefix: string) {
  await page.setViewportSize({ width: variant.width, height: variant.width === 390 ? 844 : 900 });
  if (variant.language === "sv") await page.addInitScript(() => window.localStorage.setItem("language", "sv"));
  const email = uniqueEmail(prefix);
  await createSignedInCustomer(page.request, email, password);
  return email;
}

/** The company's details saved by the customer and approved by the operator in the console (ADR 140). */
async function approvedCompany(page: Page, admin: Page) {
  const company = `Lindqvist Säkerhet ${randomUUID().slice(0, 4)} AB`;
  const saved = await page.request.put("/api/invoices/business", {
    data: {
      companyName: company,
      organisationNumber: "556012-5790",
      vatNumber: "SE556012579001",
      billingAddress: "Box 123, 114 56 Stockholm",
    },
  });
  expect(saved.status()).toBe(200);
  await gotoHydrated(admin, "/admin/invoicing");
  const pending = admin.getByTestId("pending-company").filter({ hasText: company });
  await pending.getByRole("button", { name: "Approve" }).click();
  await expect(pending).toHaveCount(0);
}

/** The booking page with a search `daysAhead` from today and the bodyguard chosen, its payment step open. */
async function openPaymentStep(page: Page, variant: Variant, daysAhead: number) {
  await keepBookingSearch(page, "Stockholm, Sweden", daysAhead);
  await gotoHydrated(page, "/secure-booking");
  await page.getByRole("button", { name: variant.words.selectService }).click();
  await page.getByTestId("book-now").click();
  await expect(paymentStep(page)).toBeVisible({ timeout: 15_000 });
}

/** Types a new card into the open card form inside `scope` and saves it to the wallet. */
async function saveCard(scope: Locator, variant: Variant, number: string) {
  const field = scope.getByRole("textbox", { name: variant.words.cardNumber });
  const addNew = scope.getByRole("button", { name: variant.words.addNew });
  await expect(field.or(addNew)).toBeVisible({ timeout: 15_000 });
  if (await addNew.isVisible()) await addNew.click();
  await field.pressSequentially(number);
  await scope.getByRole("textbox", { name: variant.words.expiry }).pressSequentially(`12${nextYearDigits}`);
  await scope.getByLabel("CVV", { exact: true }).fill("123");
  await scope.getByRole("button", { name: variant.words.saveCard }).click();
  await expect(scope.getByRole("radio", { name: new RegExp(number.slice(-4)) })).toBeChecked();
}

/** A dialog is shot as the viewport shows it; a page in full. */
async function screenshot(page: Page, name: string, variant: Variant, fullPage = true) {
  mkdirSync(screenshotDirectory, { recursive: true });
  await page.screenshot({ path: `${screenshotDirectory}/${name}-${variant.language}-${variant.width}.png`, fullPage });
}

const bookingIdOf = (page: Page) => new URL(page.url()).searchParams.get("booking") ?? "";

for (const variant of variants) {
  const { words } = variant;

  test(`[${variant.language} ${variant.width}] a company books by invoice on the payment step, moves to a card and back`, async ({
    page,
    browser,
  }) => {
    test.slow();
    const admin = await signedInAdmin(browser);
    await customer(page, variant, "paths-invoice");
    await approvedCompany(page, admin.page);

    // The payment step offers the invoice beside the cards; booking by invoice asks for no card.
    await openPaymentStep(page, variant, 3);
    const step = paymentStep(page);
    await step.getByRole("radio", { name: words.invoiceChoice }).check();
    await expectAccessible(page);
    await screenshot(page, "payment-step-invoice", variant, false);
    await step.getByRole("button", { name: words.bookByInvoice }).click();
    await expect(page).toHaveURL(/\/confirmation\?booking=[0-9a-f-]{36}$/, { timeout: 20_000 });
    const bookingId = bookingIdOf(page);

    await gotoHydrated(page, `/customer-dashboard/bookings/${bookingId}`);
    const payment = page.getByTestId("invoice-payment");
    await expect(payment.getByText(words.invoiceChosen)).toBeVisible();

    // Back to a card before the confirmation: a new card through the one card form, held as at booking.
    await payment.getByRole("button", { name: words.cardInstead }).click();
    const panel = page.getByTestId("card-instead");
    await saveCard(panel, variant, "4242424242424242");
    await screenshot(page, "card-instead", variant);
    await panel.screenshot({ path: `${screenshotDirectory}/card-instead-panel-${variant.language}-${variant.width}.png` });
    await panel.getByRole("button", { name: words.payByCard, exact: true }).click();
    await expect(page.getByText(words.cardChosen)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("payment-status")).toContainText(words.authorised);
    await expect(payment.getByText(words.invoiceChosen)).toHaveCount(0);

    // And to the invoice once more: the card's hold is released.
    await payment.getByRole("button", { name: words.payByInvoice, exact: true }).click();
    await expect(payment.getByText(words.invoiceChosen)).toBeVisible({ timeout: 20_000 });
    await expect(payment.getByRole("button", { name: words.cardInstead })).toBeVisible();
    await expectAccessible(page);
    await admin.close();
  });

  test(`[${variant.language} ${variant.width}] a card that needs the bank's check off-session waits in payment needed until it is secured`, async ({
    page,
    browser,
  }) => {
    test.slow();
    const admin = await signedInAdmin(browser);
    const email = await customer(page, variant, "paths-needed");
    // In Swedish the customer is an approved company and pays by invoice instead; in English the bank's check is completed.
    const byInvoice = variant.language === "sv";
    if (byInvoice) await approvedCompany(page, admin.page);

    await openPaymentStep(page, variant, 12);
    await saveCard(paymentStep(page), variant, "4000002500003155");
    await paymentStep(page).getByRole("checkbox", { name: words.consent }).check();
    await paymentStep(page).getByRole("button", { name: words.bookAndPay }).click();
    await expect(page).toHaveURL(/\/confirmation\?booking=[0-9a-f-]{36}$/, { timeout: 20_000 });
    const bookingId = bookingIdOf(page);

    // The operator says yes; the charge asks for the bank's check, which nobody can answer off-session.
    await gotoHydrated(admin.page, `/admin/bookings/${bookingId}`);
    await admin.page.getByTestId("confirm-booking").click();
    await admin.page.getByTestId("confirm-dialog").getByRole("button", { name: "Confirm booking" }).click();
    await expect(admin.page.getByTestId("booking-status")).toContainText("Payment needed");

    await gotoHydrated(page, `/customer-dashboard/bookings/${bookingId}`);
    const panel = page.getByTestId("payment-needed");
    await expect(async () => {
      await page.reload();
      await expect(panel.getByTestId("payment-deadline")).toHaveText(words.deadline, { timeout: 8_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByTestId("booking-status")).toContainText(words.paymentNeeded);
    await expectAccessible(page);
    await screenshot(page, "payment-needed", variant);
    await panel.screenshot({ path: `${screenshotDirectory}/payment-needed-panel-${variant.language}-${variant.width}.png` });

    if (byInvoice) {
      await panel.getByRole("button", { name: words.invoiceInstead }).click();
    } else {
      // A consumer is not offered the invoice.
      await expect(panel.getByRole("button", { name: words.invoiceInstead })).toHaveCount(0);
      await panel.getByRole("button", { name: words.completeCheck }).click();
      await expect(page.getByRole("heading", { name: "Confirm this payment with your bank" })).toBeVisible({ timeout: 20_000 });
      await page.getByRole("button", { name: "Complete", exact: true }).click();
    }
    await expect(page.getByTestId("booking-status")).toContainText(words.confirmed, { timeout: 20_000 });
    await expect(panel).toHaveCount(0);
    const mail = await waitForMail(email, words.confirmedMail, 30_000);
    expect(mail.attachments.filter((attachment) => attachment.filename?.endsWith(".ics"))).toHaveLength(1);
    if (byInvoice)
      await expect(
        page
          .getByTestId("invoice-payment")
          .getByText(/faktura/i)
          .first(),
      ).toBeVisible();
    await admin.close();
  });
}

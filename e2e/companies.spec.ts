import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { createSignedInCustomer } from "./support/accounts.ts";
import { keepBookingSearch } from "./support/kept-booking.ts";
import { uniqueEmail, waitForMail } from "./support/mailbox.ts";
import { paymentStep } from "./support/payment-step.ts";
import { createSignedInOperator } from "./support/staff.ts";
import { expect, expectAccessible, gotoHydrated, test, type Browser, type Page } from "./support/test.ts";

// docs/companies.md in a real Chromium against the production build: a company's owner sets its
// policy and invites an assistant (booker) and an approver, who accept into their own accounts; the
// assistant books for the CEO above the approval limit, the approver approves from the link in the
// captured mail, the firm confirms, and the invoice PDF carries the cost centre and the reference.

const password = "Harbour-Lights-42";

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `test-results/companies-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function person(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(prefix);
  await createSignedInCustomer(page.request, email, password);
  return { page, email };
}

async function acceptInvitation(page: Page, company: string) {
  await gotoHydrated(page, "/customer-dashboard/company");
  const invitations = page.getByTestId("company-invitations");
  await expect(invitations).toContainText(company);
  await invitations.getByRole("button", { name: "Accept invitation" }).click();
  await expect(page.getByTestId("company-detail").getByRole("heading", { name: company })).toBeVisible();
}

test("an assistant books for the CEO above the limit → the approver approves from the mail → the firm confirms → the invoice carries the cost centre", async ({
  page,
  browser,
}) => {
  test.slow();
  await createSignedInOperator(page.request, uniqueEmail("companies-admin"), "Quartz-Harbour-Lantern-58");

  // The company: its business account, approved by the firm (docs/invoices.md).
  const owner = await person(browser, "company-owner");
  const company = `Lindqvist Säkerhet ${randomUUID().slice(0, 4)} AB`;
  const saved = await owner.page.request.put("/api/invoices/business", {
    data: {
      companyName: company,
      organisationNumber: "556012-5790",
      vatNumber: "SE556012579001",
      billingAddress: "Box 123, 114 56 Stockholm",
    },
  });
  expect(saved.status()).toBe(200);
  const approval = await page.request.get("/api/admin/invoicing/business-accounts?status=pending");
  const pending = ((await approval.json()) as { accounts?: { userId: string; companyName: string }[] }).accounts ?? [];
  const ownerAccount = pending.find((account) => account.companyName === company)?.userId;
  expect(ownerAccount).toBeTruthy();
  expect(
    (
      await page.request.post(`/api/admin/invoicing/business-accounts/${ownerAccount}/decision`, { data: { decision: "approved" } })
    ).status(),
  ).toBe(200);

  // The owner sets the policy and invites the assistant and the approver.
  await gotoHydrated(owner.page, "/customer-dashboard/company");
  const detail = owner.page.getByTestId("company-detail");
  await expect(detail.getByRole("heading", { name: company })).toBeVisible();
  const policy = owner.page.getByTestId("company-policy");
  await policy.getByLabel("Cost centres").fill("Board\nSales");
  await policy.getByRole("checkbox", { name: "A booking must carry a cost centre" }).check();
  await policy.getByLabel("Above this amount (EUR)").fill("100");
  await policy.getByRole("button", { name: "Save policy" }).click();
  await expect(owner.page.getByText("Policy saved")).toBeVisible();

  const assistant = await person(browser, "assistant");
  const approver = await person(browser, "approver");
  const members = owner.page.getByTestId("company-members");
  for (const [email, role] of [
    [assistant.email, "Booker"],
    [approver.email, "Approver"],
  ] as const) {
    await members.getByLabel("E-mail").fill(email);
    await members.getByRole("combobox", { name: "Role" }).last().click();
    await owner.page.getByRole("option", { name: role }).click();
    await members.getByRole("button", { name: "Send invitation" }).click();
    await expect(members.getByText(`Invited, not yet accepted: ${email}`)).toBeVisible();
  }
  await waitForMail(assistant.email, /invited to book for/);
  await expectAccessible(owner.page);
  await screenshots(owner.page, "owner");

  await acceptInvitation(assistant.page, company);
  await acceptInvitation(approver.page, company);

  // The assistant books for the company, for the CEO, with the Board cost centre and a PO number.
  await keepBookingSearch(assistant.page, `Stockholm ${randomUUID().slice(0, 4)}, Sweden`, 20);
  await gotoHydrated(assistant.page, "/secure-booking");
  await assistant.page.getByRole("button", { name: "Select VIP Bodyguard" }).click();
  await assistant.page.getByTestId("book-now").click();
  const step = paymentStep(assistant.page);
  await expect(step).toBeVisible({ timeout: 15_000 });
  await step.getByRole("radio", { name: company }).check();
  const fields = step.getByTestId("company-booking-fields");
  await fields.getByRole("combobox", { name: "Cost centre" }).click();
  await assistant.page.getByRole("option", { name: "Board" }).click();
  await fields.getByLabel(/Reference or PO number/).fill("PO-4711");
  await expectAccessible(assistant.page);
  await screenshots(assistant.page, "payment-step");
  await step.getByRole("button", { name: /pay by invoice/ }).click();
  await expect(assistant.page).toHaveURL(/\/confirmation\?booking=/, { timeout: 15_000 });
  const bookingId = new URL(assistant.page.url()).searchParams.get("booking") ?? "";

  // Not yet at the firm: awaiting the company's approval.
  const held = await assistant.page.request.get(`/api/bookings/${bookingId}`);
  expect(((await held.json()) as { status: string }).status).toBe("awaiting_company_approval");

  // The approver opens the link in the mail and approves.
  const mail = await waitForMail(approver.email, /asks .* to approve a booking/);
  const link = /https?:\/\/\S+\/customer-dashboard\/company\?approve=[0-9a-f-]+/.exec(mail.text ?? "")?.[0];
  expect(link).toBeTruthy();
  await approver.page.goto(new URL(link ?? "").pathname + new URL(link ?? "").search);
  const waiting = approver.page.getByTestId("awaiting-approval");
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText("PO-4711");
  await expectAccessible(approver.page);
  await screenshots(approver.page, "approval");
  await waiting.getByRole("button", { name: "Approve" }).click();
  await expect(approver.page.getByText("Approved: the booking is sent to Nordic Shield")).toBeVisible();
  await expect(waiting).toHaveCount(0);

  // The firm confirms; the invoice carries the company, the cost centre and the reference.
  await page.goto(`/admin/bookings/${bookingId}`);
  await page.getByTestId("confirm-booking").click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByTestId("booking-status")).toHaveText("Confirmed");
  const invoiceLink = page.getByRole("link", { name: /^Download Invoice \d+ \(PDF\)$/ });
  await expect(async () => {
    await page.reload();
    await expect(invoiceLink).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });

  // The owner finds it among the company's invoices and downloads it.
  await gotoHydrated(owner.page, "/customer-dashboard/company");
  const documents = owner.page.getByTestId("company-documents");
  await expect(documents).toContainText("Board");
  const download = owner.page.waitForEvent("download");
  await documents.getByRole("link", { name: "PDF" }).first().click();
  const file = path.resolve(`test-results/company-invoice-${bookingId}.pdf`);
  await (await download).saveAs(file);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  expect(text).toContain(company);
  expect(text).toMatch(/Cost centre Board/);
  expect(text).toMatch(/Your reference PO-4711/);
  await expect(owner.page.getByTestId("company-spend")).toContainText("Board");
  // The company's bookings, filtered by cost centre and status.
  const bookings = owner.page.getByTestId("company-bookings");
  await bookings.getByRole("combobox", { name: "Cost centre" }).click();
  await owner.page.getByRole("option", { name: "Sales" }).click();
  await expect(bookings.getByText("No bookings match.")).toBeVisible();
  await bookings.getByRole("combobox", { name: "Cost centre" }).click();
  await owner.page.getByRole("option", { name: "Board" }).click();
  await bookings.getByRole("combobox", { name: "Status" }).click();
  await owner.page.getByRole("option", { name: "Confirmed" }).click();
  await expect(bookings.getByTestId("company-booking")).toHaveCount(1);
  await expect(bookings.getByTestId("company-booking")).toContainText("PO-4711");
  await screenshots(owner.page, "company");

  // The same page in Swedish.
  await owner.page.context().addCookies([{ name: "language", value: "sv", url: new URL(owner.page.url()).origin }]);
  await gotoHydrated(owner.page, "/customer-dashboard/company");
  await expect(owner.page.getByRole("heading", { name: "FÖRETAG" })).toBeVisible();
  await expect(owner.page.getByTestId("company-policy").getByRole("button", { name: "Spara reglerna" })).toBeVisible();
  await screenshots(owner.page, "company-sv");
});

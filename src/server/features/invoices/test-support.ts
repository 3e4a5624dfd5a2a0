import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestApp } from "../../test-support/test-app.ts";
import { expect } from "vitest";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { startJobWorker } from "../../jobs/worker.ts";
import { systemClock } from "../../clock.ts";

// Helpers of the invoicing tests: PDFs read back with poppler's pdftotext (a real parser), and the
// job worker run once so queued documents are issued.

/**
 * The text of a PDF as poppler reads it, in reading order with the layout kept; `raw`, in the order
 * it was drawn instead, so a table cell that wraps reads as one run rather than interleaved with the
 * cells beside it.
 */
export function pdfText(pdf: Uint8Array, options: { raw?: boolean } = {}): string {
  const directory = mkdtempSync(path.join(tmpdir(), "pdf-text-"));
  try {
    const file = path.join(directory, "document.pdf");
    writeFileSync(file, pdf);
    return execFileSync("pdftotext", [options.raw ? "-raw" : "-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** GET a PDF through the app: its status, content type and bytes. */
export async function downloadPdf(test: TestApp, url: string, cookie: string) {
  const response = await test.app.request(url, { headers: { cookie } });
  return {
    status: response.status,
    type: response.headers.get("Content-Type"),
    disposition: response.headers.get("Content-Disposition"),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

/** Runs every due job (documents, their mails kept for the dev mailbox) until none is left. */
export async function runDueJobs(test: TestApp) {
  // The real time: a job queued by a job (a document's mail) is due when it is queued.
  const worker = startJobWorker(test.deps, {
    pollIntervalMs: 60_000,
    batchSize: 100,
    clock: systemClock,
    // Card captures and refunds are `payment` jobs; they queue the receipts and credit notes.
    payments: test.services.payments,
    bookingLifecycle: test.services.bookingLifecycle,
  });
  try {
    for (let round = 0; round < 10; round += 1) {
      if ((await worker.runOnce()) === 0) break;
    }
  } finally {
    await worker.stop();
  }
}

export const swedishCompany = {
  companyName: "Lindqvist Säkerhet AB",
  organisationNumber: "556012-5790",
  vatNumber: "SE556012579001",
  billingAddress: "Box 123, 114 56 Stockholm",
};

export const germanCompany = {
  companyName: "Müller Schutz GmbH",
  organisationNumber: "HRB 12345",
  vatNumber: "DE123456789",
  billingAddress: "Friedrichstraße 1, 10117 Berlin",
};

/** A new customer whose company (Swedish by default) an operator approved for invoice payment (ADR 140). */
export async function approvedCompany(
  test: TestApp,
  operatorCookie: string,
  company: typeof swedishCompany = swedishCompany,
  options: Parameters<typeof createSignedInUser>[1] = {},
) {
  const customer = await createSignedInUser(test, options);
  const saved = await test.request("PUT", "/api/invoices/business", { body: company, headers: { cookie: customer.cookie } });
  expect(saved.status).toBe(200);
  const decided = await test.request("POST", `/api/admin/invoicing/business-accounts/${customer.user.id}/decision`, {
    body: { decision: "approved" },
    headers: { cookie: operatorCookie },
  });
  expect(decided.status).toBe(200);
  return customer;
}

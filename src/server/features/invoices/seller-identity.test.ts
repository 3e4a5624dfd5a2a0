import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays } from "../../../shared/time.ts";
import type { Language } from "../../../shared/languages.ts";
import { operatorToday } from "../../../shared/time.ts";
import { sellerRegistrationLine, sellerWords } from "../../../shared/seller.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { insertBooking } from "../../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { loadSiteConfig } from "../../env.ts";
import { issueDocument } from "./documents-service.ts";
import { periodSieText } from "./sie.ts";
import { downloadPdf, pdfText } from "./test-support.ts";

// docs/invoices.md "Configuration": one identity of the firm. The footer's line (baked into the build
// from loadSiteConfig) and every document and export name the same seller, from the SELLER_* settings.

/** The organisation numbers a text names (NNNNNN-NNNN). */
const organisationNumbers = (text: string) => [...new Set(text.match(/\b\d{6}-\d{4}\b/g) ?? [])];

describeEachEngine("the firm's identity", (engine) => {
  const configured = {
    SELLER_NAME: "Vaktbolaget Norr AB",
    SELLER_ADDRESS: "Storgatan 1, 903 26 Umeå",
    SELLER_ORGANISATION_NUMBER: "556012-5790",
  };
  let defaults: TestApp;
  let custom: TestApp;
  beforeAll(async () => {
    defaults = await createTestApp(engine);
    custom = await createTestApp(engine, configured);
  });
  afterAll(async () => {
    await defaults.close();
    await custom.close();
  });

  async function receiptText(test: TestApp, language: Language) {
    const customer = await createSignedInUser(test, { language });
    const bookingId = await insertBooking(test, {
      userId: customer.user.id,
      startDate: addDays(operatorToday(new Date()), 20),
      status: "confirmed",
      priceCents: 50_000,
      language,
    });
    const payload = { bookingId, kind: "receipt" as const, paymentEventId: `capture-${bookingId}`, amountCents: 50_000 };
    const receipt = await issueDocument(test.db, test.deps.env, payload, new Date());
    return pdfText((await downloadPdf(test, `/api/invoices/documents/${receipt.document.id}/pdf`, customer.cookie)).bytes);
  }

  it("names the same organisation number in the default footer as on every receipt and in the SIE file", async () => {
    // What the build bakes into the pages is loadSiteConfig over the same variables the server reads.
    const site = loadSiteConfig({});
    const today = operatorToday(new Date());
    for (const language of ["en", "sv"] as const) {
      const footer = sellerRegistrationLine(site.seller, language);
      const receipt = await receiptText(defaults, language);
      expect(organisationNumbers(receipt)).toEqual(organisationNumbers(footer));
    }
    const sie = await periodSieText(defaults.db, defaults.deps.env.seller, { from: today, to: today }, today);
    expect(sie).toContain(`#ORGNR ${site.seller.organisationNumber}`);
    expect(sie).toContain(`#FNAMN "${site.seller.name}"`);
  });

  it("takes name, address, organisation and VAT numbers and the F-tax line from the seller settings alone, in English and Swedish", async () => {
    const site = loadSiteConfig(configured);
    expect(custom.deps.env.site.seller).toEqual(site.seller);
    expect(site.seller.vatNumber).toBe("SE556012579001");
    for (const language of ["en", "sv"] as const) {
      const footer = sellerRegistrationLine(site.seller, language);
      const receipt = await receiptText(custom, language);
      for (const part of [site.seller.name, site.seller.organisationNumber, site.seller.vatNumber, sellerWords(language).fTax]) {
        expect(footer).toContain(part);
        expect(receipt).toContain(part);
      }
      expect(receipt).toContain(site.seller.address);
      expect(organisationNumbers(receipt)).toEqual(["556012-5790"]);
    }
    const today = operatorToday(new Date());
    const sie = await periodSieText(custom.db, custom.deps.env.seller, { from: today, to: today }, today);
    expect(sie).toContain("#ORGNR 556012-5790");
    expect(sie).toContain('#FNAMN "Vaktbolaget Norr AB"');
  });
});

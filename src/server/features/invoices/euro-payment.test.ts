import { describe, expect, it } from "vitest";
import { parseIban } from "../../../shared/accounting-identifiers.ts";
import { loadEnvironment } from "../../env.ts";
import { renderAccountingDocumentMail } from "../../mail/templates/accounting-document.ts";
import type { DocumentContent } from "./document-content.ts";
import { renderDocumentPdf } from "./pdf.ts";
import { pdfText } from "./test-support.ts";

// docs/invoices.md "Paying an invoice in euro": a German company pays a euro invoice by SEPA credit
// transfer, so the invoice and its mail name the firm's IBAN and BIC with the OCR number as the
// reference; the Bankgiro only where the firm's Bankgiro account takes euro.

const environment = (extra: Record<string, string> = {}) => loadEnvironment({ NODE_ENV: "test", DATA_DIR: "/tmp/unused", ...extra });

function invoiceFor(seller: DocumentContent["seller"], language: "en" | "sv" = "en"): DocumentContent {
  return {
    kind: "invoice",
    number: 42,
    language,
    issueDate: "2026-11-29",
    dueDate: "2026-12-29",
    ocrReference: "10000428",
    bookingId: "00000000-0000-4000-8000-000000000001",
    bookingPeriod: { startDate: "2026-12-04", endDate: "2026-12-06" },
    seller,
    buyer: {
      name: "Jana Krüger",
      email: null,
      address: "Friedrichstraße 12, 10117 Berlin",
      companyName: "Krüger Sicherheit GmbH",
      organisationNumber: null,
      vatNumber: "DE123456788",
    },
    lines: [{ description: "Bodyguard", days: 2, guards: 1, totalCents: 31_840, vatRateBasisPoints: 0, vatCents: 0 }],
    totalCents: 31_840,
    vatCents: 0,
    reverseCharge: true,
    buyerVat: "eu_reverse_charge",
    reason: null,
    refersTo: null,
  };
}

describe("paying an invoice in euro", () => {
  it("checks an IBAN's digits and writes it in groups of four", () => {
    expect(parseIban("se4550000000058398257466")).toBe("SE45 5000 0000 0583 9825 7466");
    expect(parseIban("DE89 3704 0044 0532 0130 00")).toBe("DE89 3704 0044 0532 0130 00");
    expect(parseIban("SE45 5000 0000 0583 9825 7467")).toBeNull();
    expect(parseIban("not an iban")).toBeNull();
  });

  it("refuses to start with an IBAN whose check digits are wrong, naming the setting", () => {
    expect(() => environment({ SELLER_IBAN: "SE46 5000 0000 0583 9825 7466" })).toThrow(/SELLER_IBAN/);
    expect(() => environment({ SELLER_BIC: "ESSE" })).toThrow(/SELLER_BIC/);
  });

  it("names the IBAN, BIC and OCR reference on the invoice, and the Bankgiro beside them when it takes euro", async () => {
    const seller = environment().seller;
    expect(seller.bankgiroTakesEuro).toBe(true);
    const text = pdfText(await renderDocumentPdf(invoiceFor(seller))).replace(/\s+/g, " ");
    expect(text).toContain(
      "Pay in euro by SEPA credit transfer to IBAN SE45 5000 0000 0583 9825 7466, BIC ESSESESS, with reference 10000428.",
    );
    expect(text).toContain("Pay to Bankgiro 5050-1055 with OCR reference 10000428.");
  });

  it("leaves the Bankgiro out when the firm's Bankgiro account takes Swedish kronor only, in both languages", async () => {
    const seller = environment({ BANKGIRO_CURRENCY: "SEK", SELLER_IBAN: "DE89370400440532013000", SELLER_BIC: "cobadeffxxx" }).seller;
    const english = pdfText(await renderDocumentPdf(invoiceFor(seller))).replace(/\s+/g, " ");
    expect(english).not.toContain("Bankgiro");
    expect(english).toContain("IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX, with reference 10000428");
    const swedish = pdfText(await renderDocumentPdf(invoiceFor(seller, "sv"))).replace(/\s+/g, " ");
    expect(swedish).not.toMatch(/bankgiro/i);
    expect(swedish).toContain(
      "Betala i euro med SEPA-överföring till IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX, med referens 10000428.",
    );
  });

  it("tells the buyer the same in the invoice's mail", async () => {
    const mail = await renderAccountingDocumentMail({
      language: "en",
      supportEmail: "support@example.test",
      document: {
        kind: "invoice",
        number: 42,
        totalCents: 31_840,
        vatCents: 0,
        buyerVat: "eu_reverse_charge",
        paysFor: ["Bodyguard"],
        dueDate: "2026-12-29",
        ocrReference: "10000428",
        bankgiro: "5050-1055",
        bankgiroTakesEuro: false,
        iban: "DE89 3704 0044 0532 0130 00",
        bic: "COBADEFFXXX",
        fileName: "invoice-42.pdf",
        pdf: Buffer.from("%PDF"),
      },
    });
    expect(mail.text).toContain(
      "To pay in euro by SEPA credit transfer by Tue, 29 Dec 2026: IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX, reference 10000428.",
    );
    expect(mail.text).not.toContain("Bankgiro");
  });
});

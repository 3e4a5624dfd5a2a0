import { describe, expect, it } from "vitest";
import { printablePattern } from "../../../shared/text.ts";
import { undrawableCharacters, visualRuns } from "../../documents/document-text.ts";
import type { DocumentContent } from "./document-content.ts";
import { renderDocumentPdf } from "./pdf.ts";
import { pdfText } from "./test-support.ts";

// ADR 241: every name a customer can type comes out of the documents, checked by reading the PDF
// back with poppler's pdftotext, a real parser; what cannot be drawn is refused at input.

function receiptFor(name: string, address: string): DocumentContent {
  return {
    kind: "receipt",
    number: 1,
    language: "en",
    issueDate: "2026-11-29",
    dueDate: null,
    ocrReference: null,
    bookingId: "00000000-0000-4000-8000-000000000001",
    bookingPeriod: { startDate: "2026-12-04", endDate: "2026-12-06" },
    seller: {
      name: "Nordic Shield AB",
      address: "Stockholm",
      organisationNumber: "559123-4561",
      vatNumber: "SE559123456101",
      bankgiro: "5050-1055",
      bankgiroTakesEuro: true,
    },
    buyer: { name, email: null, address, companyName: null, organisationNumber: null, vatNumber: null },
    lines: [{ description: "Bodyguard", days: 2, guards: 1, totalCents: 39_800, vatRateBasisPoints: 2500, vatCents: 7960 }],
    totalCents: 39_800,
    vatCents: 7960,
    reverseCharge: false,
    buyerVat: "consumer",
    reason: null,
    refersTo: null,
  };
}

// Names and places in the scripts Sweden's customers write them in, with the words a reader must find.
const samples = [
  { script: "Latin", name: "Åsa Öberg-Nguyễn", address: "Strandvägen 7A, Stockholm" },
  { script: "Arabic", name: "فاطمة الزهراء", address: "شارع الملك 12" },
  { script: "Persian", name: "پرستو رضایی", address: "خیابان ولیعصر" },
  { script: "Cyrillic", name: "Иван Петров", address: "Невский проспект 28" },
  { script: "Greek", name: "Νίκος Παπαδόπουλος", address: "Οδός Ερμού 5" },
  { script: "Hebrew", name: "דוד כהן", address: "רחוב הרצל 10" },
  { script: "Chinese", name: "王小明", address: "北京市朝阳区建国路" },
];

// pdftotext marks right-to-left stretches with embedding controls; the words are what a reader sees.
const normalise = (text: string) =>
  text
    .normalize("NFKC")
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, "")
    .replace(/\s+/g, " ");

describe("documents in every script", () => {
  for (const sample of samples) {
    it(`prints a ${sample.script} name and address, every word in reading order`, async () => {
      expect(printablePattern.test(sample.name) && printablePattern.test(sample.address)).toBe(true);
      const text = normalise(pdfText(await renderDocumentPdf(receiptFor(sample.name, sample.address))));
      for (const word of [...sample.name.split(" "), ...sample.address.split(/[ ,]+/)]) {
        expect(text, `${word} in ${text.slice(0, 400)}`).toContain(normalise(word));
      }
    });
  }

  it("prints an emoji in a name, and keeps a name mixing scripts in reading order", async () => {
    const name = "Anna 🌟 Lindqvist";
    const mixed = "Leila ليلى Karimi";
    expect(printablePattern.test(name) && printablePattern.test(mixed)).toBe(true);
    const text = normalise(pdfText(await renderDocumentPdf(receiptFor(name, mixed))));
    expect(text).toContain("Anna");
    expect(text).toContain("🌟");
    expect(text).toContain("Lindqvist");
    expect(text).toMatch(/Leila\s*ليلى\s*Karimi/u);
  });

  it("orders runs as the bidirectional algorithm does: Arabic words right to left, Latin between them left to right", () => {
    const runs = visualRuns("مرحبا Anna سلام");
    // Drawn left to right: the last Arabic word first, then the Latin name, then the first Arabic word.
    expect(runs.map((run) => run.text.trim()).filter(Boolean)).toEqual(["سلام", "Anna", "مرحبا"]);
  });

  it("draws every character the input rule accepts", () => {
    const accepted: string[] = [];
    for (let codePoint = 0x20; codePoint <= 0x1faff; codePoint++) {
      const character = String.fromCodePoint(codePoint);
      if (printablePattern.test(character)) accepted.push(character);
    }
    expect(accepted.length).toBeGreaterThan(30_000);
    expect(undrawableCharacters(accepted.join(""))).toEqual([]);
  });

  it("refuses at input what no face can draw", () => {
    expect(printablePattern.test("राज कुमार")).toBe(false);
    expect(printablePattern.test("ᚠᚢᚦ")).toBe(false);
  });
});

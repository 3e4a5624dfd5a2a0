import { describe, expect, it } from "vitest";
import { BgMaxError, bgMaxRecords as record, parseBgMax } from "./bgmax.ts";

// The record layout of Bankgirot's BgMax manual: every record is 80 characters and starts with its
// transaction code; a damaged file is refused with its line number.

function file(lines: string[]) {
  return `${lines.join("\r\n")}\r\n`;
}

const good = () => [
  record.opening(),
  record.section("5050-1055"),
  record.payment({ reference: "10000019", amountCents: 125_000 }),
  record.information("Faktura 1"),
  record.payment({ reference: "65", amountCents: 5_000, serial: "2" }),
  record.payment({ reference: "", amountCents: 1_000, deduction: true, serial: "3" }),
  record.deposit({ date: "2026-12-01", amountCents: 129_000, count: 3 }),
  record.end({ payments: 2, deductions: 1, deposits: 1 }),
];

describe("the BgMax parser", () => {
  it("reads sections, payments in öre, deductions, information and the deposit", () => {
    const parsed = parseBgMax(file(good()));
    expect(parsed.test).toBe(true);
    expect(parsed.createdAt).toBe("2026-12-01T08:30:00");
    expect(parsed.sections).toHaveLength(1);
    const [section] = parsed.sections;
    expect(section).toMatchObject({ recipientBankgiro: "50501055", currency: "EUR", depositDate: "2026-12-01", depositCents: 129_000 });
    expect(section?.payments.map((payment) => [payment.kind, payment.reference, payment.amountCents])).toEqual([
      ["payment", "10000019", 125_000],
      ["payment", "65", 5_000],
      ["deduction", "", 1_000],
    ]);
    expect(section?.payments[0]?.information).toEqual(["Faktura 1"]);
    expect(record.opening()).toHaveLength(80);
    expect(record.payment({ reference: "1", amountCents: 1 })).toHaveLength(80);
    expect(record.deposit({ date: "2026-12-01", amountCents: 1, count: 1 })).toHaveLength(80);
  });

  const refusals: [string, (lines: string[]) => string[], RegExp][] = [
    ["an empty file", () => [""], /empty/],
    ["a file without the opening record", (lines) => lines.slice(1), /Line 1: The file must start with the opening record TK01/],
    ["another layout", (lines) => [lines[0]!.replace("BGMAX", "BGXXX"), ...lines.slice(1)], /Line 1: This is not a BgMax file/],
    [
      "letters in an amount",
      (lines) => lines.map((line, index) => (index === 2 ? `${line.slice(0, 40)}12X${line.slice(43)}` : line)),
      /Line 3: The amount \(positions 38–55\) must be digits/,
    ],
    [
      "a record longer than 80 characters",
      (lines) => lines.map((line, index) => (index === 2 ? `${line}X` : line)),
      /Line 3: A record is 80 characters long/,
    ],
    [
      "a deposit that does not add up",
      (lines) => lines.map((line, index) => (index === 6 ? record.deposit({ date: "2026-12-01", amountCents: 130_000, count: 3 }) : line)),
      /Line 7: The deposit is 130000 öre but its payments add up to 129000 öre/,
    ],
    [
      "a deposit that miscounts",
      (lines) => lines.map((line, index) => (index === 6 ? record.deposit({ date: "2026-12-01", amountCents: 129_000, count: 2 }) : line)),
      /Line 7: The deposit counts 2 payments/,
    ],
    [
      "an impossible date",
      (lines) => lines.map((line, index) => (index === 6 ? record.deposit({ date: "2026-02-30", amountCents: 129_000, count: 3 }) : line)),
      /Line 7: "20260230" is not a date/,
    ],
    ["a file cut short", (lines) => lines.slice(0, -1), /no end record TK70/],
    [
      "an end record that miscounts",
      (lines) => [...lines.slice(0, -1), record.end({ payments: 3, deductions: 1, deposits: 1 })],
      /Line 8: The end record counts 3 payments but the file holds 2/,
    ],
    [
      "a payment outside a section",
      (lines) => [lines[0]!, lines[2]!, ...lines.slice(1)],
      /Line 2: A payment record TK20 outside a section/,
    ],
    ["an unknown record", (lines) => [...lines.slice(0, 2), "99".padEnd(80), ...lines.slice(2)], /Line 3: Unknown record type "99"/],
    ["records after the end", (lines) => [...lines, record.opening()], /Line 9: Nothing may follow the end record/],
  ];
  for (const [name, change, message] of refusals) {
    it(`refuses ${name} with its line`, () => {
      expect(() => parseBgMax(file(change(good())))).toThrow(BgMaxError);
      expect(() => parseBgMax(file(change(good())))).toThrow(message);
    });
  }
});

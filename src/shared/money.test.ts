import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsFromEuros, decimalEuros, formatMoney, standardVatRateBasisPoints, sumCents, vatOfInclusive, vatPercent } from "./money.ts";

// docs/money.md: one formatter for every page and mail, and the VAT rounding rule.

const visible = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatMoney", () => {
  it("writes English amounts with the sign first and cents only when there are some", () => {
    expect(formatMoney(149_700, "en")).toBe("€1,497");
    expect(formatMoney(149_750, "en")).toBe("€1,497.50");
    expect(formatMoney(0, "en")).toBe("€0");
    expect(formatMoney(5, "en")).toBe("€0.05");
  });

  it("writes Swedish amounts with the sign last and no-break spaces, so an amount never wraps", () => {
    expect(formatMoney(149_700, "sv")).toBe("1\u00a0497\u00a0€");
    expect(visible(formatMoney(149_750, "sv"))).toBe("1 497,50 €");
    expect(visible(formatMoney(149_700, "sv-SE"))).toBe("1 497 €");
    expect(formatMoney(149_700, "sv")).not.toMatch(/ /);
  });

  // ADR 170: amounts of zero or more are written without Intl; they must read exactly as Intl's.
  it("writes every amount exactly as Intl.NumberFormat does, in both languages", () => {
    const intl = (cents: number, locale: string) => {
      const digits = cents % 100 === 0 ? 0 : 2;
      const options = { style: "currency", currency: "EUR", minimumFractionDigits: digits, maximumFractionDigits: digits } as const;
      return new Intl.NumberFormat(locale, options).format(cents / 100);
    };
    const amounts = fc.oneof(
      fc.integer({ min: 0, max: 100_000 }),
      fc.integer({ min: 0, max: 1_000_000_000_000 }),
      fc.integer({ min: -100_000, max: -1 }),
    );
    fc.assert(
      fc.property(amounts, (cents) => {
        expect(formatMoney(cents, "en")).toBe(intl(cents, "en-GB"));
        expect(formatMoney(cents, "sv")).toBe(intl(cents, "sv-SE"));
      }),
      { numRuns: 2_000 },
    );
    for (const cents of [0, 1, 99, 100, 99_900, 100_000, 123_456_789]) expect(formatMoney(cents, "sv")).toBe(intl(cents, "sv-SE"));
  });
});

describe("VAT", () => {
  it("is the Swedish standard rate of 25 %", () => {
    expect(standardVatRateBasisPoints).toBe(2500);
    expect(vatPercent()).toBe(25);
  });

  it("is the VAT part of a VAT-inclusive price, rounded half up to the cent", () => {
    // 1 497 € incl. 25 % VAT: 1 497 × 0.25 / 1.25 = 299.40 €.
    expect(vatOfInclusive(149_700)).toBe(29_940);
    // 0.10 € → 0.02 €; 0.02 € → 0.004 € → 0; 0.03 € → 0.006 → 0.01 €.
    expect(vatOfInclusive(10)).toBe(2);
    expect(vatOfInclusive(2)).toBe(0);
    expect(vatOfInclusive(3)).toBe(1);
    // Exactly half a cent rounds up (at 12 %: 14 × 1200 / 11200 = 1.5 → 2).
    expect(vatOfInclusive(14, 1200)).toBe(2);
    expect(vatOfInclusive(0)).toBe(0);
  });

  it("refuses a fraction of a cent rather than rounding it silently", () => {
    expect(() => vatOfInclusive(10.5)).toThrow(RangeError);
  });

  it("sums lines to totals and converts euros to cents without binary drift", () => {
    expect(sumCents([149_700, 49_900])).toBe(199_600);
    expect(centsFromEuros(19.99)).toBe(1999);
    expect(centsFromEuros(1497)).toBe(149_700);
  });
});

describe("decimalEuros", () => {
  it("writes cents as euros with two decimals, exactly, for the data export", () => {
    expect(decimalEuros(79_600)).toBe("796.00");
    expect(decimalEuros(5)).toBe("0.05");
    expect(decimalEuros(-1_250)).toBe("-12.50");
    expect(decimalEuros(123_456_789)).toBe("1234567.89");
  });

  it("reads back as the same number of cents for any amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const [euros = "", fraction = ""] = decimalEuros(cents).replace("-", "").split(".");
        expect(fraction).toHaveLength(2);
        expect(Math.sign(cents) * (Number(euros) * 100 + Number(fraction))).toBe(cents === 0 ? 0 : cents);
      }),
    );
  });
});

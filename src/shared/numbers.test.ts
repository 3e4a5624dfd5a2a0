import { describe, expect, it } from "vitest";
import { formatFileSize, formatNumber, formatPercent } from "./numbers.ts";

// ADR 200: plain numbers in the reader's language, English in en-GB and Swedish in sv-SE.

const visible = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatNumber", () => {
  it("groups and separates decimals the English way in English", () => {
    expect(formatNumber(1497.5, "en")).toBe("1,497.5");
    expect(formatNumber(1.25, "en")).toBe("1.25");
    expect(formatNumber(4.75, "en", 1)).toBe("4.8");
    expect(formatNumber(3.5, "en", 1, 1)).toBe("3.5");
    expect(formatNumber(12_345, "en", 0)).toBe("12,345");
  });

  it("groups with a no-break space and writes a decimal comma in Swedish", () => {
    expect(visible(formatNumber(1497.5, "sv"))).toBe("1 497,5");
    expect(formatNumber(1.25, "sv")).toBe("1,25");
    expect(formatNumber(12_345, "sv-SE", 0)).toBe("12\u00a0345");
  });
});

describe("formatPercent", () => {
  it("writes shares as percentages with the language's spacing", () => {
    expect(formatPercent(0.1, "en")).toBe("10%");
    expect(visible(formatPercent(0.1, "sv"))).toBe("10 %");
    expect(formatPercent(0.775, "en", 1)).toBe("77.5%");
    expect(visible(formatPercent(0.775, "sv", 1))).toBe("77,5 %");
  });
});

describe("formatFileSize", () => {
  it("writes kilobytes below one megabyte and megabytes from there", () => {
    expect(formatFileSize(512 * 1024, "en")).toBe("512 KB");
    expect(formatFileSize(5 * 1024 * 1024, "en")).toBe("5 MB");
    expect(formatFileSize(4.5 * 1024 * 1024, "sv")).toBe("4,5 MB");
  });
});

describe("formatNumber written by hand", () => {
  // The hand-written path (ADR 214) must write what Intl writes, or a page would change its digits
  // the moment a later number needed Intl.
  const intl = (value: number, locale: string, maximumDigits: number, minimumDigits: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: minimumDigits, maximumFractionDigits: maximumDigits }).format(value);
  const values = [
    ...Array.from({ length: 2_000 }, (_, index) => index * 7),
    ...Array.from({ length: 400 }, (_, index) => index / 4),
    ...Array.from({ length: 400 }, (_, index) => index / 100 + 1_000),
    0.1,
    0.05,
    1.005,
    12_345_678.9,
    2 ** 53,
    1e20,
    1e21,
    -0,
    -1.5,
  ];

  it("writes every number as Intl does, in both languages and with any digits", () => {
    for (const [language, locale] of [
      ["en", "en-GB"],
      ["sv", "sv-SE"],
    ] as const) {
      for (const [maximumDigits, minimumDigits] of [
        [2, 0],
        [1, 0],
        [0, 0],
        [2, 2],
        [1, 1],
      ] as const) {
        for (const value of values) {
          expect(formatNumber(value, language, maximumDigits, minimumDigits), `${value} ${locale} ${minimumDigits}–${maximumDigits}`).toBe(
            intl(value, locale, maximumDigits, minimumDigits),
          );
        }
      }
    }
  });
});

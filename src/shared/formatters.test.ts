import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// ADR 100, 101 and 200: money, dates and plain numbers are printed by one formatter each, so an amount
// or a day reads the same on every page, mail and PDF, in the reader's language. This test fails when
// a formatter of its own appears anywhere else, or when a euro sign is written into code by hand.

const root = fileURLToPath(new URL("../..", import.meta.url));

// The three formatters, and the two machine formats (a calendar day in a time zone, 'YYYY-MM-DD').
const formatterModules = new Set(["src/shared/money.ts", "src/shared/time.ts", "src/shared/numbers.ts"]);

const ownFormatter = /Intl\.(NumberFormat|DateTimeFormat)\b|\.toLocale(Date|Time)?String\(/;
// A euro sign outside comments and outside translation catalogues' field labels ('Price (€)').
const handWrittenEuro = /€(?!\))|\$\{[^}]*\}\s*€|€\s*\$\{/;

function sourceFiles(): string[] {
  return readdirSync(join(root, "src"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

function codeLines(file: string): { line: number; text: string }[] {
  return readFileSync(join(root, file), "utf8")
    .split("\n")
    .map((text, index) => ({ line: index + 1, text }))
    .filter(({ text }) => !/^\s*(\/\/|\*|\/\*)/.test(text));
}

describe("one formatter for money, one for dates, one for numbers", () => {
  it("builds no Intl formatter and calls no toLocaleString outside the formatter modules", () => {
    const offenders = sourceFiles()
      .filter((file) => !formatterModules.has(file))
      .flatMap((file) =>
        codeLines(file)
          .filter(({ text }) => ownFormatter.test(text))
          .map(({ line, text }) => `${file}:${line}: ${text.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it("writes no euro sign into code by hand", () => {
    const offenders = sourceFiles()
      .filter((file) => !formatterModules.has(file))
      .flatMap((file) =>
        codeLines(file)
          .filter(({ text }) => handWrittenEuro.test(text))
          .map(({ line, text }) => `${file}:${line}: ${text.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it("finds a formatter of its own when there is one", () => {
    expect(ownFormatter.test('new Intl.NumberFormat("en", { style: "currency" })')).toBe(true);
    expect(ownFormatter.test("date.toLocaleDateString(language)")).toBe(true);
    expect(handWrittenEuro.test("`From €${price} per day`")).toBe(true);
    expect(handWrittenEuro.test('basePrice: "Base price per day (€)",')).toBe(false);
  });
});

// Plain numbers in the reader's language (ADR 200): multipliers, ratings, shares, counts and file
// sizes, beside money (src/shared/money.ts, ADR 100) and dates (src/shared/time.ts, ADR 101). The
// three modules are the only places that build an Intl formatter for display, so a number reads the
// same on every page: English in en-GB ('1,497.5', '77.5%'), Swedish in sv-SE ('1 497,5', '77,5 %').
// Free of zod and of the DOM, so the first view of a page can use it (ADR 085).

import { groupThousands, numberSymbols } from "./number-symbols.ts";

export const localeOf = (language: string) => (language.startsWith("sv") ? "sv-SE" : "en-GB");

// Building an Intl.NumberFormat costs far more than using one: one per language and style.
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(language: string, style: "decimal" | "percent", minimumDigits: number, maximumDigits: number): Intl.NumberFormat {
  const locale = localeOf(language);
  const key = `${locale}|${style}|${minimumDigits}|${maximumDigits}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style, minimumFractionDigits: minimumDigits, maximumFractionDigits: maximumDigits });
    formatters.set(key, format);
  }
  return format;
}

/** A number with up to `maximumDigits` decimals (exactly `minimumDigits` at least): '1,497.5' / '1 497,5'. */
export function formatNumber(value: number, language: string, maximumDigits = 2, minimumDigits = 0): string {
  // ADR 214: a number that needs no rounding is written by hand (src/shared/number-symbols.ts), so a
  // page that shows multipliers (the service pages' pricing) builds no Intl formatter while it
  // hydrates; numbers.test.ts compares the two. Anything else (rounding, negatives, exponents) is Intl's.
  const written = String(value);
  const [whole = "", decimals = ""] = written.split(".");
  if (/^\d+(\.\d+)?$/.test(written) && !Object.is(value, -0) && decimals.length <= maximumDigits && minimumDigits <= maximumDigits) {
    const symbols = localeOf(language) === "sv-SE" ? numberSymbols.sv : numberSymbols.en;
    const fraction = decimals.padEnd(minimumDigits, "0");
    return groupThousands(whole, symbols.group) + (fraction ? symbols.decimal + fraction : "");
  }
  return formatter(language, "decimal", minimumDigits, maximumDigits).format(value);
}

/** A share 0–1 as a percentage: '10%' / '10 %'; with digits, '77.5%' / '77,5 %'. */
export function formatPercent(share: number, language: string, digits = 0): string {
  return formatter(language, "percent", digits, digits).format(share);
}

/** A file size for people: '512 KB', '4.5 MB' / '4,5 MB' (binary units, as operating systems show them). */
export function formatFileSize(bytes: number, language: string): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1 ? `${formatNumber(megabytes, language, 1)} MB` : `${formatNumber(bytes / 1024, language, 1)} KB`;
}

import { formatShortDay } from "../../../shared/time.ts";
import { formatNumber, formatPercent } from "../../../shared/numbers.ts";

// Numbers of the insights page in the reader's language: shares as percentages with one decimal
// ('77.5%' / '77,5 %'), counts with the language's grouping, and short days for chart axes
// ('26 Nov' / '26 nov.'). They go through the product's formatters (ADR 200): src/shared/numbers.ts,
// money.ts and dates.ts.

export { formatShortDay };

/** A share 0–1 as a percentage, or an en dash when there is none. */
export function formatShare(value: number | null, language: string): string {
  return value === null ? "–" : formatPercent(value, language, 1);
}

export function formatCount(value: number, language: string): string {
  return formatNumber(value, language, 0);
}

/** A difference of two shares in percentage points, unsigned (the sentence says up or down). */
export function formatPoints(value: number, language: string): string {
  return formatNumber(Math.abs(value) * 100, language, 1, 1);
}

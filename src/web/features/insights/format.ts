import { parseIsoDay } from "../../../shared/calendar-days.ts";

// Numbers of the insights page in the reader's language: shares as percentages with one decimal
// ('77.5%' / '77,5 %'), counts with the language's grouping, and short days for chart axes
// ('26 Nov' / '26 nov.'). Money and full dates go through src/shared/money.ts and dates.ts.

const localeOf = (language: string) => (language.startsWith("sv") ? "sv-SE" : "en-GB");
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(language: string, kind: "percent" | "count" | "points"): Intl.NumberFormat {
  const key = `${kind}|${localeOf(language)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(
      localeOf(language),
      kind === "percent"
        ? { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }
        : kind === "points"
          ? { minimumFractionDigits: 1, maximumFractionDigits: 1 }
          : { maximumFractionDigits: 0 },
    );
    cache.set(key, format);
  }
  return format;
}

/** A share 0–1 as a percentage, or an en dash when there is none. */
export function formatShare(value: number | null, language: string): string {
  return value === null ? "–" : numberFormat(language, "percent").format(value);
}

export function formatCount(value: number, language: string): string {
  return numberFormat(language, "count").format(value);
}

/** A difference of two shares in percentage points, unsigned (the sentence says up or down). */
export function formatPoints(value: number, language: string): string {
  return numberFormat(language, "points").format(Math.abs(value) * 100);
}

/** A calendar day as a short axis label: '26 Nov' / '26 nov.'. */
export function formatShortDay(isoDay: string, language: string): string {
  const key = `short|${localeOf(language)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), { day: "numeric", month: "short", timeZone: "UTC" });
    cache.set(key, format);
  }
  const time = parseIsoDay(isoDay);
  return time === null ? isoDay : format.format(time);
}

// The digits of a number written by hand, character for character as Intl.NumberFormat writes them
// in en-GB and sv-SE (ADR 170, ADR 214): building the first Intl formatter of a page loads the locale's data,
// a long task on a slow phone in the middle of hydration. Used by the money formatter
// (src/shared/money.ts) and the plain-number formatter (src/shared/numbers.ts); their tests compare
// the hand-written digits with Intl's.

/** CLDR's number symbols: en-GB groups with a comma, sv-SE with a no-break space and a decimal comma. */
export const numberSymbols = {
  en: { group: ",", decimal: "." },
  sv: { group: "\u00a0", decimal: "," },
} as const;

export function groupThousands(digits: string, separator: string): string {
  let grouped = "";
  for (let index = 0; index < digits.length; index++) {
    if (index > 0 && (digits.length - index) % 3 === 0) grouped += separator;
    grouped += digits[index];
  }
  return grouped;
}

// Money (docs/money.md, ADR 100): amounts are integer euro cents everywhere — database, API, pricing
// engine, pages and mails — and are turned into text by the one formatter below. Free of zod and of
// the DOM, so the booking page's first view can use it (ADR 085).
//
// Rounding rules (docs/money.md "Rounding"):
// - Consumer prices include VAT (Prisinformationslagen (2004:347): a price shown to a consumer is
//   the total price, taxes included) and say so. The VAT part of a VAT-inclusive amount is
//   round-half-up(gross × rate / (1 + rate)), computed in integers per booking line.
// - A booking's total and its VAT are the sums of its lines' totals and VAT parts, never a VAT
//   computed again on the sum (so the lines on a receipt always add up to its totals).
// - An amount set by hand (an operator's adjusted total) is one line of its own: its VAT part is
//   computed on it with the same rule.

import { groupThousands, numberSymbols } from "./number-symbols.ts";

export const currency = "EUR";

/**
 * The Swedish standard VAT rate (Mervärdesskattelag (2023:200) ch. 9 §1: 25 %), which applies to
 * security and guarding services; in basis points (1/100 %), so that no rate is ever a float.
 */
export const standardVatRateBasisPoints = 2500;

const basisPointsPerWhole = 10_000;

/** Whole euros as cents (catalogue prices and operator inputs are whole or 2-decimal euros). */
export function centsFromEuros(euros: number): number {
  return Math.round(Number((euros * 100).toFixed(6)));
}

/** Cents as euros, for inputs that edit an amount in euros. */
export function eurosFromCents(cents: number): number {
  return cents / 100;
}

/** Integer division rounding half away from zero (half-up for the non-negative amounts we price). */
function divideRoundingHalfUp(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const magnitude = Math.abs(numerator);
  const divisor = Math.abs(denominator);
  return sign * Math.floor((2 * magnitude + divisor) / (2 * divisor));
}

/** The VAT part of a VAT-inclusive amount: round-half-up(gross × rate / (1 + rate)), in cents. */
export function vatOfInclusive(grossCents: number, rateBasisPoints: number = standardVatRateBasisPoints): number {
  if (!Number.isInteger(grossCents)) throw new RangeError(`Not a whole number of cents: ${grossCents}`);
  return divideRoundingHalfUp(grossCents * rateBasisPoints, basisPointsPerWhole + rateBasisPoints);
}

/** The rate as a percentage for copy ('25 %'). */
export function vatPercent(rateBasisPoints: number = standardVatRateBasisPoints): number {
  return rateBasisPoints / 100;
}

/** Sums cents (a booking's total and VAT are sums of its lines). */
export function sumCents(amounts: Iterable<number>): number {
  let sum = 0;
  for (const amount of amounts) sum += amount;
  return sum;
}

// Building an Intl.NumberFormat costs far more than using one: one per language and precision.
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(swedish: boolean, withCents: boolean): Intl.NumberFormat {
  const key = `${swedish ? "sv" : "en"}|${withCents ? 2 : 0}`;
  let format = formatters.get(key);
  if (!format) {
    const digits = withCents ? 2 : 0;
    format = new Intl.NumberFormat(swedish ? "sv-SE" : "en-GB", {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, format);
  }
  return format;
}

/**
 * The one money formatter of the product (web, mail, calendar files): English '€1,497' and
 * '€1,497.50', Swedish '1 497 €' and '1 497,50 €' (the no-break spaces of Intl's sv-SE, so an
 * amount never breaks across lines). Cents are shown only when there are some.
 */
export function formatMoney(cents: number, language: string): string {
  const whole = Math.round(cents);
  const swedish = language.startsWith("sv");
  const withCents = whole % 100 !== 0;
  // ADR 170: amounts of zero or more are written by hand (src/shared/number-symbols.ts; money.test.ts
  // compares the two), and the rest by Intl.
  if (whole < 0 || !Number.isSafeInteger(whole)) return formatter(swedish, withCents).format(whole / 100);
  const separators = swedish ? numberSymbols.sv : numberSymbols.en;
  const euros = groupThousands(String(Math.floor(whole / 100)), separators.group);
  const amount = withCents ? `${euros}${separators.decimal}${String(whole % 100).padStart(2, "0")}` : euros;
  return swedish ? `${amount}\u00a0€` : `€${amount}`;
}

/**
 * The part of a booking's total set by hand (an operator's adjusted total, an approved quote
 * version's): the total less the sum of its lines, 0 when they add up. Shown as a line of its own
 * on the booking's pages, mails and documents (docs/money.md), so the lines always add up to the total.
 */
export function priceAdjustmentCents(totalCents: number, lineTotalsCents: readonly number[]): number {
  return totalCents - sumCents(lineTotalsCents);
}

/** A change of an amount with its sign: '+€302', '−€50' ('+302 €', '−50 €'); the minus is U+2212. */
export function formatMoneyChange(cents: number, language: string): string {
  return `${cents < 0 ? "\u2212" : "+"}${formatMoney(Math.abs(cents), language)}`;
}

/**
 * Cents as a decimal string of euros with two decimals ('796.00', '-12.50'), for machine-readable
 * copies such as the data export (docs/data-export.md): exact, no float, no grouping, '.' always.
 */
export function decimalEuros(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const magnitude = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, "0")}`;
}

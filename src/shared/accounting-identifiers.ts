import { luhnCheckDigit, passesLuhn } from "./luhn.ts";

// Accounting identifiers (docs/invoices.md): the Swedish organisation number, EU VAT numbers, IBAN
// and BIC, and Bankgirot's OCR reference. Pure functions without a schema library, so that the
// buyer's price rule (src/shared/buyer-vat.ts, ADR 222) can be read by the booking page without
// loading the forms' schemas on its first view (ADR 246, docs/performance.md); src/shared/invoicing.ts
// re-exports them.

/**
 * A Swedish organisation number (Skatteverket SKV 709): ten digits, written NNNNNN-NNNN, whose last
 * digit is the Luhn check digit and whose third digit is 2 or more for a legal person. Returns the
 * normalised form with the hyphen, or null.
 */
export function normaliseOrganisationNumber(value: string): string | null {
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d{10}$/.test(digits)) return null;
  if (Number(digits[2]) < 2 || !passesLuhn(digits)) return null;
  return `${digits.slice(0, 6)}-${digits.slice(6)}`;
}

/**
 * VAT identification numbers of the EU member states (the European Commission's VIES format
 * rules): the country prefix (EL for Greece) and the national part. A Swedish number is SE, the
 * organisation number's ten digits and "01".
 */
const vatFormats: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d{7}[A-W][A-I]?$|^\d[A-Z+*]\d{5}[A-W]$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

export type VatNumber = { value: string; country: string };

/**
 * An IBAN (ISO 13616): country, two check digits and the account, checked by MOD 97-10 (ISO 7064);
 * written in groups of four as banks print it, or null. A euro invoice names it, with the BIC, so a
 * buyer in another member state can pay by SEPA credit transfer (docs/invoices.md).
 */
export function parseIban(input: string): string | null {
  const compact = input.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return null;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const value = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1 ? compact.replace(/(.{4})(?=.)/g, "$1 ") : null;
}

/** A BIC (ISO 9362): bank, country, location and an optional branch, 8 or 11 characters. */
export const bicPattern = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** The VAT number in its normal form (upper case, no spaces or dots), or null when it is not one. */
export function parseVatNumber(input: string): VatNumber | null {
  const value = input.replace(/[\s.-]/g, "").toUpperCase();
  const country = value.slice(0, 2);
  const format = vatFormats[country];
  if (!format || !format.test(value.slice(2))) return null;
  if (country === "SE" && !normaliseOrganisationNumber(value.slice(2, 12))) return null;
  return { value, country };
}

/**
 * Mervärdesskattelag (2023:200) ch. 5 §4 and Council Directive 2006/112/EC art. 196: a service to a
 * business customer registered for VAT in another member state is taxed with the buyer (reverse
 * charge), so the invoice carries no Swedish VAT.
 */
export function isReverseCharge(vatNumber: string | null | undefined): boolean {
  if (!vatNumber) return false;
  const parsed = parseVatNumber(vatNumber);
  return parsed !== null && parsed.country !== "SE";
}

/**
 * Bankgirot's OCR reference with a length digit and a check digit ("OCR-referenskontroll",
 * variable length with length digit): the base, then the total length's last digit, then the
 * Luhn check digit over all that precedes it.
 */
export function ocrReferenceFor(base: string): string {
  if (!/^\d{1,23}$/.test(base)) throw new RangeError(`An OCR base must be 1 to 23 digits: ${base}`);
  const withLength = `${base}${(base.length + 2) % 10}`;
  return `${withLength}${luhnCheckDigit(withLength)}`;
}

/** True for a reference made by ocrReferenceFor: 3 to 25 digits, right length digit and check digit. */
export function isValidOcrReference(reference: string): boolean {
  if (!/^\d{3,25}$/.test(reference)) return false;
  return Number(reference.at(-2)) === reference.length % 10 && passesLuhn(reference);
}

// The Luhn (mod 10) check of ISO/IEC 7812-1, annex B: card numbers, Swedish personal and
// organisation numbers (Skatteverket SKV 709) and Bankgirot's OCR reference all end in its check
// digit, so one implementation serves the wallet, the invoicing identifiers and the settings.

/** The check digit that makes `digits` followed by it pass the Luhn test. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // From the rightmost digit of the payload, every other digit (starting with it) is doubled.
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether a string of at least two digits ends in the Luhn check digit of the digits before it. */
export function passesLuhn(digits: string): boolean {
  return /^\d{2,}$/.test(digits) && luhnCheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

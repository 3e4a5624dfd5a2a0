import { standardVatRateBasisPoints, vatOfInclusive } from "./money.ts";

// ADR 222: the one price rule per buyer. Every price the catalogue and the pricing engine give is
// VAT-inclusive at the Swedish rate (docs/money.md); what a buyer sees, is held, charged and
// invoiced follows from the buyer's kind here, and from nowhere else. The booking keeps the kind it
// was priced for (`bookings.buyer_vat`), so a later change of the company never reprices it.

export const buyerVatKinds = ["consumer", "swedish_company", "eu_reverse_charge", "outside_eu"] as const;
export type BuyerVat = (typeof buyerVatKinds)[number];

export function isBuyerVat(value: string): value is BuyerVat {
  return (buyerVatKinds as readonly string[]).includes(value);
}

/**
 * The buyer's kind from the customer's company (null for a person). Only a company the operator
 * approved is taken as a business buyer: its VAT number was checked (ADR 140).
 * - A Swedish company pays Swedish VAT (Mervärdesskattelag (2023:200) ch. 9 §1).
 * - A company registered for VAT in another member state is taxed with the buyer (reverse charge,
 *   Mervärdesskattelag (2023:200) ch. 5 §4, Council Directive 2006/112/EC art. 44 and 196).
 * - A company outside the EU is supplied outside Sweden (Directive 2006/112/EC art. 44): no VAT.
 */
export function buyerVatOf(company: { vatNumber: string; approved: boolean; country?: string | null } | null): BuyerVat {
  if (!company || !company.approved) return "consumer";
  if (company.country && !euCountries.has(company.country)) return "outside_eu";
  // The number was checked and normalised when it was saved (businessProfileSchema): its prefix is
  // its member state (EL for Greece). Read here without the identifiers' module, which the booking
  // page would otherwise load on its first view (ADR 246, docs/performance.md).
  const memberState = company.vatNumber.slice(0, 2).toUpperCase();
  return memberState !== "SE" && euCountries.has(memberState) ? "eu_reverse_charge" : "swedish_company";
}

const euCountries = new Set([
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "EL",
  "ES",
  "FI",
  "FR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
]);

/** The kind a stored booking was priced for (`bookings.buyer_vat`); bookings before it were a consumer's. */
export function buyerVatOfBooking(booking: { buyer_vat?: string | null }): BuyerVat {
  const stored = booking.buyer_vat ?? "consumer";
  return isBuyerVat(stored) ? stored : "consumer";
}

/** Whether the buyer pays Swedish VAT on the price. */
export function chargesSwedishVat(buyer: BuyerVat): boolean {
  return buyer === "consumer" || buyer === "swedish_company";
}

/** The VAT rate applied for this buyer, in basis points. */
export function vatRateFor(buyer: BuyerVat): number {
  return chargesSwedishVat(buyer) ? standardVatRateBasisPoints : 0;
}

/**
 * A catalogue (VAT-inclusive) amount as this buyer pays it: the same for a buyer who pays Swedish
 * VAT, the net amount (the VAT part of rule 1 in docs/money.md taken off) for one who does not.
 */
export function buyerAmount(inclusiveCents: number, buyer: BuyerVat): number {
  return chargesSwedishVat(buyer) ? inclusiveCents : inclusiveCents - vatOfInclusive(inclusiveCents);
}

/** The VAT part of an amount this buyer pays (an amount already as the buyer pays it). */
export function buyerVatOfAmount(buyerCents: number, buyer: BuyerVat): number {
  return chargesSwedishVat(buyer) ? vatOfInclusive(buyerCents) : 0;
}

/** A priced line as this buyer pays it: per day net for a buyer without Swedish VAT, days × that. */
export function lineForBuyer<
  Line extends { dailyPriceCents: number; options: { days: number }; totalCents: number; vatCents: number; vatRateBasisPoints: number },
>(line: Line, buyer: BuyerVat): Line {
  if (chargesSwedishVat(buyer)) return line;
  const dailyPriceCents = buyerAmount(line.dailyPriceCents, buyer);
  return { ...line, dailyPriceCents, totalCents: dailyPriceCents * line.options.days, vatCents: 0, vatRateBasisPoints: 0 };
}

export type PriceNote = "inclVat" | "reverseCharge" | "outsideEu";

/** Which sentence a price carries for this buyer (pages, mails and the payment step word it, ADR 246). */
export function priceNoteOf(buyer: BuyerVat): PriceNote {
  if (buyer === "eu_reverse_charge") return "reverseCharge";
  if (buyer === "outside_eu") return "outsideEu";
  return "inclVat";
}

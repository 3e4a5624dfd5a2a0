import type { CompanyBookingRequest } from "../../../shared/companies.ts";
import type { KeyValueStorage } from "./booking-state.ts";

// docs/payments.md: what the booking page keeps of the payment step in the main chunk. The choice
// survives the trip to the bank's check in session storage, so that the request sent again on return
// is the same request (the same booking id, the same card).

export type CardChoice = { paymentMethodId: string; chargeLaterConsent?: true };
/**
 * ADR 221: an approved business customer's invoice; nothing is held and nothing leaves for the bank.
 * docs/companies.md: a booking for the booker's company is invoiced to the company, with its cost centre and reference.
 */
export type PaymentChoice = CardChoice | { invoice: true; company?: CompanyBookingRequest };

/** The request's parts of the choice: how it pays, and the company it is for. */
export function requestPartsOf(choice: PaymentChoice) {
  if ("invoice" in choice && choice.company) return { payment: { invoice: true as const }, company: choice.company };
  return { payment: "invoice" in choice ? { invoice: true as const } : choice };
}

/** Why the last attempt was refused: the decline code (worded in the visitor's language) and the server's words. */
export type PaymentProblem = { decline?: string; message: string; saving?: boolean };

/** The simulated bank's page sends the customer back with `?bank=done|abandoned`. */
export const bankReturnParameter = "bank";

const pendingPaymentKey = "bookingPayment";

// The consent rule has one home, src/shared/charge-later-consent.ts (the booking page and a card chosen instead of an invoice).
export { needsChargeLaterConsent } from "../../../shared/charge-later-consent.ts";

export function keepPendingPayment(storage: KeyValueStorage, choice: CardChoice): void {
  try {
    storage.setItem(pendingPaymentKey, JSON.stringify(choice));
  } catch {
    // Without storage the return from the bank asks for the card again.
  }
}

export function readPendingPayment(storage: KeyValueStorage): CardChoice | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(pendingPaymentKey) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const record = value as Record<string, unknown>;
    if (typeof record.paymentMethodId !== "string" || !/^[0-9a-f-]{36}$/i.test(record.paymentMethodId)) return null;
    return { paymentMethodId: record.paymentMethodId, ...(record.chargeLaterConsent === true && { chargeLaterConsent: true as const }) };
  } catch {
    return null;
  }
}

export function clearPendingPayment(storage: KeyValueStorage): void {
  try {
    storage.removeItem(pendingPaymentKey);
  } catch {
    // Nothing kept when storage is blocked.
  }
}

// docs/payments.md: the charge-later consent rule, shared by the server, the booking page and a card
// chosen instead of an invoice (re-exported by src/shared/payments.ts).

/** The provider's longest hold (docs/payments.md: 7 days). */
const longestHoldMs = 7 * 24 * 60 * 60 * 1000;

/**
 * Whether the booking starts later than the longest hold, so the card is saved and charged on
 * confirmation and the customer's consent is asked. The server counts from the start of the day in
 * Stockholm; counting from two hours before midnight UTC never asks later than the server does.
 */
export function needsChargeLaterConsent(startDate: string | null, now: Date): boolean {
  if (!startDate) return false;
  const start = Date.parse(`${startDate}T00:00:00Z`) - 2 * 60 * 60 * 1000;
  return start - now.getTime() > longestHoldMs;
}

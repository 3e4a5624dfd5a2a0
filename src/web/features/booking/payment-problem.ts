import type { Language } from "../../../shared/languages.ts";
import { declineCodes, declineSentence } from "../../../shared/payments.ts";
import type { PaymentProblem } from "./payment-choice.ts";

// ADR 298: with the payment step's chunk, not the booking page's first one: the decline sentences of
// src/shared/payments.ts are only read once a card was refused.

/**
 * docs/payments.md: a refused card's reason in plain words, in the visitor's language: a card refused
 * while only being saved was declined and not saved; a refused payment made no booking.
 */
export function problemText(problem: PaymentProblem, language: Language): string {
  const code = declineCodes.find((known) => known === problem.decline);
  return code ? declineSentence(code, language, problem.saving ? "saving" : "paying") : problem.message;
}

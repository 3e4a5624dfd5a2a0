import { declineSentence, type DeclineCode } from "../../shared/payments.ts";
import { HttpError } from "../http-error.ts";

/** A refused card: 402 Payment Required, in the customer's plain words (docs/payments.md); the code says which. */
export function cardDeclined(code: DeclineCode, when: "paying" | "saving" = "paying"): HttpError {
  return new HttpError(402, "payment_declined", declineSentence(code, "en", when), { decline: code });
}

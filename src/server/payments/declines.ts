import { declineMessageCopy, type DeclineCode } from "../../shared/payments.ts";
import { HttpError } from "../http-error.ts";

/** A refused card: 402 Payment Required, in the customer's plain words (docs/payments.md); the code says which. */
export function cardDeclined(code: DeclineCode): HttpError {
  return new HttpError(402, "payment_declined", declineMessageCopy.en[code], { decline: code });
}

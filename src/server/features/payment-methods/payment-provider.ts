import type { PaymentGateway } from "../../payments/gateway.ts";

// ADR 062, ADR 130: card entry is tokenised by the app's payment gateway; we keep only what the
// provider answers (brand, last four, expiry and its opaque token). PCI DSS v4.0 req. 3.2–3.3: the
// full number (PAN) is not stored, and the security code is never stored after authorisation.

export type { TokenisedCard } from "../../payments/gateway.ts";

export { cardDeclined } from "../../payments/declines.ts";

/** The provider's gateway as the wallet uses it: save a card or refuse it, forget one. */
export type CardVault = Pick<PaymentGateway, "saveCard" | "forgetCard">;

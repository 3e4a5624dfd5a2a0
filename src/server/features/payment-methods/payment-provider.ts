import { randomBytes } from "node:crypto";
import type { CardBrand } from "../../../shared/wallet.ts";

// ADR 062: card entry is tokenised by a payment provider; we keep only what the
// provider answers (brand, last four, expiry and its opaque token). PCI DSS v4.0 req. 3.2–3.3: the
// full number (PAN) is not stored unless needed, and the security code is never stored after
// authorisation. Another provider (a real PSP's vault) implements the same function.

/** What a provider is given: the number and code exist only in this call, never in a row or a log. */
export type CardToTokenise = { cardNumber: string; cvv: string; brand: CardBrand; expiryMonth: number; expiryYear: number };

/** What a provider answers: its own reference to the card, and the parts that may be shown. */
export type TokenisedCard = { token: string; brand: CardBrand; lastFour: string; expiryMonth: number; expiryYear: number };

export type PaymentProvider = {
  tokenise: (card: CardToTokenise) => Promise<TokenisedCard>;
  /** Tells the provider the card is no longer wanted (a PSP deletes it from its vault). */
  forget: (token: string) => Promise<void>;
};

/**
 * The built-in test provider: the token is a random id, unrelated to the number (so it cannot be
 * turned back into one, PCI DSS req. 3.5.1: no token derived from the PAN without a key).
 */
export function createTestPaymentProvider(): PaymentProvider {
  return {
    tokenise(card) {
      return Promise.resolve({
        token: `tok_test_${randomBytes(18).toString("base64url")}`,
        brand: card.brand,
        lastFour: card.cardNumber.slice(-4),
        expiryMonth: card.expiryMonth,
        expiryYear: card.expiryYear,
      });
    },
    forget: () => Promise.resolve(),
  };
}

/** The provider in use: only the test provider exists so far (ADR 062; the planned gateways: docs/product.md §11). */
export const paymentProvider: PaymentProvider = createTestPaymentProvider();

import type { CardBrand } from "../../shared/wallet.ts";
import type { DeclineCode } from "../../shared/payments.ts";

// ADR 130: the payment gateway, one per app, built by the composition root (app.ts) from the
// configured provider and reached as `services.payments.gateway`. Every provider declares what it
// can do; every call that moves money carries an idempotency key, so a call repeated after a
// timeout or a crash gets the first call's answer and moves no money twice (ADR 132).

/** What a provider can do, declared so the flow can decide without knowing which provider it is. */
export type GatewayCapabilities = {
  /** The longest an authorisation (hold) lasts before the provider releases it. */
  longestHoldMs: number;
  /** Capture once, up to the authorised amount (a lower amount releases the rest). */
  partialCapture: boolean;
  /** Several refunds of one payment, each up to what remains. */
  partialRefunds: boolean;
  /** A card saved for later and charged without the customer present. */
  savedMethods: boolean;
  /** Signed notifications from the provider. */
  webhooks: boolean;
};

/** A card number as typed on our own form (the simulated provider only; Stripe's hosted field never sends us one). */
export type CardToTokenise = { cardNumber: string; cvv: string; brand: CardBrand; expiryMonth: number; expiryYear: number };

/** What a provider answers for a saved card: its reference and the parts that may be shown. */
export type TokenisedCard = { token: string; brand: CardBrand; lastFour: string; expiryMonth: number; expiryYear: number };

/** A card to save: typed (simulated) or a method the provider's hosted field created (Stripe's pm_…). */
export type CardToSave = { kind: "typed"; card: CardToTokenise } | { kind: "provider"; providerMethodId: string };

export type GatewayAnswer =
  | { outcome: "succeeded"; providerPaymentId: string; amountCents: number; holdExpiresAt?: string; providerReference?: string }
  | { outcome: "declined"; code: DeclineCode; providerMessage: string; providerPaymentId?: string }
  | { outcome: "requires_action"; providerPaymentId: string; challengeUrl: string | null; clientSecret: string | null };

/**
 * A step the provider refuses because it is not allowed (a second capture, a refund above what was
 * captured, a capture after a void): retrying cannot help, and nothing moved.
 */
export class GatewayRefusal extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

export type ProviderPaymentState = "requires_action" | "authorised" | "captured" | "canceled" | "expired" | "failed";

/**
 * What a signed notification says of one provider payment, as running totals (never as a change):
 * a repeated or late notification then carries nothing the ledger does not hold already (ADR 137).
 */
export type ProviderPaymentReport = {
  state: "authorised" | "captured" | "canceled" | "failed" | null;
  authorisedCents?: number;
  capturedCents?: number;
  refundedCents?: number;
  failure?: string;
};

/** A webhook the provider signed, as far as we act on it. */
export type GatewayWebhookEvent = {
  id: string;
  type: string;
  providerPaymentId: string | null;
  /** Null for a notification that says nothing about money we keep. */
  report: ProviderPaymentReport | null;
};

export type PaymentGateway = {
  readonly name: "simulated" | "stripe";
  readonly capabilities: GatewayCapabilities;
  /** Saves a card for later (a zero-amount check at the provider); a refused card answers declined. */
  saveCard: (card: CardToSave, customer: { userId: string; email: string }) => Promise<TokenisedCard | { declined: DeclineCode }>;
  forgetCard: (token: string) => Promise<void>;
  /** Holds the amount on the card, the customer present (may ask for the bank's extra check). */
  authorise: (request: { amountCents: number; methodToken: string; idempotencyKey: string; returnUrl?: string }) => Promise<GatewayAnswer>;
  /** Completes a hold that needed the bank's check, after the customer finished or left it. */
  confirmAuthentication: (request: { providerPaymentId: string; completed: boolean; idempotencyKey: string }) => Promise<GatewayAnswer>;
  capture: (request: { providerPaymentId: string; amountCents: number; idempotencyKey: string }) => Promise<GatewayAnswer>;
  void: (request: { providerPaymentId: string; idempotencyKey: string }) => Promise<GatewayAnswer>;
  refund: (request: { providerPaymentId: string; amountCents: number; idempotencyKey: string; reason: string }) => Promise<GatewayAnswer>;
  /** Charges a saved card without the customer present (charge on confirmation, an approved difference). */
  chargeSaved: (request: { amountCents: number; methodToken: string; idempotencyKey: string }) => Promise<GatewayAnswer>;
  /** Where a provider payment stands (after the customer's trip to the bank's check, or a webhook). */
  paymentState: (providerPaymentId: string) => Promise<ProviderPaymentState>;
  /** Checks a webhook's signature; throws when it does not verify. */
  verifyWebhook: (payload: string, signature: string) => GatewayWebhookEvent;
};

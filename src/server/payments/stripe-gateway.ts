import Stripe from "stripe";
import { isDeclineCode, type DeclineCode } from "../../shared/payments.ts";
import { cardBrands, type CardBrand } from "../../shared/wallet.ts";
import {
  GatewayRefusal,
  type GatewayAnswer,
  type PaymentGateway,
  type ProviderPaymentReport,
  type ProviderPaymentState,
} from "./gateway.ts";

// ADR 136: Stripe as the production card rail, through the official SDK. Holds are PaymentIntents
// with capture_method=manual (Stripe cancels an uncaptured one after 7 days for online card
// payments); cards are saved by SetupIntents for off-session use; refunds are Refund objects on the
// PaymentIntent; webhooks are verified with stripe.webhooks.constructEvent. Card numbers never reach
// us: the browser turns them into a PaymentMethod (pm_…) in Stripe's hosted field. A saved card's
// token is "customer:payment_method", since charging it off-session needs both.
// Every call that moves money sends our idempotency key as Stripe's Idempotency-Key.

export const stripeHoldMs = 7 * 24 * 60 * 60 * 1000;

export type StripeGatewayOptions = {
  secretKey: string;
  webhookSecret: string;
  appUrl: string;
  /** Where the SDK sends its requests (a test's own server); Stripe's API otherwise. */
  connection?: { host: string; port: number; protocol: "http" | "https" };
  timeoutMs?: number;
};

const declineFrom = (error: Stripe.errors.StripeError): DeclineCode => {
  const code = (error as Stripe.errors.StripeCardError).decline_code ?? error.code ?? "card_declined";
  if (code === "authentication_required") return "authentication_required";
  return isDeclineCode(code) ? code : "card_declined";
};

function splitToken(token: string): { customer: string; paymentMethod: string } {
  const [customer, paymentMethod] = token.split(":");
  if (!customer || !paymentMethod) throw new GatewayRefusal("no_such_card", "This card is not a Stripe card.");
  return { customer, paymentMethod };
}

function toBrand(brand: string | undefined): CardBrand {
  return (cardBrands as readonly string[]).includes(brand ?? "") ? (brand as CardBrand) : "visa";
}

/**
 * ADR 137: the notifications that move money, read as running totals of the PaymentIntent (or of
 * its charge): held, received, refunded. Stripe's event objects carry these totals, so the order in
 * which the events arrive does not matter. Other events are acknowledged and change nothing.
 */
function reportOf(event: Stripe.Event): ProviderPaymentReport | null {
  switch (event.type) {
    case "payment_intent.amount_capturable_updated": {
      const intent = event.data.object;
      return intent.amount_capturable > 0 ? { state: "authorised", authorisedCents: intent.amount_capturable } : null;
    }
    case "payment_intent.succeeded":
      return { state: "captured", capturedCents: event.data.object.amount_received };
    case "payment_intent.canceled":
      return { state: "canceled" };
    case "payment_intent.payment_failed": {
      const error = event.data.object.last_payment_error;
      return { state: "failed", failure: error?.decline_code ?? error?.code ?? error?.message ?? "payment_failed" };
    }
    case "charge.refunded":
    case "charge.captured": {
      const charge = event.data.object;
      return { state: "captured", capturedCents: charge.amount_captured, refundedCents: charge.amount_refunded };
    }
    default:
      return null;
  }
}

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    // The queue retries (ADR 132); the SDK's own retries would hide a timeout from it.
    maxNetworkRetries: 0,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    ...(options.connection && { host: options.connection.host, port: options.connection.port, protocol: options.connection.protocol }),
  });

  /** A card error is the bank's answer (declined); any other Stripe error is a refusal or a fault to retry. */
  async function call(run: () => Promise<GatewayAnswer>): Promise<GatewayAnswer> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        const providerPaymentId = (error.raw as { payment_intent?: { id?: string } } | undefined)?.payment_intent?.id;
        return {
          outcome: "declined",
          code: declineFrom(error),
          providerMessage: error.message,
          ...(providerPaymentId && { providerPaymentId }),
        };
      }
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        throw new GatewayRefusal(error.code ?? "invalid_request", error.message);
      throw error;
    }
  }

  function answerOf(intent: Stripe.PaymentIntent): GatewayAnswer {
    if (intent.status === "requires_action") {
      const redirect = intent.next_action?.redirect_to_url?.url ?? null;
      return { outcome: "requires_action", providerPaymentId: intent.id, challengeUrl: redirect, clientSecret: intent.client_secret };
    }
    if (intent.status === "requires_capture") {
      return {
        outcome: "succeeded",
        providerPaymentId: intent.id,
        amountCents: intent.amount_capturable,
        holdExpiresAt: new Date(intent.created * 1000 + stripeHoldMs).toISOString(),
      };
    }
    if (intent.status === "succeeded") return { outcome: "succeeded", providerPaymentId: intent.id, amountCents: intent.amount_received };
    if (intent.status === "canceled") return { outcome: "succeeded", providerPaymentId: intent.id, amountCents: intent.amount };
    return {
      outcome: "declined",
      code: "card_declined",
      providerMessage: intent.last_payment_error?.message ?? `The payment is ${intent.status}.`,
      providerPaymentId: intent.id,
    };
  }

  return {
    name: "stripe",
    capabilities: { longestHoldMs: stripeHoldMs, partialCapture: true, partialRefunds: true, savedMethods: true, webhooks: true },

    async saveCard(card, customer) {
      if (card.kind !== "provider") throw new GatewayRefusal("unsupported", "Card numbers go to Stripe's hosted field, never to us.");
      try {
        const created = await stripe.customers.create({ email: customer.email, metadata: { user_id: customer.userId } });
        // A SetupIntent confirmed at once: the bank checks the card and Stripe keeps it for off-session charges.
        const setup = await stripe.setupIntents.create({
          customer: created.id,
          payment_method: card.providerMethodId,
          confirm: true,
          usage: "off_session",
          allowed_payment_method_types: ["card"],
        });
        if (setup.status !== "succeeded") return { declined: "authentication_required" };
        const method = await stripe.paymentMethods.retrieve(card.providerMethodId);
        return {
          token: `${created.id}:${method.id}`,
          brand: toBrand(method.card?.brand),
          lastFour: method.card?.last4 ?? "0000",
          expiryMonth: method.card?.exp_month ?? 1,
          expiryYear: method.card?.exp_year ?? 2000,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) return { declined: declineFrom(error) };
        throw error;
      }
    },

    async forgetCard(token) {
      const { paymentMethod } = splitToken(token);
      await stripe.paymentMethods.detach(paymentMethod);
    },

    authorise({ amountCents, methodToken, idempotencyKey, returnUrl }) {
      return call(async () => {
        const { customer, paymentMethod } = splitToken(methodToken);
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: "eur",
            customer,
            payment_method: paymentMethod,
            capture_method: "manual",
            confirm: true,
            allowed_payment_method_types: ["card"],
            return_url: returnUrl ?? `${options.appUrl}/secure-booking`,
          },
          { idempotencyKey },
        );
        return answerOf(intent);
      });
    },

    confirmAuthentication({ providerPaymentId }) {
      // With Stripe the customer finishes the check in Stripe.js or on the bank's page; we only read the result.
      return call(async () => answerOf(await stripe.paymentIntents.retrieve(providerPaymentId)));
    },

    capture({ providerPaymentId, amountCents, idempotencyKey }) {
      return call(async () =>
        answerOf(await stripe.paymentIntents.capture(providerPaymentId, { amount_to_capture: amountCents }, { idempotencyKey })),
      );
    },

    void({ providerPaymentId, idempotencyKey }) {
      return call(async () => answerOf(await stripe.paymentIntents.cancel(providerPaymentId, {}, { idempotencyKey })));
    },

    refund({ providerPaymentId, amountCents, idempotencyKey, reason }) {
      return call(async () => {
        const refund = await stripe.refunds.create(
          { payment_intent: providerPaymentId, amount: amountCents, metadata: { reason: reason.slice(0, 500) } },
          { idempotencyKey },
        );
        if (refund.status === "failed" || refund.status === "canceled") {
          return {
            outcome: "declined",
            code: "card_declined",
            providerMessage: refund.failure_reason ?? "The refund failed.",
            providerPaymentId,
          };
        }
        return { outcome: "succeeded", providerPaymentId, amountCents: refund.amount, providerReference: refund.id };
      });
    },

    chargeSaved({ amountCents, methodToken, idempotencyKey }) {
      return call(async () => {
        const { customer, paymentMethod } = splitToken(methodToken);
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: "eur",
            customer,
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            allowed_payment_method_types: ["card"],
          },
          { idempotencyKey },
        );
        return answerOf(intent);
      });
    },

    async paymentState(providerPaymentId): Promise<ProviderPaymentState> {
      const intent = await stripe.paymentIntents.retrieve(providerPaymentId);
      switch (intent.status) {
        case "requires_action":
          return "requires_action";
        case "requires_capture":
          return "authorised";
        case "succeeded":
          return "captured";
        case "canceled":
          return "canceled";
        default:
          return "failed";
      }
    },

    verifyWebhook(payload, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature, options.webhookSecret);
      } catch (error) {
        throw new GatewayRefusal("bad_signature", error instanceof Error ? error.message : "The webhook signature does not verify.");
      }
      const object = event.data.object as { object?: string; id?: string; payment_intent?: string | null };
      const providerPaymentId = object.object === "payment_intent" ? (object.id ?? null) : (object.payment_intent ?? null);
      return { id: event.id, type: event.type, providerPaymentId, report: reportOf(event) };
    },
  };
}

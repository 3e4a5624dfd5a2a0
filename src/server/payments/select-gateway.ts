import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../db/schema.ts";
import type { Environment } from "../env.ts";
import type { PaymentGateway } from "./gateway.ts";
import { createSimulatedProvider } from "./simulated-provider.ts";
import { createStripeGateway } from "./stripe-gateway.ts";

/** ADR 130: the configured provider (PAYMENT_PROVIDER), built once by the composition root. */
export function createPaymentGateway(env: Environment, db: Kysely<DatabaseSchema>): PaymentGateway {
  if (env.payments.provider === "stripe") {
    return createStripeGateway({ secretKey: env.payments.secretKey, webhookSecret: env.payments.webhookSecret, appUrl: env.appUrl });
  }
  return createSimulatedProvider({
    db,
    challengeBaseUrl: "",
    answerDelayMs: env.payments.answerDelayMs,
    lostAnswerRate: env.payments.lostAnswerRate,
  });
}

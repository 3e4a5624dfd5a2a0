import { maximumCardsPerAccount, type CheckedCard, type PaymentMethodList, type PaymentMethodView } from "../../../shared/wallet.ts";
import { enforceRateLimits } from "../../auth/rate-limit.ts";
import { rateLimitRules } from "../../rate-limit-rules.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import type { AppDependencies } from "../../context.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { GatewayRefusal, type CardToSave } from "../../payments/gateway.ts";
import { cardDeclined, type CardVault } from "./payment-provider.ts";
import {
  countPaymentMethods,
  deletePaymentMethod,
  insertPaymentMethod,
  listPaymentMethods,
  setDefaultPaymentMethod,
  toPaymentMethodView,
} from "./repo.ts";

// docs/product.md §2 PAYMENT METHODS. The number and CVV go to the payment provider and nowhere else: they are
// not stored, not logged and not part of any error (PCI DSS v4.0 req. 3.3, 3.4, 10.2).

const noSuchCard = () => notFound("noSuchPaymentMethod");
const limitReached = () => HttpError.because(409, "card_limit_reached", "cardLimit", { values: { limit: maximumCardsPerAccount } });

export async function listCards(deps: AppDependencies, user: SignedInUser): Promise<PaymentMethodList> {
  const rows = await listPaymentMethods(deps.database.db, user.id);
  return { paymentMethods: rows.map(toPaymentMethodView), maximum: maximumCardsPerAccount };
}

export async function addCard(
  deps: AppDependencies,
  provider: CardVault,
  user: SignedInUser,
  card: CheckedCard | { providerMethodId: string },
): Promise<PaymentMethodView> {
  const { db } = deps.database;
  // Checked before the provider is asked, so a full wallet does not create tokens for nothing; the
  // insert checks again under the user's lock.
  if ((await countPaymentMethods(db, user.id)) >= maximumCardsPerAccount) throw limitReached();
  await enforceRateLimits(db, [{ rule: rateLimitRules.cardAddsPerUserHour, subject: user.id }], "tooManyCardsAdded");
  const toSave: CardToSave =
    "providerMethodId" in card ? { kind: "provider", providerMethodId: card.providerMethodId } : { kind: "typed", card };
  const tokenised = await provider.saveCard(toSave, { userId: user.id, email: user.email }).catch((error: unknown) => {
    // A typed number with Stripe, a provider's card id with the simulated processor: the other entry is in use.
    if (error instanceof GatewayRefusal) throw HttpError.because(409, "payment_not_allowed", "enterCardInCardField");
    throw error;
  });
  if ("declined" in tokenised) throw cardDeclined(tokenised.declined, "saving");
  const result = await insertPaymentMethod(db, user.id, tokenised, maximumCardsPerAccount);
  if (result.outcome === "limit") {
    await provider.forgetCard(tokenised.token);
    throw limitReached();
  }
  return toPaymentMethodView(result.row);
}

export async function makeDefaultCard(deps: AppDependencies, user: SignedInUser, id: string): Promise<PaymentMethodList> {
  if (!(await setDefaultPaymentMethod(deps.database.db, user.id, id))) throw noSuchCard();
  return listCards(deps, user);
}

export async function deleteCard(deps: AppDependencies, provider: CardVault, user: SignedInUser, id: string): Promise<PaymentMethodList> {
  const deleted = await deletePaymentMethod(deps.database.db, user.id, id);
  if (!deleted) throw noSuchCard();
  await provider.forgetCard(deleted.provider_payment_id);
  return listCards(deps, user);
}

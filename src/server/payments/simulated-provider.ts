import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { cardDigits } from "../../shared/wallet.ts";
import type { DeclineCode } from "../../shared/payments.ts";
import { systemClock, type Clock } from "../clock.ts";
import type { DatabaseSchema } from "../db/schema.ts";
import {
  GatewayRefusal,
  type GatewayAnswer,
  type PaymentGateway,
  type ProviderPaymentReport,
  type ProviderPaymentState,
} from "./gateway.ts";

// ADR 134: the default provider, a card processor simulated without any network. It behaves like a
// real one where it matters to us: it answers the same idempotency key with the same answer, holds
// expire after 7 days, a hold is captured once and at most in full, a refund cannot exceed what was
// captured, and a voided hold cannot be captured. Its records are its own tables, written in its
// own commits, never in one of ours (a processor is outside our transactions); so they survive a
// crash of our process between its answer and our commit, as a processor's would.
//
// The test card numbers are Stripe's public ones for the same outcomes, so a tester's habits carry
// over (https://docs.stripe.com/testing). The number itself is never stored: only the behaviour.

export const simulatedHoldMs = 7 * 24 * 60 * 60 * 1000;

type Behaviour = "success" | "card_declined" | "insufficient_funds" | "expired_card" | "authentication";

/** Stripe's test numbers and what each does; any other valid number succeeds. */
export const testCards: Record<string, Behaviour> = {
  "4242424242424242": "success",
  "4000000000000002": "card_declined",
  "4000000000009995": "insufficient_funds",
  "4000000000000069": "expired_card",
  "4000002500003155": "authentication",
};

const providerMessages: Record<DeclineCode, string> = {
  card_declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  expired_card: "Your card has expired.",
  authentication_required: "This payment requires authentication by the cardholder.",
  authentication_abandoned: "The cardholder did not complete authentication.",
};

const declined = (code: DeclineCode, providerPaymentId?: string): GatewayAnswer => ({
  outcome: "declined",
  code,
  providerMessage: providerMessages[code],
  ...(providerPaymentId && { providerPaymentId }),
});

/** The simulated network's timeout: the processor acted and recorded its answer, which never arrived. */
export class SimulatedTimeout extends Error {
  constructor(operation: string) {
    super(`The simulated processor did not answer the ${operation} in time.`);
  }
}

export type SimulatedProviderOptions = {
  db: Kysely<DatabaseSchema>;
  clock?: Clock;
  /** Base of the simulated bank's challenge page (the app's own /payments/challenge/…). */
  challengeBaseUrl?: string;
  /** Pause after an answer is recorded and before it reaches the caller: the network's way back. */
  answerDelayMs?: number;
  /**
   * ADR 232: the share of new answers that are recorded and then lost on the way back (the caller
   * sees a timeout and asks again with the same key, which replays the answer). Tests only.
   */
  lostAnswerRate?: number;
  webhookSecret?: string;
};

export function createSimulatedProvider(options: SimulatedProviderOptions): PaymentGateway {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const webhookSecret = options.webhookSecret ?? randomBytes(32).toString("hex");
  const delay = () => (options.answerDelayMs ? new Promise((resolve) => setTimeout(resolve, options.answerDelayMs)) : Promise.resolve());

  /**
   * Runs an operation once per idempotency key: a repeated key gets the stored answer, and a
   * refusal (GatewayRefusal) is stored and repeated as well, as Stripe does.
   */
  /**
   * One answer per idempotency key. Like Stripe, a key sent again with other parameters (another
   * card or amount for the same booking) is refused, not answered with the first call's result
   * (ADR 191): the request is a different one and must not pass for the first.
   */
  async function once(
    operation: string,
    idempotencyKey: string,
    perform: (trx: Kysely<DatabaseSchema>) => Promise<GatewayAnswer>,
    parameters = "",
  ) {
    const stored = async () =>
      (await db.selectFrom("simulated_answers").selectAll().where("idempotency_key", "=", idempotencyKey).executeTakeFirst()) ?? null;
    const replay = (row: { operation: string; answer: string }) => {
      if (row.operation !== operation)
        throw new GatewayRefusal("idempotency_key_in_use", "This idempotency key was used for another request.");
      const answer = JSON.parse(row.answer) as (GatewayAnswer | { refusal: { code: string; message: string } }) & { parameters?: string };
      if ((answer.parameters ?? "") !== parameters)
        throw new GatewayRefusal("idempotency_key_in_use", "This idempotency key was used with other parameters.");
      delete answer.parameters;
      if ("refusal" in answer) throw new GatewayRefusal(answer.refusal.code, answer.refusal.message);
      return answer;
    };
    const previous = await stored();
    if (previous) return replay(previous);
    let answer: GatewayAnswer | { refusal: { code: string; message: string } };
    try {
      answer = await db.transaction().execute(async (trx) => {
        let result: GatewayAnswer | { refusal: { code: string; message: string } };
        try {
          result = await perform(trx);
        } catch (error) {
          if (!(error instanceof GatewayRefusal)) throw error;
          result = { refusal: { code: error.code, message: error.message } };
        }
        await trx
          .insertInto("simulated_answers")
          .values({
            idempotency_key: idempotencyKey,
            operation,
            answer: JSON.stringify({ ...result, parameters }),
            created_at: clock.now().toISOString(),
          })
          .execute();
        return result;
      });
    } catch (error) {
      // The same key at the same time from elsewhere: that call's answer is the answer.
      const concurrent = await stored();
      if (concurrent) return replay(concurrent);
      throw error;
    }
    await delay();
    if (options.lostAnswerRate && Math.random() < options.lostAnswerRate) throw new SimulatedTimeout(operation);
    if ("refusal" in answer) throw new GatewayRefusal(answer.refusal.code, answer.refusal.message);
    return answer;
  }

  async function behaviourOf(trx: Kysely<DatabaseSchema>, token: string): Promise<Behaviour> {
    const card = await trx.selectFrom("simulated_cards").select("behaviour").where("token", "=", token).executeTakeFirst();
    if (!card) throw new GatewayRefusal("no_such_card", "There is no such card at the provider.");
    return card.behaviour as Behaviour;
  }

  async function intent(trx: Kysely<DatabaseSchema>, id: string) {
    const row = await trx.selectFrom("simulated_intents").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new GatewayRefusal("no_such_payment", "There is no such payment at the provider.");
    // A hold not captured within its life is released by the provider (as Stripe cancels it after 7 days).
    if (row.status === "authorised" && row.expires_at && row.expires_at <= clock.now().toISOString()) {
      await trx.updateTable("simulated_intents").set({ status: "expired" }).where("id", "=", id).execute();
      return { ...row, status: "expired" };
    }
    return row;
  }

  async function newIntent(trx: Kysely<DatabaseSchema>, token: string, amountCents: number, status: string, hold: boolean) {
    const id = `sim_pi_${randomUUID().replaceAll("-", "")}`;
    const now = clock.now();
    await trx
      .insertInto("simulated_intents")
      .values({
        id,
        card_token: token,
        status,
        amount_cents: amountCents,
        captured_cents: status === "captured" ? amountCents : 0,
        refunded_cents: 0,
        expires_at: hold ? new Date(now.getTime() + simulatedHoldMs).toISOString() : null,
        created_at: now.toISOString(),
      })
      .execute();
    return { id, expiresAt: hold ? new Date(now.getTime() + simulatedHoldMs).toISOString() : undefined };
  }

  /**
   * Moves an intent from one of the states `from` and answers whether this call moved it. Two calls
   * at once both read the intent before either writes; the write is conditional on the state read,
   * so the second one changes no row, and a call that changed no row moved no money: it is refused
   * with the intent's state as it is now, never answered as a success (ADR 215).
   */
  async function moveIntent(
    trx: Kysely<DatabaseSchema>,
    id: string,
    from: readonly string[],
    set: Partial<{ status: string; captured_cents: number }>,
  ): Promise<void> {
    const moved = await trx.updateTable("simulated_intents").set(set).where("id", "=", id).where("status", "in", from).executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) return;
    const now = await intent(trx, id);
    if (now.status === "captured" && set.status === "captured")
      throw new GatewayRefusal("already_captured", "This payment was already captured.");
    throw new GatewayRefusal("payment_state", `This payment is ${now.status}.`);
  }

  const positive = (amountCents: number) => {
    if (!Number.isInteger(amountCents) || amountCents <= 0)
      throw new GatewayRefusal("invalid_amount", "The amount must be a positive number of cents.");
  };

  return {
    name: "simulated",
    capabilities: { longestHoldMs: simulatedHoldMs, partialCapture: true, partialRefunds: true, savedMethods: true, webhooks: true },

    async saveCard(card) {
      if (card.kind !== "typed") throw new GatewayRefusal("unsupported", "The simulated provider takes typed cards only.");
      const digits = cardDigits(card.card.cardNumber);
      const behaviour = testCards[digits] ?? "success";
      // As at Stripe, a card the bank refuses outright cannot be saved; insufficient funds and the
      // bank's extra check show only when money is asked for.
      if (behaviour === "card_declined" || behaviour === "expired_card") return { declined: behaviour };
      const token = `sim_pm_${randomBytes(18).toString("base64url")}`;
      await db.insertInto("simulated_cards").values({ token, behaviour, created_at: clock.now().toISOString() }).execute();
      return {
        token,
        brand: card.card.brand,
        lastFour: digits.slice(-4),
        expiryMonth: card.card.expiryMonth,
        expiryYear: card.card.expiryYear,
      };
    },

    async forgetCard(token) {
      await db.deleteFrom("simulated_cards").where("token", "=", token).execute();
    },

    authorise({ amountCents, methodToken, idempotencyKey, returnUrl }) {
      return once(
        "authorise",
        idempotencyKey,
        async (trx) => {
          positive(amountCents);
          const behaviour = await behaviourOf(trx, methodToken);
          if (behaviour === "insufficient_funds") return declined("insufficient_funds");
          if (behaviour === "card_declined" || behaviour === "expired_card") return declined(behaviour);
          if (behaviour === "authentication") {
            const created = await newIntent(trx, methodToken, amountCents, "requires_action", true);
            const base = options.challengeBaseUrl ?? "";
            const back = returnUrl ? `?return=${encodeURIComponent(returnUrl)}` : "";
            return {
              outcome: "requires_action",
              providerPaymentId: created.id,
              challengeUrl: `${base}/payments/challenge/${created.id}${back}`,
              clientSecret: null,
            };
          }
          const created = await newIntent(trx, methodToken, amountCents, "authorised", true);
          return { outcome: "succeeded", providerPaymentId: created.id, amountCents, holdExpiresAt: created.expiresAt };
        },
        `${methodToken}:${amountCents}`,
      );
    },

    confirmAuthentication({ providerPaymentId, completed, idempotencyKey }) {
      return once("confirm_authentication", idempotencyKey, async (trx) => {
        const row = await intent(trx, providerPaymentId);
        if (row.status !== "requires_action") throw new GatewayRefusal("payment_state", `This payment is ${row.status}.`);
        if (!completed) {
          await moveIntent(trx, row.id, ["requires_action"], { status: "canceled" });
          return declined("authentication_abandoned", row.id);
        }
        await moveIntent(trx, row.id, ["requires_action"], { status: "authorised" });
        return {
          outcome: "succeeded",
          providerPaymentId: row.id,
          amountCents: row.amount_cents,
          holdExpiresAt: row.expires_at ?? undefined,
        };
      });
    },

    capture({ providerPaymentId, amountCents, idempotencyKey }) {
      return once("capture", idempotencyKey, async (trx) => {
        positive(amountCents);
        const row = await intent(trx, providerPaymentId);
        if (row.status === "captured") throw new GatewayRefusal("already_captured", "This payment was already captured.");
        if (row.status === "expired") throw new GatewayRefusal("hold_expired", "The hold expired and was released.");
        if (row.status !== "authorised") throw new GatewayRefusal("payment_state", `This payment is ${row.status} and cannot be captured.`);
        if (amountCents > row.amount_cents) throw new GatewayRefusal("amount_too_large", "The capture exceeds the authorised amount.");
        await moveIntent(trx, row.id, ["authorised"], { status: "captured", captured_cents: amountCents });
        return { outcome: "succeeded", providerPaymentId: row.id, amountCents };
      });
    },

    void({ providerPaymentId, idempotencyKey }) {
      return once("void", idempotencyKey, async (trx) => {
        const row = await intent(trx, providerPaymentId);
        const voidable = ["authorised", "requires_action", "expired"];
        if (!voidable.includes(row.status)) {
          throw new GatewayRefusal("payment_state", `This payment is ${row.status} and cannot be voided.`);
        }
        await moveIntent(trx, row.id, voidable, { status: "canceled" });
        return { outcome: "succeeded", providerPaymentId: row.id, amountCents: row.amount_cents };
      });
    },

    refund({ providerPaymentId, amountCents, idempotencyKey }) {
      return once("refund", idempotencyKey, async (trx) => {
        positive(amountCents);
        const row = await intent(trx, providerPaymentId);
        if (row.status !== "captured")
          throw new GatewayRefusal("payment_state", `This payment is ${row.status}; nothing was captured to refund.`);
        if (row.refunded_cents + amountCents > row.captured_cents) {
          throw new GatewayRefusal("amount_too_large", "The refund exceeds what was captured and not yet refunded.");
        }
        // One statement adds the amount where it still fits: a refund that raced another one and
        // no longer fits changes no row and is refused, as the check above would have refused it.
        const moved = await trx
          .updateTable("simulated_intents")
          .set((eb) => ({ refunded_cents: eb("refunded_cents", "+", amountCents) }))
          .where("id", "=", row.id)
          .where("status", "=", "captured")
          .where((eb) => eb(eb("refunded_cents", "+", amountCents), "<=", eb.ref("captured_cents")))
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) {
          throw new GatewayRefusal("amount_too_large", "The refund exceeds what was captured and not yet refunded.");
        }
        return { outcome: "succeeded", providerPaymentId: row.id, amountCents, providerReference: `sim_re_${randomUUID().slice(0, 8)}` };
      });
    },

    chargeSaved({ amountCents, methodToken, idempotencyKey }) {
      return once("charge", idempotencyKey, async (trx) => {
        positive(amountCents);
        const behaviour = await behaviourOf(trx, methodToken);
        if (behaviour === "insufficient_funds" || behaviour === "card_declined" || behaviour === "expired_card") return declined(behaviour);
        // Off-session, a card that needs the bank's check cannot be charged without the customer.
        if (behaviour === "authentication") return declined("authentication_required");
        const created = await newIntent(trx, methodToken, amountCents, "captured", false);
        return { outcome: "succeeded", providerPaymentId: created.id, amountCents };
      });
    },

    async paymentState(providerPaymentId) {
      const row = await intent(db, providerPaymentId);
      return row.status as ProviderPaymentState;
    },

    verifyWebhook(payload, signature) {
      const expected = createHmac("sha256", webhookSecret).update(payload).digest();
      const given = Buffer.from(signature, "hex");
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new GatewayRefusal("bad_signature", "The webhook signature does not verify.");
      const event = JSON.parse(payload) as { id: string; type: string; paymentId?: string; report?: ProviderPaymentReport };
      return { id: event.id, type: event.type, providerPaymentId: event.paymentId ?? null, report: event.report ?? null };
    },
  };
}

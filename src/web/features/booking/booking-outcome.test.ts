import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client.ts";
import { outcomeOfRefusal } from "./api.ts";

// ADR 263: booking submission is one mutation whose refusals become the outcomes the page switches
// on (docs/payments.md): the bank's check, a payment problem shown in the step, a sign-in; anything
// else stays an error for the query client's one handler (ADR 025).

const noStripe = () => Promise.resolve(null);
const stripeKey = () => Promise.resolve("pk_test_key");

describe("a refused booking request", () => {
  it("sends the customer to the simulated bank's page, or to Stripe's check when Stripe answers with its secret", async () => {
    const simulated = new ApiError(402, "payment_requires_action", "Check", { challengeUrl: "/api/payments/challenge/abc" });
    expect(await outcomeOfRefusal(simulated, noStripe)).toEqual({ kind: "bankCheck", challengeUrl: "/api/payments/challenge/abc" });
    const stripe = new ApiError(402, "payment_requires_action", "Check", { clientSecret: "pi_1_secret_2" });
    expect(await outcomeOfRefusal(stripe, stripeKey)).toEqual({
      kind: "bankCheck",
      publishableKey: "pk_test_key",
      clientSecret: "pi_1_secret_2",
    });
    // Without Stripe's key the check cannot be taken here: the step says why, under the same attempt.
    expect(await outcomeOfRefusal(stripe, noStripe)).toMatchObject({ kind: "paymentProblem", reason: "declined", newAttempt: false });
  });

  it("shows a declined card in the step and makes the next press a new attempt", async () => {
    const declined = new ApiError(402, "payment_declined", "Your card was declined.", { decline: "insufficient_funds" });
    expect(await outcomeOfRefusal(declined, noStripe)).toEqual({
      kind: "paymentProblem",
      reason: "declined",
      decline: "insufficient_funds",
      message: "Your card was declined.",
      newAttempt: true,
    });
  });

  it("asks for the charge-later consent with the step's own checkbox, and words a card no longer in the wallet", async () => {
    const consent = new ApiError(400, "invalid_input", "Invalid", { "payment.chargeLaterConsent": "Consent is required" });
    expect(await outcomeOfRefusal(consent, noStripe)).toMatchObject({
      kind: "paymentProblem",
      reason: "consentMissing",
      newAttempt: false,
    });
    const gone = new ApiError(409, "card_not_in_wallet", "Gone");
    expect(await outcomeOfRefusal(gone, noStripe)).toMatchObject({ kind: "paymentProblem", reason: "cardNotInWallet", newAttempt: false });
    const otherCard = new ApiError(409, "payment_not_allowed", "Other card");
    expect(await outcomeOfRefusal(otherCard, noStripe)).toMatchObject({ kind: "paymentProblem", reason: "startAgain", newAttempt: true });
  });

  it("opens the sign-in when the session ended, and leaves every other refusal to the one error handler", async () => {
    expect(await outcomeOfRefusal(new ApiError(401, "unauthorized", "Sign in"), noStripe)).toEqual({ kind: "signInNeeded" });
    const busy = new ApiError(429, "rate_limited", "Try again in 3 minutes");
    await expect(outcomeOfRefusal(busy, noStripe)).rejects.toBe(busy);
    const field = new ApiError(400, "invalid_input", "Invalid", { guards: "Too many" });
    await expect(outcomeOfRefusal(field, noStripe)).rejects.toBe(field);
    const network = new TypeError("Failed to fetch");
    await expect(outcomeOfRefusal(network, noStripe)).rejects.toBe(network);
  });
});

import { afterAll, beforeAll, expect, it } from "vitest";
import { manualClock } from "../clock.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { GatewayRefusal, type PaymentGateway } from "./gateway.ts";
import { createSimulatedProvider, simulatedHoldMs } from "./simulated-provider.ts";

// ADR 134: the simulated processor refuses what a real one refuses — a second capture, a capture
// above the hold, a refund above what was captured, a capture after a void or after the hold ran
// out (7 days) — and answers a repeated idempotency key with its first answer, moving nothing twice.

describeEachEngine("the simulated card processor", (engine) => {
  let test: TestApp;
  let gateway: PaymentGateway;
  const clock = manualClock(new Date("2026-11-26T10:00:00Z"));

  beforeAll(async () => {
    test = await createTestApp(engine);
    gateway = createSimulatedProvider({ db: test.db, clock });
  });
  afterAll(() => test.close());

  const card = async (cardNumber: string) => {
    const saved = await gateway.saveCard(
      { kind: "typed", card: { cardNumber, cvv: "123", brand: "visa", expiryMonth: 12, expiryYear: 2034 } },
      { userId: "u", email: "u@example.test" },
    );
    if ("declined" in saved) throw new Error(saved.declined);
    return saved.token;
  };
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(GatewayRefusal);
    return (error as GatewayRefusal).code;
  };

  it("captures once, up to the hold, and refunds several times up to what was captured", async () => {
    const token = await card("4242424242424242");
    const hold = await gateway.authorise({ amountCents: 10_000, methodToken: token, idempotencyKey: "a1" });
    expect(hold).toMatchObject({ outcome: "succeeded", amountCents: 10_000 });
    if (hold.outcome !== "succeeded") return;
    const id = hold.providerPaymentId;
    expect(await refusal(gateway.capture({ providerPaymentId: id, amountCents: 10_001, idempotencyKey: "c0" }))).toBe("amount_too_large");
    expect(await gateway.capture({ providerPaymentId: id, amountCents: 8_000, idempotencyKey: "c1" })).toMatchObject({
      outcome: "succeeded",
      amountCents: 8_000,
    });
    // The same key again is the same answer, not a second capture.
    expect(await gateway.capture({ providerPaymentId: id, amountCents: 8_000, idempotencyKey: "c1" })).toMatchObject({
      outcome: "succeeded",
    });
    expect(await refusal(gateway.capture({ providerPaymentId: id, amountCents: 1_000, idempotencyKey: "c2" }))).toBe("already_captured");
    await gateway.refund({ providerPaymentId: id, amountCents: 3_000, idempotencyKey: "r1", reason: "part" });
    await gateway.refund({ providerPaymentId: id, amountCents: 3_000, idempotencyKey: "r1", reason: "part" });
    await gateway.refund({ providerPaymentId: id, amountCents: 4_000, idempotencyKey: "r2", reason: "part" });
    expect(await refusal(gateway.refund({ providerPaymentId: id, amountCents: 1_001, idempotencyKey: "r3", reason: "too much" }))).toBe(
      "amount_too_large",
    );
    const row = await test.db.selectFrom("simulated_intents").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect([Number(row.captured_cents), Number(row.refunded_cents)]).toEqual([8_000, 7_000]);
  });

  it("refuses a capture after a void and after the hold ran out", async () => {
    const token = await card("4242424242424242");
    const voided = await gateway.authorise({ amountCents: 5_000, methodToken: token, idempotencyKey: "a2" });
    if (voided.outcome !== "succeeded") throw new Error("not authorised");
    await gateway.void({ providerPaymentId: voided.providerPaymentId, idempotencyKey: "v2" });
    expect(await refusal(gateway.capture({ providerPaymentId: voided.providerPaymentId, amountCents: 5_000, idempotencyKey: "c3" }))).toBe(
      "payment_state",
    );
    expect(
      await refusal(gateway.refund({ providerPaymentId: voided.providerPaymentId, amountCents: 1, idempotencyKey: "r4", reason: "x" })),
    ).toBe("payment_state");

    const old = await gateway.authorise({ amountCents: 5_000, methodToken: token, idempotencyKey: "a3" });
    if (old.outcome !== "succeeded") throw new Error("not authorised");
    expect(old.holdExpiresAt).toBe(new Date(clock.now().getTime() + simulatedHoldMs).toISOString());
    clock.advance(simulatedHoldMs + 1);
    expect(await refusal(gateway.capture({ providerPaymentId: old.providerPaymentId, amountCents: 5_000, idempotencyKey: "c4" }))).toBe(
      "hold_expired",
    );
  });

  it("answers each test card as Stripe's test mode does", async () => {
    expect(
      await gateway.saveCard(
        { kind: "typed", card: { cardNumber: "4000000000000002", cvv: "123", brand: "visa", expiryMonth: 1, expiryYear: 2034 } },
        { userId: "u", email: "e" },
      ),
    ).toEqual({ declined: "card_declined" });
    expect(
      await gateway.saveCard(
        { kind: "typed", card: { cardNumber: "4000000000000069", cvv: "123", brand: "visa", expiryMonth: 1, expiryYear: 2034 } },
        { userId: "u", email: "e" },
      ),
    ).toEqual({ declined: "expired_card" });
    const poor = await card("4000000000009995");
    expect(await gateway.authorise({ amountCents: 100, methodToken: poor, idempotencyKey: "a4" })).toMatchObject({
      outcome: "declined",
      code: "insufficient_funds",
    });
    expect(await gateway.chargeSaved({ amountCents: 100, methodToken: poor, idempotencyKey: "ch1" })).toMatchObject({
      outcome: "declined",
      code: "insufficient_funds",
    });
    const strict = await card("4000002500003155");
    const challenge = await gateway.authorise({ amountCents: 100, methodToken: strict, idempotencyKey: "a5" });
    expect(challenge.outcome).toBe("requires_action");
    // Off-session, the bank's check cannot happen: the charge is refused.
    expect(await gateway.chargeSaved({ amountCents: 100, methodToken: strict, idempotencyKey: "ch2" })).toMatchObject({
      outcome: "declined",
      code: "authentication_required",
    });
    const good = await card("4242424242424242");
    expect(await gateway.chargeSaved({ amountCents: 100, methodToken: good, idempotencyKey: "ch3" })).toMatchObject({
      outcome: "succeeded",
      amountCents: 100,
    });
  });
});

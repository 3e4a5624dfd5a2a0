import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EnvironmentError, loadEnvironment } from "../env.ts";
import { createPaymentGateway } from "./select-gateway.ts";

// ADR 136: PAYMENT_PROVIDER selects the gateway; Stripe's keys are checked at start, so a missing or
// mistyped key, or a test key beside a live one, stops the start with the variable's name.

describe("the payment provider's configuration", () => {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "payment-config-"));
  afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }));
  const load = (values: Record<string, string>) => loadEnvironment({ NODE_ENV: "test", DATA_DIR: dataDirectory, ...values });
  const stripe = {
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_test_51Abcdefghijklmnop",
    STRIPE_PUBLISHABLE_KEY: "pk_test_51Abcdefghijklmnop",
    STRIPE_WEBHOOK_SECRET: "whsec_abcdefghijklmnop",
  };
  const failure = (values: Record<string, string>) => {
    try {
      load(values);
    } catch (error) {
      if (error instanceof EnvironmentError) return error.message;
      throw error;
    }
    return null;
  };

  it("is the simulated processor unless told otherwise", () => {
    const env = load({});
    expect(env.payments.provider).toBe("simulated");
    expect(createPaymentGateway(env, undefined as never).name).toBe("simulated");
  });

  it("requires all three Stripe keys, well formed and of one mode", () => {
    expect(failure({ PAYMENT_PROVIDER: "stripe" })).toMatch(
      /STRIPE_SECRET_KEY: is required[\s\S]*STRIPE_PUBLISHABLE_KEY: is required[\s\S]*STRIPE_WEBHOOK_SECRET: is required/,
    );
    expect(failure({ ...stripe, STRIPE_SECRET_KEY: "pk_test_51Abcdefghijklmnop" })).toMatch(/STRIPE_SECRET_KEY: must be a Stripe secret/);
    expect(failure({ ...stripe, STRIPE_PUBLISHABLE_KEY: "pk_live_51Abcdefghijklmnop" })).toMatch(
      /STRIPE_PUBLISHABLE_KEY: is a live key but STRIPE_SECRET_KEY is a test key/,
    );
    expect(failure({ PAYMENT_PROVIDER: "paypal" })).toMatch(/PAYMENT_PROVIDER/);
    const env = load(stripe);
    const gateway = createPaymentGateway(env, undefined as never);
    expect(gateway.name).toBe("stripe");
    expect(gateway.capabilities.longestHoldMs).toBe(7 * 24 * 60 * 60 * 1000);
  });
});

import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayRefusal } from "./gateway.ts";
import { createStripeGateway } from "./stripe-gateway.ts";

// ADR 136: the Stripe adapter through the official SDK, pointed at a local HTTP server of this
// test's own. The server checks each request the SDK sends — method, path, the secret key, the
// Idempotency-Key, and the form-encoded body — against the shapes of Stripe's API reference
// (https://docs.stripe.com/api/payment_intents/create, /capture, /cancel, /refunds/create,
// /setup_intents/create), and answers as Stripe does, including a card error. Webhook signatures
// are made with the SDK's own stripe.webhooks.generateTestHeaderString.

type Seen = { method: string; path: string; body: URLSearchParams; idempotencyKey: string | undefined; authorization: string | undefined };

const secretKey = "sk_test_51LocalTestKeyOnly000000";
const webhookSecret = "whsec_localtestsecret0000000000";

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const intent = (fields: Record<string, unknown>) => ({
  object: "payment_intent",
  id: "pi_123",
  amount: 12_000,
  amount_capturable: 0,
  amount_received: 0,
  currency: "eur",
  created: 1_790_000_000,
  client_secret: "pi_123_secret_abc",
  next_action: null,
  last_payment_error: null,
  ...fields,
});

describe("the Stripe adapter against a local Stripe of the test's own", () => {
  let server: Server;
  const seen: Seen[] = [];
  let gateway: ReturnType<typeof createStripeGateway>;

  beforeAll(async () => {
    server = createServer((request, response) => {
      void readBody(request).then((text) => {
        const url = new URL(request.url ?? "/", "http://localhost");
        const body = new URLSearchParams(text);
        seen.push({
          method: request.method ?? "",
          path: url.pathname,
          body,
          idempotencyKey: request.headers["idempotency-key"] as string | undefined,
          authorization: request.headers.authorization,
        });
        const send = (status: number, payload: unknown) => {
          response.writeHead(status, { "Content-Type": "application/json", "Request-Id": "req_local" });
          response.end(JSON.stringify(payload));
        };
        const key = `${request.method} ${url.pathname}`;
        if (key === "POST /v1/customers") return send(200, { object: "customer", id: "cus_1" });
        if (key === "POST /v1/setup_intents") return send(200, { object: "setup_intent", id: "seti_1", status: "succeeded" });
        if (key === "GET /v1/payment_methods/pm_card_visa") {
          return send(200, {
            object: "payment_method",
            id: "pm_card_visa",
            card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034 },
          });
        }
        if (key === "POST /v1/payment_intents" && body.get("payment_method") === "pm_card_chargeDeclinedInsufficientFunds") {
          return send(402, {
            error: {
              type: "card_error",
              code: "card_declined",
              decline_code: "insufficient_funds",
              message: "Your card has insufficient funds.",
              payment_intent: { id: "pi_declined" },
            },
          });
        }
        if (key === "POST /v1/payment_intents" && body.get("capture_method") === "manual") {
          return send(
            200,
            intent({ status: "requires_capture", amount: Number(body.get("amount")), amount_capturable: Number(body.get("amount")) }),
          );
        }
        if (key === "POST /v1/payment_intents")
          return send(200, intent({ id: "pi_off", status: "succeeded", amount_received: Number(body.get("amount")) }));
        if (key === "POST /v1/payment_intents/pi_123/capture") {
          return send(200, intent({ status: "succeeded", amount_received: Number(body.get("amount_to_capture")) }));
        }
        if (key === "POST /v1/payment_intents/pi_456/capture") {
          return send(400, {
            error: {
              type: "invalid_request_error",
              code: "payment_intent_unexpected_state",
              message: "This PaymentIntent could not be captured because it has a status of canceled.",
            },
          });
        }
        if (key === "POST /v1/payment_intents/pi_123/cancel") return send(200, intent({ status: "canceled" }));
        if (key === "POST /v1/refunds")
          return send(200, { object: "refund", id: "re_1", amount: Number(body.get("amount")), status: "succeeded" });
        send(404, { error: { type: "invalid_request_error", message: `No such route ${key}` } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    gateway = createStripeGateway({
      secretKey,
      webhookSecret,
      appUrl: "https://nordicshield.test",
      connection: { host: "127.0.0.1", port, protocol: "http" },
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const last = () => {
    const request = seen.at(-1);
    if (!request) throw new Error("no request reached the local Stripe");
    return request;
  };

  it("saves a card from the hosted field with a customer and a confirmed off-session SetupIntent", async () => {
    const saved = await gateway.saveCard(
      { kind: "provider", providerMethodId: "pm_card_visa" },
      { userId: "user-1", email: "astrid@example.test" },
    );
    expect(saved).toEqual({ token: "cus_1:pm_card_visa", brand: "visa", lastFour: "4242", expiryMonth: 12, expiryYear: 2034 });
    const [customer, setup, method] = seen.slice(-3);
    expect(customer?.path).toBe("/v1/customers");
    expect(customer?.body.get("email")).toBe("astrid@example.test");
    expect(customer?.body.get("metadata[user_id]")).toBe("user-1");
    expect(setup?.path).toBe("/v1/setup_intents");
    expect(Object.fromEntries(setup?.body ?? [])).toMatchObject({
      customer: "cus_1",
      payment_method: "pm_card_visa",
      confirm: "true",
      usage: "off_session",
    });
    expect(method).toMatchObject({ method: "GET", path: "/v1/payment_methods/pm_card_visa" });
    expect(customer?.authorization).toBe(`Bearer ${secretKey}`);
    // A typed number is never accepted for Stripe: it goes to Stripe's hosted field only.
    await expect(
      gateway.saveCard(
        { kind: "typed", card: { cardNumber: "4242424242424242", cvv: "123", brand: "visa", expiryMonth: 1, expiryYear: 2034 } },
        { userId: "u", email: "e" },
      ),
    ).rejects.toBeInstanceOf(GatewayRefusal);
  });

  it("holds with a manual-capture PaymentIntent, captures a lower amount, cancels and refunds, each with our idempotency key", async () => {
    const hold = await gateway.authorise({ amountCents: 12_000, methodToken: "cus_1:pm_card_visa", idempotencyKey: "authorise:u:b:c" });
    expect(hold).toMatchObject({ outcome: "succeeded", providerPaymentId: "pi_123", amountCents: 12_000 });
    expect(last()).toMatchObject({ method: "POST", path: "/v1/payment_intents", idempotencyKey: "authorise:u:b:c" });
    expect(Object.fromEntries(last().body)).toMatchObject({
      amount: "12000",
      currency: "eur",
      customer: "cus_1",
      payment_method: "pm_card_visa",
      capture_method: "manual",
      confirm: "true",
      "allowed_payment_method_types[0]": "card",
      return_url: "https://nordicshield.test/secure-booking",
    });

    expect(await gateway.capture({ providerPaymentId: "pi_123", amountCents: 10_000, idempotencyKey: "capture:p1" })).toMatchObject({
      outcome: "succeeded",
      amountCents: 10_000,
    });
    expect(last()).toMatchObject({ method: "POST", path: "/v1/payment_intents/pi_123/capture", idempotencyKey: "capture:p1" });
    expect(last().body.get("amount_to_capture")).toBe("10000");

    await gateway.void({ providerPaymentId: "pi_123", idempotencyKey: "void:p1" });
    expect(last()).toMatchObject({ method: "POST", path: "/v1/payment_intents/pi_123/cancel", idempotencyKey: "void:p1" });

    expect(
      await gateway.refund({ providerPaymentId: "pi_123", amountCents: 2_500, idempotencyKey: "refund:p1:r", reason: "One guard late" }),
    ).toMatchObject({
      outcome: "succeeded",
      amountCents: 2_500,
      providerReference: "re_1",
    });
    expect(last()).toMatchObject({ method: "POST", path: "/v1/refunds", idempotencyKey: "refund:p1:r" });
    expect(Object.fromEntries(last().body)).toEqual({ payment_intent: "pi_123", amount: "2500", "metadata[reason]": "One guard late" });
  });

  it("charges a saved card off-session, turns a card error into a plain decline and a refused step into a refusal", async () => {
    expect(await gateway.chargeSaved({ amountCents: 5_000, methodToken: "cus_1:pm_card_visa", idempotencyKey: "charge:p2" })).toMatchObject(
      { outcome: "succeeded", amountCents: 5_000 },
    );
    expect(Object.fromEntries(last().body)).toMatchObject({
      amount: "5000",
      currency: "eur",
      off_session: "true",
      confirm: "true",
      customer: "cus_1",
    });
    expect(last().body.get("capture_method")).toBeNull();

    const declined = await gateway.authorise({
      amountCents: 100,
      methodToken: "cus_1:pm_card_chargeDeclinedInsufficientFunds",
      idempotencyKey: "authorise:x",
    });
    expect(declined).toMatchObject({ outcome: "declined", code: "insufficient_funds", providerPaymentId: "pi_declined" });

    const refused = await gateway.capture({ providerPaymentId: "pi_456", amountCents: 100, idempotencyKey: "capture:p3" }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(GatewayRefusal);
    expect((refused as GatewayRefusal).code).toBe("payment_intent_unexpected_state");
  });

  it("verifies a webhook signed with the SDK's test helper and refuses a forged or stale one", () => {
    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "payment_intent.canceled",
      data: { object: { object: "payment_intent", id: "pi_123" } },
    });
    const stripe = new Stripe(secretKey);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect(gateway.verifyWebhook(payload, header)).toEqual({
      id: "evt_1",
      type: "payment_intent.canceled",
      providerPaymentId: "pi_123",
      report: { state: "canceled" },
    });
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someoneelse000000000" });
    expect(() => gateway.verifyWebhook(payload, forged)).toThrow(GatewayRefusal);
    expect(() => gateway.verifyWebhook(payload.replace("canceled", "succeeded"), header)).toThrow(GatewayRefusal);
    const stale = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(() => gateway.verifyWebhook(payload, stale)).toThrow(GatewayRefusal);
  });
});

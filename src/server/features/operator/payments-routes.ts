import { enforceRateLimits } from "../../auth/rate-limit.ts";
import { rateLimitRules } from "../../rate-limit-rules.ts";
import { Hono } from "hono";
import { operatorRefundSchema, paymentsListQuerySchema } from "../../../shared/payment-requests.ts";
import { userActor } from "../../access/booking-access.ts";
import type { SignedInEnv } from "../../auth/require-user.ts";
import { ledgerView, paymentsList, refundByOperator } from "../../payments/money-requests.ts";
import { validate } from "../../validation.ts";
import { idempotencyKeyHeader, requestFingerprint } from "../../http/idempotency-key.ts";
import { idParam } from "./route-params.ts";

// docs/payments.md "Operator": a booking's ledger, refunds with a reason, and the payments list
// with its filters (holds that expire before the 24-hour reply is due among them).

export const operatorPaymentRoutes = new Hono<SignedInEnv>()
  .get("/payments", validate("query", paymentsListQuerySchema), async (c) =>
    c.json({ payments: await paymentsList(c.var.deps.database.db, c.req.valid("query"), new Date()) }),
  )
  .get("/bookings/:id/ledger", async (c) =>
    c.json(await ledgerView(c.var.deps.database.db, userActor(c.var.user), idParam(c.req.param("id"), "noSuchBooking"))),
  )
  // 202: the refund is queued and recorded when the provider answers; a repeat with the same
  // Idempotency-Key and body queues nothing more, and the key with another body answers 422 (ADR 217).
  .post("/bookings/:id/refunds", validate("json", operatorRefundSchema), async (c) => {
    const id = idParam(c.req.param("id"), "noSuchBooking");
    const key = idempotencyKeyHeader(c.req.header("Idempotency-Key"));
    const body = c.req.valid("json");
    const actor = userActor(c.var.user) as ReturnType<typeof userActor> & { kind: "user" };
    await enforceRateLimits(c.var.deps.database.db, [{ rule: rateLimitRules.operatorRefundsPerUserHour, subject: c.var.user.id }]);
    const idempotency = key ? { key, fingerprint: requestFingerprint("POST", c.req.path, body) } : null;
    await refundByOperator(c.var.deps.database.db, c.var.services.payments, actor, id, body, idempotency);
    return c.json(await ledgerView(c.var.deps.database.db, actor, id), 202);
  });

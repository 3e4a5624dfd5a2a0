import { rateLimitRules } from "../../rate-limit-rules.ts";
import { enforceRateLimits } from "../../auth/rate-limit.ts";
import { Hono } from "hono";
import { z } from "zod";
import { cardInsteadSchema, createBookingSchema, quoteBookingSchema, securePaymentSchema } from "../../../shared/booking.ts";
import { clientIp } from "../../auth/client-ip.ts";
import { requireUser } from "../../auth/require-user.ts";
import type { AppEnv } from "../../app-env.ts";
import { notFound } from "../../http-error.ts";
import { validate } from "../../validation.ts";
import { idempotencyKeyHeader } from "../../http/idempotency-key.ts";
import { bookingListQuerySchema } from "../../../shared/customer-bookings.ts";
import { approveNewTotal } from "../../payments/money-requests.ts";
import { ratingSchema } from "../../../shared/operatives.ts";
import {
  cancelBooking,
  createBooking,
  getOwnBooking,
  listBookings,
  payByCardInstead,
  quoteBooking,
  rateBooking,
  securePayment,
} from "./service.ts";

// docs/product.md §4/§5/§7 bookings. Creating one needs a session (docs/product.md §6); a quote does not.

/**
 * Booking ids are UUIDs (createBookingSchema); anything else cannot exist, and a NUL byte would
 * make PostgreSQL fail the query (500) instead of answering 404.
 */
function bookingIdOf(id: string): string {
  if (!z.uuid().safeParse(id).success) throw notFound("noSuchBooking");
  return id;
}

export const bookingRoutes = new Hono<AppEnv>()
  .post("/quote", validate("json", quoteBookingSchema), async (c) => {
    return c.json(await quoteBooking(c.var.deps, c.var.services, c.req.valid("json"), clientIp(c)));
  })
  // 201 with the new booking; 200 with the existing one when the request is a replay (ADR 051).
  // The guard runs before the body validator, so that a signed-out visitor always gets 401 first.
  .post("/", requireUser(), validate("json", createBookingSchema), async (c) => {
    const key = idempotencyKeyHeader(c.req.header("Idempotency-Key"));
    const { booking, created } = await createBooking(c.var.deps, c.var.services, c.var.user, c.req.valid("json"), key, clientIp(c));
    return c.json(booking, created ? 201 : 200);
  })
  // docs/product.md §2 BOOKINGS, §4, §9: the user's upcoming bookings and past ones within ?window=week|month|year|all.
  .get("/", requireUser(), validate("query", bookingListQuerySchema), async (c) =>
    c.json(await listBookings(c.var.deps, c.var.user, c.req.valid("query").window)),
  )
  // Owner only: another user's id answers 404 like an id that does not exist.
  .get("/:id", requireUser(), async (c) => c.json(await getOwnBooking(c.var.deps, c.var.user, bookingIdOf(c.req.param("id")))))
  // docs/operatives.md: the owner rates a completed booking once (409 before it is completed or a second time).
  .post("/:id/rating", requireUser(), validate("json", ratingSchema), async (c) =>
    c.json(await rateBooking(c.var.deps, c.var.user, bookingIdOf(c.req.param("id")), c.req.valid("json")), 201),
  )
  // docs/product.md §4/§9: the owner cancels a pending or confirmed booking that has not started (409 otherwise).
  .post("/:id/cancel", requireUser(), async (c) =>
    c.json(await cancelBooking(c.var.deps, c.var.services, c.var.user, bookingIdOf(c.req.param("id")))),
  )
  // docs/payments.md, ADR 133: the owner approves the higher total an operator confirmed; the difference is charged.
  .post("/:id/payment/approve", requireUser(), async (c) => {
    const id = bookingIdOf(c.req.param("id"));
    await enforceRateLimits(c.var.deps.database.db, [{ rule: rateLimitRules.paymentApprovalsPerUserHour, subject: c.var.user.id }]);
    await approveNewTotal(c.var.deps.database.db, c.var.services.payments, { kind: "user", id: c.var.user.id, role: c.var.user.role }, id);
    return c.json(await getOwnBooking(c.var.deps, c.var.user, id));
  })
  // ADR 225: the owner secures the money of a booking whose charge at confirmation failed (402 with
  // the bank's check or the refusal, as at booking; 409 once the deadline has passed).
  .post("/:id/payment", requireUser(), validate("json", securePaymentSchema), async (c) => {
    const id = bookingIdOf(c.req.param("id"));
    await enforceRateLimits(c.var.deps.database.db, [{ rule: rateLimitRules.paymentApprovalsPerUserHour, subject: c.var.user.id }]);
    return c.json(await securePayment(c.var.deps, c.var.services, c.var.user, id, c.req.valid("json")));
  })
  // ADR 244: the owner of a pending booking paid by invoice pays it by card instead (402 with the
  // bank's check or the refusal, as at booking; 409 once the booking is confirmed).
  .post("/:id/card-payment", requireUser(), validate("json", cardInsteadSchema), async (c) => {
    const id = bookingIdOf(c.req.param("id"));
    await enforceRateLimits(c.var.deps.database.db, [{ rule: rateLimitRules.paymentApprovalsPerUserHour, subject: c.var.user.id }]);
    return c.json(await payByCardInstead(c.var.deps, c.var.services, c.var.user, id, c.req.valid("json")));
  });

import { Hono } from "hono";
import {
  assignOperativesSchema,
  bookingQueueQuerySchema,
  cancelBookingSchema,
  confirmBookingSchema,
  declineBookingSchema,
  extendPaymentDeadlineSchema,
} from "../../../shared/operator.ts";
import type { SignedInEnv } from "../../auth/require-user.ts";
import { validate } from "../../validation.ts";
import { assignOperatives, unassignOperative } from "./assignments-service.ts";
import { decideBooking, extendPaymentDeadline } from "./bookings-service.ts";
import { assignSeriesOperatives } from "./series-assignments.ts";
import { bookingDetailForReader, queueForReader } from "./reader-places.ts";
import { idParam } from "./route-params.ts";

// The bookings queue, a booking's detail, the decisions and the assignments (ADR 070).

export const operatorBookingRoutes = new Hono<SignedInEnv>()
  .get("/bookings", validate("query", bookingQueueQuerySchema), async (c) =>
    c.json(await queueForReader(c.var.deps.database.db, c.var.user, c.req.valid("query"))),
  )
  .get("/bookings/:id", async (c) =>
    c.json(await bookingDetailForReader(c.var.deps.database.db, c.var.user, idParam(c.req.param("id"), "noSuchBooking"))),
  )
  .post("/bookings/:id/confirm", validate("json", confirmBookingSchema), async (c) =>
    c.json(
      await decideBooking(c.var.deps, c.var.services, c.var.user, idParam(c.req.param("id"), "noSuchBooking"), {
        kind: "confirm",
        input: c.req.valid("json"),
      }),
    ),
  )
  .post("/bookings/:id/decline", validate("json", declineBookingSchema), async (c) =>
    c.json(
      await decideBooking(c.var.deps, c.var.services, c.var.user, idParam(c.req.param("id"), "noSuchBooking"), {
        kind: "decline",
        input: c.req.valid("json"),
      }),
    ),
  )
  .post("/bookings/:id/cancel", validate("json", cancelBookingSchema), async (c) =>
    c.json(
      await decideBooking(c.var.deps, c.var.services, c.var.user, idParam(c.req.param("id"), "noSuchBooking"), {
        kind: "cancel",
        input: c.req.valid("json"),
      }),
    ),
  )
  // ADR 226: after a failed charge the operator cancels (above) or gives the customer more time.
  .post("/bookings/:id/payment-deadline", validate("json", extendPaymentDeadlineSchema), async (c) =>
    c.json(
      await extendPaymentDeadline(
        c.var.deps,
        c.var.services,
        c.var.user,
        idParam(c.req.param("id"), "noSuchBooking"),
        c.req.valid("json").hours,
      ),
    ),
  )
  .post("/bookings/:id/assignments", validate("json", assignOperativesSchema), async (c) =>
    c.json(
      {
        assignments: await assignOperatives(
          c.var.deps,
          c.var.services,
          c.var.user,
          idParam(c.req.param("id"), "noSuchBooking"),
          c.req.valid("json"),
        ),
      },
      201,
    ),
  )
  // docs/series.md: the same operatives offered every coming occurrence of a series.
  .post("/series/:id/assignments", validate("json", assignOperativesSchema), async (c) =>
    c.json(
      await assignSeriesOperatives(
        c.var.deps,
        c.var.services,
        c.var.user,
        idParam(c.req.param("id"), "noSuchBooking"),
        c.req.valid("json"),
      ),
    ),
  )
  .delete("/bookings/:id/assignments/:operativeId", async (c) =>
    c.json({
      assignments: await unassignOperative(
        c.var.deps,
        c.var.services,
        c.var.user,
        idParam(c.req.param("id"), "noSuchBooking"),
        idParam(c.req.param("operativeId"), "noSuchOperative"),
      ),
    }),
  );

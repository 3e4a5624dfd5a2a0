import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { threadMessageSchema, threadReadSchema } from "../../../shared/booking-messages.ts";
import { requireUser, type SignedInEnv } from "../../auth/require-user.ts";
import { notFound } from "../../http-error.ts";
import type { ThreadSide } from "../../booking-thread/thread-store.ts";
import { validate } from "../../validation.ts";
import { markThreadRead, postMessage, readThread, unreadOfCustomer } from "./service.ts";

// docs/product.md §12: the booking's message thread. The customer's side sits under
// /api/bookings (the owner's dashboard), staff's under /api/admin/bookings behind the console's
// guard (app.ts). Both answer 404 for a booking the access policy does not open (ADR 093, 185).

/** Booking ids are UUIDs: anything else cannot exist (and a NUL byte would fail PostgreSQL's query). */
function bookingIdOf(id: string): string {
  if (!z.uuid().safeParse(id).success) throw notFound("noSuchBooking");
  return id;
}

/** The thread's routes for one side, each behind `guard` (never a catch-all: /api/bookings/quote needs no session). */
function threadRoutes(side: ThreadSide, guard: MiddlewareHandler<SignedInEnv>) {
  return new Hono<SignedInEnv>()
    .get("/:id/messages", guard, async (c) =>
      c.json(await readThread(c.var.deps, c.var.services, c.var.user, bookingIdOf(c.req.param("id")), side)),
    )
    .post("/:id/messages", guard, validate("json", threadMessageSchema), async (c) =>
      c.json(
        await postMessage(c.var.deps, c.var.services, c.var.user, bookingIdOf(c.req.param("id")), side, c.req.valid("json").text),
        201,
      ),
    )
    .post("/:id/messages/read", guard, validate("json", threadReadSchema), async (c) =>
      c.json(
        await markThreadRead(c.var.deps, c.var.services, c.var.user, bookingIdOf(c.req.param("id")), side, c.req.valid("json").lastSeenId),
      ),
    );
}

/** The customer's side, mounted at /api/bookings; the unread figure is the dashboard menu's badge. */
export const customerThreadRoutes = new Hono<SignedInEnv>()
  .get("/messages/unread", requireUser(), async (c) => c.json(await unreadOfCustomer(c.var.deps, c.var.user)))
  .route("/", threadRoutes("customer", requireUser()));

/** Staff's side, mounted at /api/admin/bookings; the composition root hands in the console's guard (ADR 070). */
export const staffThreadRoutes = (staffGuard: MiddlewareHandler<SignedInEnv>) => threadRoutes("staff", staffGuard);

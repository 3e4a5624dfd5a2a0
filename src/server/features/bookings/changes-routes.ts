import { Hono } from "hono";
import { z } from "zod";
import { changeRequestSchema, declineRequestSchema, declineVersionSchema, proposeVersionSchema } from "../../../shared/booking-changes.ts";
import { requireUser, type SignedInEnv } from "../../auth/require-user.ts";
import type { AppEnv } from "../../app-env.ts";
import { notFound } from "../../http-error.ts";
import type { ReasonWithoutValues } from "../../../shared/api-error-reasons.ts";
import { validate } from "../../validation.ts";
import {
  acceptRequest,
  approveVersion,
  bookingChanges,
  declineRequest,
  declineVersion,
  proposeVersion,
  requestChange,
} from "./changes-service.ts";

// docs/product.md §12 Engagement (versions and requests), ADR 187, 188. The customer's side under
// /api/bookings/:id (owner only: anyone else's id answers 404), the operator's under
// /api/admin/bookings/:id (behind the console's staff guard, mounted in app.ts).

/** Ids are UUIDs; anything else cannot exist (and a NUL byte would fail PostgreSQL's query). */
function idOf(value: string, reason: ReasonWithoutValues): string {
  if (!z.uuid().safeParse(value).success) throw notFound(reason);
  return value;
}

export const bookingChangeRoutes = new Hono<AppEnv>()
  .get("/:id/changes", requireUser(), async (c) =>
    c.json(await bookingChanges(c.var.deps, c.var.user, idOf(c.req.param("id"), "noSuchBooking"), "owner")),
  )
  .post("/:id/versions/:versionId/approve", requireUser(), async (c) =>
    c.json(
      await approveVersion(
        c.var.deps,
        c.var.services,
        c.var.user,
        idOf(c.req.param("id"), "noSuchBooking"),
        idOf(c.req.param("versionId"), "noSuchVersion"),
      ),
    ),
  )
  .post("/:id/versions/:versionId/decline", requireUser(), validate("json", declineVersionSchema), async (c) =>
    c.json(
      await declineVersion(
        c.var.deps,
        c.var.services,
        c.var.user,
        idOf(c.req.param("id"), "noSuchBooking"),
        idOf(c.req.param("versionId"), "noSuchVersion"),
        c.req.valid("json"),
      ),
    ),
  )
  .post("/:id/change-requests", requireUser(), validate("json", changeRequestSchema), async (c) =>
    c.json(await requestChange(c.var.deps, c.var.services, c.var.user, idOf(c.req.param("id"), "noSuchBooking"), c.req.valid("json")), 201),
  );

export const bookingChangeOperatorRoutes = new Hono<SignedInEnv>()
  .get("/bookings/:id/changes", async (c) =>
    c.json(await bookingChanges(c.var.deps, c.var.user, idOf(c.req.param("id"), "noSuchBooking"), "staff")),
  )
  .post("/bookings/:id/versions", validate("json", proposeVersionSchema), async (c) =>
    c.json(
      await proposeVersion(c.var.deps, c.var.services, c.var.user, idOf(c.req.param("id"), "noSuchBooking"), c.req.valid("json")),
      201,
    ),
  )
  .post("/bookings/:id/change-requests/:requestId/accept", async (c) =>
    c.json(
      await acceptRequest(
        c.var.deps,
        c.var.services,
        c.var.user,
        idOf(c.req.param("id"), "noSuchBooking"),
        idOf(c.req.param("requestId"), "noSuchRequest"),
      ),
    ),
  )
  .post("/bookings/:id/change-requests/:requestId/decline", validate("json", declineRequestSchema), async (c) =>
    c.json(
      await declineRequest(
        c.var.deps,
        c.var.services,
        c.var.user,
        idOf(c.req.param("id"), "noSuchBooking"),
        idOf(c.req.param("requestId"), "noSuchRequest"),
        c.req.valid("json"),
      ),
    ),
  );

import { Hono } from "hono";
import { z } from "zod";
import { auditQuerySchema, boardQuerySchema, inviteOperativeSchema } from "../../../shared/operatives.ts";
import type { SignedInEnv } from "../../auth/require-user.ts";
import { inviteOperative } from "../../operative-invitation.ts";
import { validate } from "../../validation.ts";
import { bookingEligibility } from "./assignments-service.ts";
import { auditLogPage } from "./audit-service.ts";
import { scheduleBoard } from "./board-service.ts";
import { ratingsOfOperative, reviewIncident } from "./incidents-service.ts";
import { idParam } from "./route-params.ts";

// Dispatch (docs/operatives.md): invitations, who can take a booking, the schedule board, the
// whole audit log, incident review and ratings per operative.

export const dispatchRoutes = new Hono<SignedInEnv>()
  .post("/operatives/:id/invite", validate("json", inviteOperativeSchema), async (c) =>
    c.json(
      await inviteOperative(
        c.var.deps,
        c.var.services.auth,
        c.var.user,
        idParam(c.req.param("id"), "noSuchOperative"),
        c.req.valid("json"),
      ),
    ),
  )
  .get("/operatives/:id/ratings", async (c) =>
    c.json(await ratingsOfOperative(c.var.deps.database.db, idParam(c.req.param("id"), "noSuchOperative"))),
  )
  .get("/bookings/:id/eligibility", async (c) =>
    c.json({ operatives: await bookingEligibility(c.var.deps, c.var.user, idParam(c.req.param("id"), "noSuchBooking")) }),
  )
  .get("/board", validate("query", boardQuerySchema), async (c) =>
    c.json(await scheduleBoard(c.var.deps.database.db, c.req.valid("query").week)),
  )
  .get("/audit", validate("query", auditQuerySchema), async (c) => c.json(await auditLogPage(c.var.deps.database.db, c.req.valid("query"))))
  .post("/incidents/:id/review", validate("json", z.object({ share: z.boolean().default(false) })), async (c) =>
    c.json(
      await reviewIncident(
        c.var.deps,
        c.var.services,
        c.var.user,
        idParam(c.req.param("id"), "noSuchIncidentReport"),
        c.req.valid("json").share,
      ),
    ),
  );

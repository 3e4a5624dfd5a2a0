import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import {
  checkInPinsSchema,
  checkInPlanSchema,
  checkInSchema,
  devicePositionSchema,
  onCallListSchema,
  raiseAlarmSchema,
  resolveAlarmSchema,
  bookingTourSchema,
  tourScanSchema,
  tourSiteSchema,
} from "../../../shared/on-duty.ts";
import { isLanguage } from "../../../shared/languages.ts";
import { attachTour, createTourSite, customerTourReport, shareTour, tourReport, tourSheetPdf, tourSites } from "./tours.ts";
import type { AppVariables } from "../../app-env.ts";
import { requireRole, requireUser, type SignedInEnv } from "../../auth/require-user.ts";
import { notFound } from "../../http-error.ts";
import type { ReasonWithoutValues } from "../../../shared/api-error-reasons.ts";
import { validate } from "../../validation.ts";
import {
  acknowledgeAlarm,
  alarmsForConsole,
  checkIn,
  checkInPlanOf,
  createPrincipalLink,
  customerSafety,
  liveBoard,
  onCallList,
  operativeSafety,
  principalView,
  raiseAlarm,
  raiseOperativeAlarm,
  raisePrincipalAlarm,
  resolveAlarm,
  scanCheckpoint,
  tourOfAssignment,
  setCheckInPins,
  setCheckInPlan,
  setOnCallList,
  sharePosition,
  stopSharingPosition,
} from "./service.ts";

// On duty (docs/on-duty.md). The customer's side under /api/bookings, the operative's under
// /api/operative/duty (behind the operative area's guard: the role and two-factor sign-in, ADR 160),
// the principal's personal link under /api/principal (no account: the signed token, ADR 288), and
// the staff's under /api/admin behind the console's guard (app.ts passes it, ADR 070).

const uuidOr = (reason: ReasonWithoutValues) => (id: string) => {
  if (!z.uuid().safeParse(id).success) throw notFound(reason);
  return id;
};
const bookingId = uuidOr("noSuchBooking");
const assignmentId = uuidOr("noSuchAssignment");
const alarmId = uuidOr("noSuchAlarm");

/** Mounted at /api/bookings: the owner's safety panel, the SOS and the principal's link. */
export const onDutyCustomerRoutes = new Hono<SignedInEnv>()
  .get("/:id/safety", requireUser(), async (c) =>
    c.json(await customerSafety(c.var.deps, c.var.services, c.var.user, bookingId(c.req.param("id")))),
  )
  .post("/:id/alarms", requireUser(), validate("json", raiseAlarmSchema), async (c) =>
    c.json(
      await raiseAlarm(c.var.deps, c.var.services, { kind: "user", user: c.var.user }, bookingId(c.req.param("id")), c.req.valid("json")),
      201,
    ),
  )
  .get("/:id/tour", requireUser(), async (c) =>
    c.json(await customerTourReport(c.var.deps, c.var.services, c.var.user, bookingId(c.req.param("id")))),
  )
  .post("/:id/principal-link", requireUser(), async (c) =>
    c.json(await createPrincipalLink(c.var.deps, c.var.services, c.var.user, bookingId(c.req.param("id"))), 201),
  );

/** Mounted at /api/operative/duty, after the operative area (whose guard covers /api/operative/*). */
export const onDutyOperativeRoutes = new Hono<SignedInEnv>()
  .use("*", requireRole("operative"))
  .put("/pins", validate("json", checkInPinsSchema), async (c) =>
    c.json(await setCheckInPins(c.var.deps, c.var.services, c.var.user, c.req.valid("json"))),
  )
  .get("/assignments/:id/safety", async (c) =>
    c.json(await operativeSafety(c.var.deps, c.var.services, c.var.user, assignmentId(c.req.param("id")))),
  )
  .post("/assignments/:id/alarms", validate("json", raiseAlarmSchema), async (c) =>
    c.json(await raiseOperativeAlarm(c.var.deps, c.var.services, c.var.user, assignmentId(c.req.param("id")), c.req.valid("json")), 201),
  )
  .post("/assignments/:id/check-ins", validate("json", checkInSchema), async (c) =>
    c.json(await checkIn(c.var.deps, c.var.services, c.var.user, assignmentId(c.req.param("id")), c.req.valid("json")), 201),
  )
  .put("/assignments/:id/position", validate("json", devicePositionSchema), async (c) =>
    c.json(await sharePosition(c.var.deps, c.var.services, c.var.user, assignmentId(c.req.param("id")), c.req.valid("json"))),
  )
  .get("/assignments/:id/tour", async (c) =>
    c.json(await tourOfAssignment(c.var.deps, c.var.services, c.var.user, assignmentId(c.req.param("id")))),
  )
  .post("/assignments/:id/scans", validate("json", tourScanSchema), async (c) =>
    c.json(await scanCheckpoint(c.var.deps, c.var.services, c.var.user, assignmentId(c.req.param("id")), c.req.valid("json")), 201),
  )
  .delete("/assignments/:id/position", async (c) =>
    c.json(await stopSharingPosition(c.var.deps, c.var.services, c.var.user, assignmentId(c.req.param("id")))),
  );

/** Mounted at /api/principal: the principal's page and SOS, by the signed token alone. */
export const onDutyPrincipalRoutes = new Hono<{ Variables: AppVariables }>()
  .get("/:token", async (c) => c.json(await principalView(c.var.deps, c.var.services, c.req.param("token"))))
  .post("/:token/alarms", validate("json", raiseAlarmSchema), async (c) =>
    c.json(await raisePrincipalAlarm(c.var.deps, c.var.services, c.req.param("token"), c.req.valid("json")), 201),
  );

/** Mounted at /api/admin behind `guard` (staff): alarms, the on-call list, check-in plans, the live board. */
export function onDutyStaffRoutes(guard: MiddlewareHandler<SignedInEnv>) {
  return (
    new Hono<SignedInEnv>()
      .get("/alarms", guard, async (c) => c.json({ alarms: await alarmsForConsole(c.var.deps, c.var.services) }))
      .post("/alarms/:id/acknowledge", guard, async (c) =>
        c.json(await acknowledgeAlarm(c.var.deps, c.var.services, c.var.user, alarmId(c.req.param("id")))),
      )
      .post("/alarms/:id/resolve", guard, validate("json", resolveAlarmSchema), async (c) =>
        c.json(await resolveAlarm(c.var.deps, c.var.services, c.var.user, alarmId(c.req.param("id")), c.req.valid("json"))),
      )
      .get("/on-call", guard, async (c) => c.json(await onCallList(c.var.deps)))
      .put("/on-call", guard, validate("json", onCallListSchema), async (c) =>
        c.json(await setOnCallList(c.var.deps, c.var.services, c.var.user, c.req.valid("json"))),
      )
      .get("/bookings/:id/check-in-plan", guard, async (c) =>
        c.json({ plan: await checkInPlanOf(c.var.deps, bookingId(c.req.param("id"))) }),
      )
      .put("/bookings/:id/check-in-plan", guard, validate("json", checkInPlanSchema), async (c) =>
        c.json(await setCheckInPlan(c.var.deps, c.var.services, c.var.user, bookingId(c.req.param("id")), c.req.valid("json"))),
      )
      .get("/live-board", guard, async (c) => c.json(await liveBoard(c.var.deps)))
      // docs/on-duty.md "Guard tours": sites, their printable sheet, a booking's tour and its report.
      .get("/tour-sites", guard, async (c) => c.json({ sites: await tourSites(c.var.deps) }))
      .post("/tour-sites", guard, validate("json", tourSiteSchema), async (c) =>
        c.json(await createTourSite(c.var.deps, c.var.services, c.req.valid("json")), 201),
      )
      .get("/tour-sites/:id/sheet.pdf", guard, async (c) => {
        const requested = c.req.query("language") ?? "en";
        const pdf = await tourSheetPdf(c.var.deps, uuidOr("noSuchBooking")(c.req.param("id")), isLanguage(requested) ? requested : "en");
        return c.body(new Uint8Array(pdf), 200, {
          "Content-Type": "application/pdf",
          "Content-Disposition": 'attachment; filename="checkpoints.pdf"',
        });
      })
      .get("/bookings/:id/tour", guard, async (c) =>
        c.json({ tour: await tourReport(c.var.deps.database.db, bookingId(c.req.param("id"))) }),
      )
      .put("/bookings/:id/tour", guard, validate("json", bookingTourSchema), async (c) =>
        c.json({ tour: await attachTour(c.var.deps, c.var.services, bookingId(c.req.param("id")), c.req.valid("json")) }),
      )
      .post("/bookings/:id/tour/share", guard, async (c) =>
        c.json({ tour: await shareTour(c.var.deps, c.var.services, bookingId(c.req.param("id"))) }),
      )
  );
}

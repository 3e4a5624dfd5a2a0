import { Hono } from "hono";
import { z } from "zod";
import {
  assignOperativesSchema,
  bookingQueueQuerySchema,
  cancelBookingSchema,
  confirmBookingSchema,
  declineBookingSchema,
  idReviewQuerySchema,
  operativeSchema,
  rejectIdSchema,
  roleGrantSchema,
  serviceEditSchema,
  staffPolicySchema,
} from "../../../shared/operator.ts";
import type { SignedInEnv } from "../../auth/require-user.ts";
import { notFound } from "../../http-error.ts";
import { validate } from "../../validation.ts";
import { requireAdmin, requireStaff } from "./guard.ts";
import { bookingDetailForReader, queueForReader } from "./reader-places.ts";
import {
  assignOperatives,
  createOperative,
  decideBooking,
  deleteOperative,
  getOperative,
  getService,
  grantRole,
  idVerificationDetail,
  listIdVerifications,
  listOperatives,
  listServices,
  listUsers,
  readIdDocument,
  readStaffPolicy,
  reviewIdDocument,
  unassignOperative,
  updateOperative,
  updateService,
  updateStaffPolicy,
} from "./service.ts";

// The operator console's API (ADR 070), all under /api/admin: every route is behind the staff
// guard (401 signed out, 403 customers); role grants and the staff policy are admins only.
// Ids are checked for shape first: an id that cannot exist answers 404 without a query.

const uuid = z.uuid();
function idParam(value: string, what: string): string {
  if (!uuid.safeParse(value).success) throw notFound(`There is no such ${what}.`);
  return value;
}
const serviceIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

export const operatorRoutes = new Hono<SignedInEnv>()
  .use("*", requireStaff())
  // Bookings queue and detail
  .get("/bookings", validate("query", bookingQueueQuerySchema), async (c) =>
    c.json(await queueForReader(c.var.deps.database.db, c.var.user.id, c.req.valid("query"))),
  )
  .get("/bookings/:id", async (c) =>
    c.json(await bookingDetailForReader(c.var.deps.database.db, c.var.user.id, idParam(c.req.param("id"), "booking"))),
  )
  .post("/bookings/:id/confirm", validate("json", confirmBookingSchema), async (c) =>
    c.json(
      await decideBooking(c.var.deps, c.var.user, idParam(c.req.param("id"), "booking"), { kind: "confirm", input: c.req.valid("json") }),
    ),
  )
  .post("/bookings/:id/decline", validate("json", declineBookingSchema), async (c) =>
    c.json(
      await decideBooking(c.var.deps, c.var.user, idParam(c.req.param("id"), "booking"), { kind: "decline", input: c.req.valid("json") }),
    ),
  )
  .post("/bookings/:id/cancel", validate("json", cancelBookingSchema), async (c) =>
    c.json(
      await decideBooking(c.var.deps, c.var.user, idParam(c.req.param("id"), "booking"), { kind: "cancel", input: c.req.valid("json") }),
    ),
  )
  .post("/bookings/:id/assignments", validate("json", assignOperativesSchema), async (c) =>
    c.json(
      { assignments: await assignOperatives(c.var.deps, c.var.user, idParam(c.req.param("id"), "booking"), c.req.valid("json")) },
      201,
    ),
  )
  .delete("/bookings/:id/assignments/:operativeId", async (c) =>
    c.json({
      assignments: await unassignOperative(
        c.var.deps,
        c.var.user,
        idParam(c.req.param("id"), "booking"),
        idParam(c.req.param("operativeId"), "operative"),
      ),
    }),
  )
  // Operatives roster
  .get("/operatives", async (c) => c.json({ operatives: await listOperatives(c.var.deps.database.db) }))
  .post("/operatives", validate("json", operativeSchema), async (c) =>
    c.json(await createOperative(c.var.deps.database.db, c.var.user, c.req.valid("json")), 201),
  )
  .get("/operatives/:id", async (c) => c.json(await getOperative(c.var.deps.database.db, idParam(c.req.param("id"), "operative"))))
  .put("/operatives/:id", validate("json", operativeSchema), async (c) =>
    c.json(await updateOperative(c.var.deps.database.db, c.var.user, idParam(c.req.param("id"), "operative"), c.req.valid("json"))),
  )
  .delete("/operatives/:id", async (c) =>
    c.json(await deleteOperative(c.var.deps.database.db, c.var.user, idParam(c.req.param("id"), "operative"))),
  )
  // Identity documents
  .get("/id-verifications", validate("query", idReviewQuerySchema), async (c) =>
    c.json({ documents: await listIdVerifications(c.var.deps.database.db, c.req.valid("query").status) }),
  )
  .get("/id-verifications/:id", async (c) =>
    c.json(await idVerificationDetail(c.var.deps.database.db, idParam(c.req.param("id"), "document"))),
  )
  .get("/id-verifications/:id/file", async (c) => {
    const file = await readIdDocument(c.var.deps, c.var.user, idParam(c.req.param("id"), "document"));
    // Shown inline to the operator only; never cached, never sniffed, never run as a page. c.body
    // keeps the headers every response carries (app.ts: nosniff, frame denial, referrer policy).
    return c.body(new Uint8Array(file.body), 200, {
      "Content-Type": file.contentType,
      "Content-Disposition": 'inline; filename="identity-document"',
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; sandbox",
    });
  })
  .post("/id-verifications/:id/approve", async (c) =>
    c.json(await reviewIdDocument(c.var.deps, c.var.user, idParam(c.req.param("id"), "document"), { decision: "approved" })),
  )
  .post("/id-verifications/:id/reject", validate("json", rejectIdSchema), async (c) =>
    c.json(
      await reviewIdDocument(c.var.deps, c.var.user, idParam(c.req.param("id"), "document"), {
        decision: "rejected",
        reason: c.req.valid("json").reason,
      }),
    ),
  )
  // Catalogue editor
  .get("/services", async (c) => c.json({ services: await listServices(c.var.deps.database.db) }))
  .get("/services/:id", async (c) => {
    const id = c.req.param("id");
    if (!serviceIdPattern.test(id)) throw notFound("There is no such service.");
    return c.json(await getService(c.var.deps.database.db, id));
  })
  .put("/services/:id", validate("json", serviceEditSchema), async (c) => {
    const id = c.req.param("id");
    if (!serviceIdPattern.test(id)) throw notFound("There is no such service.");
    return c.json(await updateService(c.var.deps, c.var.services, c.var.user, id, c.req.valid("json")));
  })
  // Staff: users and roles, the two-factor policy
  .get("/policy", async (c) => c.json(await readStaffPolicy(c.var.deps.database.db)))
  .put("/policy", requireAdmin(), validate("json", staffPolicySchema), async (c) =>
    c.json(await updateStaffPolicy(c.var.deps.database.db, c.var.user, c.req.valid("json"))),
  )
  .get("/users", requireAdmin(), validate("query", z.object({ q: z.string().trim().max(100).optional() })), async (c) =>
    c.json({ users: await listUsers(c.var.deps.database.db, c.req.valid("query").q) }),
  )
  .post("/users/:id/role", requireAdmin(), validate("json", roleGrantSchema), async (c) => {
    const id = c.req.param("id");
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw notFound("There is no such user.");
    return c.json(await grantRole(c.var.deps.database.db, c.var.user, id, c.req.valid("json").role));
  });

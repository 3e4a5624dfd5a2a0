import { Hono } from "hono";
import { z } from "zod";
import {
  companyBookingFilterSchema,
  companyDecisionSchema,
  companyDelegationSchema,
  companyInvitationSchema,
  companyPolicySchema,
  companyPrincipalSchema,
  companyRoleChangeSchema,
} from "../../../shared/companies.ts";
import { languages } from "../../../shared/languages.ts";
import type { AppEnv } from "../../app-env.ts";
import { requireUser } from "../../auth/require-user.ts";
import { notFound } from "../../http-error.ts";
import { validate } from "../../validation.ts";
import {
  acceptInvitation,
  addPrincipal,
  changeRole,
  companySpend,
  companySpendCsv,
  decideCompanyBooking,
  delegateApprovals,
  getCompany,
  inviteMember,
  listCompanyBookings,
  listCompanyDocuments,
  listMyCompanies,
  removeMember,
  revokeInvitation,
  updatePolicy,
} from "./service.ts";

// docs/companies.md: a company's members, policy, bookings, approvals and spend. Every route is
// behind sign-in; the service asks the member's active role (ADR 277).

/** Ids are UUIDs or Better Auth's user ids; anything else cannot exist (404, never a 500). */
function idOf(id: string): string {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw notFound("noSuchCompany");
  return id;
}

const languageQuery = z.object({ language: z.enum(languages).default("en") });

export const companyRoutes = new Hono<AppEnv>()
  .use(requireUser())
  .get("/", async (c) => c.json(await listMyCompanies(c.var.deps.database.db, c.var.user, c.var.services.clock.now())))
  .post("/invitations/:invitationId/accept", async (c) =>
    c.json(await acceptInvitation(c.var.deps.database.db, c.var.user, idOf(c.req.param("invitationId")), c.var.services.clock.now())),
  )
  // ADR 276: the approver's yes or no to a booking waiting for the company's approval.
  .post("/bookings/:bookingId/approve", async (c) => {
    await decideCompanyBooking(
      c.var.deps.database.db,
      c.var.services.bookingLifecycle,
      c.var.user,
      idOf(c.req.param("bookingId")),
      { approve: true },
      c.var.services.clock.now(),
    );
    return c.json({ ok: true });
  })
  .post("/bookings/:bookingId/decline", validate("json", companyDecisionSchema), async (c) => {
    const reason = c.req.valid("json").reason || null;
    await decideCompanyBooking(
      c.var.deps.database.db,
      c.var.services.bookingLifecycle,
      c.var.user,
      idOf(c.req.param("bookingId")),
      { approve: false, reason },
      c.var.services.clock.now(),
    );
    return c.json({ ok: true });
  })
  .get("/:id", async (c) =>
    c.json(await getCompany(c.var.deps.database.db, c.var.user, idOf(c.req.param("id")), c.var.services.clock.now())),
  )
  .put("/:id/policy", validate("json", companyPolicySchema), async (c) =>
    c.json(
      await updatePolicy(c.var.deps.database.db, c.var.user, idOf(c.req.param("id")), c.req.valid("json"), c.var.services.clock.now()),
    ),
  )
  .post("/:id/invitations", validate("query", languageQuery), validate("json", companyInvitationSchema), async (c) =>
    c.json(
      await inviteMember(
        c.var.deps.database.db,
        c.var.user,
        idOf(c.req.param("id")),
        c.req.valid("json"),
        c.req.valid("query").language,
        c.var.services.clock.now(),
      ),
      201,
    ),
  )
  .delete("/:id/invitations/:invitationId", async (c) =>
    c.json(
      await revokeInvitation(
        c.var.deps.database.db,
        c.var.user,
        idOf(c.req.param("id")),
        idOf(c.req.param("invitationId")),
        c.var.services.clock.now(),
      ),
    ),
  )
  .put("/:id/members/:userId/role", validate("json", companyRoleChangeSchema), async (c) =>
    c.json(
      await changeRole(
        c.var.deps.database.db,
        c.var.user,
        idOf(c.req.param("id")),
        idOf(c.req.param("userId")),
        c.req.valid("json").role,
        c.var.services.clock.now(),
      ),
    ),
  )
  .delete("/:id/members/:userId", async (c) =>
    c.json(
      await removeMember(
        c.var.deps.database.db,
        c.var.user,
        idOf(c.req.param("id")),
        idOf(c.req.param("userId")),
        c.var.services.clock.now(),
      ),
    ),
  )
  .put("/:id/delegation", validate("json", companyDelegationSchema), async (c) =>
    c.json(
      await delegateApprovals(c.var.deps.database.db, c.var.user, idOf(c.req.param("id")), c.req.valid("json"), c.var.services.clock.now()),
    ),
  )
  .post("/:id/principals", validate("json", companyPrincipalSchema), async (c) =>
    c.json(
      await addPrincipal(c.var.deps.database.db, c.var.user, idOf(c.req.param("id")), c.req.valid("json"), c.var.services.clock.now()),
      201,
    ),
  )
  .get("/:id/bookings", validate("query", companyBookingFilterSchema), async (c) =>
    c.json(
      await listCompanyBookings(
        c.var.deps.database.db,
        c.var.user,
        idOf(c.req.param("id")),
        c.req.valid("query"),
        c.var.services.clock.now(),
      ),
    ),
  )
  .get("/:id/documents", async (c) => c.json(await listCompanyDocuments(c.var.deps.database.db, c.var.user, idOf(c.req.param("id")))))
  .get("/:id/spend", async (c) => c.json(await companySpend(c.var.deps.database.db, c.var.user, idOf(c.req.param("id")))))
  .get("/:id/spend.csv", async (c) => {
    const csv = await companySpendCsv(c.var.deps.database.db, c.var.user, idOf(c.req.param("id")));
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="company-spend.csv"',
    });
  });

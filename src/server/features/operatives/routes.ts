import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { declineAssignmentSchema, incidentReportSchema, operativeStatusSchema } from "../../../shared/operatives.ts";
import { requireRole, type SignedInEnv } from "../../auth/require-user.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { validate } from "../../validation.ts";
import { deviceWritesOf, replayableWrites } from "../../http/idempotency-key.ts";
import { operatorToday } from "../../../shared/time.ts";
import { myAssignments, myOperativeRecord } from "./repo.ts";
import { answerOffer, assignmentBrief, fileIncident, markStatus } from "./service.ts";

// The operative's own area, /api/operative (docs/operatives.md, ADR 160): operatives only, and only
// with two-factor sign-in on (OWASP ASVS 6.3: accounts that reach customers' personal data use
// multi-factor authentication). Better Auth's twoFactor plugin sets users.two_factor_enabled.

const operative = requireRole("operative");

function requireOperative() {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    await operative(c, async () => {
      const row = await c.var.deps.database.db
        .selectFrom("users")
        .select("two_factor_enabled")
        .where("id", "=", c.var.user.id)
        .executeTakeFirst();
      const enabled = row?.two_factor_enabled === true || Number(row?.two_factor_enabled) === 1;
      if (!enabled) {
        throw new HttpError(403, "two_factor_required", "Turn on two-factor sign-in in your security settings to see your assignments.");
      }
      await next();
    });
  });
}

const idOf = (value: string) => {
  if (!/^[0-9a-f-]{36}$/i.test(value)) throw notFound("noSuchAssignment");
  return value;
};

export const operativeAreaRoutes = new Hono<SignedInEnv>()
  .use("*", requireOperative())
  // ADR 293: the app's writes (here and under /duty) may come again from the phone's outbox; each applies once.
  .use("*", replayableWrites())
  .get("/device-writes", async (c) => c.json({ writes: await deviceWritesOf(c.var.deps.database.db, c.var.user.id) }))
  // ADR 220: the operative's own record (profile and licence), read-only: the operator keeps the roster.
  .get("/me", async (c) => {
    const record = await myOperativeRecord(c.var.deps.database.db, c.var.user.id, operatorToday(c.var.services.clock.now()));
    if (!record) throw notFound("noSuchOperative");
    return c.json(record);
  })
  .get("/assignments", async (c) =>
    c.json({
      assignments: await myAssignments(c.var.deps.database.db, c.var.user, c.var.services.clock.now(), c.var.deps.env.dutyWindows),
    }),
  )
  .post("/assignments/:id/accept", async (c) =>
    c.json(await answerOffer(c.var.deps, c.var.services, c.var.user, idOf(c.req.param("id")), { kind: "accept" })),
  )
  .post("/assignments/:id/decline", validate("json", declineAssignmentSchema), async (c) =>
    c.json(
      await answerOffer(c.var.deps, c.var.services, c.var.user, idOf(c.req.param("id")), { kind: "decline", input: c.req.valid("json") }),
    ),
  )
  .get("/assignments/:id/brief", async (c) =>
    c.json(await assignmentBrief(c.var.deps, c.var.services, c.var.user, idOf(c.req.param("id")))),
  )
  .post("/assignments/:id/status", validate("json", operativeStatusSchema), async (c) =>
    c.json(await markStatus(c.var.deps, c.var.services, c.var.user, idOf(c.req.param("id")), c.req.valid("json").status)),
  )
  .post("/assignments/:id/incidents", validate("json", incidentReportSchema), async (c) =>
    c.json(await fileIncident(c.var.deps, c.var.services, c.var.user, idOf(c.req.param("id")), c.req.valid("json")), 201),
  );

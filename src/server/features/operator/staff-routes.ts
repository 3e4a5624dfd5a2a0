import { Hono } from "hono";
import { z } from "zod";
import { roleGrantSchema, staffPolicySchema } from "../../../shared/operator.ts";
import type { SignedInEnv } from "../../auth/require-user.ts";
import { notFound } from "../../http-error.ts";
import { validate } from "../../validation.ts";
import { requireAdmin } from "./guard.ts";
import { grantRole, listUsers, readStaffPolicy, updateStaffPolicy } from "./staff-service.ts";

// Staff: users and roles, the two-factor policy (ADR 070); changes are admins only.

export const staffRoutes = new Hono<SignedInEnv>()
  .get("/policy", async (c) => c.json(await readStaffPolicy(c.var.deps.database.db)))
  .put("/policy", requireAdmin(), validate("json", staffPolicySchema), async (c) =>
    c.json(await updateStaffPolicy(c.var.deps.database.db, c.var.user, c.req.valid("json"))),
  )
  .get("/users", requireAdmin(), validate("query", z.object({ q: z.string().trim().max(100).optional() })), async (c) =>
    c.json({ users: await listUsers(c.var.deps.database.db, c.req.valid("query").q) }),
  )
  .post("/users/:id/role", requireAdmin(), validate("json", roleGrantSchema), async (c) => {
    const id = c.req.param("id");
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw notFound("noSuchUser");
    return c.json(await grantRole(c.var.deps.database.db, c.var.user, id, c.req.valid("json").role));
  });

import { Hono } from "hono";
import { operativeSchema } from "../../../shared/operator.ts";
import type { SignedInEnv } from "../../auth/require-user.ts";
import { validate } from "../../validation.ts";
import { createOperative, deleteOperative, getOperative, listOperatives, updateOperative } from "./operatives-service.ts";
import { idParam } from "./route-params.ts";

// The operatives roster (ADR 070).

export const operativeRoutes = new Hono<SignedInEnv>()
  .get("/operatives", async (c) => c.json({ operatives: await listOperatives(c.var.deps.database.db) }))
  .post("/operatives", validate("json", operativeSchema), async (c) =>
    c.json(await createOperative(c.var.deps.database.db, c.var.user, c.req.valid("json")), 201),
  )
  .get("/operatives/:id", async (c) => c.json(await getOperative(c.var.deps.database.db, idParam(c.req.param("id"), "noSuchOperative"))))
  .put("/operatives/:id", validate("json", operativeSchema), async (c) =>
    c.json(await updateOperative(c.var.deps.database.db, c.var.user, idParam(c.req.param("id"), "noSuchOperative"), c.req.valid("json"))),
  )
  .delete("/operatives/:id", async (c) =>
    c.json(await deleteOperative(c.var.deps.database.db, c.var.user, idParam(c.req.param("id"), "noSuchOperative"))),
  );

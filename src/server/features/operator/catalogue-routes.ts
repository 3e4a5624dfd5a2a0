import { Hono } from "hono";
import { serviceEditSchema } from "../../../shared/operator.ts";
import type { SignedInEnv } from "../../auth/require-user.ts";
import { notFound } from "../../http-error.ts";
import { validate } from "../../validation.ts";
import { getService, listServices, updateService } from "./catalogue-service.ts";
import { serviceIdPattern } from "./route-params.ts";

// The catalogue editor (ADR 070).

export const catalogueEditorRoutes = new Hono<SignedInEnv>()
  .get("/services", async (c) => c.json({ services: await listServices(c.var.deps.database.db) }))
  .get("/services/:id", async (c) => {
    const id = c.req.param("id");
    if (!serviceIdPattern.test(id)) throw notFound("noSuchService");
    return c.json(await getService(c.var.deps.database.db, id));
  })
  .put("/services/:id", validate("json", serviceEditSchema), async (c) => {
    const id = c.req.param("id");
    if (!serviceIdPattern.test(id)) throw notFound("noSuchService");
    return c.json(await updateService(c.var.deps, c.var.services, c.var.user, id, c.req.valid("json")));
  });

import { Hono } from "hono";
import { affiliateApplicationSchema } from "../../../shared/affiliate.ts";
import type { AppEnv } from "../../context.ts";
import { validate } from "../../validation.ts";
import { saveApplication } from "./repo.ts";

export const affiliateRoutes = new Hono<AppEnv>().post("/applications", validate("json", affiliateApplicationSchema), async (c) => {
  const application = await saveApplication(c.var.deps.database.db, c.req.valid("json"));
  return c.json({ id: application.id }, 201);
});

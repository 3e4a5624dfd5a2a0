import { Hono } from "hono";
import { affiliateApplicationSchema } from "../../../shared/affiliate.ts";
import { clientIp } from "../../auth/client-ip.ts";
import { enforceRateLimits } from "../../auth/rate-limit.ts";
import { rateLimitRules } from "../../rate-limit-rules.ts";
import type { AppEnv } from "../../app-env.ts";
import { validate } from "../../validation.ts";
import { saveApplication } from "./repo.ts";

export const affiliateRoutes = new Hono<AppEnv>().post("/applications", validate("json", affiliateApplicationSchema), async (c) => {
  // A 429 gets its Retry-After from the error handler (app.ts).
  await enforceRateLimits(c.var.deps.database.db, [{ rule: rateLimitRules.affiliatePerIpHour, subject: clientIp(c) }]);
  const application = await saveApplication(c.var.deps.database.db, c.req.valid("json"));
  return c.json({ id: application.id }, 201);
});

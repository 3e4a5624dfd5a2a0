import { Hono } from "hono";
import { insightsQuerySchema } from "../../../shared/insights.ts";
import type { SignedInEnv } from "../../auth/require-user.ts";
import { validate } from "../../validation.ts";
import { insightsReport } from "./insights-service.ts";

// The insights page's one call (docs/insights.md, ADR 150): behind the console's staff guard like
// every /api/admin route (401 signed out, 403 customers).

export const insightsRoutes = new Hono<SignedInEnv>().get("/insights", validate("query", insightsQuerySchema), async (c) =>
  c.json(await insightsReport(c.var.deps.database.db, c.req.valid("query"))),
);

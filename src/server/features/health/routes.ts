import { Hono } from "hono";
import { sql } from "kysely";
import type { AppEnv } from "../../app-env.ts";
import { databaseUnavailableMessage } from "../../db/database-unavailable.ts";
import { HttpError } from "../../http-error.ts";

export const healthRoutes = new Hono<AppEnv>()
  // Liveness: the process answers, whatever the database does (a restart would not bring it back).
  .get("/health", (c) => c.json({ status: "ok" }))
  // Readiness: the database answers too, within its timeouts (ADR 011); a load balancer stops
  // sending traffic while this is 503 and resumes when it is 200 again.
  .get("/ready", async (c) => {
    try {
      await sql`select 1`.execute(c.var.deps.database.db);
    } catch (error) {
      c.var.logger.warn({ err: error }, "readiness check failed");
      throw new HttpError(503, "database_unavailable", databaseUnavailableMessage);
    }
    return c.json({ status: "ready", database: c.var.deps.database.engine });
  });

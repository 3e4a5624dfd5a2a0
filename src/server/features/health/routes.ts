import { Hono } from "hono";
import { sql } from "kysely";
import type { AppEnv } from "../../context.ts";
import { HttpError } from "../../http-error.ts";

export const healthRoutes = new Hono<AppEnv>()
  // Liveness: the process answers.
  .get("/health", (c) => c.json({ status: "ok" }))
  // Readiness: the database answers too.
  .get("/ready", async (c) => {
    try {
      await sql`select 1`.execute(c.var.deps.database.db);
    } catch (error) {
      c.var.logger.error({ err: error }, "readiness check failed");
      throw new HttpError(503, "database_unavailable", "The database is not reachable.");
    }
    return c.json({ status: "ready", database: c.var.deps.database.engine });
  });

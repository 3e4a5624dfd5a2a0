import { Hono } from "hono";
import { readCatalogue } from "../../catalogue-store.ts";
import type { AppEnv } from "../../context.ts";

// SPEC §7 services: GET /api/services → { services } in the order residential, driver, outdoor.
export const catalogueRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const { services } = await readCatalogue(c.var.deps.database.db);
  // Short: prices may change, but the booking page and service pages read it on every visit.
  c.header("Cache-Control", "public, max-age=60");
  return c.json({ services });
});

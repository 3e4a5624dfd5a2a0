import { Hono } from "hono";
import { z } from "zod";
import { languageSchema } from "../../../shared/account.ts";
import type { AppEnv } from "../../app-env.ts";
import { validate } from "../../validation.ts";

// docs/product.md §7 services: GET /api/services → { services } in the order residential, driver, outdoor,
// with names and descriptions in `?language=` (English when absent; ADR 003).
const catalogueQuerySchema = z.object({ language: languageSchema });

export const catalogueRoutes = new Hono<AppEnv>().get("/", validate("query", catalogueQuerySchema), async (c) => {
  const { language } = c.req.valid("query");
  const services = await c.var.services.catalogue.read(language);
  // Short: prices may change, but the booking page and service pages read it on every visit.
  c.header("Cache-Control", "public, max-age=60");
  return c.json({ services });
});

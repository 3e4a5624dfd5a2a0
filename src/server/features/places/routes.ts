import { Hono } from "hono";
import { placeSearchSchema, reversePlaceSchema } from "../../../shared/places.ts";
import type { AppEnv } from "../../app-env.ts";
import { validate } from "../../validation.ts";

// ADR 052: location autocomplete and "locate me" from our own offline gazetteer
// (an optional Mapbox-compatible provider when app_config holds a token).
export const placesRoutes = new Hono<AppEnv>()
  .get("/", validate("query", placeSearchSchema), async (c) => {
    const { q, lang } = c.req.valid("query");
    const results = await c.var.services.places.search(q, lang);
    c.header("Cache-Control", "public, max-age=300");
    return c.json({ results });
  })
  .get("/reverse", validate("query", reversePlaceSchema), async (c) => {
    const { lat, lon, lang } = c.req.valid("query");
    const result = await c.var.services.places.reverse(lat, lon, lang);
    // A position is personal: not kept by shared caches.
    c.header("Cache-Control", "private, max-age=300");
    return c.json({ result });
  });

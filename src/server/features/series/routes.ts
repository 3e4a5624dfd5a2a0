import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../app-env.ts";
import { requireUser } from "../../auth/require-user.ts";
import { notFound } from "../../http-error.ts";
import { validate } from "../../validation.ts";
import { confirmSeriesSchema, createSeriesSchema, seriesChangeSchema } from "../../../shared/series-schema.ts";
import { changeSeries, confirmSeries, createSeries, getOwnSeries, listOwnSeries, seriesOfBooking } from "./service.ts";

// docs/series.md: recurring engagements. The customer books, reads and changes their series; the
// firm confirms a whole series or one occurrence from the console (ADR 284).

function seriesIdOf(id: string): string {
  if (!z.uuid().safeParse(id).success) throw notFound("noSuchBooking");
  return id;
}

export const seriesRoutes = new Hono<AppEnv>()
  // 201 with the new series; 200 with the stored one when its id is sent again (ADR 051).
  .post("/", requireUser(), validate("json", createSeriesSchema), async (c) => {
    const { series, created } = await createSeries(c.var.deps, c.var.services, c.var.user, c.req.valid("json"));
    return c.json(series, created ? 201 : 200);
  })
  .get("/", requireUser(), async (c) => c.json(await listOwnSeries(c.var.deps, c.var.user)))
  .get("/:id", requireUser(), async (c) => c.json(await getOwnSeries(c.var.deps, c.var.user, seriesIdOf(c.req.param("id")))))
  // ADR 281: "this", "following" or "remaining" occurrences cancelled, or moved and retimed.
  .post("/:id/changes", requireUser(), validate("json", seriesChangeSchema), async (c) =>
    c.json(await changeSeries(c.var.deps, c.var.services, c.var.user, seriesIdOf(c.req.param("id")), c.req.valid("json"))),
  );

/** Mounted under /admin/series behind the staff guard (app.ts). */
export const seriesOperatorRoutes = new Hono<AppEnv>()
  .get("/of-booking/:bookingId", requireUser(), async (c) =>
    c.json({ seriesOfBooking: await seriesOfBooking(c.var.deps, seriesIdOf(c.req.param("bookingId"))) }),
  )
  .post("/:id/confirm", requireUser(), validate("json", confirmSeriesSchema), async (c) =>
    c.json(await confirmSeries(c.var.deps, c.var.services, c.var.user, seriesIdOf(c.req.param("id")), c.req.valid("json").occurrenceDay)),
  );

import { Hono } from "hono";
import { z } from "zod";
import { pushSubscriptionSchema } from "../../../shared/notifications.ts";
import type { AppEnv } from "../../app-env.ts";
import { clientIp } from "../../auth/client-ip.ts";
import { enforceRateLimits } from "../../auth/rate-limit.ts";
import { requireUser, type SignedInEnv } from "../../auth/require-user.ts";
import { HttpError } from "../../http-error.ts";
import { rateLimitRules } from "../../rate-limit-rules.ts";
import { validate } from "../../validation.ts";
import { acceptSmsReport, arrivalForCustomer, listDevices, pushKey, subscribeDevice, unsubscribeDevice } from "./service.ts";

// The notifications' HTTP contract (mounted at /api/notifications; ADR 265–269): the server's
// VAPID public key and a person's devices for web push, the customer's view of the team before
// arrival, and the SMS provider's delivery reports (no session: the URL's secret is the proof).

const endpointBody = z.object({ endpoint: z.url().max(2000) });
const bookingParam = z.object({ bookingId: z.uuid() });

export const notificationRoutes = new Hono<SignedInEnv>()
  .get("/push-key", requireUser(), (c) => c.json(pushKey(c.var.deps)))
  .get("/push-subscriptions", requireUser(), async (c) => c.json(await listDevices(c.var.deps, c.var.user.id)))
  .post("/push-subscriptions", requireUser(), validate("json", pushSubscriptionSchema), async (c) =>
    c.json(await subscribeDevice(c.var.deps, c.var.user.id, c.req.valid("json"), c.var.services.clock.now()), 201),
  )
  .delete("/push-subscriptions", requireUser(), validate("json", endpointBody), async (c) => {
    await unsubscribeDevice(c.var.deps, c.var.user.id, c.req.valid("json").endpoint);
    return c.body(null, 204);
  })
  .get("/arrival/:bookingId", requireUser(), validate("param", bookingParam), async (c) =>
    c.json(await arrivalForCustomer(c.var.deps, c.var.user.id, c.req.valid("param").bookingId, c.var.services.clock.now())),
  );

/** 46elks' delivery reports: form-encoded id, status and delivered (docs/notifications.md). */
export const smsReportRoutes = new Hono<AppEnv>().post("/:secret", async (c) => {
  await enforceRateLimits(c.var.deps.database.db, [{ rule: rateLimitRules.providerNotificationsPerIpMinute, subject: clientIp(c) }]);
  // A body that is not a form is no report of 46elks'.
  const form = await c.req.parseBody().catch(() => {
    throw new HttpError(400, "bad_request", "A delivery report is a form.");
  });
  await acceptSmsReport(c.var.deps, c.req.param("secret"), form, c.var.services.clock.now());
  return c.body(null, 204);
});

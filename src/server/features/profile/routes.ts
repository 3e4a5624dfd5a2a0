import { Hono } from "hono";
import { z } from "zod";
import {
  additionalEmailSchema,
  avatarMaximumBytes,
  emailCodeSchema,
  notificationPreferencesSchema,
  profileUpdateSchema,
} from "../../../shared/profile.ts";
import { requireUser, type SignedInEnv } from "../../auth/require-user.ts";
import { bodyLimitFor } from "../../http/body-limit.ts";
import { validate } from "../../validation.ts";
import {
  addEmail,
  changeEmail,
  listEmails,
  readAvatar,
  readNotificationPreferences,
  removeAvatar,
  removeEmail,
  resendEmailCode,
  saveNotificationPreferences,
  updateProfile,
  uploadAvatar,
  verifyEmail,
} from "./service.ts";

// The profile HTTP contract (mounted at /api/profile; docs/product.md §2 customer dashboard). Every route is
// the signed-in user's own: ids in the path are looked up among that user's rows only.

const emailId = z.object({ id: z.uuid() });

// The picture itself plus room for the request's own framing; a larger body is refused (413)
// while it is read, before anything is decoded or written (ADR 035).
const avatarBodyLimit = avatarMaximumBytes + 64 * 1024;

export const profileRoutes = new Hono<SignedInEnv>()
  .use(requireUser())
  .patch("/", validate("json", profileUpdateSchema), async (c) =>
    c.json(await updateProfile(c.var.deps, c.var.user.id, c.req.valid("json"))),
  )
  .get("/notifications", async (c) => c.json(await readNotificationPreferences(c.var.deps, c.var.user)))
  .put("/notifications", validate("json", notificationPreferencesSchema), async (c) =>
    c.json(await saveNotificationPreferences(c.var.deps, c.var.user, c.req.valid("json"))),
  )
  .get("/emails", async (c) => c.json(await listEmails(c.var.deps, c.var.user.id)))
  .post("/emails", validate("json", additionalEmailSchema), async (c) =>
    c.json(await addEmail(c.var.deps, c.var.user, c.req.valid("json").email), 201),
  )
  .patch("/emails/:id", validate("param", emailId), validate("json", additionalEmailSchema), async (c) =>
    c.json(await changeEmail(c.var.deps, c.var.user, c.req.valid("param").id, c.req.valid("json").email)),
  )
  .delete("/emails/:id", validate("param", emailId), async (c) => {
    await removeEmail(c.var.deps, c.var.user.id, c.req.valid("param").id);
    return c.json({ ok: true as const });
  })
  .post("/emails/:id/code", validate("param", emailId), async (c) =>
    c.json(await resendEmailCode(c.var.deps, c.var.user.id, c.req.valid("param").id)),
  )
  .post("/emails/:id/verify", validate("param", emailId), validate("json", emailCodeSchema), async (c) =>
    c.json(await verifyEmail(c.var.deps, c.var.user.id, c.req.valid("param").id, c.req.valid("json").code)),
  )
  // The body is the picture itself (its bytes decide what it is, never its Content-Type).
  .post("/avatar", bodyLimitFor(avatarBodyLimit), async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await uploadAvatar(c.var.deps, c.var.user.id, bytes), 201);
  })
  .delete("/avatar", async (c) => {
    await removeAvatar(c.var.deps, c.var.user.id);
    return c.json({ ok: true as const });
  })
  .get("/avatar", async (c) => {
    const file = await readAvatar(c.var.deps, c.var.user.id);
    // Each upload has its own ?v=, so one version never changes: cache it for a year, privately
    // (RFC 9111 §5.2.2.7, RFC 8246 immutable). No sniffing, no scripts even if opened directly.
    c.header("Cache-Control", "private, max-age=31536000, immutable");
    c.header("Content-Type", "image/webp");
    c.header("Content-Security-Policy", "default-src 'none'; sandbox");
    c.header("Content-Disposition", "inline");
    return c.body(new Uint8Array(file.body));
  });

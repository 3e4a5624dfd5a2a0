import { enforceRateLimits } from "../../auth/rate-limit.ts";
import { rateLimitRules } from "../../rate-limit-rules.ts";
import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  changePasswordSchema,
  confirmPasswordSchema,
  disableTwoFactorSchema,
  confirmTwoFactorSchema,
  secondFactorSchema,
} from "../../../shared/account-security.ts";
import { dataExportFileName } from "../../../shared/data-export.ts";
import { languages } from "../../../shared/languages.ts";
import { clientIp } from "../../auth/client-ip.ts";
import { requireUser } from "../../auth/require-user.ts";
import type { AppEnv } from "../../app-env.ts";
import { validate } from "../../validation.ts";
import {
  changePassword,
  checkAccountDeletion,
  confirmTwoFactor,
  deleteAccount,
  disableTwoFactor,
  finishSignInWithSecondFactor,
  readSecurityOverview,
  startTwoFactor,
} from "./service.ts";
import { exportAccountArchive } from "./data-export.ts";
import { findLanguage } from "./repo.ts";

// The account security HTTP contract (mounted at /api/account/security): password change,
// two-factor authentication, the second sign-in step, account deletion and the data export. Every
// signed-in route acts on c.var.user only; nothing takes a user id from the request.

function requestContext<Environment extends AppEnv>(c: Context<Environment>) {
  return { ip: clientIp(c), headers: c.req.raw.headers };
}

function appendCookies<Environment extends AppEnv>(c: Context<Environment>, cookies: string[]) {
  for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
}

const exportQuery = z.object({ language: z.enum(languages).optional() });

export const accountSecurityRoutes = new Hono<AppEnv>()
  // Signed out by definition: the password step answered { twoFactorRequired: true } and a cookie.
  .post("/sign-in/second-factor", validate("json", secondFactorSchema), async (c) => {
    const result = await finishSignInWithSecondFactor(c.var.deps, c.var.services.auth, c.req.valid("json"), requestContext(c));
    appendCookies(c, result.setCookies);
    return c.json({ user: result.user });
  })
  .get("/", requireUser(), async (c) => c.json(await readSecurityOverview(c.var.deps, c.var.user.id)))
  .post("/password", requireUser(), validate("json", changePasswordSchema), async (c) => {
    appendCookies(c, await changePassword(c.var.deps, c.var.services.auth, c.var.user, c.req.valid("json"), requestContext(c)));
    return c.json({ ok: true as const });
  })
  .post("/two-factor/enable", requireUser(), validate("json", confirmPasswordSchema), async (c) => {
    const { password } = c.req.valid("json");
    const result = await startTwoFactor(c.var.deps, c.var.services.auth, c.var.user.id, password, requestContext(c));
    appendCookies(c, result.setCookies);
    return c.json(result.setup);
  })
  .post("/two-factor/confirm", requireUser(), validate("json", confirmTwoFactorSchema), async (c) => {
    const { code } = c.req.valid("json");
    appendCookies(c, await confirmTwoFactor(c.var.deps, c.var.services.auth, c.var.user.id, code, requestContext(c)));
    return c.json({ twoFactorEnabled: true as const });
  })
  .post("/two-factor/disable", requireUser(), validate("json", disableTwoFactorSchema), async (c) => {
    appendCookies(c, await disableTwoFactor(c.var.deps, c.var.services.auth, c.var.user.id, c.req.valid("json"), requestContext(c)));
    return c.json({ twoFactorEnabled: false as const });
  })
  .get("/deletion-check", requireUser(), async (c) => c.json(await checkAccountDeletion(c.var.deps, c.var.user.id)))
  .post("/delete-account", requireUser(), validate("json", confirmPasswordSchema), async (c) => {
    const { password } = c.req.valid("json");
    appendCookies(c, await deleteAccount(c.var.deps, c.var.services.auth, c.var.user, password, requestContext(c)));
    return c.json({ deleted: true as const });
  })
  // docs/data-export.md: a zip of data.json and summary.html, worded in the language the page is read
  // in (?language=), else the profile's.
  .get("/export", requireUser(), validate("query", exportQuery), async (c) => {
    const now = new Date();
    const deps = c.var.deps;
    await enforceRateLimits(
      deps.database.db,
      [{ rule: rateLimitRules.dataExportsPerUserHour, subject: c.var.user.id }],
      "tooManyDataExports",
    );
    const language = c.req.valid("query").language ?? (await findLanguage(deps.database.db, c.var.user.id));
    const archive = await exportAccountArchive(deps, c.var.user.id, language, now);
    // A download, not a page: the browser saves it under the dated name; personal data is never cached.
    return c.body(new Uint8Array(archive), 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${dataExportFileName(now)}"`,
      "Cache-Control": "private, no-store",
    });
  });

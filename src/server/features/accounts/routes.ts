import { Hono, type Context } from "hono";
import {
  checkEmailSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  sendCodeSchema,
  signInSchema,
  signUpSchema,
  verifyCodeSchema,
} from "../../../shared/account.ts";
import { clientIp } from "../../auth/client-ip.ts";
import { optionalUser, requireUser } from "../../auth/require-user.ts";
import type { AppEnv } from "../../app-env.ts";
import { validate } from "../../validation.ts";
import {
  checkEmailExists,
  checkVerificationCode,
  InvalidCodeError,
  readProfile,
  readSession,
  requestPasswordReset,
  resetPassword,
  sendVerificationCode,
  signIn,
  signOut,
  signUp,
} from "./service.ts";

// The accounts HTTP contract (mounted at /api/account; docs/product.md §7 authentication). Handlers read
// validated input only; 429 answers get Retry-After from the error handler (app.ts).

function requestContext(c: Context<AppEnv>) {
  return { ip: clientIp(c), headers: c.req.raw.headers };
}

function appendCookies(c: Context<AppEnv>, cookies: string[]) {
  for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
}

export const accountRoutes = new Hono<AppEnv>()
  .post("/check-email", validate("json", checkEmailSchema), async (c) => {
    const result = await checkEmailExists(c.var.deps, c.req.valid("json").email, requestContext(c));
    return c.json(result);
  })
  .post("/verification-code", validate("json", sendCodeSchema), async (c) => {
    const result = await sendVerificationCode(c.var.deps, c.req.valid("json"), requestContext(c));
    return c.json(result);
  })
  .post("/verify-code", validate("json", verifyCodeSchema), async (c) => {
    try {
      const result = await checkVerificationCode(c.var.deps, c.req.valid("json"), requestContext(c));
      return c.json(result);
    } catch (error) {
      if (!(error instanceof InvalidCodeError)) throw error;
      // attemptsLeft is given both as a number and inside fields (where the web client reads it).
      const fields = { ...error.fields, attemptsLeft: String(error.attemptsLeft) };
      return c.json({ error: { code: error.code, message: error.message, fields, attemptsLeft: error.attemptsLeft } }, 400);
    }
  })
  .post("/sign-up", validate("json", signUpSchema), async (c) => {
    const result = await signUp(c.var.deps, c.var.services.auth, c.req.valid("json"), requestContext(c));
    appendCookies(c, result.setCookies);
    return c.json({ user: result.user }, 201);
  })
  .post("/sign-in", validate("json", signInSchema), async (c) => {
    const result = await signIn(c.var.deps, c.var.services.auth, c.req.valid("json"), requestContext(c));
    appendCookies(c, result.setCookies);
    // Two-factor authentication on: no session yet, the code step finishes the sign-in.
    if ("twoFactorRequired" in result) return c.json({ twoFactorRequired: true as const });
    return c.json({ user: result.user });
  })
  .post("/sign-out", async (c) => {
    appendCookies(c, await signOut(c.var.services.auth, c.req.raw.headers));
    return c.json({ ok: true as const });
  })
  .get("/session", optionalUser(), async (c) => c.json(await readSession(c.var.deps, c.var.user)))
  .get("/profile", requireUser(), async (c) => c.json(await readProfile(c.var.deps, c.var.user.id)))
  .post("/password-reset-request", validate("json", passwordResetRequestSchema), async (c) => {
    const result = await requestPasswordReset(c.var.deps, c.var.services.auth, c.req.valid("json"), requestContext(c));
    return c.json(result);
  })
  .post("/password-reset", validate("json", passwordResetSchema), async (c) => {
    const result = await resetPassword(c.var.deps, c.var.services.auth, c.req.valid("json"), requestContext(c));
    return c.json(result);
  });

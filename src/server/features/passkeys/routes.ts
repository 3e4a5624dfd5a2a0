import { Hono, type Context } from "hono";
import { z } from "zod";
import { deletePasskeySchema, passkeyNameSchema, renamePasskeySchema } from "../../../shared/passkeys.ts";
import { clientIp } from "../../auth/client-ip.ts";
import { requireUser } from "../../auth/require-user.ts";
import type { AppEnv } from "../../app-env.ts";
import { validate } from "../../validation.ts";
import {
  authenticationOptions,
  deletePasskey,
  listPasskeys,
  registrationOptions,
  renamePasskey,
  verifyAuthentication,
  verifyRegistration,
} from "./service.ts";

// The passkeys HTTP contract (ADR 270), mounted at /api/account/passkey with the paths of Better
// Auth's passkey client plugin, so the browser's WebAuthn ceremonies run through that plugin while
// every answer keeps our error shape and limits. Everything but the sign-in acts on c.var.user's
// session only.

function requestContext<Environment extends AppEnv>(c: Context<Environment>) {
  return { ip: clientIp(c), headers: c.req.raw.headers };
}

function appendCookies<Environment extends AppEnv>(c: Context<Environment>, cookies: string[]) {
  for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
}

const registrationQuery = z.object({
  name: passkeyNameSchema.optional(),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});
/** The browser's WebAuthn answer (RegistrationResponseJSON / AuthenticationResponseJSON), checked in full by Better Auth. */
const ceremonyAnswer = z.object({ id: z.string().min(1).max(1024), type: z.literal("public-key") }).passthrough();
const registrationBody = z.object({ response: ceremonyAnswer, name: passkeyNameSchema.optional() });
const authenticationBody = z.object({ response: ceremonyAnswer });

export const passkeyRoutes = new Hono<AppEnv>()
  .get("/generate-register-options", requireUser(), validate("query", registrationQuery), async (c) => {
    const answer = await registrationOptions(c.var.services.auth, requestContext(c), c.req.valid("query"));
    appendCookies(c, answer.setCookies);
    return c.json(answer.body);
  })
  .post("/verify-registration", requireUser(), validate("json", registrationBody), async (c) => {
    const answer = await verifyRegistration(c.var.services.auth, requestContext(c), c.req.valid("json"));
    appendCookies(c, answer.setCookies);
    return c.json(answer.body);
  })
  .get("/generate-authenticate-options", async (c) => {
    const answer = await authenticationOptions(c.var.services.auth, requestContext(c));
    appendCookies(c, answer.setCookies);
    return c.json(answer.body);
  })
  .post("/verify-authentication", validate("json", authenticationBody), async (c) => {
    const answer = await verifyAuthentication(c.var.deps, c.var.services.auth, requestContext(c), c.req.valid("json").response);
    appendCookies(c, answer.setCookies);
    return c.json(answer.body);
  })
  .get("/list-user-passkeys", requireUser(), async (c) => c.json(await listPasskeys(c.var.services.auth, requestContext(c))))
  .post("/update-passkey", requireUser(), validate("json", renamePasskeySchema), async (c) => {
    await renamePasskey(c.var.services.auth, requestContext(c), c.req.valid("json"));
    return c.json({ ok: true as const });
  })
  .post("/delete-passkey", requireUser(), validate("json", deletePasskeySchema), async (c) => {
    await deletePasskey(c.var.services.auth, requestContext(c), c.req.valid("json").id);
    return c.json({ ok: true as const });
  });

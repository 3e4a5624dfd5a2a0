import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { clientAddress, clientIp } from "../../auth/client-ip.ts";
import { optionalUser, requireUser } from "../../auth/require-user.ts";
import type { AppEnv } from "../../app-env.ts";
import { unauthorized } from "../../http-error.ts";
import { validate } from "../../validation.ts";
import { cancelBankIdOrder, linkUnlinkedPerson, pollBankIdOrder, readBankIdIdentity, startBankIdOrder, unlinkBankId } from "./service.ts";

// The BankID HTTP contract (ADR 272), mounted at /api/bankid: whether BankID is offered, an
// order's start, its polling (every second, for the QR code) and its cancel, and the signed-in
// account's linked BankID. The browser that started an order holds its key in an HttpOnly cookie.

const orderCookie = "nordic-shield.bankid-order";
/** BankID ends an unanswered order after 30 s for a QR code and 3 minutes on the same device. */
const orderCookieSeconds = 10 * 60;

const startSchema = z.object({ purpose: z.enum(["sign-in", "link"]), startedBy: z.enum(["qr", "sameDevice"]) });
const orderParameter = z.object({ id: z.uuid() });

function secureCookies<Environment extends AppEnv>(c: Context<Environment>) {
  return c.var.deps.env.appUrl.startsWith("https:");
}

export const bankIdRoutes = new Hono<AppEnv>()
  .get("/availability", (c) => c.json({ available: c.var.services.bankId !== null }))
  .post("/orders", optionalUser(), validate("json", startSchema), async (c) => {
    const input = c.req.valid("json");
    // Linking proves the account first: only a signed-in person links a BankID to it.
    if (input.purpose === "link" && !c.var.user) throw unauthorized();
    const started = await startBankIdOrder(
      c.var.deps,
      c.var.services,
      { ...input, userId: input.purpose === "link" ? (c.var.user?.id ?? null) : null },
      { ip: clientIp(c), address: clientAddress(c), now: c.var.services.clock.now() },
    );
    setCookie(c, orderCookie, started.browserKey, {
      httpOnly: true,
      sameSite: "Lax",
      secure: secureCookies(c),
      path: "/api/bankid",
      maxAge: orderCookieSeconds,
    });
    return c.json({ id: started.id, autoStartLink: started.autoStartLink }, 201);
  })
  .get("/orders/:id", validate("param", orderParameter), async (c) => {
    const { view, setCookies } = await pollBankIdOrder(
      c.var.deps,
      c.var.services,
      c.req.valid("param").id,
      getCookie(c, orderCookie),
      c.var.services.clock.now(),
    );
    for (const cookie of setCookies) c.header("Set-Cookie", cookie, { append: true });
    // The key stays while the person may still link the order to an account they prove (noAccount).
    if (view.status !== "pending" && view.outcome !== "noAccount")
      deleteCookie(c, orderCookie, { path: "/api/bankid", secure: secureCookies(c) });
    c.header("Cache-Control", "no-store");
    return c.json(view);
  })
  .post("/orders/:id/cancel", validate("param", orderParameter), async (c) => {
    await cancelBankIdOrder(c.var.deps, c.var.services, c.req.valid("param").id, getCookie(c, orderCookie));
    deleteCookie(c, orderCookie, { path: "/api/bankid", secure: secureCookies(c) });
    return c.json({ ok: true as const });
  })
  // The person of a BankID sign-in linked to no account, linked to the account this browser has just proven.
  // The order is named in the body and answers only the browser holding its key (another's: 404).
  .post("/link", requireUser(), validate("json", z.object({ orderId: z.uuid() })), async (c) => {
    const result = await linkUnlinkedPerson(
      c.var.deps,
      c.req.valid("json").orderId,
      getCookie(c, orderCookie),
      c.var.user.id,
      c.var.services.clock.now(),
    );
    deleteCookie(c, orderCookie, { path: "/api/bankid", secure: secureCookies(c) });
    return c.json(result);
  })
  .get("/identity", requireUser(), async (c) => c.json(await readBankIdIdentity(c.var.deps, c.var.user.id)))
  .delete("/identity", requireUser(), async (c) => {
    await unlinkBankId(c.var.deps, c.var.user.id);
    return c.json({ ok: true as const });
  });

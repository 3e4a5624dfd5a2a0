import { Hono } from "hono";
import { z } from "zod";
import { addCardSchema, providerCardSchema } from "../../../shared/wallet.ts";
import { requireUser } from "../../auth/require-user.ts";
import type { AppEnv } from "../../app-env.ts";
import { notFound } from "../../http-error.ts";
import { validate } from "../../validation.ts";
import { addCard, deleteCard, listCards, makeDefaultCard } from "./service.ts";

// docs/product.md §2 PAYMENT METHODS, mounted at /api/account/payment-methods. The guard runs before the body
// validator, so a signed-out visitor always gets 401 first. Owner only: another user's card id
// answers 404 like an id that does not exist.

/** Card ids are UUIDs; anything else cannot exist (and a NUL byte would make PostgreSQL fail). */
function cardId(id: string): string {
  if (!z.uuid().safeParse(id).success) throw notFound("noSuchPaymentMethod");
  return id;
}

export const paymentMethodRoutes = new Hono<AppEnv>()
  .get("/", requireUser(), async (c) => c.json(await listCards(c.var.deps, c.var.user)))
  .post("/", requireUser(), validate("json", addCardSchema), async (c) => {
    const paymentMethod = await addCard(c.var.deps, c.var.services.payments.gateway, c.var.user, c.req.valid("json"));
    return c.json({ paymentMethod, ...(await listCards(c.var.deps, c.var.user)) }, 201);
  })
  // ADR 136: a card entered in Stripe's hosted field arrives as its PaymentMethod id.
  .post("/provider", requireUser(), validate("json", providerCardSchema), async (c) => {
    const paymentMethod = await addCard(c.var.deps, c.var.services.payments.gateway, c.var.user, c.req.valid("json"));
    return c.json({ paymentMethod, ...(await listCards(c.var.deps, c.var.user)) }, 201);
  })
  .post("/:id/default", requireUser(), async (c) => c.json(await makeDefaultCard(c.var.deps, c.var.user, cardId(c.req.param("id")))))
  .delete("/:id", requireUser(), async (c) =>
    c.json(await deleteCard(c.var.deps, c.var.services.payments.gateway, c.var.user, cardId(c.req.param("id")))),
  );

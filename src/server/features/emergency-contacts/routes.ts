import { Hono } from "hono";
import { z } from "zod";
import { emergencyContactSchema } from "../../../shared/emergency-contacts.ts";
import { requireUser } from "../../auth/require-user.ts";
import type { AppEnv } from "../../app-env.ts";
import { notFound } from "../../http-error.ts";
import { validate } from "../../validation.ts";
import { addContact, listContacts, removeContact, updateContact } from "./service.ts";

// docs/product.md §2 SECURITY, §7 emergency_contacts: the signed-in customer's I.C.E. contacts. Owner only:
// another user's contact id answers 404 and changes nothing.

/** Contact ids are UUIDs; anything else cannot exist (and a NUL byte would fail PostgreSQL with 500). */
function contactIdOf(id: string): string {
  if (!z.uuid().safeParse(id).success) throw notFound("noSuchEmergencyContact");
  return id;
}

// The guard runs before the body validator, so a signed-out visitor always gets 401 first.
export const emergencyContactRoutes = new Hono<AppEnv>()
  .use(requireUser())
  .get("/", async (c) => c.json({ contacts: await listContacts(c.var.deps, c.var.user) }))
  .post("/", validate("json", emergencyContactSchema), async (c) =>
    c.json(await addContact(c.var.deps, c.var.user, c.req.valid("json")), 201),
  )
  .put("/:id", validate("json", emergencyContactSchema), async (c) =>
    c.json(await updateContact(c.var.deps, c.var.user, contactIdOf(c.req.param("id")), c.req.valid("json"))),
  )
  .delete("/:id", async (c) => {
    await removeContact(c.var.deps, c.var.user, contactIdOf(c.req.param("id")));
    return c.body(null, 204);
  });

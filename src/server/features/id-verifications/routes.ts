import { Hono } from "hono";
import { z } from "zod";
import { idUploadQuerySchema, maximumIdDocumentBytes } from "../../../shared/wallet.ts";
import { requireUser } from "../../auth/require-user.ts";
import type { AppEnv } from "../../app-env.ts";
import { notFound } from "../../http-error.ts";
import { bodyLimitFor } from "../../http/body-limit.ts";
import { validate } from "../../validation.ts";
import { deleteIdDocument, readIdDocumentFile, readIdVerificationState, uploadIdDocument } from "./service.ts";

// docs/product.md §2 ID VERIFICATION, mounted at /api/account/id-verifications. The upload's body is the image
// itself (type in the query): the route's own limit answers 413 before anything is read into a
// file (ADR 035). The guard runs first, so a signed-out visitor gets 401 and uploads nothing.

function documentId(id: string): string {
  if (!z.uuid().safeParse(id).success) throw notFound("noSuchIdentificationDocument");
  return id;
}

export const idVerificationRoutes = new Hono<AppEnv>()
  .get("/", requireUser(), async (c) => c.json(await readIdVerificationState(c.var.deps, c.var.user)))
  .post("/", requireUser(), bodyLimitFor(maximumIdDocumentBytes), validate("query", idUploadQuerySchema), async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const verification = await uploadIdDocument(c.var.deps, c.var.user, c.req.valid("query").type, bytes);
    return c.json({ verification }, 201);
  })
  .delete("/:id", requireUser(), async (c) => c.json(await deleteIdDocument(c.var.deps, c.var.user, documentId(c.req.param("id")))))
  // The only way to the file: its owner, signed in. Never cached by the browser or anything between
  // (RFC 9111 §5.2.2.3 no-store, §5.2.2.7 private), shown inline, never sniffed as something else.
  .get("/:id/file", requireUser(), async (c) => {
    const file = await readIdDocumentFile(c.var.deps, c.var.user, documentId(c.req.param("id")));
    c.header("Cache-Control", "private, no-store");
    c.header("Content-Disposition", "inline");
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Content-Type", file.contentType);
    return c.body(new Uint8Array(file.body), 200);
  });

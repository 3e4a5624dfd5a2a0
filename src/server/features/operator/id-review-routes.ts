import { Hono } from "hono";
import { idReviewQuerySchema, rejectIdSchema } from "../../../shared/operator.ts";
import type { SignedInEnv } from "../../auth/require-user.ts";
import { validate } from "../../validation.ts";
import { idVerificationDetail, listIdVerifications, readIdDocument, reviewIdDocument } from "./id-review-service.ts";
import { idParam } from "./route-params.ts";

// Identity document review (ADR 070).

export const idReviewRoutes = new Hono<SignedInEnv>()
  .get("/id-verifications", validate("query", idReviewQuerySchema), async (c) =>
    c.json({ documents: await listIdVerifications(c.var.deps.database.db, c.req.valid("query").status) }),
  )
  .get("/id-verifications/:id", async (c) =>
    c.json(await idVerificationDetail(c.var.deps.database.db, idParam(c.req.param("id"), "noSuchDocument"))),
  )
  .get("/id-verifications/:id/file", async (c) => {
    const file = await readIdDocument(c.var.deps, c.var.user, idParam(c.req.param("id"), "noSuchDocument"));
    // Shown inline to the operator only; never cached, never sniffed, never run as a page. c.body
    // keeps the headers every response carries (app.ts: nosniff, frame denial, referrer policy).
    return c.body(new Uint8Array(file.body), 200, {
      "Content-Type": file.contentType,
      "Content-Disposition": 'inline; filename="identity-document"',
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; sandbox",
    });
  })
  .post("/id-verifications/:id/approve", async (c) =>
    c.json(await reviewIdDocument(c.var.deps, c.var.user, idParam(c.req.param("id"), "noSuchDocument"), { decision: "approved" })),
  )
  .post("/id-verifications/:id/reject", validate("json", rejectIdSchema), async (c) =>
    c.json(
      await reviewIdDocument(c.var.deps, c.var.user, idParam(c.req.param("id"), "noSuchDocument"), {
        decision: "rejected",
        reason: c.req.valid("json").reason,
      }),
    ),
  );

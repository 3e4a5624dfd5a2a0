import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  bankPaymentResolutionSchema,
  businessProfileSchema,
  exportPeriodSchema,
  invoiceApprovalSchema,
  invoiceApprovalStatuses,
  operatorCreditNoteSchema,
} from "../../../shared/invoicing.ts";
import { userActor } from "../../access/booking-access.ts";
import { requireRole, requireUser, type SignedInEnv } from "../../auth/require-user.ts";
import { notFound, HttpError } from "../../http-error.ts";
import type { ReasonWithoutValues } from "../../../shared/api-error-reasons.ts";
import { bodyLimitFor } from "../../http/body-limit.ts";
import { validate } from "../../validation.ts";
import {
  chooseInvoicePayment,
  decideBusinessAccount,
  listBusinessAccounts,
  readBusinessProfile,
  saveBusinessProfile,
} from "./business-service.ts";
import { documentsInPeriod, documentsOfBooking, readableDocument, toDocumentView } from "./documents-access.ts";
import { contentOf, documentFileName, issueDocument, type DocumentRow } from "./documents-service.ts";
import { periodCsv } from "./export.ts";
import { periodSieFile } from "./sie.ts";
import { operatorToday } from "../../../shared/time.ts";
import { enforceRateLimits } from "../../auth/rate-limit.ts";
import { rateLimitRules } from "../../rate-limit-rules.ts";
import { renderDocumentPdf } from "./pdf.ts";
import { importBgMax, listBankPayments, resolveBankPayment } from "./reconciliation.ts";

// docs/invoices.md. Customers: /api/invoices (their company, paying a booking by invoice, their
// bookings' documents). Staff: /api/admin/invoicing, mounted behind the console's guard in app.ts.

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;
function idOf(value: string, reason: ReasonWithoutValues): string {
  if (!idPattern.test(value)) throw notFound(reason);
  return value;
}

async function pdfResponse(c: Context, db: Parameters<typeof contentOf>[0], document: DocumentRow) {
  const pdf = await renderDocumentPdf(await contentOf(db, document));
  return c.body(new Uint8Array(pdf), 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${documentFileName(document)}"`,
    "Cache-Control": "private, no-store",
  });
}

export const invoiceRoutes = new Hono<SignedInEnv>()
  .use("*", requireUser())
  .get("/business", async (c) => c.json({ business: await readBusinessProfile(c.var.deps.database.db, c.var.user.id) }))
  .put("/business", validate("json", businessProfileSchema), async (c) =>
    c.json({ business: await saveBusinessProfile(c.var.deps.database.db, c.var.user.id, c.req.valid("json"), new Date()) }),
  )
  // The owner pays this pending booking by invoice (an approved company only).
  .post("/bookings/:id/invoice", async (c) =>
    c.json(
      await chooseInvoicePayment(
        c.var.deps.database.db,
        c.var.services.bookingLifecycle,
        c.var.user,
        idOf(c.req.param("id"), "noSuchBooking"),
        new Date(),
      ),
    ),
  )
  .get("/bookings/:id/documents", async (c) =>
    c.json(await documentsOfBooking(c.var.deps.database.db, userActor(c.var.user), idOf(c.req.param("id"), "noSuchBooking"))),
  )
  .get("/documents/:id/pdf", async (c) => {
    const db = c.var.deps.database.db;
    return pdfResponse(c, db, await readableDocument(db, userActor(c.var.user), idOf(c.req.param("id"), "noSuchDocument")));
  });

const businessListQuery = z.object({ status: z.enum([...invoiceApprovalStatuses, "all"]).default("pending") });
const paymentsQuery = z.object({ filter: z.enum(["open", "all"]).default("open") });
const maximumBgMaxBytes = 5_000_000;

export const invoiceOperatorRoutes = new Hono<SignedInEnv>()
  .use("*", requireRole("operator", "admin"))
  .get("/business-accounts", validate("query", businessListQuery), async (c) =>
    c.json({ accounts: await listBusinessAccounts(c.var.deps.database.db, c.req.valid("query").status) }),
  )
  .post("/business-accounts/:userId/decision", validate("json", invoiceApprovalSchema), async (c) =>
    c.json({
      business: await decideBusinessAccount(
        c.var.deps.database.db,
        c.var.user,
        idOf(c.req.param("userId"), "noSuchBusinessAccount"),
        c.req.valid("json").decision,
        new Date(),
      ),
    }),
  )
  .get("/documents", validate("query", exportPeriodSchema), async (c) => {
    const { from, to } = c.req.valid("query");
    return c.json({ documents: (await documentsInPeriod(c.var.deps.database.db, from, to)).map(toDocumentView) });
  })
  .get("/bookings/:id/documents", async (c) =>
    c.json(await documentsOfBooking(c.var.deps.database.db, userActor(c.var.user), idOf(c.req.param("id"), "noSuchBooking"))),
  )
  // An operator's credit note on an invoice (a price settled lower, a goodwill credit), with its
  // reason; refused on a card booking (its credit note is the refund's) and where nothing was
  // charged or invoiced (docs/invoices.md "Credit notes", ADR 216).
  .post("/bookings/:id/credit-notes", validate("json", operatorCreditNoteSchema), async (c) => {
    const db = c.var.deps.database.db;
    const bookingId = idOf(c.req.param("id"), "noSuchBooking");
    await documentsOfBooking(db, userActor(c.var.user), bookingId);
    const body = c.req.valid("json");
    const { document, created } = await issueDocument(db, c.var.deps.env, { bookingId, kind: "credit-note", ...body }, new Date());
    return c.json(toDocumentView(document), created ? 201 : 200);
  })
  .get("/documents/:id/pdf", async (c) => {
    const db = c.var.deps.database.db;
    return pdfResponse(c, db, await readableDocument(db, userActor(c.var.user), idOf(c.req.param("id"), "noSuchDocument")));
  })
  // The bank's BgMax file as the request body (the browser sends the file's bytes as they are).
  .post("/bgmax", bodyLimitFor(maximumBgMaxBytes), async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length === 0) throw HttpError.because(400, "invalid_input", "chooseBgMaxFile");
    const name = (c.req.header("X-File-Name") ?? "bgmax.txt").replace(/[^\w. -]/g, "_");
    return c.json(await importBgMax(c.var.deps.database.db, c.var.user, { name, bytes }, new Date()), 201);
  })
  .get("/bank-payments", validate("query", paymentsQuery), async (c) =>
    c.json({ payments: await listBankPayments(c.var.deps.database.db, c.req.valid("query").filter) }),
  )
  .post("/bank-payments/:id/resolve", validate("json", bankPaymentResolutionSchema), async (c) =>
    c.json(
      await resolveBankPayment(
        c.var.deps.database.db,
        c.var.user,
        idOf(c.req.param("id"), "noSuchPayment"),
        c.req.valid("json").note,
        new Date(),
      ),
    ),
  )
  .get("/export.csv", validate("query", exportPeriodSchema), async (c) => {
    const { from, to } = c.req.valid("query");
    if (from > to) throw HttpError.because(400, "invalid_input", "periodFirstAfterLast");
    await enforceRateLimits(c.var.deps.database.db, [{ rule: rateLimitRules.accountingExportsPerUserHour, subject: c.var.user.id }]);
    return c.body(await periodCsv(c.var.deps.database.db, from, to), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="nordic-shield-${from}-${to}.csv"`,
    });
  })
  // ADR 138: the same period for Swedish accounting software, as SIE 4 in its own code page.
  .get("/export.sie", validate("query", exportPeriodSchema), async (c) => {
    const { from, to } = c.req.valid("query");
    if (from > to) throw HttpError.because(400, "invalid_input", "periodFirstAfterLast");
    await enforceRateLimits(c.var.deps.database.db, [{ rule: rateLimitRules.accountingExportsPerUserHour, subject: c.var.user.id }]);
    const seller = c.var.deps.env.seller;
    // #GEN is the day the file was made, a Stockholm day like every date in it (ADR 050).
    const file = await periodSieFile(c.var.deps.database.db, seller, { from, to }, operatorToday(new Date()));
    return c.body(file.buffer as ArrayBuffer, 200, {
      "Content-Type": "text/plain; charset=IBM437",
      "Content-Disposition": `attachment; filename="nordic-shield-${from}-${to}.se"`,
    });
  });

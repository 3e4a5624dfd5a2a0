import type { Kysely } from "kysely";
import type { IssueDocumentRequest } from "../../../shared/invoicing.ts";
import type { Clock } from "../../clock.ts";
import type { AppDependencies } from "../../context.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import type { JobHandler } from "../../jobs/types.ts";
import type { DocumentForMail } from "../../mail/templates/accounting-document.ts";
import { contentOf, documentFileName, issueDocument } from "./documents-service.ts";
import { renderDocumentPdf } from "./pdf.ts";
import { HttpError } from "../../http-error.ts";

// docs/jobs.md `documents.issue`: issues a document from the booking and the amounts in the
// payload. A second run of the same cause answers the document already issued (ADR 141).

/** Not yet: the invoice or receipt a credit note credits is itself still queued; the queue retries later. */
class ChargeNotYetDocumented extends Error {}

async function chargedDocumentExists(db: Kysely<DatabaseSchema>, bookingId: string) {
  const row = await db
    .selectFrom("accounting_documents")
    .select("id")
    .where("booking_id", "=", bookingId)
    .where("kind", "!=", "credit-note")
    .executeTakeFirst();
  return row !== undefined;
}

async function chargeJobPending(db: Kysely<DatabaseSchema>, bookingId: string, selfId: string, kind: "invoice" | "receipt") {
  const rows = await db
    .selectFrom("jobs")
    .select(["id", "payload"])
    .where("kind", "=", "documents.issue")
    .where("reference_key", "=", `documents:${bookingId}`)
    .where("status", "in", ["pending", "running"])
    .where("id", "!=", selfId)
    .execute();
  return rows.some((row) => row.payload?.includes(`"${kind}"`));
}

/** `committed` wakes this process's live streams after a document is issued (docs/payments.md "Live updates"). */
export function createDocumentJobHandlers(
  deps: AppDependencies,
  clock: Clock,
  committed: () => void = () => {},
): Record<"documents.issue", JobHandler> {
  const db = deps.database.db;
  return {
    "documents.issue": {
      async run(job, parsed) {
        const request = parsed as IssueDocumentRequest;
        // A cancellation's credit note (no payment event) credits the invoice: none, nothing to credit.
        if (request.kind === "credit-note" && !request.paymentEventId && !(await chargedDocumentExists(db, request.bookingId))) {
          if (await chargeJobPending(db, request.bookingId, job.id, "invoice"))
            throw new ChargeNotYetDocumented("The invoice to credit is not issued yet");
          return { output: JSON.stringify({ skipped: "nothing to credit" }) };
        }
        // A refund's credit note follows its capture's receipt (ADR 215: no credit above what was charged).
        if (request.kind === "credit-note" && request.paymentEventId && (await chargeJobPending(db, request.bookingId, job.id, "receipt")))
          throw new ChargeNotYetDocumented("The receipt of the refunded capture is not issued yet");
        let issued: Awaited<ReturnType<typeof issueDocument>>;
        try {
          issued = await issueDocument(db, deps.env, request, clock.now());
        } catch (error) {
          // A cancellation's credit note on an invoice the operator already credited in full: nothing is left to credit.
          if (
            request.kind === "credit-note" &&
            !request.paymentEventId &&
            error instanceof HttpError &&
            error.reason === "creditAboveCharged"
          )
            return { output: JSON.stringify({ skipped: "nothing left to credit" }) };
          throw error;
        }
        const { document, created } = issued;
        if (created) committed();
        return { output: JSON.stringify({ documentId: document.id, number: Number(document.number), created }) };
      },
    },
  };
}

/** The mail's view of a document, with its PDF (MailSources.document, src/server/mail/registry.ts). */
export async function documentForMail(deps: Pick<AppDependencies, "database">, documentId: string): Promise<DocumentForMail | undefined> {
  const db = deps.database.db;
  const document = await db.selectFrom("accounting_documents").selectAll().where("id", "=", documentId).executeTakeFirst();
  if (!document) return undefined;
  const content = await contentOf(db, document);
  return {
    kind: content.kind,
    number: content.number,
    totalCents: content.totalCents,
    dueDate: content.dueDate,
    ocrReference: content.ocrReference,
    bankgiro: content.seller.bankgiro,
    bankgiroTakesEuro: content.seller.bankgiroTakesEuro,
    iban: content.seller.iban,
    bic: content.seller.bic,
    fileName: documentFileName(document),
    pdf: await renderDocumentPdf(content),
  };
}

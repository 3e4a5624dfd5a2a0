import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { isValidOcrReference } from "../../../shared/accounting-identifiers.ts";
import { writeAudit } from "../../audit/audit-log.ts";
import type { SignedInUser } from "../../auth/require-user.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { writePaymentStatus } from "../../payments/ledger.ts";
import { BgMaxError, parseBgMax } from "./bgmax.ts";

// ADR 144: an operator uploads the bank's BgMax file; each payment is matched to an invoice by its
// OCR reference. The whole file is one transaction: it is parsed strictly first (a damaged file
// changes nothing), then every payment gets an outcome, and the same file twice is refused by its
// SHA-256. An invoice is Paid when what was paid against it reaches its total exactly; less is
// partly paid and more overpaid; a reference that names no invoice is unknown. Whatever is not an
// exact match is listed for the operator to resolve.

export type PaymentOutcome = "matched" | "partial" | "overpaid" | "unknown" | "deduction" | "resolved";

export type ImportSummary = {
  importId: string;
  payments: number;
  matched: number;
  partial: number;
  overpaid: number;
  unknown: number;
  deductions: number;
  test: boolean;
};

export type BankPaymentView = {
  id: string;
  reference: string;
  amountCents: number;
  currency: string;
  depositDate: string;
  outcome: PaymentOutcome;
  documentId: string | null;
  documentNumber: number | null;
  invoiceTotalCents: number | null;
  resolutionNote: string | null;
};

/** The operator's upload: the file's text (ISO 8859-1 read as latin1 bytes). */
export async function importBgMax(
  db: Kysely<DatabaseSchema>,
  staff: SignedInUser,
  file: { name: string; bytes: Uint8Array },
  now: Date,
): Promise<ImportSummary> {
  const text = Buffer.from(file.bytes).toString("latin1");
  let parsed;
  try {
    parsed = parseBgMax(text);
  } catch (error) {
    if (error instanceof BgMaxError)
      throw HttpError.because(400, "invalid_input", "notBgMaxFile", { values: { detail: error.message }, fields: { file: error.message } });
    throw error;
  }
  const wrongCurrency = parsed.sections.find((section) => section.currency !== "EUR");
  if (wrongCurrency) {
    throw HttpError.because(400, "invalid_input", "bgMaxWrongCurrency", { values: { currency: wrongCurrency.currency } });
  }
  const sha256 = createHash("sha256").update(file.bytes).digest("hex");
  const nowText = now.toISOString();
  return db.transaction().execute(async (transaction) => {
    const seen = await transaction.selectFrom("bgmax_imports").select("uploaded_at").where("file_sha256", "=", sha256).executeTakeFirst();
    if (seen) throw HttpError.because(409, "already_exists", "bgMaxImportedBefore");
    const importId = randomUUID();
    const payments = parsed.sections.flatMap((section) => section.payments.map((payment) => ({ section, payment })));
    await transaction
      .insertInto("bgmax_imports")
      .values({
        id: importId,
        file_sha256: sha256,
        file_name: file.name.slice(0, 200),
        uploaded_by: staff.id,
        uploaded_at: nowText,
        payment_count: payments.length,
        total_cents: parsed.sections.reduce((sum, section) => sum + section.depositCents, 0),
        test_file: parsed.test ? 1 : 0,
      })
      .execute();
    const summary: ImportSummary = {
      importId,
      payments: payments.length,
      matched: 0,
      partial: 0,
      overpaid: 0,
      unknown: 0,
      deductions: 0,
      test: parsed.test,
    };
    for (const { section, payment } of payments) {
      let outcome: PaymentOutcome;
      let documentId: string | null = null;
      if (payment.kind === "deduction") {
        // A deduction (TK21) lowers the deposit; the operator books it by hand.
        outcome = "deduction";
        summary.deductions += 1;
      } else {
        const reference = payment.reference.replace(/\s/g, "");
        const invoice = isValidOcrReference(reference)
          ? await transaction
              .selectFrom("accounting_documents")
              .select(["id", "booking_id", "total_cents", "paid_cents", "status"])
              .where("ocr_reference", "=", reference)
              .where("kind", "=", "invoice")
              .executeTakeFirst()
          : undefined;
        if (!invoice) {
          outcome = "unknown";
          summary.unknown += 1;
        } else {
          documentId = invoice.id;
          const paid = Number(invoice.paid_cents) + payment.amountCents;
          // docs/invoices.md: a credit note lowers what is due on the invoice it corrects.
          const credited = await transaction
            .selectFrom("accounting_documents")
            .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("total_cents"), eb.lit(0)).as("cents"))
            .where("booking_id", "=", invoice.booking_id)
            .where("kind", "=", "credit-note")
            .executeTakeFirstOrThrow();
          const total = Number(invoice.total_cents) - Number(credited.cents);
          outcome = paid === total ? "matched" : paid < total ? "partial" : "overpaid";
          summary[outcome] += 1;
          await transaction
            .updateTable("accounting_documents")
            .set({
              paid_cents: paid,
              status: paid === total ? "paid" : paid < total ? "partly-paid" : "overpaid",
              paid_at: paid >= total ? `${section.depositDate}T00:00:00.000Z` : null,
            })
            .where("id", "=", invoice.id)
            .execute();
          // An earlier partial payment of this invoice is settled by this one.
          if (paid === total) {
            await transaction
              .updateTable("bank_payments")
              .set({ outcome: "matched" })
              .where("document_id", "=", invoice.id)
              .where("outcome", "=", "partial")
              .execute();
          }
          // The invoice's status just written decides "invoice_paid"; the ledger's one writer derives it (ADR 262).
          await writePaymentStatus(transaction, await bookingOf(transaction, invoice.id));
        }
      }
      await transaction
        .insertInto("bank_payments")
        .values({
          id: randomUUID(),
          import_id: importId,
          line: payment.line,
          kind: payment.kind,
          reference: payment.reference,
          amount_cents: payment.amountCents,
          currency: section.currency,
          deposit_date: section.depositDate,
          bgc_serial: payment.bgcSerial,
          outcome,
          document_id: documentId,
        })
        .execute();
    }
    await writeAudit(
      transaction,
      { actorUserId: staff.id, action: "bgmax.import", subjectType: "bgmax_import", subjectId: importId, before: null, after: summary },
      nowText,
    );
    return summary;
  });
}

async function bookingOf(db: Kysely<DatabaseSchema>, documentId: string): Promise<string> {
  return (await db.selectFrom("accounting_documents").select("booking_id").where("id", "=", documentId).executeTakeFirstOrThrow())
    .booking_id;
}

/** The payments the operator still has to look at (not an exact match), newest first. */
export async function listBankPayments(db: Kysely<DatabaseSchema>, filter: "open" | "all"): Promise<BankPaymentView[]> {
  let query = db
    .selectFrom("bank_payments")
    .leftJoin("accounting_documents", "accounting_documents.id", "bank_payments.document_id")
    .select([
      "bank_payments.id",
      "bank_payments.reference",
      "bank_payments.amount_cents",
      "bank_payments.currency",
      "bank_payments.deposit_date",
      "bank_payments.outcome",
      "bank_payments.document_id",
      "bank_payments.resolution_note",
      "accounting_documents.number",
      "accounting_documents.total_cents",
    ])
    .orderBy("bank_payments.deposit_date", "desc")
    .orderBy("bank_payments.line")
    .limit(500);
  if (filter === "open") query = query.where("bank_payments.outcome", "in", ["partial", "overpaid", "unknown", "deduction"]);
  return (await query.execute()).map((row) => ({
    id: row.id,
    reference: row.reference,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    depositDate: row.deposit_date,
    outcome: row.outcome as PaymentOutcome,
    documentId: row.document_id,
    documentNumber: row.number === null ? null : Number(row.number),
    invoiceTotalCents: row.total_cents === null ? null : Number(row.total_cents),
    resolutionNote: row.resolution_note,
  }));
}

/** The operator settles a payment by hand (a refund of the excess, a payment booked elsewhere), with a note; audited. */
export async function resolveBankPayment(db: Kysely<DatabaseSchema>, staff: SignedInUser, paymentId: string, note: string, now: Date) {
  return db.transaction().execute(async (transaction) => {
    const before = await transaction.selectFrom("bank_payments").selectAll().where("id", "=", paymentId).executeTakeFirst();
    if (!before) throw notFound("noSuchPayment");
    if (before.outcome === "matched" || before.outcome === "resolved")
      throw HttpError.because(409, "invalid_transition", "paymentNeedsNothing");
    const nowText = now.toISOString();
    await transaction
      .updateTable("bank_payments")
      .set({ outcome: "resolved", resolved_by: staff.id, resolved_at: nowText, resolution_note: note })
      .where("id", "=", paymentId)
      .execute();
    await writeAudit(
      transaction,
      {
        actorUserId: staff.id,
        action: "bank_payment.resolve",
        subjectType: "bank_payment",
        subjectId: paymentId,
        before: { outcome: before.outcome },
        after: { outcome: "resolved", note },
      },
      nowText,
    );
    return { id: paymentId, outcome: "resolved" as const };
  });
}

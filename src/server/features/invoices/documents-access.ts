import type { Kysely } from "kysely";
import type { AccountingDocumentView, DocumentKind, InvoiceStatus } from "../../../shared/invoicing.ts";
import { canAccessBooking, type BookingActor } from "../../access/booking-access.ts";
import { companyAccessOf } from "../../access/company-access.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import { notFound } from "../../http-error.ts";
import { buyerSchema } from "./document-content.ts";
import { creditNoteWay, type DocumentRow } from "./documents-service.ts";

// Who may read a document: whoever may view its booking, by the one access policy (ADR 093); anyone
// else is told it does not exist. A document of a deleted account has an anonymised booking that
// only staff can view.

export function toDocumentView(row: DocumentRow): AccountingDocumentView {
  const buyer = buyerSchema.parse(JSON.parse(row.buyer));
  return {
    id: row.id,
    number: Number(row.number),
    kind: row.kind as DocumentKind,
    bookingId: row.booking_id,
    issuedAt: row.issued_at,
    totalCents: Number(row.total_cents),
    vatCents: Number(row.vat_cents),
    reverseCharge: Number(row.reverse_charge) === 1,
    ocrReference: row.ocr_reference,
    dueDate: row.due_date,
    status: row.status as InvoiceStatus | null,
    paidCents: Number(row.paid_cents),
    buyerName: buyer.companyName ?? buyer.name,
  };
}

async function visibleBooking(db: Kysely<DatabaseSchema>, actor: BookingActor, bookingId: string) {
  const booking = await db
    .selectFrom("bookings")
    .select(["id", "user_id", "payment_status", "status", "start_date"])
    .where("id", "=", bookingId)
    .executeTakeFirst();
  // docs/companies.md: the members of the booking's company who see its bookings read its documents too (ADR 277).
  const company =
    booking && actor.kind === "user" && booking.user_id !== actor.id ? await companyAccessOf(db, bookingId, new Date()) : null;
  if (!booking || !canAccessBooking(actor, { ...booking, company }, "view")) throw notFound("noSuchBooking");
  return booking;
}

/** The booking's documents and how it is paid, for its page in the dashboard or the console. */
export async function documentsOfBooking(db: Kysely<DatabaseSchema>, actor: BookingActor, bookingId: string) {
  const booking = await visibleBooking(db, actor, bookingId);
  const rows = await db.selectFrom("accounting_documents").selectAll().where("booking_id", "=", bookingId).orderBy("number").execute();
  const invoice = await db.selectFrom("invoice_bookings").select("booking_id").where("booking_id", "=", bookingId).executeTakeFirst();
  return {
    bookingId,
    bookingStatus: booking.status,
    // ADR 244: a card chosen instead of the invoice asks the charge-later consent by the start, as at booking.
    startDate: booking.start_date,
    paymentMethod: invoice ? ("invoice" as const) : null,
    // The console's credit note action: on the invoice, through the refund, or none (ADR 216).
    creditNote: await creditNoteWay(db, bookingId),
    documents: rows.map(toDocumentView),
  };
}

/** One document, when the actor may view its booking. */
export async function readableDocument(db: Kysely<DatabaseSchema>, actor: BookingActor, documentId: string): Promise<DocumentRow> {
  const document = await db.selectFrom("accounting_documents").selectAll().where("id", "=", documentId).executeTakeFirst();
  if (!document) throw notFound("noSuchDocument");
  await visibleBooking(db, actor, document.booking_id).catch(() => {
    throw notFound("noSuchDocument");
  });
  return document;
}

/** Documents issued in a period (Europe/Stockholm days, both included), for the console and the export. */
export async function documentsInPeriod(db: Kysely<DatabaseSchema>, from: string, to: string): Promise<DocumentRow[]> {
  return db
    .selectFrom("accounting_documents")
    .selectAll()
    .where("issue_date", ">=", from)
    .where("issue_date", "<=", to)
    .orderBy("number")
    .limit(10_000)
    .execute();
}

import { randomUUID } from "node:crypto";
import { appendEvent, engineOf } from "../../events/events-repo.ts";
import type { Kysely, Selectable, Transaction } from "kysely";
import { z } from "zod";
import type { DocumentKind, IssueDocumentRequest } from "../../../shared/invoicing.ts";
import { ocrReferenceFor } from "../../../shared/accounting-identifiers.ts";
import { priceAdjustmentCents, sumCents } from "../../../shared/money.ts";
import { buyerVatOfAmount, vatRateFor, type BuyerVat, buyerVatOfBooking } from "../../../shared/buyer-vat.ts";
import { addDays, operatorToday } from "../../../shared/time.ts";
import { bookingLinesOfOne } from "../../booking-lines.ts";
import type { Environment } from "../../env.ts";
import type { DatabaseSchema } from "../../db/schema.ts";
import type { AccountingDocumentsTable } from "../../db/tables/invoices.ts";
import { lockBookingRow } from "../../db/row-locks.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { HttpError, notFound } from "../../http-error.ts";
import { translator, type Translator } from "../../../shared/translator.ts";
import type { Catalogue } from "../../../shared/translations.ts";
import { buyerSchema, documentLineSchema, sellerSchema, type Buyer, type DocumentContent, type DocumentLine } from "./document-content.ts";
import { bookingReference } from "../../../shared/booking-reference.ts";

// docs/invoices.md: every invoice, receipt and credit note is issued here, by one function, from
// the booking and the amounts given. A document is numbered from the one series in the transaction
// that writes it (ADR 141), so a number is never skipped nor given twice; issuing the same cause
// again (a job that ran twice) answers the document already issued.

export const mainSeries = "main";

export type DocumentRow = Selectable<AccountingDocumentsTable>;

type Settings = Pick<Environment, "seller" | "invoiceDueDays">;

/** The one cause a document answers: a booking's invoice, a payment event's receipt or credit note. */
export function idempotencyKeyOf(request: IssueDocumentRequest): string {
  if (request.kind === "invoice") return `invoice:${request.bookingId}`;
  // Without a payment event (an operator's credit on an invoice) the amount and reason name the cause.
  return `${request.kind}:${request.paymentEventId ?? `${request.bookingId}:${request.amountCents ?? "all"}:${request.reason ?? ""}`}`;
}

// ADR 209: the words a document stores and its file name, a catalogue of the product's one translation system.
const english = {
  adjusted: "Security services as agreed",
  // docs/invoices.md "What a receipt pays": a receipt of part of a booking names the part.
  asBooked: "Payment for booking {{reference}}: services as booked",
  additionalForVersion: "Additional payment: approved change of quote v{{version}}",
  additional: "Additional payment: approved higher total",
  adjustmentForVersion: "Price adjustment: approved change of quote v{{version}}",
  adjustment: "Price adjustment agreed",
  credit: "Credit: {{line}}",
  cancelled: "The booking was cancelled.",
  fileNames: { invoice: "invoice", receipt: "receipt", "credit-note": "credit-note" },
};
const swedish: Catalogue<typeof english> = {
  adjusted: "Säkerhetstjänster enligt överenskommelse",
  asBooked: "Betalning för bokning {{reference}}: tjänsterna enligt bokningen",
  additionalForVersion: "Tilläggsbetalning: godkänd ändring av offert v{{version}}",
  additional: "Tilläggsbetalning: godkänt högre pris",
  adjustmentForVersion: "Prisjustering: godkänd ändring av offert v{{version}}",
  adjustment: "Överenskommen prisjustering",
  credit: "Kreditering: {{line}}",
  cancelled: "Bokningen avbokades.",
  fileNames: { invoice: "faktura", receipt: "kvitto", "credit-note": "kreditfaktura" },
};
export const issuedDocumentCopy = { en: english, sv: swedish };

/**
 * One amount as one line (docs/money.md: an amount set by hand is a line of its own). The amount is
 * as the buyer pays it (ADR 222): its VAT part by the buyer's rule, none for a buyer without
 * Swedish VAT, whose amounts are net already.
 */
function amountLine(description: string, totalCents: number, buyerVat: BuyerVat): DocumentLine {
  return {
    description,
    days: null,
    guards: null,
    totalCents,
    vatRateBasisPoints: vatRateFor(buyerVat),
    vatCents: buyerVatOfAmount(totalCents, buyerVat),
  };
}

async function buyerOf(executor: Kysely<DatabaseSchema>, userId: string | null, customerName: string, bookingId: string) {
  // docs/companies.md: a booking made for a company is bought by the company's business account,
  // with the booker as the person and the company's cost centre and reference.
  const company = await executor
    .selectFrom("company_bookings")
    .innerJoin("companies", "companies.id", "company_bookings.company_id")
    .select(["companies.account_user_id", "company_bookings.cost_centre", "company_bookings.reference"])
    .where("company_bookings.booking_id", "=", bookingId)
    .executeTakeFirst();
  const businessUserId = company?.account_user_id ?? userId;
  const business = businessUserId
    ? await executor.selectFrom("business_accounts").selectAll().where("user_id", "=", businessUserId).executeTakeFirst()
    : undefined;
  const profile = userId
    ? await executor
        .selectFrom("profiles")
        .select(["full_name", "email", "address", "postal_code", "city", "country"])
        .where("id", "=", userId)
        .executeTakeFirst()
    : undefined;
  const user = userId ? await executor.selectFrom("users").select(["email"]).where("id", "=", userId).executeTakeFirst() : undefined;
  const personalAddress = profile
    ? [profile.address, [profile.postal_code, profile.city].filter(Boolean).join(" "), profile.country].filter(Boolean).join(", ")
    : "";
  const buyer: Buyer = {
    name: profile?.full_name || customerName,
    email: user?.email ?? profile?.email ?? null,
    address: business?.billing_address ?? (personalAddress || null),
    companyName: business?.company_name ?? null,
    organisationNumber: business?.organisation_number ?? null,
    vatNumber: business?.vat_number ?? null,
    costCentre: company?.cost_centre ?? null,
    reference: company?.reference ?? null,
  };
  return buyer;
}

/** Issues the document the request names, or answers the one issued for it before. */
export async function issueDocument(
  db: Kysely<DatabaseSchema>,
  settings: Settings,
  request: IssueDocumentRequest,
  now: Date,
): Promise<{ document: DocumentRow; created: boolean }> {
  const key = idempotencyKeyOf(request);
  const existing = await db.selectFrom("accounting_documents").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
  if (existing) return { document: existing, created: false };
  try {
    return await db.transaction().execute((transaction) => issueInTransaction(transaction, settings, request, key, now));
  } catch (error) {
    // Two runs of the same cause at once: one commits, the other's unique key fails and rolls its
    // number back with it, so the series keeps no gap; it answers the committed document.
    const committed = await db.selectFrom("accounting_documents").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
    if (committed) return { document: committed, created: false };
    throw error;
  }
}

async function issueInTransaction(
  transaction: Transaction<DatabaseSchema>,
  settings: Settings,
  request: IssueDocumentRequest,
  key: string,
  now: Date,
): Promise<{ document: DocumentRow; created: boolean }> {
  // ADR 215: what may still be credited is read after the booking's row is locked, so two credit
  // notes at once (a double click, two processes) are decided one after the other on what the
  // first one committed, never both on what was there before either.
  await lockBookingRow(transaction, request.bookingId);
  const booking = await transaction.selectFrom("bookings").selectAll().where("id", "=", request.bookingId).executeTakeFirst();
  if (!booking) throw notFound("noSuchBooking");
  const language = booking.language === "sv" ? "sv" : "en";
  const buyer = await buyerOf(transaction, booking.user_id, booking.customer_name, booking.id);
  // ADR 222: the booking was priced, held and charged by its buyer's rule; its documents say the same.
  const buyerVat = buyerVatOfBooking(booking);
  const reverseCharge = buyerVat === "eu_reverse_charge";
  const bookedLines = await bookingLinesOfOne(transaction, booking.id);

  let lines: DocumentLine[];
  const t = translator(issuedDocumentCopy, language);
  const wholeBooking = request.amountCents === undefined || request.amountCents === booking.price;
  // docs/money.md: a total set by hand (an approved quote version's) differs from its lines' sum; the
  // difference is a line of its own, named by the version that set it.
  const adjustment = priceAdjustmentCents(
    booking.price,
    bookedLines.map((line) => line.totalCents),
  );
  const version = await approvedChangeNumber(transaction, booking.id);
  if (request.kind !== "credit-note" && wholeBooking && adjustment >= 0 && bookedLines.length > 0) {
    // The stored line keeps the service's English name; a Swedish document reads the catalogue's Swedish one.
    const translated =
      language === "sv"
        ? new Map(
            (
              await transaction
                .selectFrom("service_translations")
                .select(["service_id", "title"])
                .where("language", "=", "sv")
                .where(
                  "service_id",
                  "in",
                  bookedLines.map((line) => line.serviceId),
                )
                .execute()
            ).map((row) => [row.service_id, row.title]),
          )
        : new Map<string, string>();
    lines = bookedLines.map((line) => {
      const description = translated.get(line.serviceId) ?? line.title;
      return {
        description,
        days: line.options.days,
        guards: line.options.guards,
        totalCents: line.totalCents,
        vatRateBasisPoints: line.vatRateBasisPoints,
        vatCents: line.vatCents,
      };
    });
    if (adjustment > 0) {
      lines.push(amountLine(version ? t("adjustmentForVersion", { version }) : t("adjustment"), adjustment, buyerVat));
    }
  } else if (request.kind === "credit-note") {
    // ADR 216: what may still be credited; ADR 222: the booking's amounts are already its buyer's
    // (net for a reverse-charge buyer), so a credit is in the same amounts as what it corrects.
    const creditable = await creditableCents(transaction, booking.id, request.paymentEventId !== undefined);
    const amount = request.amountCents ?? creditable;
    if (amount > creditable) throw HttpError.because(409, "payment_not_allowed", "creditAboveCharged");
    lines = [amountLine(t("credit", { line: t("adjusted") }), amount, buyerVat)];
  } else {
    const amount = request.amountCents ?? booking.price;
    lines = [amountLine(await partDescription(transaction, request, booking.id, version, t), amount, buyerVat)];
  }
  for (const line of lines) documentLineSchema.parse(line);
  const totalCents = sumCents(lines.map((line) => line.totalCents));
  const vatCents = sumCents(lines.map((line) => line.vatCents));

  // ADR 141: the counter row is raised in this transaction; a concurrent issue waits on its lock
  // (PostgreSQL row lock, SQLite's single writer), and a rollback gives the number back.
  const raised = await transaction
    .updateTable("document_series")
    .set((eb) => ({ last_number: eb("last_number", "+", 1) }))
    .where("series", "=", mainSeries)
    .returning("last_number")
    .executeTakeFirstOrThrow();
  const number = Number(raised.last_number);
  const issueDate = operatorToday(now);
  const isInvoice = request.kind === "invoice";
  // Bankgirot's OCR: a leading 1 keeps every reference the same length for the first million invoices.
  const ocrReference = isInvoice ? ocrReferenceFor(`1${String(number).padStart(6, "0")}`) : null;
  const dueDate = isInvoice ? addDays(issueDate, settings.invoiceDueDays) : null;
  const refersTo =
    request.kind === "credit-note"
      ? ((
          await transaction
            .selectFrom("accounting_documents")
            .select("number")
            .where("booking_id", "=", booking.id)
            .where("kind", "!=", "credit-note")
            .orderBy("number", "desc")
            .executeTakeFirst()
        )?.number ?? null)
      : null;

  const row = {
    id: randomUUID(),
    series: mainSeries,
    number,
    kind: request.kind,
    booking_id: booking.id,
    user_id: booking.user_id,
    idempotency_key: key,
    payment_event_id: request.paymentEventId ?? null,
    language,
    issued_at: now.toISOString(),
    issue_date: issueDate,
    currency: "EUR",
    total_cents: totalCents,
    vat_cents: vatCents,
    reverse_charge: reverseCharge ? 1 : 0,
    seller: JSON.stringify(sellerSchema.parse(settings.seller)),
    buyer: JSON.stringify(buyerSchema.parse(buyer)),
    lines: JSON.stringify(lines),
    ocr_reference: ocrReference,
    due_date: dueDate,
    status: isInvoice ? "unpaid" : null,
    paid_cents: 0,
    paid_at: null,
    reason: request.reason === "cancelled" ? translator(issuedDocumentCopy, language)("cancelled") : (request.reason ?? null),
  };
  const document = await transaction.insertInto("accounting_documents").values(row).returningAll().executeTakeFirstOrThrow();
  // docs/payments.md "Live updates": the booking's open pages list the new document without a reload.
  await appendEvent(
    transaction,
    engineOf(transaction),
    {
      type: "document.issued",
      bookingId: booking.id,
      actorUserId: null,
      actorRole: "system",
      payload: { documentId: document.id, kind: request.kind, number, totalCents },
    },
    now.toISOString(),
  );
  if (request.kind === "credit-note" && refersTo !== null) {
    // The invoice a credit note corrects: fully credited, it is no longer owed.
    await markCreditedInvoice(transaction, booking.id);
  }
  // The document travels by mail in the booking's language (docs/invoices.md); a buyer without an
  // address (an anonymised booking) gets none.
  if (buyer.email) {
    await enqueueMail(
      transaction,
      { kind: "accounting-document", to: buyer.email, payload: { documentId: document.id, language } },
      { referenceKey: `document:${document.id}` },
    );
  }
  return { document, created: true };
}

/**
 * How a credit note is issued on a booking (docs/invoices.md "Credit notes", ADR 216): on its
 * invoice by the operator ("invoice"), by a refund of its card money ("refund"), or not at all when
 * nothing was charged or invoiced ("none"). The console offers the matching action.
 */
export async function creditNoteWay(executor: Kysely<DatabaseSchema>, bookingId: string): Promise<"invoice" | "refund" | "none"> {
  const invoice = await executor
    .selectFrom("accounting_documents")
    .select("id")
    .where("booking_id", "=", bookingId)
    .where("kind", "=", "invoice")
    .executeTakeFirst();
  if (invoice) return "invoice";
  const captured = await executor
    .selectFrom("payment_events")
    .select("id")
    .where("booking_id", "=", bookingId)
    .where("type", "=", "captured")
    .executeTakeFirst();
  return captured ? "refund" : "none";
}

/**
 * docs/invoices.md "Credit notes": what a credit note may still credit on a booking, in document
 * amounts — what its receipts and invoice charged less what was credited before. A credit note of
 * a refund (`byRefund`, the ledger's) credits card money the refund gave back; any other credits an
 * invoice and lowers what is due. A card booking's credit note is its refund's, so that money and
 * document move together; a booking with nothing charged or invoiced has nothing to credit.
 */
async function creditableCents(transaction: Transaction<DatabaseSchema>, bookingId: string, byRefund: boolean): Promise<number> {
  const previous = await transaction
    .selectFrom("accounting_documents")
    .select(["kind", "total_cents"])
    .where("booking_id", "=", bookingId)
    .execute();
  const total = (kinds: readonly string[]) =>
    sumCents(previous.filter((row) => kinds.includes(row.kind)).map((row) => Number(row.total_cents)));
  if (!byRefund) {
    const way = await creditNoteWay(transaction, bookingId);
    if (way !== "invoice") throw HttpError.because(409, "payment_not_allowed", way === "refund" ? "creditNoteByRefund" : "nothingToCredit");
  }
  const charged = byRefund ? total(["receipt", "invoice"]) : total(["invoice"]);
  if (charged === 0) throw HttpError.because(409, "payment_not_allowed", "nothingToCredit");
  const creditable = charged - total(["credit-note"]);
  if (creditable <= 0) throw HttpError.because(409, "payment_not_allowed", "creditAboveCharged");
  return creditable;
}

/** The number of the latest approved change of quote (version 2 and later; version 1 is the booking as booked), or null. */
async function approvedChangeNumber(executor: Kysely<DatabaseSchema>, bookingId: string): Promise<number | null> {
  const row = await executor
    .selectFrom("booking_versions")
    .select((eb) => eb.fn.max("number").as("number"))
    .where("booking_id", "=", bookingId)
    .where("status", "=", "approved")
    .where("number", ">", 1)
    .executeTakeFirst();
  return row?.number ? Number(row.number) : null;
}

/**
 * The one line of a document for part of a booking (docs/invoices.md "What a receipt pays"): the
 * capture of the card as booked, or the difference an approved change (or a higher total the
 * customer approved, ADR 133) added; a credit note and anything else stay "as agreed".
 */
async function partDescription(
  executor: Kysely<DatabaseSchema>,
  request: IssueDocumentRequest,
  bookingId: string,
  version: number | null,
  t: Translator<typeof english>,
): Promise<string> {
  if (request.kind === "credit-note") return t("credit", { line: t("adjusted") });
  const purpose = request.paymentEventId
    ? (
        await executor
          .selectFrom("payment_events")
          .innerJoin("payments", "payments.id", "payment_events.payment_id")
          .select("payments.purpose")
          .where("payment_events.id", "=", request.paymentEventId)
          .executeTakeFirst()
      )?.purpose
    : undefined;
  if (purpose === "difference") return version ? t("additionalForVersion", { version }) : t("additional");
  if (purpose === "hold" || purpose === "charge_on_confirmation") return t("asBooked", { reference: bookingReference(bookingId) });
  return t("adjusted");
}

async function markCreditedInvoice(transaction: Transaction<DatabaseSchema>, bookingId: string) {
  const rows = await transaction
    .selectFrom("accounting_documents")
    .select(["id", "kind", "total_cents", "status", "paid_cents"])
    .where("booking_id", "=", bookingId)
    .execute();
  const invoice = rows.find((row) => row.kind === "invoice");
  if (!invoice || invoice.status === "paid") return;
  const credited = sumCents(rows.filter((row) => row.kind === "credit-note").map((row) => Number(row.total_cents)));
  if (credited >= Number(invoice.total_cents)) {
    await transaction.updateTable("accounting_documents").set({ status: "credited" }).where("id", "=", invoice.id).execute();
  } else if (Number(invoice.paid_cents) > 0 && Number(invoice.paid_cents) >= Number(invoice.total_cents) - credited) {
    // A credit lowers what is due: a part already paid may now be all of it.
    await transaction.updateTable("accounting_documents").set({ status: "paid" }).where("id", "=", invoice.id).execute();
  }
}

/** The stored document as the PDF renderer reads it. */
export async function contentOf(db: Kysely<DatabaseSchema>, document: DocumentRow): Promise<DocumentContent> {
  const booking = await db
    .selectFrom("bookings")
    .select(["start_date", "end_date", "buyer_vat"])
    .where("id", "=", document.booking_id)
    .executeTakeFirstOrThrow();
  const refersTo =
    document.kind === "credit-note"
      ? ((
          await db
            .selectFrom("accounting_documents")
            .select("number")
            .where("booking_id", "=", document.booking_id)
            .where("kind", "!=", "credit-note")
            .where("number", "<", document.number)
            .orderBy("number", "desc")
            .executeTakeFirst()
        )?.number ?? null)
      : null;
  return {
    kind: document.kind as DocumentKind,
    number: Number(document.number),
    language: document.language === "sv" ? "sv" : "en",
    issueDate: document.issue_date,
    dueDate: document.due_date,
    ocrReference: document.ocr_reference,
    bookingId: document.booking_id,
    bookingPeriod: { startDate: booking.start_date, endDate: booking.end_date },
    seller: sellerSchema.parse(JSON.parse(document.seller)),
    buyer: buyerSchema.parse(JSON.parse(document.buyer)),
    lines: z.array(documentLineSchema).parse(JSON.parse(document.lines)),
    totalCents: Number(document.total_cents),
    vatCents: Number(document.vat_cents),
    reverseCharge: Number(document.reverse_charge) === 1,
    // ADR 222: the buyer's kind is the booking's, set when it was priced and never changed after.
    buyerVat: buyerVatOfBooking(booking),
    reason: document.reason,
    refersTo: refersTo === null ? null : String(refersTo),
  };
}

/** The file name a document is downloaded and attached as. */
export function documentFileName(document: Pick<DocumentRow, "kind" | "number" | "language">): string {
  const t = translator(issuedDocumentCopy, document.language === "sv" ? "sv" : "en");
  const key = `fileNames.${document.kind}`;
  return `${t.has(key) ? t(key) : "document"}-${document.number}.pdf`;
}

import type { Kysely, Transaction } from "kysely";
import type { DatabaseSchema } from "./db/schema.ts";

// Outside the features because account deletion and the data export (account-security) must
// reach the accounting documents (invoices) and features never import each other. ADR 143:
// invoices, receipts and credit notes are accounting records kept seven years (Bokföringslagen
// (1999:1078) ch. 7 §2), so deleting an account keeps them, without the person: their name, e-mail
// and a private address go, while a company's name, organisation and VAT numbers and billing
// address (what the law requires an invoice to show) stay.

const deletedBuyerName = "Deleted customer";

type StoredBuyer = {
  name: string;
  email: string | null;
  address: string | null;
  companyName: string | null;
  organisationNumber: string | null;
  vatNumber: string | null;
};

/** Inside the deletion's transaction: the account's documents lose their personal data and their link. */
export async function anonymiseAccountingRecords(transaction: Transaction<DatabaseSchema>, userId: string): Promise<void> {
  const documents = await transaction.selectFrom("accounting_documents").select(["id", "buyer"]).where("user_id", "=", userId).execute();
  for (const document of documents) {
    const buyer = JSON.parse(document.buyer) as StoredBuyer;
    const kept: StoredBuyer = {
      name: buyer.companyName ?? deletedBuyerName,
      email: null,
      address: buyer.companyName ? buyer.address : null,
      companyName: buyer.companyName,
      organisationNumber: buyer.organisationNumber,
      vatNumber: buyer.vatNumber,
    };
    await transaction
      .updateTable("accounting_documents")
      .set({ buyer: JSON.stringify(kept), user_id: null })
      .where("id", "=", document.id)
      .execute();
  }
  await transaction.deleteFrom("business_accounts").where("user_id", "=", userId).execute();
}

/** GDPR Art. 15/20: the account's company fields and documents, for the data export. */
export async function accountingRecordsOf(db: Kysely<DatabaseSchema>, userId: string) {
  const business = await db.selectFrom("business_accounts").selectAll().where("user_id", "=", userId).executeTakeFirst();
  const documents = await db
    .selectFrom("accounting_documents")
    .select([
      "id",
      "number",
      "kind",
      "booking_id",
      "issued_at",
      "issue_date",
      "due_date",
      "total_cents",
      "vat_cents",
      "currency",
      "ocr_reference",
      "status",
      "paid_cents",
      "reason",
    ])
    .where("user_id", "=", userId)
    .orderBy("number")
    .execute();
  return {
    business: business
      ? {
          companyName: business.company_name,
          organisationNumber: business.organisation_number,
          vatNumber: business.vat_number,
          billingAddress: business.billing_address,
          invoicePayment: business.invoice_status,
        }
      : null,
    documents: documents.map((row) => ({
      id: row.id,
      number: Number(row.number),
      kind: row.kind,
      bookingId: row.booking_id,
      issuedAt: row.issued_at,
      issueDate: row.issue_date,
      dueDate: row.due_date,
      totalCents: Number(row.total_cents),
      vatCents: Number(row.vat_cents),
      currency: row.currency,
      ocrReference: row.ocr_reference,
      status: row.status,
      paidCents: Number(row.paid_cents),
      reason: row.reason,
    })),
  };
}

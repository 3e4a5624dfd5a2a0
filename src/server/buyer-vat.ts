import { buyerVatOf, type BuyerVat } from "../shared/buyer-vat.ts";
import type { Executor } from "./jobs/queue.ts";

/** ADR 222: the buyer's kind of a signed-in customer, from their company and its approval (ADR 140). */
export async function buyerVatOfCustomer(executor: Executor, userId: string): Promise<BuyerVat> {
  const company = await executor
    .selectFrom("business_accounts")
    .select(["vat_number", "invoice_status"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return buyerVatOf(company ? { vatNumber: company.vat_number, approved: company.invoice_status === "approved" } : null);
}

import { useQuery } from "@tanstack/react-query";
import type { BuyerVat } from "../../../shared/buyer-vat.ts";
import { useSignedIn } from "../../lib/session.ts";
import { invoiceBusinessQuery } from "./api.ts";

/**
 * ADR 222, 246: how a booking made now would be priced for the visitor: an approved company's kind
 * as the server decides it (`buyerVat` of GET /api/invoices/business, from src/shared/buyer-vat.ts),
 * a consumer's for anyone else. The page words and sums its prices by it.
 */
export function useBuyerVat(): BuyerVat {
  const signedIn = useSignedIn();
  const business = useQuery({ ...invoiceBusinessQuery, enabled: signedIn });
  return (signedIn && business.data?.business?.buyerVat) || "consumer";
}

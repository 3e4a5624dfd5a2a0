import { queryOptions, useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { LiveEvent } from "../../../shared/booking-lifecycle.ts";
import type { AccountingDocumentView, BusinessProfileInput, BusinessProfileView } from "../../../shared/invoicing.ts";
import type { CardInstead } from "../../../shared/booking.ts";
import type { AddCardForm, PaymentMethodList } from "../../../shared/wallet.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { invalidateAfterWrite } from "../../lib/query-client.ts";

// docs/invoices.md: the invoicing calls of the dashboard and the console (ADR 025).

export type BankPayment = {
  id: string;
  reference: string;
  amountCents: number;
  depositDate: string;
  outcome: "matched" | "partial" | "overpaid" | "unknown" | "deduction" | "resolved";
  documentNumber: number | null;
};
export type BusinessAccount = BusinessProfileView & { userId: string; email: string };
export type BookingDocuments = {
  bookingId: string;
  bookingStatus: string;
  startDate: string;
  paymentMethod: "invoice" | null;
  /** How a credit note is issued on the booking (docs/invoices.md "Credit notes"). */
  creditNote: "invoice" | "refund" | "none";
  documents: AccountingDocumentView[];
};
export type ImportSummary = { payments: number; matched: number; partial: number; overpaid: number; unknown: number };

const businessKey = ["invoices", "business"] as const;

export const businessQuery = queryOptions({
  queryKey: businessKey,
  queryFn: () => apiRequest<{ business: BusinessProfileView | null }>("/api/invoices/business"),
  meta: { errorTitleKey: "invoices:business.loadFailed" },
});

export function useSaveBusiness() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessProfileInput) =>
      apiRequest<{ business: BusinessProfileView }>("/api/invoices/business", { method: "PUT", body }),
    onSuccess: (answer) => client.setQueryData(businessKey, answer),
    meta: { errorTitleKey: "invoices:business.saveFailed", inlineErrors: ["invalid_input"] },
  });
}

/**
 * The documents a live event makes stale (docs/payments.md "Live updates"): a booking's list on the
 * customer's page or the console's; a document issued also moves the console's invoicing lists.
 */
export function documentKeysFor(event: LiveEvent, scope: "customer" | "operator"): QueryKey[] {
  if (!event.bookingId) return [];
  const keys: QueryKey[] = [["invoices", scope, "booking", event.bookingId]];
  if (scope === "operator" && event.type === "document.issued") keys.push(["invoices", "console"]);
  return keys;
}

/** The booking's documents: the customer's own route, or the console's. */
export const bookingDocumentsQuery = (bookingId: string, scope: "customer" | "operator") =>
  queryOptions({
    queryKey: ["invoices", scope, "booking", bookingId],
    queryFn: () =>
      apiRequest<BookingDocuments>(
        scope === "operator"
          ? `/api/admin/invoicing/bookings/${encodeURIComponent(bookingId)}/documents`
          : `/api/invoices/bookings/${encodeURIComponent(bookingId)}/documents`,
      ),
    meta: { errorTitleKey: "invoices:documents.loadFailed" },
  });

export const documentPdfUrl = (documentId: string, scope: "customer" | "operator") =>
  scope === "operator"
    ? `/api/admin/invoicing/documents/${encodeURIComponent(documentId)}/pdf`
    : `/api/invoices/documents/${encodeURIComponent(documentId)}/pdf`;

export function useChooseInvoice(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ paymentMethod: "invoice" }>(`/api/invoices/bookings/${encodeURIComponent(bookingId)}/invoice`, { method: "POST" }),
    onSuccess: () => afterPaymentChange(client, bookingId),
    meta: { errorTitleKey: "invoices:payment.chooseFailed" },
  });
}

/** The documents and the customer's booking (its payment line) both change with the way of paying. */
function afterPaymentChange(client: ReturnType<typeof useQueryClient>, bookingId: string) {
  return Promise.all([
    invalidateAfterWrite(client, { queryKey: ["invoices", "customer", "booking", bookingId] }),
    invalidateAfterWrite(client, { queryKey: ["customer-bookings"] }),
  ]);
}

const savedCardsKey = ["account", "payment-methods"] as const;

/** The customer's saved cards (the wallet's GET /api/account/payment-methods, the same key and answer), default first. */
export const savedCardsQuery = queryOptions({
  queryKey: savedCardsKey,
  queryFn: () => apiRequest<PaymentMethodList>("/api/account/payment-methods"),
  meta: { errorTitleKey: "invoices:payment.cardFailed" },
});

/** Which card field the provider takes (ADR 192): the typed card form is the simulated processor's. */
export const paymentConfigQuery = queryOptions({
  queryKey: ["payments", "config"],
  queryFn: () =>
    apiRequest<{ provider: "simulated" | "stripe"; publishableKey: string | null; invoiceDueDays: number }>("/api/payments/config"),
  staleTime: Infinity,
  meta: { errorTitleKey: "invoices:payment.cardFailed" },
});

/** A new card is saved to the wallet first, as on the booking page's payment step. */
export function useSaveCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (card: AddCardForm) => apiRequest<PaymentMethodList>("/api/account/payment-methods", { body: card }),
    onSuccess: (list) => client.setQueryData(savedCardsKey, list),
    meta: { errorTitleKey: "invoices:payment.addFailed", inlineErrors: ["invalid_input", "payment_declined"] },
  });
}

/**
 * POST /api/bookings/:id/card-payment (ADR 244): a pending booking paid by invoice is paid by card
 * instead. The bank's check (402 `payment_requires_action`) and a refused card are the panel's to show.
 */
export function useCardInstead(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CardInstead) => apiRequest<unknown>(`/api/bookings/${encodeURIComponent(bookingId)}/card-payment`, { body }),
    onSuccess: () => afterPaymentChange(client, bookingId),
    meta: { errorTitleKey: "invoices:payment.cardFailed", inlineErrors: ["payment_requires_action", "payment_declined"] },
  });
}

export const pendingCompaniesQuery = queryOptions({
  queryKey: ["invoices", "console", "companies"],
  queryFn: () => apiRequest<{ accounts: BusinessAccount[] }>("/api/admin/invoicing/business-accounts?status=pending"),
  meta: { errorTitleKey: "invoices:console.loadFailed" },
});

export function useDecideCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, decision }: { userId: string; decision: "approved" | "refused" }) =>
      apiRequest(`/api/admin/invoicing/business-accounts/${encodeURIComponent(userId)}/decision`, { body: { decision } }),
    onSuccess: () => invalidateAfterWrite(client, { queryKey: ["invoices", "console", "companies"] }),
    meta: { errorTitleKey: "invoices:console.decisionFailed" },
  });
}

export const openPaymentsQuery = queryOptions({
  queryKey: ["invoices", "console", "payments"],
  queryFn: () => apiRequest<{ payments: BankPayment[] }>("/api/admin/invoicing/bank-payments?filter=open"),
  meta: { errorTitleKey: "invoices:console.loadFailed" },
});

export const periodDocumentsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ["invoices", "console", "documents", from, to],
    queryFn: () => apiRequest<{ documents: AccountingDocumentView[] }>(`/api/admin/invoicing/documents?from=${from}&to=${to}`),
    meta: { errorTitleKey: "invoices:console.loadFailed" },
  });

export function useUploadBgMax() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest<ImportSummary>("/api/admin/invoicing/bgmax", {
        body: new Blob([file], { type: "text/plain" }),
        headers: { "X-File-Name": file.name.replace(/[^\w. -]/g, "_") },
      }),
    onSuccess: () => invalidateAfterWrite(client, { queryKey: ["invoices", "console"] }),
    meta: { errorTitleKey: "invoices:console.uploadFailed" },
  });
}

export function useResolvePayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      apiRequest(`/api/admin/invoicing/bank-payments/${encodeURIComponent(id)}/resolve`, { body: { note } }),
    onSuccess: () => invalidateAfterWrite(client, { queryKey: ["invoices", "console", "payments"] }),
    meta: { errorTitleKey: "invoices:console.loadFailed" },
  });
}

/**
 * The operator's credit note on an invoice (docs/invoices.md "Credit notes"); the same amount and
 * reason sent twice is one credit note. A refusal is worded by the server's reason (ADR 211).
 */
export function useIssueCreditNote(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { amountCents: number; reason: string }) =>
      apiRequest<AccountingDocumentView>(`/api/admin/invoicing/bookings/${encodeURIComponent(bookingId)}/credit-notes`, { body }),
    onSuccess: () => invalidateAfterWrite(client, { queryKey: ["invoices", "operator", "booking", bookingId] }),
    meta: { errorTitleKey: "invoices:creditNote.failed" },
  });
}

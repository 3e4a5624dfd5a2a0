import { queryOptions, useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { LiveEvent } from "../../../shared/booking-lifecycle.ts";
import type { BookingStatus } from "../../../shared/booking-lifecycle.ts";
import type { BookingPaymentView, PaymentEventView, PaymentStatus } from "../../../shared/payments.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { invalidateAfterWrite } from "../../lib/query-client.ts";

// docs/payments.md "Operator": a booking's ledger, the operator's refund, the payments list (ADR 190).

export type LedgerPayment = {
  id: string;
  purpose: string;
  provider: string;
  amountCents: number;
  card: string | null;
  holdExpiresAt: string | null;
  state: string;
  events: PaymentEventView[];
};

export type BookingLedgerView = {
  bookingId: string;
  bookingStatus: BookingStatus;
  payment: BookingPaymentView;
  payments: LedgerPayment[];
  chargedCents: number;
};

export type PaymentsListRow = {
  bookingId: string;
  reference: string;
  customerName: string;
  status: BookingStatus;
  startDate: string;
  totalCents: number;
  payment: BookingPaymentView | undefined;
  holdExpiresAt: string | null;
};

export type PaymentsFilter = { status: PaymentStatus | "all"; from: string; to: string; holdsExpiringBeforeReply: boolean };

const ledgerKey = (bookingId: string) => ["payments", "ledger", bookingId] as const;

/**
 * The console's money queries a live event makes stale (docs/payments.md "Live updates"): any event
 * of a booking may move its money (a transition captures or refunds; `payment.*` and
 * `document.issued` are the ledger's own), so its ledger and the payments list are read again.
 */
export function paymentKeysFor(event: LiveEvent): QueryKey[] {
  return event.bookingId ? [ledgerKey(event.bookingId), ["payments", "list"]] : [];
}

export const ledgerQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ledgerKey(bookingId),
    queryFn: () => apiRequest<BookingLedgerView>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/ledger`),
    meta: { errorTitleKey: "payments:ledger.loadFailed" },
  });

export function paymentsListPath(filter: PaymentsFilter): string {
  const query = new URLSearchParams();
  if (filter.status !== "all") query.set("status", filter.status);
  if (filter.from) query.set("from", filter.from);
  if (filter.to) query.set("to", filter.to);
  if (filter.holdsExpiringBeforeReply) query.set("holdsExpiringBeforeReply", "true");
  const text = query.toString();
  return `/api/admin/payments${text ? `?${text}` : ""}`;
}

export const paymentsListQuery = (filter: PaymentsFilter) =>
  queryOptions({
    queryKey: ["payments", "list", filter],
    queryFn: () => apiRequest<{ payments: PaymentsListRow[] }>(paymentsListPath(filter)),
    meta: { errorTitleKey: "payments:list.loadFailed" },
  });

/** The period's exports (docs/invoices.md "Export", ADR 138): links the browser downloads. */
export const exportUrl = (kind: "csv" | "sie", from: string, to: string) =>
  `/api/admin/invoicing/export.${kind}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/**
 * The operator's refund: 202, recorded when the provider answers. One Idempotency-Key per filled
 * form, so a double click or a retry queues one refund.
 */
export function useRefund(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ amountCents, reason, key }: { amountCents: number; reason: string; key: string }) =>
      apiRequest<BookingLedgerView>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/refunds`, {
        body: { amountCents, reason },
        headers: { "Idempotency-Key": key },
      }),
    onSuccess: (ledger) => {
      client.setQueryData(ledgerKey(bookingId), ledger);
      void invalidateAfterWrite(client, { queryKey: ["payments", "list"] });
    },
    meta: { errorTitleKey: "payments:refund.failed" },
  });
}

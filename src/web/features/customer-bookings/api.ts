import { queryOptions, useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { LiveEvent } from "../../../shared/booking-lifecycle.ts";
import type { BookingWindow, CustomerBooking, CustomerBookingList } from "../../../shared/customer-bookings.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { invalidateAfterWrite } from "../../lib/query-client.ts";
import type { RatingInput } from "../../../shared/operatives.ts";
import type { BookingChanges, changeRequestSchema } from "../../../shared/booking-changes.ts";
import type { z } from "zod";
import type { SecurePayment } from "../../../shared/booking.ts";
import type { PaymentMethodList } from "../../../shared/wallet.ts";
import type { BusinessProfileView } from "../../../shared/invoicing.ts";

type ChangeRequestBody = z.input<typeof changeRequestSchema>;

// The dashboard bookings' server calls (ADR 025). The list and the detail show their failures in
// the page (a retry, the 'Booking not found' state); a failed cancel becomes a toast.

const bookingsKey = ["customer-bookings"] as const;

/** What a live booking event makes stale (docs/booking-lifecycle.md): the lists and the booking's detail. */
export function customerBookingKeysFor(event: LiveEvent): QueryKey[] {
  return event.bookingId
    ? [
        [...bookingsKey, "list"],
        [...bookingsKey, "detail", event.bookingId],
      ]
    : [];
}

/** GET /api/bookings?window=… (docs/product.md §2 BOOKINGS, §9 windows). */
export const customerBookingsQuery = (window: BookingWindow) =>
  queryOptions({
    queryKey: [...bookingsKey, "list", window],
    queryFn: () => apiRequest<CustomerBookingList>(`/api/bookings?window=${window}`),
    meta: { inlineErrors: true },
  });

/** GET /api/bookings/:id (owner only; 404 for anything else). */
export const customerBookingQuery = (id: string) =>
  queryOptions({
    queryKey: [...bookingsKey, "detail", id],
    queryFn: () => apiRequest<CustomerBooking>(`/api/bookings/${encodeURIComponent(id)}`),
    meta: { inlineErrors: true },
  });

/** POST /api/bookings/:id/cancel; afterwards the detail shows the answer and the lists reload. */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<CustomerBooking>(`/api/bookings/${encodeURIComponent(id)}/cancel`, { method: "POST" }),
    onSuccess: async (booking) => {
      queryClient.setQueryData(customerBookingQuery(booking.id).queryKey, booking);
      await invalidateAfterWrite(queryClient, { queryKey: [...bookingsKey, "list"] });
    },
    meta: { errorTitleKey: "customerBookings:detail.cancelFailed" },
  });
}

/** POST /api/bookings/:id/payment/approve (docs/payments.md): the customer approves the higher confirmed total. */
export function useApproveNewTotal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<CustomerBooking>(`/api/bookings/${encodeURIComponent(id)}/payment/approve`, { method: "POST" }),
    onSuccess: async (booking) => {
      queryClient.setQueryData(customerBookingQuery(booking.id).queryKey, booking);
      await invalidateAfterWrite(queryClient, { queryKey: [...bookingsKey, "list"] });
    },
    meta: { errorTitleKey: "customerBookings:detail.approveFailed" },
  });
}

/** POST /api/bookings/:id/rating: once the booking is completed (docs/operatives.md). */
export function useRateBooking(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RatingInput) => apiRequest<CustomerBooking>(`/api/bookings/${encodeURIComponent(id)}/rating`, { body: input }),
    onSuccess: (booking) => queryClient.setQueryData(customerBookingQuery(booking.id).queryKey, booking),
  });
}

/** GET /api/bookings/:id/changes (docs/product.md §12): under the detail's key, so a live event of the booking refreshes it. */
export const bookingChangesQuery = (id: string) =>
  queryOptions({
    queryKey: [...bookingsKey, "detail", id, "changes"],
    queryFn: () => apiRequest<BookingChanges>(`/api/bookings/${encodeURIComponent(id)}/changes`),
  });

type ChangeStep =
  | { kind: "approve"; versionId: string }
  | { kind: "decline"; versionId: string; reason?: string }
  | { kind: "request"; body: ChangeRequestBody };

/** Approve or decline a proposed version, or send a change request; the booking and its changes reload. */
export function useBookingChange(id: string) {
  const queryClient = useQueryClient();
  const base = `/api/bookings/${encodeURIComponent(id)}`;
  return useMutation({
    mutationFn: (step: ChangeStep) =>
      step.kind === "request"
        ? apiRequest<BookingChanges>(`${base}/change-requests`, { body: step.body })
        : apiRequest<BookingChanges>(`${base}/versions/${encodeURIComponent(step.versionId)}/${step.kind}`, {
            method: "POST",
            ...(step.kind === "decline" && { body: step.reason ? { reason: step.reason } : {} }),
          }),
    onSuccess: async (changes) => {
      queryClient.setQueryData(bookingChangesQuery(id).queryKey, changes);
      await invalidateAfterWrite(queryClient, { queryKey: [...bookingsKey] });
    },
    meta: { errorTitleKey: "bookingChanges:actionFailed" },
  });
}

/** The customer's saved cards (the wallet's GET /api/account/payment-methods), default first: the cards a needed payment can use. */
export const savedCardsQuery = queryOptions({
  queryKey: ["account", "payment-methods"] as const,
  queryFn: () => apiRequest<PaymentMethodList>("/api/account/payment-methods"),
  meta: { errorTitleKey: "customerBookings:paymentNeeded.failed" },
});

/**
 * POST /api/bookings/:id/payment (ADR 225): secures the money of a `payment_needed` booking. The
 * bank's check (402 `payment_requires_action`) and a refused card (402 `payment_declined`) are the
 * panel's to show, not toasts.
 */
export function useSecurePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SecurePayment & { id: string }) =>
      apiRequest<CustomerBooking>(`/api/bookings/${encodeURIComponent(id)}/payment`, { body }),
    onSuccess: async (booking) => {
      queryClient.setQueryData(customerBookingQuery(booking.id).queryKey, booking);
      await invalidateAfterWrite(queryClient, { queryKey: [...bookingsKey, "list"] });
    },
    meta: { errorTitleKey: "customerBookings:paymentNeeded.failed", inlineErrors: ["payment_requires_action", "payment_declined"] },
  });
}

/**
 * ADR 245: the customer's company (GET /api/invoices/business, the same key and answer as the
 * profile's section): an approved one may move a needed payment to invoice.
 */
export const invoiceBusinessQuery = queryOptions({
  queryKey: ["invoices", "business"],
  queryFn: () => apiRequest<{ business: BusinessProfileView | null }>("/api/invoices/business"),
  meta: { inlineErrors: true },
});

/** The invoice's terms (INVOICE_DUE_DAYS), with the payment configuration. */
export const paymentConfigQuery = queryOptions({
  queryKey: ["payments", "config"],
  queryFn: () =>
    apiRequest<{ provider: "simulated" | "stripe"; publishableKey: string | null; invoiceDueDays: number }>("/api/payments/config"),
  staleTime: Infinity,
  meta: { inlineErrors: true },
});

/**
 * POST /api/invoices/bookings/:id/invoice for a `payment_needed` booking (ADR 245): the invoice
 * secures the payment and the booking is confirmed; the booking and its documents reload.
 */
export function useInvoiceInstead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ paymentMethod: "invoice" }>(`/api/invoices/bookings/${encodeURIComponent(id)}/invoice`, { method: "POST" }),
    onSuccess: () =>
      Promise.all([
        invalidateAfterWrite(queryClient, { queryKey: [...bookingsKey] }),
        invalidateAfterWrite(queryClient, { queryKey: ["invoices", "customer", "booking", id] }),
      ]),
    meta: { errorTitleKey: "customerBookings:paymentNeeded.invoiceFailed" },
  });
}

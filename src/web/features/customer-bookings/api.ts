import { queryOptions, useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { LiveEvent } from "../../../shared/booking-lifecycle.ts";
import type { BookingWindow, CustomerBooking, CustomerBookingList } from "../../../shared/customer-bookings.ts";
import { apiRequest } from "../../lib/api-client.ts";
import type { RatingInput } from "../../../shared/operatives.ts";

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
      await queryClient.invalidateQueries({ queryKey: [...bookingsKey, "list"] });
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
      await queryClient.invalidateQueries({ queryKey: [...bookingsKey, "list"] });
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

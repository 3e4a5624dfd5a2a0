import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { createSeriesSchema, SeriesChange, SeriesOfBooking, SeriesView } from "../../../shared/series-schema.ts";
import type { PaymentMethodList } from "../../../shared/wallet.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { invalidateAfterWrite } from "../../lib/query-client.ts";

// The series' server calls (docs/series.md, ADR 025): the list, one series, booking one and
// changing it; the saved cards a series may be paid with.

const seriesKey = ["series"] as const;

/** GET /api/series: the customer's series, newest first. */
export const seriesListQuery = queryOptions({
  queryKey: [...seriesKey, "list"],
  queryFn: () => apiRequest<SeriesView[]>("/api/series"),
  meta: { inlineErrors: true },
});

/** GET /api/series/:id (owner only; 404 otherwise). */
export const seriesQuery = (id: string) =>
  queryOptions({
    queryKey: [...seriesKey, "detail", id],
    queryFn: () => apiRequest<SeriesView>(`/api/series/${encodeURIComponent(id)}`),
    meta: { inlineErrors: true },
  });

/** GET /api/account/payment-methods: the cards a series can be paid with. */
export const seriesCardsQuery = queryOptions({
  queryKey: [...seriesKey, "cards"],
  queryFn: () => apiRequest<PaymentMethodList>("/api/account/payment-methods"),
});

/** POST /api/series: one request books the whole series (its id makes a retry the same series). */
export function useCreateSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof createSeriesSchema>) => apiRequest<SeriesView>("/api/series", { body: input }),
    onSuccess: async (series) => {
      queryClient.setQueryData(seriesQuery(series.id).queryKey, series);
      await invalidateAfterWrite(queryClient, { queryKey: [...seriesKey, "list"] });
    },
    meta: { errorTitleKey: "series:bookFailed" },
  });
}

/** POST /api/series/:id/changes (ADR 281): cancel or move the occurrences of a scope. */
export function useChangeSeries(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SeriesChange) => apiRequest<SeriesView>(`/api/series/${encodeURIComponent(id)}/changes`, { body: change }),
    onSuccess: async (series) => {
      queryClient.setQueryData(seriesQuery(series.id).queryKey, series);
      await invalidateAfterWrite(queryClient, { queryKey: [...seriesKey, "list"] });
    },
    meta: { errorTitleKey: "series:changeFailed" },
  });
}

/** GET /api/admin/series/of-booking/:id (staff): the series a booking in the console belongs to. */
export const seriesOfBookingQuery = (bookingId: string) =>
  queryOptions({
    queryKey: [...seriesKey, "of-booking", bookingId],
    queryFn: () =>
      apiRequest<{ seriesOfBooking: SeriesOfBooking | null }>(`/api/admin/series/of-booking/${encodeURIComponent(bookingId)}`).then(
        (answer) => answer.seriesOfBooking,
      ),
  });

/** POST /api/admin/series/:id/confirm (ADR 284): the firm confirms every pending occurrence. */
export function useConfirmSeries(seriesId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<SeriesView>(`/api/admin/series/${encodeURIComponent(seriesId)}/confirm`, { body: {} }),
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: seriesKey }),
    meta: { errorTitleKey: "series:console.failed" },
  });
}

/** POST /api/admin/series/:id/assignments: the same operatives offered every coming occurrence. */
export function useAssignSeries(seriesId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (operatives: SeriesOfBooking["team"]) =>
      apiRequest<{ assigned: string[]; refused: { day: string; reason: string }[] }>(
        `/api/admin/series/${encodeURIComponent(seriesId)}/assignments`,
        { body: { operatives } },
      ),
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: seriesKey }),
    meta: { errorTitleKey: "series:console.failed" },
  });
}

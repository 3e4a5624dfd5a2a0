import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CompanySummary, CompanyView } from "../../../shared/companies.ts";
import type { BookingView, CatalogueService, CreateBookingInput } from "../../../shared/booking.ts";
import { sortCatalogue } from "../../../shared/catalogue.ts";
import type { Language } from "../../../shared/languages.ts";
import type { AddCardForm, PaymentMethodList } from "../../../shared/wallet.ts";
import type { BusinessProfileView } from "../../../shared/invoicing.ts";
import { apiRequest, type ApiError } from "../../lib/api-client.ts";
import { i18n } from "../../lib/i18n.ts";
import type { ErrorTitleKey } from "../../lib/api-error-meta.ts";

// The booking feature's server calls (ADR 025): the catalogue and one booking as queries, booking
// creation as a mutation. Failures reach the visitor through query-client.ts's one error handler.

/** GET /api/services in the visitor's language (the catalogue's translated titles, docs/product.md §3). */
export const servicesQuery = (language: Language) =>
  queryOptions({
    queryKey: ["services", language],
    queryFn: () =>
      apiRequest<{ services: CatalogueService[] }>(`/api/services?language=${language}`).then((body) => sortCatalogue(body.services)),
    // docs/product.md §8: 'Failed to load services. Please try again.'
    meta: { errorTitleKey: "booking:toasts.servicesFailed" },
  });

/** GET /api/bookings/:id (owner only); the confirmation page shows its failures itself. */
export const bookingQuery = (id: string) =>
  queryOptions({
    queryKey: ["booking", id],
    queryFn: () => apiRequest<BookingView>(`/api/bookings/${encodeURIComponent(id)}`),
    meta: { inlineErrors: true, handlesUnauthorized: true },
  });

/** docs/product.md §8 wording of a failed booking attempt, by what the server said. */
function attemptFailure(error: ApiError): { title: ErrorTitleKey; body: string } {
  if (error.status === 400) return { title: "booking:toasts.checkFields", body: Object.values(error.fields)[0] ?? error.message };
  // The server's own words say how long to wait.
  if (error.status === 429) return { title: "booking:toasts.attemptFailedTitle", body: error.message };
  // docs/product.md §8 'Error: Booking attempt has failed. Please try again.' (typo corrected).
  if (error.status >= 409) return { title: "booking:toasts.attemptFailedTitle", body: i18n.t("booking:toasts.attemptFailedBody") };
  return { title: "booking:toasts.processingTitle", body: i18n.t("booking:toasts.processingBody") };
}

/**
 * POST /api/bookings with the attempt's id as Idempotency-Key (ADR 051). An expired session is the
 * booking page's to handle: it opens the sign-in dialog and continues afterwards (docs/product.md §4).
 */
export function useCreateBooking() {
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: CreateBookingInput; idempotencyKey: string }) =>
      apiRequest<BookingView>("/api/bookings", { method: "POST", body: request, headers: { "Idempotency-Key": idempotencyKey } }),
    meta: {
      handlesUnauthorized: true,
      // docs/payments.md: a refused card and the bank's check are shown in the payment step itself;
      // a missing consent or a card no longer in the wallet likewise.
      inlineErrors: (error) =>
        error.status === 402 ||
        error.code === "card_not_in_wallet" ||
        error.code === "payment_not_allowed" ||
        (error.status === 400 && Object.keys(error.fields).some((field) => field.startsWith("payment."))),
      errorTitleKey: (error) => attemptFailure(error).title,
      describe: (error) => attemptFailure(error).body,
    },
  });
}

const savedCardsKey = ["account", "payment-methods"] as const;

/** docs/payments.md: the customer's saved cards (the wallet's GET /api/account/payment-methods), default first. */
export const savedCardsQuery = queryOptions({
  queryKey: savedCardsKey,
  queryFn: () => apiRequest<PaymentMethodList>("/api/account/payment-methods"),
  meta: { errorTitleKey: "booking-payment:cardsFailed" },
});

/** A new card is saved to the wallet first (the simulated processor or the provider tokenises it). */
export function useSaveCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (card: AddCardForm) => apiRequest<PaymentMethodList>("/api/account/payment-methods", { body: card }),
    onSuccess: (list) => client.setQueryData(savedCardsKey, list),
    meta: { errorTitleKey: "booking-payment:addFailed", inlineErrors: ["invalid_input", "payment_declined"] },
  });
}

/** ADR 192: which card field the payment step shows, and Stripe's publishable key when it is Stripe's. */
export const paymentConfigQuery = queryOptions({
  queryKey: ["payments", "config"],
  queryFn: () =>
    apiRequest<{ provider: "simulated" | "stripe"; publishableKey: string | null; invoiceDueDays: number }>("/api/payments/config"),
  staleTime: Infinity,
  meta: { errorTitleKey: "booking-payment:cardsFailed" },
});

/**
 * ADR 221: the signed-in customer's company, read by the payment step to offer invoice payment to
 * an approved one (the same query key and answer as the profile's business section).
 */
export const invoiceBusinessQuery = queryOptions({
  queryKey: ["invoices", "business"],
  queryFn: () => apiRequest<{ business: BusinessProfileView | null }>("/api/invoices/business"),
  meta: { inlineErrors: true },
});

/** docs/companies.md: the companies the visitor may book for, and one company's policy (cost centres, what it requires). */
export const bookingCompaniesQuery = queryOptions({
  queryKey: ["companies", "mine"],
  queryFn: () => apiRequest<{ companies: CompanySummary[] }>("/api/companies"),
  meta: { inlineErrors: true },
});
export const bookingCompanyQuery = (companyId: string) =>
  queryOptions({
    queryKey: ["companies", companyId],
    queryFn: () => apiRequest<CompanyView>(`/api/companies/${encodeURIComponent(companyId)}`),
    meta: { inlineErrors: true },
  });

/** A card typed in Stripe's field arrives as its PaymentMethod id (ADR 136). */
export function useSaveProviderCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (providerMethodId: string) =>
      apiRequest<PaymentMethodList & { paymentMethod: { id: string } }>("/api/account/payment-methods/provider", {
        body: { providerMethodId },
      }),
    onSuccess: (list) => client.setQueryData(savedCardsKey, { paymentMethods: list.paymentMethods, maximum: list.maximum }),
    meta: { errorTitleKey: "booking-payment:addFailed", inlineErrors: ["payment_declined"] },
  });
}

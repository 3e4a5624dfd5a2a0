import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CompanySummary, CompanyView } from "../../../shared/companies.ts";
import type { BookingView, CatalogueService, CreateBookingInput } from "../../../shared/booking.ts";
import { sortCatalogue } from "../../../shared/catalogue.ts";
import type { Language } from "../../../shared/languages.ts";
import type { AddCardForm, PaymentMethodList } from "../../../shared/wallet.ts";
import type { BusinessProfileView } from "../../../shared/invoicing.ts";
import { ApiError, apiRequest } from "../../lib/api-client.ts";
import { i18n } from "../../lib/i18n.ts";
import type { ErrorTitleKey } from "../../lib/api-error-meta.ts";

// The booking feature's server calls (ADR 025): the catalogue and one booking as queries, booking
// submission as one mutation answering what became of it (ADR 263). Other failures reach the
// visitor through query-client.ts's one error handler.

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
 * What became of one press of Pay (docs/product.md §4, §8; docs/payments.md): the page switches on
 * it. Any other refusal is thrown and worded by query-client.ts's one handler (ADR 025).
 */
export type BookingOutcome =
  | { kind: "booked"; booking: BookingView }
  /** The session ended meanwhile: the sign-in dialog, and the booking continues after it. */
  | { kind: "signInNeeded" }
  /**
   * Refused for a reason the payment step shows. `newAttempt`: no booking exists under this
   * attempt's id and the next press must be a new request (ADR 191).
   */
  | {
      kind: "paymentProblem";
      reason: "declined" | "cardNotInWallet" | "startAgain" | "consentMissing";
      decline?: string;
      message: string;
      newAttempt: boolean;
    }
  /** The bank's check (3-D Secure): the simulated bank's page, or Stripe.js with its key (ADR 192). */
  | { kind: "bankCheck"; challengeUrl: string }
  | { kind: "bankCheck"; publishableKey: string; clientSecret: string };

/** The first payment field error the server answered (a card no longer saved, consent missing). */
function paymentFieldError(fields: Record<string, string>): string | undefined {
  return Object.entries(fields).find(([field]) => field.startsWith("payment."))?.[1];
}

/**
 * A refused POST /api/bookings as the outcome the page shows (ADR 263); anything else is thrown on
 * to the query client's one handler. `stripeKey` is read only for Stripe's check.
 */
export async function outcomeOfRefusal(error: unknown, stripeKey: () => Promise<string | null>): Promise<BookingOutcome> {
  if (!(error instanceof ApiError)) throw error;
  // docs/product.md §8: a missing session at creation needs a sign-in; the dialog keeps the page.
  if (error.code === "unauthorized") return { kind: "signInNeeded" };
  if (error.code === "payment_requires_action") {
    // docs/payments.md: the bank's check; it returns to the page and the same request is sent again.
    const { challengeUrl, clientSecret } = error.fields;
    if (challengeUrl?.startsWith("/")) return { kind: "bankCheck", challengeUrl };
    const publishableKey = clientSecret ? await stripeKey() : null;
    if (clientSecret && publishableKey) return { kind: "bankCheck", publishableKey, clientSecret };
  }
  // docs/payments.md: another card (or total) under this attempt's booking id: a new attempt
  // gets a new id, so pressing again is a new request and nothing was held twice (ADR 191).
  if (error.code === "payment_not_allowed" || error.code === "card_not_in_wallet") {
    const startAgain = error.code === "payment_not_allowed";
    return {
      kind: "paymentProblem",
      reason: startAgain ? "startAgain" : "cardNotInWallet",
      message: i18n.t(startAgain ? "booking:paymentErrors.startAgain" : "booking:paymentErrors.cardNotInWallet"),
      newAttempt: startAgain,
    };
  }
  const fieldError = error.code === "invalid_input" ? paymentFieldError(error.fields) : undefined;
  if (error.code === "payment_declined" || error.code === "payment_requires_action" || fieldError) {
    // A missing consent is asked for by the step's own checkbox, in the visitor's language.
    const consentMissing = error.code === "invalid_input" && error.fields["payment.chargeLaterConsent"] !== undefined;
    return {
      kind: "paymentProblem",
      reason: consentMissing ? "consentMissing" : "declined",
      ...(error.fields.decline ? { decline: error.fields.decline } : {}),
      message: paymentFieldError(error.fields) ?? error.message,
      // No booking was made: the next try, with this card or another, is a new request.
      newAttempt: error.code === "payment_declined",
    };
  }
  throw error;
}

/**
 * Booking submission, one mutation (ADR 263): POST /api/bookings with the attempt's id as
 * Idempotency-Key (ADR 051, one id per attempt, the same on every retry), answered as a
 * `BookingOutcome`.
 */
export function useSubmitBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ request, idempotencyKey }: { request: CreateBookingInput; idempotencyKey: string }): Promise<BookingOutcome> => {
      try {
        const booking = await apiRequest<BookingView>("/api/bookings", {
          method: "POST",
          body: request,
          headers: { "Idempotency-Key": idempotencyKey },
        });
        return { kind: "booked", booking };
      } catch (error) {
        return outcomeOfRefusal(error, () =>
          client
            .fetchQuery(paymentConfigQuery)
            .then((config) => config.publishableKey)
            .catch(() => null),
        );
      }
    },
    meta: {
      handlesUnauthorized: true,
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

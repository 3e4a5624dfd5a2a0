import type { NavigateFunction } from "react-router";
import { toast } from "sonner";
import type { CatalogueService } from "../../../shared/booking.ts";
import { isApiError } from "../../lib/api-client.ts";
import { bankCheckAddress } from "../../lib/bank-check.ts";
import { translateData, type Language, type TFunction } from "../../lib/i18n.ts";
import type { paymentConfigQuery, useCreateBooking } from "./api.ts";
import type { bookingNamespace } from "./booking-copy.ts";
import {
  attemptFor,
  bookingProblem,
  bookingRequestContent,
  clearBookingState,
  confirmationFromBooking,
  pricedLines,
  saveBookingState,
  type BookingState,
} from "./booking-state.ts";
import { requestPartsOf, type CardChoice, type PaymentChoice, type PaymentProblem } from "./payment-choice.ts";
import type { loadBookingChecks } from "./use-booking-draft.ts";

// Book now's request (docs/product.md §4 booking flow, §8; docs/payments.md), loaded when the card
// is chosen rather than with the page (ADR 085: the page's first view stays within its budget):
// the checks, one id per attempt (server idempotency), the bank's check and every refusal.
// What the page's own modules hold (storage, the checks' loader, the kept card) comes in the
// context rather than by import: a module both import would become a chunk of its own, loaded
// with the page.

export type SendBookingContext = {
  payment: PaymentChoice;
  /** The draft as of now (it changes while the request is under way). */
  state: () => BookingState;
  replaceState: (next: BookingState) => void;
  catalogue: CatalogueService[];
  language: Language;
  t: TFunction<typeof bookingNamespace>;
  createBooking: ReturnType<typeof useCreateBooking>["mutateAsync"];
  navigate: NavigateFunction;
  /** This tab's storage (the draft, the card kept across the bank's check); null when unavailable. */
  storage: Storage | null;
  loadChecks: typeof loadBookingChecks;
  /** The card kept across a visit to the bank's check page, and forgotten after. */
  keepPayment: (payment: CardChoice) => void;
  forgetPayment: () => void;
  paymentConfig: () => Promise<Awaited<ReturnType<NonNullable<typeof paymentConfigQuery.queryFn>>> | null>;
  /** Where the page comes back to after Stripe's check. */
  bankReturnUrl: (completed: boolean) => string;
  /** Booked: the payment step closes. */
  onBooked: () => void;
  /** Refused for a reason the payment step shows (null: its own consent checkbox asks). */
  onPaymentProblem: (problem: PaymentProblem | null, consentMissing: boolean) => void;
  /** The session ended meanwhile: the sign-in dialog, and the booking continues after it. */
  onSignInNeeded: () => void;
};

export async function sendBooking(context: SendBookingContext): Promise<void> {
  const { payment, t, catalogue, language, replaceState, storage } = context;
  const current = context.state();
  const problem = bookingProblem(current);
  if (problem) {
    toast.error(t(`validation.${problem}`));
    return;
  }
  if (pricedLines(current, catalogue).length !== current.selection.length) {
    toast.error(t("toasts.selectionErrorTitle"), { description: t("toasts.selectionErrorBody") });
    return;
  }
  const content = bookingRequestContent(current, language);
  const forgetAttempt = () => replaceState({ ...context.state(), attempt: null });
  try {
    const checks = await context.loadChecks().catch(() => null);
    if (!checks) {
      toast.error(t("toasts.processingTitle"), { description: t("toasts.processingBody") });
      return;
    }
    const contentProblem = checks.requestProblem(content);
    if (contentProblem) {
      toast.error(translateData(t, "booking", contentProblem, contentProblem));
      return;
    }
    // One id per attempt, reused on every retry of the same request (server idempotency).
    // The card is part of the request: another card is another attempt (docs/payments.md).
    const attempt = attemptFor(current.attempt, { ...content, payment }, () => crypto.randomUUID());
    const withAttempt: BookingState = { ...current, attempt };
    replaceState(withAttempt);
    if (storage) saveBookingState(storage, withAttempt, pricedLines(withAttempt, catalogue));
    const request = checks.buildCreateRequest({ ...content, ...requestPartsOf(payment) }, attempt);
    // ADR 221: an invoice never visits the bank, so only a card is kept for the return from its check.
    if ("paymentMethodId" in payment) context.keepPayment(payment);
    const booking = await context.createBooking({ request, idempotencyKey: attempt.bookingId });
    context.onBooked();
    context.forgetPayment();
    toast.success(t("toasts.confirmedTitle"), { description: t("toasts.confirmedBody") });
    if (storage) clearBookingState(storage);
    void context.navigate(`/confirmation?booking=${encodeURIComponent(booking.id)}`, { state: confirmationFromBooking(booking) });
  } catch (error) {
    // Other failures are worded by api.ts and shown by the query client's one handler (ADR 025).
    if (isApiError(error, "payment_requires_action") && error.fields.challengeUrl?.startsWith("/")) {
      // docs/payments.md: the bank's check; it returns here and the same request is sent again.
      window.location.assign(bankCheckAddress(error.fields.challengeUrl, language));
      return;
    }
    const clientSecret = isApiError(error, "payment_requires_action") ? error.fields.clientSecret : undefined;
    const config = clientSecret ? await context.paymentConfig() : null;
    if (clientSecret && config?.publishableKey) {
      // ADR 192: Stripe's 3-D Secure check in Stripe.js, then back here like the simulated bank's
      // page: the same request (same booking id, same card) is sent again and books or is refused.
      const { completeBankCheck } = await import("./stripe-card-field.tsx");
      const completed = await completeBankCheck(config.publishableKey, clientSecret).catch(() => false);
      window.location.assign(context.bankReturnUrl(completed));
      return;
    }
    context.forgetPayment();
    if (isApiError(error, "card_not_in_wallet", "payment_not_allowed")) {
      // docs/payments.md: another card (or total) under this attempt's booking id: a new attempt
      // gets a new id, so pressing again is a new request and nothing was held twice (ADR 191).
      if (isApiError(error, "payment_not_allowed")) forgetAttempt();
      context.onPaymentProblem(
        {
          decline: undefined,
          message: t(isApiError(error, "payment_not_allowed") ? "paymentErrors.startAgain" : "paymentErrors.cardNotInWallet"),
        },
        false,
      );
    } else if (
      isApiError(error, "payment_declined", "payment_requires_action") ||
      (isApiError(error, "invalid_input") && paymentFieldError(error.fields))
    ) {
      // No booking was made: the next try, with this card or another, is a new request.
      if (isApiError(error, "payment_declined")) forgetAttempt();
      // A missing consent is asked for by the step's own checkbox, in the visitor's language.
      const consentMissing = isApiError(error, "invalid_input") && error.fields["payment.chargeLaterConsent"] !== undefined;
      context.onPaymentProblem(
        consentMissing ? null : { decline: error.fields.decline, message: paymentFieldError(error.fields) ?? error.message },
        consentMissing,
      );
    }
    if (isApiError(error, "unauthorized")) {
      // docs/product.md §8: a missing session at creation needs a sign-in; the dialog keeps the page.
      context.onSignInNeeded();
    }
  }
}

/** The first payment field error the server answered (a card no longer saved, consent missing). */
function paymentFieldError(fields: Record<string, string>): string | undefined {
  return Object.entries(fields).find(([field]) => field.startsWith("payment."))?.[1];
}

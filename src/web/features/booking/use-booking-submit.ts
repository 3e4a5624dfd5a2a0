import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import type { CatalogueService } from "../../../shared/booking.ts";
import { clearPendingContinuation, consumePendingContinuation, markPendingContinuation } from "../../lib/booking-continuation.ts";
import { translateData, useTranslation, type Language } from "../../lib/i18n.ts";
import { currentSession, refreshSession, useSignedIn } from "../../lib/session.ts";
import { bankCheckAddress } from "../../lib/bank-check.ts";
import { useSubmitBooking } from "./api.ts";
import { bookingNamespace } from "./booking-copy.ts";
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
import {
  bankReturnParameter,
  clearPendingPayment,
  keepPendingPayment,
  readPendingPayment,
  requestPartsOf,
  type PaymentChoice,
  type PaymentProblem,
} from "./payment-choice.ts";
import { browserStorage, loadBookingChecks, type BookingDraft } from "./use-booking-draft.ts";

// Book now (docs/product.md §4 booking flow, §8; docs/payments.md): the checks, the sign-in dialog
// without a session and the continuation after it, the payment step, the request (one mutation,
// `useSubmitBooking` in api.ts, whose outcome this switches on; ADR 263) and the way back from the
// bank's check. The page draws the dialogs with what this returns.

export type BookingSubmit = {
  submitting: boolean;
  authOpen: boolean;
  paymentOpen: boolean;
  paymentProblem: PaymentProblem | null;
  /** The server asked for the charge-later consent the step did not show. */
  consentAsked: boolean;
  /** Back from the bank's check: the payment step is mounted to send the same request again. */
  bankReturn: string | null;
  onBookNow: () => Promise<void>;
  onAuthOpenChange: (open: boolean) => void;
  onAuthenticated: () => void;
  closePayment: () => void;
  pay: (choice: PaymentChoice) => void;
};

export function useBookingSubmit(
  draft: Pick<BookingDraft, "stateRef" | "replaceState" | "arrived">,
  services: CatalogueService[] | undefined,
  language: Language,
): BookingSubmit {
  const { t } = useTranslation(bookingNamespace);
  const location = useLocation();
  const navigate = useNavigate();
  // ADR 170: only "signed in or not" re-renders the page; Book now reads the session when pressed.
  const signedIn = useSignedIn();
  const { stateRef, replaceState, arrived } = draft;
  const [authOpen, setAuthOpen] = useState(false);
  const [paymentOpen, setPaymentOpen] = useState(false);
  const [paymentProblem, setPaymentProblem] = useState<PaymentProblem | null>(null);
  const [consentAsked, setConsentAsked] = useState(false);
  const paymentChoiceRef = useRef<PaymentChoice | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const { mutateAsync: submitBooking } = useSubmitBooking();

  const submit = useCallback(async () => {
    // The card the payment step chose (docs/payments.md); none before the step has been used.
    const payment = paymentChoiceRef.current;
    if (submittingRef.current || !payment) return;
    submittingRef.current = true;
    setSubmitting(true);
    const storage = browserStorage();
    const forgetPayment = () => storage && clearPendingPayment(storage);
    try {
      const current = stateRef.current;
      const catalogue = services ?? [];
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
      const checks = await loadBookingChecks().catch(() => null);
      if (!checks) {
        toast.error(t("toasts.processingTitle"), { description: t("toasts.processingBody") });
        return;
      }
      const contentProblem = checks.requestProblem(content);
      if (contentProblem) {
        toast.error(translateData(t, bookingNamespace, contentProblem, contentProblem));
        return;
      }
      // One id per attempt, reused on every retry of the same request (server idempotency).
      // The card is part of the request: another card is another attempt (docs/payments.md).
      const attempt = attemptFor(current.attempt, { ...content, payment }, () => crypto.randomUUID());
      const withAttempt: BookingState = { ...current, attempt };
      replaceState(withAttempt);
      if (storage) saveBookingState(storage, withAttempt, pricedLines(withAttempt, catalogue));
      // ADR 221: an invoice never visits the bank, so only a card is kept for the return from its check.
      if (storage && "paymentMethodId" in payment) keepPendingPayment(storage, payment);
      const outcome = await submitBooking({
        request: checks.buildCreateRequest({ ...content, ...requestPartsOf(payment) }, attempt),
        idempotencyKey: attempt.bookingId,
      }).catch(() => null);
      // ADR 263: the page reacts to what became of the request; any other refusal was worded by the
      // query client's one handler (ADR 025).
      switch (outcome?.kind) {
        case "booked": {
          setPaymentOpen(false);
          setPaymentProblem(null);
          forgetPayment();
          toast.success(t("toasts.confirmedTitle"), { description: t("toasts.confirmedBody") });
          if (storage) clearBookingState(storage);
          void navigate(`/confirmation?booking=${encodeURIComponent(outcome.booking.id)}`, {
            state: confirmationFromBooking(outcome.booking),
          });
          return;
        }
        case "bankCheck": {
          if ("challengeUrl" in outcome) {
            window.location.assign(bankCheckAddress(outcome.challengeUrl, language));
            return;
          }
          // ADR 192: Stripe's 3-D Secure check in Stripe.js, then back here like the simulated bank's
          // page: the same request (same booking id, same card) is sent again and books or is refused.
          const { completeBankCheck } = await import("./stripe-card-field.tsx");
          const completed = await completeBankCheck(outcome.publishableKey, outcome.clientSecret).catch(() => false);
          window.location.assign(`${window.location.pathname}?${bankReturnParameter}=${completed ? "done" : "abandoned"}`);
          return;
        }
        case "paymentProblem": {
          forgetPayment();
          if (outcome.newAttempt) replaceState({ ...stateRef.current, attempt: null });
          if (outcome.reason === "consentMissing") setConsentAsked(true);
          setPaymentProblem(
            outcome.reason === "consentMissing"
              ? null
              : { ...(outcome.decline ? { decline: outcome.decline } : {}), message: outcome.message },
          );
          setPaymentOpen(true);
          return;
        }
        case "signInNeeded": {
          forgetPayment();
          markPendingContinuation();
          toast.info(t("toasts.signInAgain"));
          setAuthOpen(true);
          return;
        }
        default:
          forgetPayment();
      }
    } catch {
      // Stripe's script or the page's checks could not load: nothing was sent, or the check was not taken.
      toast.error(t("toasts.processingTitle"), { description: t("toasts.processingBody") });
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  }, [services, stateRef, replaceState, language, navigate, t, submitBooking]);

  // docs/payments.md: the payment step opens once the booking itself is complete and the customer signed in.
  const openPaymentStep = useCallback(() => {
    const current = stateRef.current;
    const problem = bookingProblem(current);
    if (problem) {
      toast.error(t(`validation.${problem}`));
      return;
    }
    if (pricedLines(current, services ?? []).length !== current.selection.length) {
      toast.error(t("toasts.selectionErrorTitle"), { description: t("toasts.selectionErrorBody") });
      return;
    }
    const open = () => {
      setPaymentProblem(null);
      setPaymentOpen(true);
    };
    // docs/product.md §12: engagement details are checked with the shared schema before the payment
    // step (times that disagree with the band or hours, a note too long), in the visitor's language.
    if (!current.details) {
      open();
      return;
    }
    void loadBookingChecks().then(
      (checks) => {
        const problem = checks.requestProblem(bookingRequestContent(stateRef.current, language));
        if (problem) toast.error(translateData(t, bookingNamespace, problem, problem));
        else open();
      },
      () => open(),
    );
  }, [services, stateRef, language, t]);

  // Back from the bank's check (docs/payments.md): the same request is sent again, and it books or
  // says in plain words why not.
  const bankReturn = new URLSearchParams(location.search).get(bankReturnParameter);
  useEffect(() => {
    if (!arrived || !bankReturn || !signedIn || !services) return;
    const storage = browserStorage();
    const pending = storage ? readPendingPayment(storage) : null;
    const rest = new URLSearchParams(location.search);
    rest.delete(bankReturnParameter);
    const query = rest.toString();
    void navigate(`${location.pathname}${query ? `?${query}` : ""}`, { replace: true, state: null });
    if (!pending) return;
    paymentChoiceRef.current = pending;
    void submit();
  }, [arrived, bankReturn, signedIn, services, location.search, location.pathname, navigate, submit]);

  async function onBookNow() {
    const problem = bookingProblem(stateRef.current);
    if (problem) {
      toast.error(t(`validation.${problem}`));
      return;
    }
    const known = currentSession();
    const current = known.status === "loading" ? await refreshSession() : known;
    if (current.status !== "signed-in") {
      // docs/product.md §4: without a session, remember the pending booking and open the auth dialog.
      markPendingContinuation();
      setAuthOpen(true);
      return;
    }
    openPaymentStep();
  }

  // A sign-in that happened outside the dialog (e.g. /login after a 401) comes back here with the
  // pending flag still set: continue once the session and the services are known.
  useEffect(() => {
    if (arrived && signedIn && services && consumePendingContinuation()) openPaymentStep();
  }, [arrived, signedIn, services, openPaymentStep]);

  return {
    submitting,
    authOpen,
    paymentOpen,
    paymentProblem,
    consentAsked,
    bankReturn,
    onBookNow,
    onAuthOpenChange: (open) => {
      setAuthOpen(open);
      if (!open) clearPendingContinuation();
    },
    onAuthenticated: () => {
      clearPendingContinuation();
      openPaymentStep();
    },
    closePayment: () => setPaymentOpen(false),
    pay: (choice) => {
      paymentChoiceRef.current = choice;
      void submit();
    },
  };
}

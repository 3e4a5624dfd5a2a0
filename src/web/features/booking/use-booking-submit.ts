import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import type { CatalogueService } from "../../../shared/booking.ts";
import { clearPendingContinuation, consumePendingContinuation, markPendingContinuation } from "../../lib/booking-continuation.ts";
import { translateData, useTranslation, type Language } from "../../lib/i18n.ts";
import { currentSession, refreshSession, useSignedIn } from "../../lib/session.ts";
import { paymentConfigQuery, useCreateBooking } from "./api.ts";
import { bookingNamespace } from "./booking-copy.ts";
import { bookingProblem, bookingRequestContent, pricedLines } from "./booking-state.ts";
import {
  bankReturnParameter,
  clearPendingPayment,
  keepPendingPayment,
  readPendingPayment,
  type PaymentChoice,
  type PaymentProblem,
} from "./payment-choice.ts";
import { browserStorage, loadBookingChecks, type BookingDraft } from "./use-booking-draft.ts";

// Book now (docs/product.md §4 booking flow, §8; docs/payments.md): the checks, the sign-in dialog
// without a session and the continuation after it, the payment step, the request (send-booking.ts,
// loaded when a card is chosen; ADR 207) and the way back from the bank's check. The page draws the
// dialogs with what this returns.

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
  const { mutateAsync: createBooking } = useCreateBooking();
  const queryClient = useQueryClient();

  const submit = useCallback(async () => {
    // The card the payment step chose (docs/payments.md); none before the step has been used.
    const payment = paymentChoiceRef.current;
    if (submittingRef.current || !payment) return;
    submittingRef.current = true;
    setSubmitting(true);
    const storage = browserStorage();
    try {
      const { sendBooking } = await import("./send-booking.ts");
      await sendBooking({
        payment,
        state: () => stateRef.current,
        replaceState,
        catalogue: services ?? [],
        language,
        t,
        createBooking,
        navigate,
        storage,
        loadChecks: loadBookingChecks,
        keepPayment: (choice) => storage && keepPendingPayment(storage, choice),
        forgetPayment: () => storage && clearPendingPayment(storage),
        paymentConfig: () => queryClient.fetchQuery(paymentConfigQuery).catch(() => null),
        bankReturnUrl: (completed) => `${window.location.pathname}?${bankReturnParameter}=${completed ? "done" : "abandoned"}`,
        onBooked: () => {
          setPaymentOpen(false);
          setPaymentProblem(null);
        },
        onPaymentProblem: (problem, consentMissing) => {
          if (consentMissing) setConsentAsked(true);
          setPaymentProblem(problem);
          setPaymentOpen(true);
        },
        onSignInNeeded: () => {
          markPendingContinuation();
          toast.info(t("toasts.signInAgain"));
          setAuthOpen(true);
        },
      });
    } catch {
      toast.error(t("toasts.processingTitle"), { description: t("toasts.processingBody") });
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  }, [services, stateRef, replaceState, language, navigate, t, createBooking, queryClient]);

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

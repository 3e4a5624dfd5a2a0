import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
} from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import type { CatalogueService } from "../../../shared/booking.ts";
import { bookingServiceParameter } from "../../../shared/booking-search.ts";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { isApiError } from "../../lib/api-client.ts";
import { clearPendingContinuation, consumePendingContinuation, markPendingContinuation } from "../../lib/booking-continuation.ts";
import { isTranslationKey, isLanguage, useTranslation } from "../../lib/i18n.ts";
import { currentSession, refreshSession, useSignedIn } from "../../lib/session.ts";
import { paymentConfigQuery, servicesQuery, useCreateBooking } from "./api.ts";
import { bookingNamespace } from "./booking-copy.ts";
import { BookingSearchPanel } from "./booking-search-panel.tsx";
import {
  applySearch,
  attemptFor,
  bookingProblem,
  bookingRequestContent,
  clearBookingState,
  confirmationFromBooking,
  deselectService,
  emptyBookingState,
  emptyEngagementDraft,
  hasStoredBookingState,
  pricedLines,
  reconcileWithCatalogue,
  refundNoteFor,
  saveBookingState,
  searchFromNavigationState,
  selectService,
  totalDays,
  totalOf,
  updateOptions,
  type BookingSearch,
  type BookingState,
  type EngagementDraft,
} from "./booking-state.ts";
import { BookingSummary } from "./booking-summary.tsx";
import { formatMoney } from "../../../shared/money.ts";
import { ServiceCard, serviceToggleId } from "./service-card.tsx";
import {
  bankReturnParameter,
  clearPendingPayment,
  keepPendingPayment,
  needsChargeLaterConsent,
  readPendingPayment,
  type PaymentChoice,
  type PaymentProblem,
} from "./payment-choice.ts";

// docs/product.md §2 booking page /secure-booking and docs/product.md §4 booking flow. The route file composes this
// page with the accounts feature's sign-in dialog (features never import each other).

export type AuthDialogSlotProps = { open: boolean; onOpenChange(open: boolean): void; onAuthenticated(): void };

export type BookingPageProps = {
  /** The sign-in / sign-up dialog, supplied by the route (features/auth). */
  authDialog: ComponentType<AuthDialogSlotProps>;
  /**
   * The English catalogue the page was prerendered with and its fingerprint (ADR 065). The server
   * served that HTML only because the live catalogue has the same fingerprint; the page still
   * reads the live catalogue at once.
   */
  prerendered?: { services: CatalogueService[]; fingerprint: string };
};

function browserStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

// ADR 085: the shared schema's checks (and zod with them) load when the page needs them, not with
// its first view: a booking this tab kept, a service selected (a booking is likely), a submit.
const loadBookingChecks = () => import("./booking-checks.ts");

// docs/payments.md: the payment step (its form, the wallet's calls, its words) is its own chunk,
// loaded on Book now, so that the page's first view stays within its budget.
const PaymentStep = lazy(() => import("./payment-step.tsx"));

// docs/product.md §12: the "When and where" form (react-hook-form and the shared schema) is its own
// chunk too, shown once a service is chosen.
const EngagementForm = lazy(() => import("./engagement-form.tsx"));

/**
 * Runs `task` in the browser's next idle period, with no deadline: a deadline would force it into
 * whatever the visitor does next (Book now loads the checks itself if no idle period came).
 * Returns its cancellation.
 */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(task);
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}

/** The state on arrival: what this tab had kept (`stored`), with the landing page's search on top. */
function arrivalState(stored: BookingState | null, navigationState: unknown): BookingState {
  const search = searchFromNavigationState(navigationState);
  const base = stored ?? emptyBookingState;
  return search ? applySearch(base, search) : base;
}

export function BookingPage({ authDialog: AuthDialog, prerendered }: BookingPageProps) {
  const { t, i18n } = useTranslation(bookingNamespace);
  const location = useLocation();
  const navigate = useNavigate();
  // ADR 170: only "signed in or not" re-renders the page; Book now reads the session when pressed.
  const signedIn = useSignedIn();
  // ADR 065: the first render matches the prerendered HTML (nothing selected, no search); what this
  // tab kept and the landing page's search apply right after, before the browser paints again.
  const [state, setState] = useState<BookingState>(emptyBookingState);
  const [arrived, setArrived] = useState(false);
  // Read once, on arrival: later history changes are the page's own (the effects below).
  const arrivalNavigationState = useRef<unknown>(location.state);
  // A kept booking is read asynchronously (below), and the hydrated cards answer clicks before it
  // is: the visitor's changes made meanwhile are replayed on top of it on arrival, never dropped.
  const changesBeforeArrival = useRef<Array<(current: BookingState) => BookingState>>([]);
  const arrivedRef = useRef(false);
  const changeState = useCallback((change: (current: BookingState) => BookingState) => {
    if (!arrivedRef.current) changesBeforeArrival.current.push(change);
    setState(change);
  }, []);
  useLayoutEffect(() => {
    const arrive = (stored: BookingState | null) => {
      const changes = changesBeforeArrival.current;
      changesBeforeArrival.current = [];
      arrivedRef.current = true;
      setState(changes.reduce((current, change) => change(current), arrivalState(stored, arrivalNavigationState.current)));
      setArrived(true);
    };
    const storage = browserStorage();
    if (!storage || !hasStoredBookingState(storage)) {
      // ADR 170: with nothing kept and no search to apply, the first render already is the arrival
      // state; marking the arrival is then an interruptible update, not a synchronous re-render of
      // the whole page inside hydration's commit (a long task on a slow phone).
      if (searchFromNavigationState(arrivalNavigationState.current) === null && changesBeforeArrival.current.length === 0) {
        arrivedRef.current = true;
        startTransition(() => setArrived(true));
        return;
      }
      arrive(null);
      return;
    }
    // A kept booking is read through the shared schema, whose chunk the browser has usually
    // cached by now; one that cannot be loaded counts as unreadable, as a malformed one does.
    let current = true;
    loadBookingChecks().then(
      (checks) => current && arrive(checks.loadBookingState(storage)),
      () => current && arrive(null),
    );
    return () => {
      current = false;
    };
  }, []);
  // A selected service makes a booking likely: its checks start loading before Book now.
  const hasSelection = state.selection.length > 0;
  // ADR 170: once the browser is idle, so that evaluating zod never delays the paint that answers the click.
  useEffect(() => {
    if (!hasSelection) return;
    return whenIdle(() => void loadBookingChecks().catch(() => undefined));
  }, [hasSelection]);
  const [authOpen, setAuthOpen] = useState(false);
  const [paymentOpen, setPaymentOpen] = useState(false);
  const [paymentProblem, setPaymentProblem] = useState<PaymentProblem | null>(null);
  const [consentAsked, setConsentAsked] = useState(false);
  const paymentChoiceRef = useRef<PaymentChoice | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [summaryVisible, setSummaryVisible] = useState(false);
  const submittingRef = useRef(false);
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);

  useEffect(() => {
    document.title = t("meta.bookingTitle");
  }, [t]);

  const language = isLanguage(i18n.language) ? i18n.language : "en";
  // The prerendered catalogue is the query's first data, dated 0 so the live one is fetched at once.
  const prerenderedServices = language === "en" ? prerendered?.services : undefined;
  const services = useQuery({ ...servicesQuery(language), initialData: prerenderedServices, initialDataUpdatedAt: 0 });
  const catalogue = useMemo(() => services.data ?? [], [services.data]);
  const { mutateAsync: createBooking } = useCreateBooking();
  const queryClient = useQueryClient();

  // The landing page's search is read once; dropping it from the history entry keeps a later
  // reload from overwriting dates the visitor has changed here since.
  useEffect(() => {
    if (location.state != null) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location.state, location.pathname, location.search, navigate]);

  // The narrow-screen total bar steps aside once the full summary with its Book now is in view.
  useEffect(() => {
    const element = summaryRef.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setSummaryVisible(entry?.isIntersecting ?? false), {
      rootMargin: "0px 0px -40px 0px",
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Services the catalogue no longer offers are dropped from a restored selection.
  useEffect(() => {
    if (arrived && services.data) setState((current) => reconcileWithCatalogue(current, services.data));
  }, [arrived, services.data]);

  // A service page's 'Book this service' names its service in the address (docs/product.md §2): select it
  // once the catalogue is known, then drop the parameter so a reload keeps the visitor's changes.
  const requestedService = new URLSearchParams(location.search).get(bookingServiceParameter);
  useEffect(() => {
    if (!arrived || !requestedService || !services.data) return;
    const service = services.data.find((entry) => entry.slug === requestedService);
    if (service) setState((current) => selectService(current, service));
    const rest = new URLSearchParams(location.search);
    rest.delete(bookingServiceParameter);
    const query = rest.toString();
    void navigate(`${location.pathname}${query ? `?${query}` : ""}`, { replace: true, state: null });
  }, [arrived, requestedService, services.data, location.search, location.pathname, navigate]);

  const lines = useMemo(() => pricedLines(state, catalogue), [state, catalogue]);
  const days = totalDays(state);
  const total = totalOf(lines);

  // docs/product.md §7: the booking survives a reload and the sign-in dialog in session storage.
  // Not before arrival: the empty first render must not overwrite what the tab kept.
  useEffect(() => {
    const storage = browserStorage();
    if (arrived && storage && (services.data || state.selection.length === 0)) saveBookingState(storage, state, lines);
  }, [arrived, state, lines, services.data]);

  const submit = useCallback(async () => {
    if (submittingRef.current) return;
    // The card the payment step chose (docs/payments.md); none before the step has been used.
    const payment = paymentChoiceRef.current;
    if (!payment) return;
    const current = stateRef.current;
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
    submittingRef.current = true;
    setSubmitting(true);
    const storage = browserStorage();
    try {
      const checks = await loadBookingChecks().catch(() => null);
      if (!checks) {
        toast.error(t("toasts.processingTitle"), { description: t("toasts.processingBody") });
        return;
      }
      const contentProblem = checks.requestProblem(content);
      if (contentProblem) {
        toast.error(isTranslationKey(bookingNamespace, contentProblem) ? t(contentProblem) : contentProblem);
        return;
      }
      // One id per attempt, reused on every retry of the same request (server idempotency).
      // The card is part of the request: another card is another attempt (docs/payments.md).
      const attempt = attemptFor(current.attempt, { ...content, payment }, () => crypto.randomUUID());
      const withAttempt = { ...current, attempt };
      stateRef.current = withAttempt;
      setState(withAttempt);
      if (storage) saveBookingState(storage, withAttempt, pricedLines(withAttempt, catalogue));
      const request = checks.buildCreateRequest({ ...content, payment }, attempt);
      if (storage) keepPendingPayment(storage, payment);
      const booking = await createBooking({ request, idempotencyKey: attempt.bookingId });
      setPaymentOpen(false);
      setPaymentProblem(null);
      if (storage) clearPendingPayment(storage);
      toast.success(t("toasts.confirmedTitle"), { description: t("toasts.confirmedBody") });
      if (storage) clearBookingState(storage);
      void navigate(`/confirmation?booking=${encodeURIComponent(booking.id)}`, { state: confirmationFromBooking(booking) });
    } catch (error) {
      // Other failures are worded by api.ts and shown by the query client's one handler (ADR 025).
      if (isApiError(error, "payment_requires_action") && error.fields.challengeUrl?.startsWith("/")) {
        // docs/payments.md: the bank's check; it returns here and the same request is sent again.
        window.location.assign(error.fields.challengeUrl);
        return;
      }
      const clientSecret = isApiError(error, "payment_requires_action") ? error.fields.clientSecret : undefined;
      const config = clientSecret ? await queryClient.fetchQuery(paymentConfigQuery).catch(() => null) : null;
      if (clientSecret && config?.publishableKey) {
        // ADR 192: Stripe's 3-D Secure check in Stripe.js, then back here like the simulated bank's
        // page: the same request (same booking id, same card) is sent again and books or is refused.
        const { completeBankCheck } = await import("./stripe-card-field.tsx");
        const completed = await completeBankCheck(config.publishableKey, clientSecret).catch(() => false);
        window.location.assign(`${window.location.pathname}?${bankReturnParameter}=${completed ? "done" : "abandoned"}`);
        return;
      }
      if (storage) clearPendingPayment(storage);
      if (isApiError(error, "card_not_in_wallet", "payment_not_allowed")) {
        // docs/payments.md: another card (or total) under this attempt's booking id: a new attempt
        // gets a new id, so pressing again is a new request and nothing was held twice (ADR 191).
        if (isApiError(error, "payment_not_allowed")) {
          const withoutAttempt = { ...stateRef.current, attempt: null };
          stateRef.current = withoutAttempt;
          setState(withoutAttempt);
        }
        setPaymentProblem({
          decline: undefined,
          message: t(isApiError(error, "payment_not_allowed") ? "paymentErrors.startAgain" : "paymentErrors.cardNotInWallet"),
        });
        setPaymentOpen(true);
      } else if (
        isApiError(error, "payment_declined", "payment_requires_action") ||
        (isApiError(error, "invalid_input") && paymentFieldError(error.fields))
      ) {
        // No booking was made: the next try, with this card or another, is a new request.
        if (isApiError(error, "payment_declined")) {
          const withoutAttempt = { ...stateRef.current, attempt: null };
          stateRef.current = withoutAttempt;
          setState(withoutAttempt);
        }
        // A missing consent is asked for by the step's own checkbox, in the visitor's language.
        const consentMissing = isApiError(error, "invalid_input") && error.fields["payment.chargeLaterConsent"] !== undefined;
        if (consentMissing) setConsentAsked(true);
        setPaymentProblem(
          consentMissing ? null : { decline: error.fields.decline, message: paymentFieldError(error.fields) ?? error.message },
        );
        setPaymentOpen(true);
      }
      if (isApiError(error, "unauthorized")) {
        // docs/product.md §8: a missing session at creation needs a sign-in; the dialog keeps the page.
        markPendingContinuation();
        toast.info(t("toasts.signInAgain"));
        setAuthOpen(true);
      }
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  }, [catalogue, language, navigate, t, createBooking, queryClient]);

  // docs/payments.md: the payment step opens once the booking itself is complete and the customer signed in.
  const openPaymentStep = useCallback(() => {
    const current = stateRef.current;
    const problem = bookingProblem(current);
    if (problem) {
      toast.error(t(`validation.${problem}`));
      return;
    }
    if (pricedLines(current, catalogue).length !== current.selection.length) {
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
        if (problem) toast.error(isTranslationKey(bookingNamespace, problem) ? t(problem) : problem);
        else open();
      },
      () => open(),
    );
  }, [catalogue, language, t]);

  // Back from the bank's check (docs/payments.md): the same request is sent again, and it books or
  // says in plain words why not.
  const bankReturn = new URLSearchParams(location.search).get(bankReturnParameter);
  useEffect(() => {
    if (!arrived || !bankReturn || !signedIn || !services.data) return;
    const storage = browserStorage();
    const pending = storage ? readPendingPayment(storage) : null;
    const rest = new URLSearchParams(location.search);
    rest.delete(bankReturnParameter);
    const query = rest.toString();
    void navigate(`${location.pathname}${query ? `?${query}` : ""}`, { replace: true, state: null });
    if (!pending) return;
    paymentChoiceRef.current = pending;
    void submit();
  }, [arrived, bankReturn, signedIn, services.data, location.search, location.pathname, navigate, submit]);

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
    if (arrived && signedIn && services.data && consumePendingContinuation()) openPaymentStep();
  }, [arrived, signedIn, services.data, openPaymentStep]);

  function onAuthOpenChange(open: boolean) {
    setAuthOpen(open);
    if (!open) clearPendingContinuation();
  }

  function onAuthenticated() {
    clearPendingContinuation();
    openPaymentStep();
  }

  // Stable, so that the memoised search panel is not rendered again by a click on a service card (ADR 170).
  const onUpdate = useCallback((search: BookingSearch) => changeState((current) => applySearch(current, search)), [changeState]);
  const onEngagementChange = useCallback((details: EngagementDraft) => changeState((current) => ({ ...current, details })), [changeState]);
  const onLocationChange = useCallback(
    (value: string) => changeState((current) => ({ ...current, search: { ...current.search, location: value } })),
    [changeState],
  );

  const selectedIds = new Set(state.selection.map((line) => line.serviceId));
  const selectedServices = state.selection.flatMap((line) => catalogue.filter((service) => service.id === line.serviceId));
  const otherServices = catalogue.filter((service) => !selectedIds.has(service.id));
  const anySelected = selectedServices.length > 0;
  const headingLocation = state.search.location.trim();

  function renderCard(service: CatalogueService) {
    const line = state.selection.find((entry) => entry.serviceId === service.id);
    return (
      <li key={service.id}>
        <ServiceCard
          service={service}
          options={line?.options}
          days={days}
          collapsed={!line && anySelected}
          onToggle={() => {
            // What the visitor saw decides (select, or deselect), also when replayed on arrival.
            changeState((current) => (line ? deselectService(current, service.id) : selectService(current, service)));
            // The card moves between the selected and the other list and is mounted anew, which
            // would drop keyboard focus on <body>: give it back to the same card's button.
            requestAnimationFrame(() => document.getElementById(serviceToggleId(service.id))?.focus());
          }}
          onChange={(patch) => changeState((current) => updateOptions(current, service, patch))}
        />
      </li>
    );
  }

  return (
    <div className="bg-paper pb-16" data-content-fingerprint={prerendered?.fingerprint}>
      {/* Narrow screens: search, services, then the summary; wide: search and summary on the left. */}
      <div className="container-page grid max-w-7xl gap-6 pt-6 sm:pt-10 lg:grid-cols-[21rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:gap-x-8 xl:grid-cols-[23rem_minmax(0,1fr)]">
        <aside className="lg:col-start-1 lg:row-start-1">
          <BookingSearchPanel search={state.search} onLocationChange={onLocationChange} onUpdate={onUpdate} />
        </aside>
        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <h2 className="text-2xl break-words text-ink uppercase sm:text-3xl" data-testid="booking-heading">
            {headingLocation ? t("heading", { location: headingLocation, count: days }) : t("headingNoLocation", { count: days })}
          </h2>
          <p className="mt-2 max-w-2xl text-sm text-stone">{t("chooseHint")}</p>
          <div className="mt-6 space-y-8">
            {services.isPending ? (
              <ServicesSkeleton label={t("loadingServices")} />
            ) : services.isError ? (
              <div role="alert" className="rounded-xl border border-ink-line/15 bg-white p-6">
                <p className="font-semibold text-ink">{t("servicesError")}</p>
                <p className="mt-1 text-sm text-stone">{t("toasts.servicesFailed")}</p>
                <Button variant="secondary" className="mt-4" onClick={() => void services.refetch()}>
                  {t("toasts.retry")}
                </Button>
              </div>
            ) : (
              <>
                {anySelected && (
                  <section aria-labelledby="selected-services-title">
                    <h3 id="selected-services-title" className="eyebrow mb-3">
                      {t("selectedServices")}
                    </h3>
                    <ul className="space-y-4">{selectedServices.map(renderCard)}</ul>
                  </section>
                )}
                {arrived && anySelected && (
                  <Suspense fallback={null}>
                    <EngagementForm
                      draft={state.details ?? emptyEngagementDraft}
                      services={state.selection}
                      onChange={onEngagementChange}
                    />
                  </Suspense>
                )}
                {otherServices.length > 0 && (
                  <section aria-labelledby="other-services-title">
                    <h3 id="other-services-title" className="eyebrow mb-3">
                      {anySelected ? t("otherServices") : t("availableServices")}
                    </h3>
                    <ul className="space-y-4">{otherServices.map(renderCard)}</ul>
                  </section>
                )}
              </>
            )}
          </div>
        </div>
        <div ref={summaryRef} className="lg:sticky lg:top-20 lg:col-start-1 lg:row-start-2 lg:self-start">
          <BookingSummary
            lines={lines}
            days={days}
            total={total}
            refund={refundNoteFor(state.search, new Date())}
            submitting={submitting}
            onBookNow={() => void onBookNow()}
          />
        </div>
      </div>
      {anySelected && !summaryVisible && (
        // Narrow screens: the total and Book now stay at hand while the cards are configured.
        <div
          className="fixed inset-x-0 bottom-0 z-30 border-t border-gold/30 bg-ink px-5 py-3 text-paper shadow-[0_-8px_24px_rgba(0,0,0,0.25)] lg:hidden"
          data-testid="booking-total-bar"
        >
          <div className="mx-auto flex max-w-xl items-center justify-between gap-4">
            <div className="min-w-0">
              <p className="font-display text-xl tabular-nums">{t("total.amount", { amount: formatMoney(total, i18n.language) })}</p>
              <p className="text-xs text-mist">
                {t("total.forDays", { count: days })} · {t("total.inclVat")}
              </p>
            </div>
            <Button className="shrink-0 px-5" onClick={() => void onBookNow()} loading={submitting}>
              {submitting ? t("total.booking") : t("total.bookNow")}
            </Button>
          </div>
        </div>
      )}
      <AuthDialog open={authOpen} onOpenChange={onAuthOpenChange} onAuthenticated={onAuthenticated} />
      {(paymentOpen || bankReturn) && (
        <Suspense fallback={null}>
          <PaymentStep
            open={paymentOpen}
            onClose={() => setPaymentOpen(false)}
            amount={formatMoney(total, i18n.language)}
            needsConsent={consentAsked || needsChargeLaterConsent(state.search.startDate, new Date())}
            problem={paymentProblem}
            busy={submitting}
            onPay={(choice) => {
              paymentChoiceRef.current = choice;
              void submit();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The first payment field error the server answered (a card no longer saved, consent missing). */
function paymentFieldError(fields: Record<string, string>): string | undefined {
  return Object.entries(fields).find(([field]) => field.startsWith("payment."))?.[1];
}

function ServicesSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" data-testid="services-skeleton">
      <span className="sr-only">{label}</span>
      <ul className="space-y-4" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className="flex gap-4 rounded-xl border border-ink-line/10 bg-white p-6">
            <Skeleton className="h-11 w-11 shrink-0 rounded-full" />
            <div className="flex-1 space-y-3">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-3 w-full" />
              <Skeleton className="h-3 w-4/5" />
            </div>
            <div className="hidden w-28 space-y-3 sm:block">
              <Skeleton className="h-6" />
              <Skeleton className="h-10" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

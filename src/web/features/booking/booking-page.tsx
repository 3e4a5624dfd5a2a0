import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useRef, useState, type ComponentType } from "react";
import type { CatalogueService } from "../../../shared/booking.ts";
import { formatMoney } from "../../../shared/money.ts";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { isLanguage, useTranslation } from "../../lib/i18n.ts";
import { servicesQuery } from "./api.ts";
import { bookingNamespace } from "./booking-copy.ts";
import { BookingSearchPanel } from "./booking-search-panel.tsx";
import {
  applySearch,
  deselectService,
  emptyEngagementDraft,
  refundNoteFor,
  linesForBuyer,
  selectService,
  totalOf,
  updateOptions,
  type BookingSearch,
  type EngagementDraft,
} from "./booking-state.ts";
import { BookingSummary } from "./booking-summary.tsx";
import { needsChargeLaterConsent } from "./payment-choice.ts";
import { ServiceCard, serviceToggleId } from "./service-card.tsx";
import { useBookingDraft } from "./use-booking-draft.ts";
import { useBookingSubmit } from "./use-booking-submit.ts";
import { useBuyerVat } from "./use-buyer-vat.ts";
import { priceNoteOf } from "../../../shared/buyer-vat.ts";

// docs/product.md §2 booking page /secure-booking and docs/product.md §4 booking flow. The route file composes this
// page with the accounts feature's sign-in dialog (features never import each other); the page
// composes the draft (use-booking-draft.ts) and Book now (use-booking-submit.ts) and draws them.

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

// docs/payments.md: the payment step (its form, the wallet's calls, its words) is its own chunk,
// loaded on Book now, so that the page's first view stays within its budget.
const PaymentStep = lazy(() => import("./payment-step.tsx"));

// docs/product.md §12: the "When and where" form (react-hook-form and the shared schema) is its own
// chunk too, shown once a service is chosen.
const EngagementForm = lazy(() => import("./engagement-form.tsx"));

export function BookingPage({ authDialog: AuthDialog, prerendered }: BookingPageProps) {
  const { t, i18n } = useTranslation(bookingNamespace);
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  // The prerendered catalogue is the query's first data, dated 0 so the live one is fetched at once.
  const prerenderedServices = language === "en" ? prerendered?.services : undefined;
  const services = useQuery({ ...servicesQuery(language), initialData: prerenderedServices, initialDataUpdatedAt: 0 });
  const catalogue = services.data ?? [];
  const draft = useBookingDraft(services.data);
  const { state, changeState, arrived, days } = draft;
  // ADR 222, 246: a signed-in approved company sees the prices it will pay (net, with its VAT words).
  const buyer = useBuyerVat();
  const priceNote = priceNoteOf(buyer);
  const lines = linesForBuyer(draft.lines, buyer);
  const total = totalOf(lines);
  const booking = useBookingSubmit(draft, services.data, language);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [summaryVisible, setSummaryVisible] = useState(false);

  useEffect(() => {
    document.title = t("meta.bookingTitle");
  }, [t]);

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
  // ADR 214: the engagement form (a dozen fields) appears in a render after the one that answers the
  // first choice of a service, so the chosen card is painted first; mounting it in the click's own
  // render made that interaction the page's slowest. It leaves with the last service at once.
  const engagementFormShown = useDeferredValue(arrived && anySelected) && anySelected;
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
          buyer={buyer}
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
                {engagementFormShown && (
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
            priceNote={priceNote}
            refund={refundNoteFor(state.search, new Date())}
            submitting={booking.submitting}
            onBookNow={() => void booking.onBookNow()}
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
                {t("total.forDays", { count: days })} · {t(`priceVat.note.${priceNote}`)}
              </p>
            </div>
            <Button className="shrink-0 px-5" onClick={() => void booking.onBookNow()} loading={booking.submitting}>
              {booking.submitting ? t("total.booking") : t("total.bookNow")}
            </Button>
          </div>
        </div>
      )}
      <AuthDialog open={booking.authOpen} onOpenChange={booking.onAuthOpenChange} onAuthenticated={booking.onAuthenticated} />
      {(booking.paymentOpen || booking.bankReturn) && (
        <Suspense fallback={null}>
          <PaymentStep
            open={booking.paymentOpen}
            onClose={booking.closePayment}
            amount={formatMoney(total, i18n.language)}
            priceNote={priceNote}
            needsConsent={booking.consentAsked || needsChargeLaterConsent(state.search.startDate, new Date())}
            problem={booking.paymentProblem}
            busy={booking.submitting}
            onPay={booking.pay}
          />
        </Suspense>
      )}
    </div>
  );
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

import { priceNoteOf } from "../../../shared/buyer-vat.ts";
import { useQuery } from "@tanstack/react-query";
import { Check, Clock, X } from "lucide-react";
import { useEffect, useMemo, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Badge } from "../../components/ui/badge.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { bookingQuery } from "./api.ts";
import { bookingNamespace } from "./booking-copy.ts";
import { confirmationView } from "./booking-checks.ts";
import { confirmationFromBooking, type ConfirmationState } from "./booking-state.ts";
import { EngagementDetails } from "../../components/engagement-details.tsx";
import { describeOptions } from "./booking-summary.tsx";
import { formatDay } from "../../../shared/time.ts";
import { formatMoney, vatPercent } from "../../../shared/money.ts";
import { PaymentStatusLine } from "../../components/payment-status-line.tsx";
import { bookedServiceTitle } from "./service-text.ts";
import { bookingReference } from "../../../shared/booking-reference.ts";

// docs/product.md §2 booking confirmation page, with its three cases: no booking state, a state without a
// location (toast and back to /secure-booking), and the confirmed booking. The `?booking=` id
// makes it survive a reload: the booking is read back from GET /api/bookings/:id (owner only).

export function ConfirmationPage() {
  const { t } = useTranslation(bookingNamespace);
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParameters] = useSearchParams();
  const bookingParameter = searchParameters.get("booking");
  const view = useMemo(() => confirmationView(location.state, bookingParameter), [location.state, bookingParameter]);

  useEffect(() => {
    document.title = t("meta.confirmationTitle");
  }, [t]);

  useEffect(() => {
    if (view.kind !== "missing-location") return;
    toast.error(t("confirmation.missingLocationTitle"), { description: t("confirmation.missingLocationBody"), id: "missing-location" });
    void navigate("/secure-booking", { replace: true });
  }, [view.kind, navigate, t]);

  const bookingId = view.kind === "fetch" ? view.bookingId : "";
  const query = useQuery({ ...bookingQuery(bookingId), enabled: view.kind === "fetch" });

  if (view.kind === "missing-location") return <CenteredStatus label={t("confirmation.loading")} />;
  if (view.kind === "none") return <NoBooking />;
  if (view.kind === "state") return <ConfirmedBooking booking={view.state} />;
  if (query.data) return <ConfirmedBooking booking={confirmationFromBooking(query.data)} />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 401) return <SignInNeeded />;
    if (status === 404 || status === 400)
      return <LoadProblem title={t("confirmation.notFoundTitle")} body={t("confirmation.notFoundBody")} />;
    return (
      <LoadProblem title={t("confirmation.loadFailedTitle")} body={t("confirmation.loadFailedBody")} onRetry={() => void query.refetch()} />
    );
  }
  // The state passed from the booking page paints at once while the stored booking loads.
  if (view.initial) return <ConfirmedBooking booking={view.initial} />;
  return <CenteredStatus label={t("confirmation.loading")} />;
}

function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="bg-paper py-12 sm:py-16">
      <div className="container-page max-w-2xl">{children}</div>
    </div>
  );
}

function CenteredStatus({ label }: { label: string }) {
  return (
    <PageShell>
      <div
        role="status"
        aria-live="polite"
        className="flex flex-col items-center gap-4 py-16 text-stone"
        data-testid="confirmation-loading"
      >
        <Spinner className="h-10 w-10 text-gold" />
        <span>{label}</span>
      </div>
    </PageShell>
  );
}

function NoBooking() {
  const { t } = useTranslation(bookingNamespace);
  return (
    <PageShell>
      <div className="rounded-xl border border-ink-line/15 bg-white p-8 text-center shadow-sm" data-testid="confirmation-none">
        <h1 className="text-2xl text-ink sm:text-3xl">{t("confirmation.noneTitle")}</h1>
        <p className="mt-3 text-stone">{t("confirmation.noneBody")}</p>
        <Link to="/secure-booking" className="button-gold mt-8">
          {t("confirmation.startNew")}
        </Link>
      </div>
    </PageShell>
  );
}

function SignInNeeded() {
  const { t } = useTranslation(bookingNamespace);
  const location = useLocation();
  const next = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <PageShell>
      <div role="alert" className="rounded-xl border border-ink-line/15 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl text-ink">{t("confirmation.signInTitle")}</h1>
        <p className="mt-3 text-stone">{t("confirmation.signInBody")}</p>
        <Link to={`/login?next=${next}`} className="button-gold mt-8">
          {t("confirmation.signIn")}
        </Link>
      </div>
    </PageShell>
  );
}

function LoadProblem({ title, body, onRetry }: { title: string; body: string; onRetry?: () => void }) {
  const { t } = useTranslation(bookingNamespace);
  return (
    <PageShell>
      <div
        role="alert"
        className="rounded-xl border border-ink-line/15 bg-white p-8 text-center shadow-sm"
        data-testid="confirmation-error"
      >
        <h1 className="text-2xl text-ink">{title}</h1>
        <p className="mt-3 text-stone">{body}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {onRetry && (
            <button type="button" className="button-dark" onClick={onRetry}>
              {t("confirmation.tryAgain")}
            </button>
          )}
          <Link to="/customer-dashboard/bookings" className="button-outline text-ink">
            {t("confirmation.viewBookings")}
          </Link>
          <Link to="/secure-booking" className="button-gold">
            {t("confirmation.startNew")}
          </Link>
        </div>
      </div>
    </PageShell>
  );
}

function ConfirmedBooking({ booking }: { booking: ConfirmationState }) {
  const { t, i18n } = useTranslation(bookingNamespace);
  const language = i18n.language;
  const services = Object.entries(booking.selectedServices);
  // ADR 246: the total's label and VAT line follow the buyer the booking was priced for.
  const priceNote = priceNoteOf(booking.buyerVat ?? "consumer");
  const stage = outcomeOf(booking.status);
  const outcome = outcomes[stage];
  const dateText = booking.startDate
    ? `${formatDay(booking.startDate, language)}${booking.endDate ? ` - ${formatDay(booking.endDate, language)}` : ""}`
    : t("confirmation.dateNotSpecified");

  return (
    <PageShell>
      <div className="text-center" data-testid="confirmation-confirmed">
        {/* ADR 119: the headline says what has happened. A new booking is a request until the
            firm confirms it (docs/product.md §4), so it is not shown as done. */}
        <span className={`mx-auto flex h-[72px] w-[72px] items-center justify-center rounded-full ${outcome.circle}`} aria-hidden="true">
          <outcome.Icon className="h-10 w-10 text-white" strokeWidth={3} />
        </span>
        <h1 className="mt-6 text-3xl text-ink sm:text-4xl">{t(`confirmation.title.${stage}`)}</h1>
        <p className="mx-auto mt-3 max-w-lg text-stone">{t(`confirmation.thanks.${stage}`)}</p>
      </div>
      <section
        aria-labelledby="booking-details-title"
        className="mt-10 overflow-hidden rounded-xl border border-ink-line/15 bg-white shadow-sm"
        data-testid="booking-details"
      >
        <h2 id="booking-details-title" className="bg-ink px-6 py-4 font-sans text-sm font-semibold tracking-[0.2em] text-gold uppercase">
          {t("confirmation.details")}
        </h2>
        <dl className="divide-y divide-ink-line/10 px-6">
          {booking.bookingId && <DetailRow term={t("confirmation.reference")} value={bookingReference(booking.bookingId)} />}
          {booking.status && <DetailRow term={t("confirmation.status")} value={t(`confirmation.statusValue.${booking.status}`)} />}
          {booking.customerName && <DetailRow term={t("confirmation.bookedBy")} value={booking.customerName} />}
          <DetailRow term={t("confirmation.location")} value={booking.location} testId="confirmation-location" />
          <DetailRow term={t("confirmation.date")} value={dateText} testId="confirmation-date" />
          {booking.engagement && (
            // docs/product.md §12: times, meeting point, protected person and note, as entered.
            <EngagementDetails
              engagement={booking.engagement}
              row={(term, value, testId) => <DetailRow key={testId} term={term} value={value} testId={testId} />}
            />
          )}
          <div className="py-4">
            <dt className="text-xs font-semibold tracking-[0.15em] text-stone uppercase">{t("confirmation.services")}</dt>
            <dd className="mt-2">
              <ul className="space-y-3">
                {services.map(([serviceId, details]) => (
                  <li key={serviceId} className="flex items-start justify-between gap-4" data-testid="confirmation-service">
                    <span className="min-w-0">
                      <span className="block font-semibold text-ink">{bookedServiceTitle(serviceId, details.title, language)}</span>
                      <span className="block text-xs text-stone">{describeOptions(details.options, t)}</span>
                    </span>
                    <Badge tone="muted" size="lg" className="shrink-0">
                      {t("confirmation.quantity", { count: booking.quantities[serviceId] ?? details.options.guards })}
                    </Badge>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2 bg-ink px-6 py-5 text-paper">
          <div>
            {/* Nothing is charged at booking (the booking page says so): the amount is the quote the
                customer pays once the operator confirms within 24 hours (docs/product.md §1). */}
            <p className="text-xs font-semibold tracking-[0.15em] text-mist uppercase">{t(`priceVat.quotedTotal.${priceNote}`)}</p>
            <p className="text-sm text-mist">{t("confirmation.forDays", { count: booking.totalDays })}</p>
          </div>
          <p className="font-display text-3xl tabular-nums" data-testid="confirmation-total">
            {formatMoney(booking.totalCents, language)}
          </p>
          {booking.vatCents !== undefined && (
            <p className="basis-full text-right text-sm text-mist" data-testid="confirmation-vat">
              {t(`priceVat.vatLine.${priceNote}`, { percent: vatPercent(), amount: formatMoney(booking.vatCents, language) })}
            </p>
          )}
          {booking.payment && booking.status ? (
            <PaymentStatusLine
              status={booking.status}
              payment={booking.payment}
              language={language}
              className="basis-full text-sm text-paper"
            />
          ) : (
            <p className="basis-full text-sm text-mist">{t("confirmation.payableAfterConfirmation")}</p>
          )}
        </div>
      </section>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* The stored booking's own page in the dashboard (docs/product.md §2 BOOKINGS 'View Details'). */}
        {booking.bookingId && (
          <Link
            to={`/customer-dashboard/bookings/${booking.bookingId}`}
            className="button-outline text-ink"
            data-testid="confirmation-view-booking"
          >
            {t("confirmation.viewBooking")}
          </Link>
        )}
        <Link to="/" className="button-dark">
          {t("confirmation.returnHome")}
        </Link>
      </div>
    </PageShell>
  );
}

const outcomes = {
  pending: { Icon: Clock, circle: "bg-gold-deep" },
  confirmed: { Icon: Check, circle: "bg-green-700" },
  cancelled: { Icon: X, circle: "bg-stone" },
} as const;

/** The headline's three outcomes over the lifecycle's statuses (docs/booking-lifecycle.md). */
function outcomeOf(status: ConfirmationState["status"]): keyof typeof outcomes {
  if (status === "confirmed" || status === "in_progress" || status === "completed") return "confirmed";
  if (status === "declined" || status === "declined_by_company" || status === "cancelled_by_customer" || status === "cancelled_by_operator")
    return "cancelled";
  return "pending";
}

function DetailRow({ term, value, testId }: { term: string; value: string; testId?: string }) {
  return (
    <div className="grid gap-1 py-4 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-xs font-semibold tracking-[0.15em] text-stone uppercase sm:pt-0.5">{term}</dt>
      <dd className="text-ink" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

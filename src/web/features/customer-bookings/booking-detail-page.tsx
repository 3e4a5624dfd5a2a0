import { priceNoteOf } from "../../../shared/buyer-vat.ts";
import { EngagementDetails } from "../../components/engagement-details.tsx";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, SearchX } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { canCancel, showsGuardNotice, type CustomerBooking } from "../../../shared/customer-bookings.ts";
import { refundDeadline, refundNote } from "../../../shared/pricing.ts";
import { operatorToday } from "../../../shared/time.ts";
import { Button, buttonClassName } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { QueryError, QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { isApiError } from "../../lib/api-client.ts";
import { useTranslation, type TFunction } from "../../lib/i18n.ts";
import { PaymentStatusLine } from "../../components/payment-status-line.tsx";
import { customerBookingQuery, useApproveNewTotal, useCancelBooking } from "./api.ts";
import { formatDayRange, formatInstant } from "../../../shared/time.ts";
import { formatMoney, formatMoneyChange, priceAdjustmentCents, vatPercent } from "../../../shared/money.ts";
import { serviceFacts } from "./booking-facts.ts";
import { serviceTitle } from "./booking-format.ts";
import { customerBookingsNamespace } from "./customer-bookings-translations.ts";
import { GuardNotice } from "./guard-notice.tsx";
import { ServiceTeam } from "./service-team.tsx";
import { StatusDot } from "./status-dot.tsx";
import { CustomerBookingChanges } from "./booking-changes-panel.tsx";
import { PaymentNeededPanel, PaymentNeededUnderWay } from "./payment-needed-panel.tsx";
import { ServiceNames } from "../../components/service-names.tsx";
import { bookingReference } from "../../../shared/booking-reference.ts";

// docs/product.md §2 BOOKINGS 'View Details': every detail of one of the customer's bookings, the guard notice
// rule of docs/product.md §4, and Cancel booking for a pending or confirmed booking that has not started,
// after a confirmation that states the docs/product.md §9 refund rule as of now.

const backLink = "/customer-dashboard/bookings";

/**
 * The booking and, below it, the route's `sections` about it (its thread, its documents). ADR 257:
 * the sections load beside the booking but stay out of the layout until the booking is shown; shown
 * before it, they were pushed down the screen when the booking arrived.
 */
export function BookingDetailPage({ id, sections }: { id: string; sections?: ReactNode }) {
  const booking = useQuery(customerBookingQuery(id));
  return (
    <>
      <BookingDetailState id={id} />
      <div hidden={booking.isPending}>{sections}</div>
    </>
  );
}

function BookingDetailState({ id }: { id: string }) {
  const { t } = useTranslation(customerBookingsNamespace);
  const booking = useQuery(customerBookingQuery(id));

  return (
    <QueryState
      query={booking}
      loadingLabel={t("detail.loading")}
      loadingClassName="space-y-4"
      loadingTestId="booking-detail-loading"
      loading={
        <>
          <Skeleton className="h-8 w-64 max-w-full" />
          <Skeleton className="h-40 w-full" />
        </>
      }
      error={(error, retry) =>
        isApiError(error, "not_found") ? (
          <EmptyState
            icon={SearchX}
            titleLevel="h2"
            title={t("detail.notFound")}
            description={t("detail.notFoundBody")}
            action={
              <Link to={backLink} className={buttonClassName()}>
                {t("detail.viewMine")}
              </Link>
            }
          />
        ) : (
          <QueryError error={error} title={t("loadFailed")} onRetry={retry} />
        )
      }
    >
      {(data) => <BookingDetail booking={data} />}
    </QueryState>
  );
}

function Row({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4" data-testid={testId}>
      <dt className="text-xs font-semibold tracking-[0.14em] text-stone uppercase">{term}</dt>
      <dd className="text-sm break-words text-ink">{children}</dd>
    </div>
  );
}

function refundText(booking: CustomerBooking, language: string, t: TFunction<"customerBookings">): string {
  return refundNote(booking.startDate, new Date()) === "fully_refundable"
    ? t("detail.refundable", { deadline: formatInstant(refundDeadline(booking.startDate), language) })
    : t("detail.nonRefundable", { total: formatMoney(booking.totalCents, language) });
}

function BookingDetail({ booking }: { booking: CustomerBooking }) {
  const { t, i18n } = useTranslation(customerBookingsNamespace);
  const language = i18n.language;
  // ADR 246: the total's label and VAT line follow the buyer the booking was priced for.
  const priceNote = priceNoteOf(booking.buyerVat);
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelBooking();
  const approve = useApproveNewTotal();
  const today = operatorToday(new Date());
  const dates = formatDayRange(booking.startDate, booking.endDate, language);
  const adjustment = priceAdjustmentCents(
    booking.totalCents,
    booking.services.map((line) => line.totalCents),
  );

  function confirmCancel() {
    cancel.mutate(booking.id, {
      onSuccess: () => toast.success(t("detail.cancelled"), { description: t("detail.cancelledBody") }),
    });
  }

  return (
    <article aria-labelledby="booking-detail-heading" data-testid="booking-detail">
      <Link to={backLink} className={buttonClassName({ variant: "link", className: "-ml-2" })}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t("detail.back")}
      </Link>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="eyebrow">
            <ServiceNames services={booking.services} language={language} testId="booking-heading-services" />
          </p>
          <h2 id="booking-detail-heading" className="mt-1 text-2xl break-words">
            {booking.location}
          </h2>
          <p className="mt-1 text-sm text-stone" data-testid="booking-dates">
            {dates}
          </p>
        </div>
        <StatusDot status={booking.status} />
      </div>

      {booking.status === "payment_needed" && <PaymentNeededPanel booking={booking} />}
      {booking.status === "in_progress" && booking.paymentDueAt && <PaymentNeededUnderWay dueAt={booking.paymentDueAt} />}
      {showsGuardNotice(booking, today) && <GuardNotice lead={booking.lead} />}
      <ServiceTeam booking={booking} />

      <dl className="mt-6 divide-y divide-ink-line/10 rounded-xl border border-ink-line/15 bg-white px-5 sm:px-6">
        <Row term={t("detail.reference")} testId="booking-reference">
          {bookingReference(booking.id)}
        </Row>
        <Row term={t("detail.location")}>{booking.location}</Row>
        <Row term={t("detail.dates")}>
          {dates} ({t("detail.days", { count: booking.totalDays })})
        </Row>
        <Row term={t("detail.services")}>
          <ul className="space-y-3">
            {booking.services.map((line, index) => (
              <li key={`${line.serviceId}-${index}`} data-testid="booking-service">
                <span className="block font-semibold">{serviceTitle(line.serviceId, line.title, language)}</span>
                <span className="block text-stone">
                  {serviceFacts(line, t)
                    .map((fact) => (fact.key === "guards" ? t("detail.guardCount", { count: line.options.guards }) : fact.value))
                    .join(" · ")}
                </span>
                <span className="block text-stone">
                  {t("detail.perDay", { price: formatMoney(line.dailyPriceCents, language) })} · {t("detail.serviceTotal")}:{" "}
                  {formatMoney(line.totalCents, language)}
                </span>
              </li>
            ))}
            {adjustment !== 0 && (
              <li data-testid="booking-adjustment">
                <span className="block font-semibold">{t("detail.adjustment")}</span>
                <span className="block text-stone">{t("detail.adjustmentNote", { amount: formatMoneyChange(adjustment, language) })}</span>
              </li>
            )}
          </ul>
        </Row>
        {/* docs/product.md §12: times, meeting point and the protected person as the customer entered them. */}
        <EngagementDetails
          engagement={{
            startTime: booking.startTime,
            endTime: booking.endTime,
            meetingPoint: booking.meetingPoint,
            principal: booking.principal,
          }}
          row={(term, value, testId) => (
            <Row key={testId} term={term} testId={testId}>
              {value}
            </Row>
          )}
        />
        {booking.note && <Row term={t("detail.note")}>{booking.note}</Row>}
        <Row term={t("detail.createdAt")}>{formatInstant(booking.createdAt, language)}</Row>
        {booking.cancelledAt && <Row term={t("detail.cancelledAt")}>{formatInstant(booking.cancelledAt, language)}</Row>}
        {booking.operatorNote && (
          <Row term={t("detail.operatorNote")} testId="operator-note">
            {booking.operatorNote}
          </Row>
        )}
        {booking.declineReason && (
          <Row term={t("detail.declineReason")} testId="decline-reason">
            {booking.declineReason}
          </Row>
        )}
        <Row term={t(`priceVat.quotedTotal.${priceNote}`)} testId="booking-total">
          <span className="font-display text-xl tabular-nums">{formatMoney(booking.totalCents, language)}</span>
          <span className="block text-stone" data-testid="booking-vat">
            {t(`priceVat.vatLine.${priceNote}`, { percent: vatPercent(), amount: formatMoney(booking.vatCents, language) })}
          </span>
        </Row>
        {booking.payment && (booking.payment.status !== "none" || booking.payment.invoice) && (
          <Row term={t("detail.payment")} testId="booking-payment">
            <PaymentStatusLine status={booking.status} payment={booking.payment} language={language} className="text-ink" />
          </Row>
        )}
      </dl>
      {booking.payment?.approvalTotalCents != null && (
        <div className="mt-6 flex flex-col gap-3 rounded border border-gold-deep/40 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-ink">{t("detail.approveHint")}</p>
          <Button
            className="shrink-0"
            loading={approve.isPending}
            onClick={() => approve.mutate(booking.id, { onSuccess: () => toast.success(t("detail.approved")) })}
          >
            {t("detail.approve")}
          </Button>
        </div>
      )}

      <CustomerBookingChanges booking={booking} />

      {canCancel(booking, today) && (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-stone">{refundText(booking, language, t)}</p>
          <Button variant="danger" className="shrink-0" loading={cancel.isPending} onClick={() => setConfirming(true)}>
            {t("detail.cancel")}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("detail.cancelTitle")}
        description={
          <>
            <span className="block font-semibold text-ink" data-testid="refund-rule">
              {refundText(booking, language, t)}
            </span>
            <span className="mt-2 block">{t("detail.cancelQuestion")}</span>
          </>
        }
        confirmLabel={t("detail.confirmCancel")}
        cancelLabel={t("detail.keep")}
        tone="danger"
        onConfirm={confirmCancel}
        testId="cancel-booking-dialog"
      />
    </article>
  );
}

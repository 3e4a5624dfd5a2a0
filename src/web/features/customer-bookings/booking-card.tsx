import { priceNoteOf } from "../../../shared/buyer-vat.ts";
import { EngagementDetails } from "../../components/engagement-details.tsx";
import { CalendarDays, MapPin } from "lucide-react";
import { Link } from "react-router";
import type { CustomerBooking } from "../../../shared/customer-bookings.ts";
import { buttonClassName } from "../../components/ui/button.tsx";
import { classNames } from "../../components/ui/class-names.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { formatDay } from "../../../shared/time.ts";
import { formatMoney, vatPercent } from "../../../shared/money.ts";
import { PaymentStatusLine } from "../../components/payment-status-line.tsx";
import { bookedServices } from "./booking-facts.ts";
import { customerBookingsNamespace } from "./customer-bookings-translations.ts";
import { GuardNotice } from "./guard-notice.tsx";
import { StatusDot } from "./status-dot.tsx";
import { ServiceNames } from "../../components/service-names.tsx";

// docs/product.md §2 BOOKINGS card: location, date, 'Duration: N days' when more than 1, price, status dot,
// the facts, 'View Details'. Past cards are dimmed (a muted surface, never lower text contrast);
// only confirmed upcoming bookings show the guard notice (docs/product.md §4).

export function BookingCard({ booking, past, guardNotice }: { booking: CustomerBooking; past: boolean; guardNotice: boolean }) {
  const { t, i18n } = useTranslation(customerBookingsNamespace);
  const language = i18n.language;
  const date = formatDay(booking.startDate, language);
  const titleId = `booking-${booking.id}-title`;

  return (
    <article
      aria-labelledby={titleId}
      data-testid="booking-card"
      data-past={past ? "true" : "false"}
      className={classNames(
        "rounded-xl border p-5 sm:p-6",
        past ? "border-dashed border-ink-line/25 bg-mist/25" : "border-ink-line/15 bg-white shadow-sm",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 id={titleId} className="flex items-start gap-2 font-sans text-lg font-semibold break-words text-ink">
            <MapPin className="mt-1 h-4 w-4 shrink-0 text-gold-deep" aria-hidden="true" />
            {booking.location}
          </h4>
          <ServiceNames services={booking.services} language={language} className="mt-1 block text-sm font-semibold text-ink" />
          <p className="mt-1 flex items-center gap-2 text-sm text-stone">
            <CalendarDays className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span data-testid="booking-date">{date}</span>
          </p>
          {booking.totalDays > 1 && <p className="mt-1 text-sm text-stone">{t("duration", { count: booking.totalDays })}</p>}
        </div>
        <div className="flex flex-col items-end gap-1 text-right">
          <p className="font-display text-2xl text-ink tabular-nums" data-testid="booking-price">
            {formatMoney(booking.totalCents, language)}
          </p>
          <p className="text-xs text-stone" data-testid="booking-vat">
            {t(`priceVat.vatLine.${priceNoteOf(booking.buyerVat)}`, {
              percent: vatPercent(),
              amount: formatMoney(booking.vatCents, language),
            })}
          </p>
          <StatusDot status={booking.status} />
        </div>
      </div>
      <PaymentStatusLine status={booking.status} payment={booking.payment} language={language} className="mt-3 text-sm text-ink" />
      {(booking.startTime || booking.meetingPoint || booking.principal) && (
        // docs/product.md §12: when and where, and for whom.
        <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-3" data-testid="booking-card-engagement">
          <EngagementDetails
            engagement={{
              startTime: booking.startTime,
              endTime: booking.endTime,
              meetingPoint: booking.meetingPoint,
              principal: booking.principal,
            }}
            row={(term, value, testId) => (
              <div key={testId} data-testid={testId}>
                <dt className="text-xs font-semibold tracking-[0.14em] text-stone uppercase">{term}</dt>
                <dd className="mt-0.5 text-sm font-medium break-words text-ink">{value}</dd>
              </div>
            )}
          />
        </dl>
      )}
      {bookedServices(booking, t, language).map((service) => (
        <section key={service.key} className="mt-4 border-t border-ink-line/10 pt-4" data-testid="booking-card-service">
          <h5 className="font-sans text-sm font-semibold text-ink">{service.title}</h5>
          <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
            {service.facts.map((fact) => (
              <div key={fact.key} data-testid={`booking-fact-${fact.key}`}>
                <dt className="text-xs font-semibold tracking-[0.14em] text-stone uppercase">{fact.label}</dt>
                <dd className="mt-0.5 text-sm font-medium text-ink">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {guardNotice && <GuardNotice lead={booking.lead} />}
      <div className="mt-4 flex justify-end">
        <Link
          to={`/customer-dashboard/bookings/${booking.id}`}
          className={buttonClassName({ variant: "outline", size: "sm", className: "text-ink" })}
          aria-label={t("viewDetailsLabel", { location: booking.location, date })}
        >
          {t("viewDetails")}
        </Link>
      </div>
    </article>
  );
}

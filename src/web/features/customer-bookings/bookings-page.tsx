import { useQuery } from "@tanstack/react-query";
import { CalendarDays, ChevronDown, History } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { cancelledStatuses, type BookingStatus } from "../../../shared/booking-lifecycle.ts";
import {
  bookingWindows,
  isUpcoming,
  showsGuardNotice,
  type BookingWindow,
  type CustomerBooking,
} from "../../../shared/customer-bookings.ts";
import { operatorToday } from "../../../shared/time.ts";
import { buttonClassName } from "../../components/ui/button.tsx";
import { DropdownMenu } from "../../components/ui/dropdown-menu.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { customerBookingsQuery } from "./api.ts";
import { BookingCard } from "./booking-card.tsx";
import { customerBookingsNamespace } from "./customer-bookings-translations.ts";

// docs/product.md §2 BOOKINGS: a filter menu (Past week, Past month, Past year, All; the button reads 'Filter'
// when All), sections UPCOMING and Past with their empty states, a spinner while loading. The
// window is kept in the address (?window=week) so a reload or a shared link keeps it; the server
// chooses upcoming and past by its clock (docs/product.md §4).

function windowOf(value: string | null): BookingWindow {
  return bookingWindows.find((option) => option === value) ?? "all";
}

export function BookingsPage() {
  const { t } = useTranslation(customerBookingsNamespace);
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = windowOf(searchParams.get("window"));
  const bookings = useQuery(customerBookingsQuery(chosen));
  const current = t(`filter.${chosen}`);

  function choose(next: BookingWindow) {
    setSearchParams(next === "all" ? {} : { window: next }, { replace: true });
  }

  return (
    <section aria-labelledby="bookings-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="bookings-heading" className="text-2xl tracking-[0.08em]">
          {t("heading")}
        </h2>
        <DropdownMenu
          label={t("filter.label", { current })}
          trigger={
            <span className="inline-flex items-center gap-2 text-ink" data-testid="bookings-filter">
              {chosen === "all" ? t("filter.button") : current}
              <ChevronDown className="h-4 w-4" aria-hidden="true" />
            </span>
          }
          items={bookingWindows.map((option) => ({
            label: t(`filter.${option}`),
            onSelect: () => choose(option),
            disabled: option === chosen,
          }))}
        />
      </div>

      <QueryState
        query={bookings}
        loadingClassName="mt-6 space-y-4"
        loadingTestId="bookings-loading"
        loading={
          <>
            <p className="flex items-center gap-2 text-sm text-stone">
              <Spinner className="h-5 w-5 text-gold-deep" />
              {t("loading")}
            </p>
            {[0, 1].map((index) => (
              <div key={index} className="space-y-3 rounded-xl border border-ink-line/10 bg-white p-6" aria-hidden="true">
                <Skeleton className="h-5 w-48 max-w-full" />
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-4 w-64 max-w-full" />
              </div>
            ))}
          </>
        }
        errorTitle={t("loadFailed")}
        errorClassName="mt-6"
        errorTestId="bookings-error"
      >
        {(data) => <BookingSections upcoming={data.upcoming} past={data.past} />}
      </QueryState>
    </section>
  );
}

/**
 * ADR 119: a cancelled (or declined, which customers see as cancelled) booking is not going to
 * happen, so it is not listed among the live upcoming ones: it gets a section of its own.
 */
const endedStatuses: readonly BookingStatus[] = ["declined", ...cancelledStatuses];

function BookingSections({ upcoming: allUpcoming, past }: { upcoming: CustomerBooking[]; past: CustomerBooking[] }) {
  const { t } = useTranslation(customerBookingsNamespace);
  const today = operatorToday(new Date());
  const upcoming = allUpcoming.filter((booking) => !endedStatuses.includes(booking.status));
  const ended = allUpcoming.filter((booking) => endedStatuses.includes(booking.status));
  return (
    <>
      <section aria-labelledby="upcoming-heading" className="mt-8" data-testid="upcoming-bookings">
        <h3 id="upcoming-heading" className="font-sans text-sm font-semibold tracking-[0.2em] text-gold-deep uppercase">
          {t("upcoming")}
        </h3>
        {upcoming.length === 0 ? (
          <EmptyState
            className="mt-4"
            icon={CalendarDays}
            title={t("emptyUpcoming")}
            description={t("emptyUpcomingBody")}
            action={
              <Link to="/secure-booking" className={buttonClassName()}>
                {t("makeFirst")}
              </Link>
            }
          />
        ) : (
          <ul className="mt-4 space-y-4">
            {upcoming.map((booking) => (
              <li key={booking.id}>
                <BookingCard booking={booking} past={!isUpcoming(booking, today)} guardNotice={showsGuardNotice(booking, today)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {ended.length > 0 && (
        <section aria-labelledby="cancelled-heading" className="mt-10" data-testid="cancelled-bookings">
          <h3 id="cancelled-heading" className="font-sans text-sm font-semibold tracking-[0.2em] text-stone uppercase">
            {t("cancelledSection")}
          </h3>
          <ul className="mt-4 space-y-4">
            {ended.map((booking) => (
              <li key={booking.id}>
                <BookingCard booking={booking} past={false} guardNotice={false} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="past-heading" className="mt-10" data-testid="past-bookings">
        <h3 id="past-heading" className="font-sans text-sm font-semibold tracking-[0.2em] text-stone uppercase">
          {t("past")}
        </h3>
        {past.length === 0 ? (
          <EmptyState className="mt-4" icon={History} title={t("emptyPast")} />
        ) : (
          <ul className="mt-4 space-y-4">
            {past.map((booking) => (
              <li key={booking.id}>
                <BookingCard booking={booking} past guardNotice={false} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

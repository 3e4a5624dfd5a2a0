import { priceNoteOf } from "../../../shared/buyer-vat.ts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { customerNameText } from "../../../shared/customer-names.ts";
import { Inbox } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { bookingStatuses, type OperatorBookingStatus } from "../../../shared/operator.ts";
import { serviceTypes, type ServiceType } from "../../../shared/service-types.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button, buttonClassName } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Select } from "../../components/ui/select.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../../components/ui/table.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { bookingQueueQuery, type QueueFilters } from "./api.ts";
import { formatDayRange, formatInstant } from "../../../shared/time.ts";
import { formatMoney } from "../../../shared/money.ts";
import { statusTone } from "./format.ts";
import "./dispatch-translations.ts";
import "./operator-translations.ts";
import { MessageTimerBadge, ReplyTimerBadge } from "./reply-timer-badge.tsx";
import { ServiceNames } from "../../components/service-names.tsx";

// The bookings queue (ADR 070): filters kept in the address (so Back returns to the same list),
// oldest request first, each pending one with its reply timer, more pages by cursor.

const any = "any";

function filtersFrom(params: URLSearchParams): QueueFilters {
  const status = params.get("status");
  const serviceType = params.get("serviceType");
  return {
    ...(status && (bookingStatuses as readonly string[]).includes(status) && { status: status as OperatorBookingStatus }),
    ...(serviceType && (serviceTypes as readonly string[]).includes(serviceType) && { serviceType: serviceType as ServiceType }),
    ...(params.get("from") && { from: params.get("from") ?? undefined }),
    ...(params.get("to") && { to: params.get("to") ?? undefined }),
    ...(params.get("q") && { q: params.get("q") ?? undefined }),
    ...(params.get("sort") === "start" && { sort: "start" as const }),
    ...(params.get("waiting") === "us" && { waiting: "us" as const }),
  };
}

export function BookingsQueue() {
  const { t, i18n } = useTranslation("operator");
  const dispatch = useTranslation("dispatch");
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const [draft, setDraft] = useState<QueueFilters>(filters);
  const queue = useInfiniteQuery(bookingQueueQuery(filters));
  const bookings = queue.data?.pages.flatMap((page) => page.bookings) ?? [];

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(draft)) if (value) next.set(key, String(value));
    setParams(next);
  };
  const clear = () => {
    setDraft({});
    setParams(new URLSearchParams());
  };

  return (
    <section className="container-page py-10" aria-labelledby="queue-heading" data-testid="bookings-queue">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1 id="queue-heading" className="mt-2 text-3xl">
        {t("queue.title")}
      </h1>
      <p className="mt-2 max-w-prose text-stone">{t("queue.intro")}</p>

      <form onSubmit={apply} aria-label={t("queue.filters")} className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <Field
          className="lg:col-span-2"
          label={t("queue.search")}
          hint={t("queue.searchHint")}
          type="search"
          value={draft.q ?? ""}
          maxLength={100}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
        />
        <Select
          label={t("queue.status")}
          value={draft.status ?? any}
          onValueChange={(value) => setDraft({ ...draft, status: value === any ? undefined : (value as OperatorBookingStatus) })}
          options={[
            { value: any, label: t("queue.anyStatus") },
            ...bookingStatuses.map((status) => ({ value: status, label: t(`status.${status}`) })),
          ]}
        />
        <Select
          label={t("queue.service")}
          value={draft.serviceType ?? any}
          onValueChange={(value) => setDraft({ ...draft, serviceType: value === any ? undefined : (value as ServiceType) })}
          options={[
            { value: any, label: t("queue.anyService") },
            ...serviceTypes.map((type) => ({ value: type, label: t(`services.${type}`) })),
          ]}
        />
        <Select
          label={dispatch.t("sort.label")}
          value={draft.sort ?? "waiting"}
          onValueChange={(value) => setDraft({ ...draft, sort: value === "start" ? "start" : undefined })}
          options={[
            { value: "waiting", label: dispatch.t("sort.waiting") },
            { value: "start", label: dispatch.t("sort.start") },
          ]}
        />
        {/* docs/product.md §12: the bookings whose customer waits for our answer (a message or a change request). */}
        <Select
          label={t("queue.messages")}
          value={draft.waiting ?? any}
          onValueChange={(value) => setDraft({ ...draft, waiting: value === "us" ? "us" : undefined })}
          options={[
            { value: any, label: t("queue.anyMessages") },
            { value: "us", label: t("queue.waitingForUs") },
          ]}
        />
        <Field
          label={t("queue.from")}
          type="date"
          value={draft.from ?? ""}
          onChange={(event) => setDraft({ ...draft, from: event.target.value || undefined })}
        />
        <Field
          label={t("queue.to")}
          type="date"
          value={draft.to ?? ""}
          onChange={(event) => setDraft({ ...draft, to: event.target.value || undefined })}
        />
        <div className="flex gap-3 lg:col-span-4">
          <Button type="submit">{t("queue.apply")}</Button>
          <Button variant="outline" onClick={clear}>
            {t("queue.reset")}
          </Button>
        </div>
      </form>

      <div className="mt-8">
        <QueryState
          query={queue}
          loadingLabel={t("queue.loading")}
          loadingClassName="space-y-3"
          loading={Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-12 w-full" />
          ))}
          isEmpty={() => bookings.length === 0}
          empty={<EmptyState icon={Inbox} title={t("queue.emptyTitle")} description={t("queue.emptyBody")} titleLevel="h2" />}
        >
          {() => (
            <Table caption={t("queue.caption")} captionHidden>
              <TableHead>
                <TableRow>
                  <TableHeaderCell>{t("queue.customer")}</TableHeaderCell>
                  <TableHeaderCell>{t("queue.location")}</TableHeaderCell>
                  <TableHeaderCell>{t("queue.dates")}</TableHeaderCell>
                  <TableHeaderCell>{t("queue.status")}</TableHeaderCell>
                  <TableHeaderCell>{t("queue.reply")}</TableHeaderCell>
                  <TableHeaderCell className="text-right">{t("queue.total")}</TableHeaderCell>
                  {/* relative: the hidden label is absolutely placed and would otherwise escape the
                    table's scroll region and widen the page on a phone. */}
                  <TableHeaderCell className="relative">
                    <span className="sr-only">{t("queue.open")}</span>
                  </TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {bookings.map((booking) => (
                  <TableRow key={booking.id} data-testid="queue-row" data-booking-id={booking.id}>
                    <TableCell>
                      <span className="font-semibold">{customerNameText(booking.customerName, i18n.language)}</span>
                      {booking.customerEmail && <span className="block text-xs text-stone">{booking.customerEmail}</span>}
                      {booking.principal && (
                        // ADR 181: the queue shows the codename only.
                        <span className="block text-xs text-stone" data-testid="queue-principal">
                          {booking.principal.codename
                            ? t("queue.forCodename", { codename: booking.principal.codename })
                            : t("queue.forSomeoneElse")}
                        </span>
                      )}
                      {booking.unreadMessages > 0 && (
                        <Badge tone="highlight" size="sm" className="mt-1">
                          <span data-testid="queue-unread">{t("queue.unread", { count: booking.unreadMessages })}</span>
                        </Badge>
                      )}
                    </TableCell>
                    <TableCell>
                      {booking.location}
                      <ServiceNames services={booking.serviceIds} language={i18n.language} className="block text-xs text-stone" />
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{formatDayRange(booking.startDate, booking.endDate, i18n.language)}</TableCell>
                    <TableCell>
                      <Badge tone={statusTone[booking.status]}>{t(`status.${booking.status}`)}</Badge>
                      {/* ADR 225: the customer's deadline to secure the money, after which the operator decides; ADR 264: also under way. */}
                      {(booking.status === "payment_needed" || booking.status === "in_progress") && booking.paymentDueAt && (
                        <span className="mt-1 block text-xs text-stone" data-testid="queue-payment-due">
                          {t("queue.paymentDue", { deadline: formatInstant(booking.paymentDueAt, i18n.language) })}
                        </span>
                      )}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {(booking.status === "pending" || !booking.messageReplyDueAt) && <ReplyTimerBadge booking={booking} />}
                      {booking.messageReplyDueAt && (
                        <span className="mt-1 block">
                          <MessageTimerBadge dueAt={booking.messageReplyDueAt} />
                        </span>
                      )}
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      {formatMoney(booking.totalCents, i18n.language)}
                      <span className="block text-xs text-stone">
                        {/* ADR 246: a buyer without Swedish VAT is marked so, not with a VAT of zero. */}
                        {priceNoteOf(booking.buyerVat) === "inclVat"
                          ? t("queue.vatPart", { amount: formatMoney(booking.vatCents, i18n.language) })
                          : t(`priceVat.note.${priceNoteOf(booking.buyerVat)}`)}
                      </span>
                    </TableCell>
                    <TableCell>
                      <Link
                        to={`/admin/bookings/${booking.id}`}
                        className={buttonClassName({ variant: "outline", size: "sm" })}
                        aria-label={t("queue.openBooking", { name: customerNameText(booking.customerName, i18n.language) })}
                      >
                        {t("queue.open")}
                      </Link>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </QueryState>
        {queue.hasNextPage && (
          <Button variant="outline" className="mt-4" loading={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
            {t("queue.more")}
          </Button>
        )}
      </div>
    </section>
  );
}

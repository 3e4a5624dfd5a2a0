import { priceNoteOf } from "../../../shared/buyer-vat.ts";
import { EngagementDetails } from "../../components/engagement-details.tsx";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AdminBookingDetail } from "../../../shared/operator.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { isApiError } from "../../lib/api-client.ts";
import { describeApiError } from "../../lib/query-client.ts";
import { useTranslation, translateData } from "../../lib/i18n.ts";
import { bookingDetailQuery } from "./api.ts";
import { BookingActions } from "./booking-actions.tsx";
import { ConsoleBookingChanges } from "./booking-changes-panel.tsx";
import { formatDayRange, formatInstant } from "../../../shared/time.ts";
import { formatMoney, formatMoneyChange, priceAdjustmentCents, vatPercent } from "../../../shared/money.ts";
import { statusTone } from "./format.ts";
import "./operator-translations.ts";
import { ReplyTimerBadge } from "./reply-timer-badge.tsx";
import { IncidentsList, priceChangeOf, RatingLine, ServiceProgressList, TeamList } from "./dispatch-panels.tsx";
import { auditActionText } from "./audit-action-text.ts";
import { ServiceNames } from "../../components/service-names.tsx";
import { serviceTitleById } from "../../../shared/service-titles.ts";
import { defaultLanguage, isLanguage } from "../../../shared/languages.ts";
import { bookingOptionTexts } from "../../../shared/booking-option-texts.ts";
import { bookingOptionTextsSwedish } from "../../../shared/booking-option-texts-sv.ts";

// One booking as the operator decides on it (ADR 070): who the customer is and how to reach
// them, their ID status and I.C.E. contacts, every service and option, the server's price, the
// assigned operatives and every action taken so far.

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-ink-line/15 bg-white p-5">
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      <div className="mt-3 space-y-2 text-sm">{children}</div>
    </section>
  );
}

/**
 * The booking and, below it, the route's `sections` about it (ledger, thread, documents). ADR 257:
 * the sections load beside the booking but stay out of the layout until the booking is shown; shown
 * before it, they were pushed down the screen when the booking arrived.
 */
export function BookingDetail({ id, sections }: { id: string; sections?: ReactNode }) {
  const query = useQuery({ ...bookingDetailQuery(id), meta: { inlineErrors: true }, retry: false });
  return (
    <>
      <BookingDetailState id={id} />
      <div hidden={query.isPending}>{sections}</div>
    </>
  );
}

function BookingDetailState({ id }: { id: string }) {
  const { t } = useTranslation("operator");
  const query = useQuery({ ...bookingDetailQuery(id), meta: { inlineErrors: true }, retry: false });
  const back = (
    <Link to="/admin" className="inline-flex items-center gap-2 text-sm font-semibold text-gold-deep underline-offset-4 hover:underline">
      <ArrowLeft aria-hidden className="h-4 w-4" />
      {t("detail.back")}
    </Link>
  );
  return (
    <QueryState
      query={query}
      loadingLabel={t("detail.loading")}
      loadingClassName="container-page py-10"
      loading={
        <>
          <Skeleton className="h-10 w-64" />
          <Skeleton className="mt-6 h-48 w-full" />
        </>
      }
      error={(error) => (
        <div className="container-page space-y-6 py-10">
          {back}
          <Notice tone="error" title={isApiError(error, "not_found") ? t("detail.notFound") : describeApiError(error)} />
        </div>
      )}
    >
      {(booking) => <BookingDetailContent booking={booking} back={back} />}
    </QueryState>
  );
}

function BookingDetailContent({ booking, back }: { booking: AdminBookingDetail; back: ReactNode }) {
  const { t, i18n } = useTranslation("operator");
  const dispatch = useTranslation("dispatch");
  const language = i18n.language;
  const optionLanguage = isLanguage(language) ? language : defaultLanguage;
  const optionWords: Record<string, string> = optionLanguage === "sv" ? bookingOptionTextsSwedish : bookingOptionTexts;
  const optionWord = (value: string | undefined) => (value === undefined ? undefined : (optionWords[value] ?? value));
  const adjustment = priceAdjustmentCents(
    booking.totalCents,
    booking.services.map((line) => line.totalCents),
  );
  return (
    <article className="container-page space-y-6 py-10" aria-labelledby="booking-heading" data-testid="booking-detail">
      {back}
      <header>
        <p className="eyebrow">
          <ServiceNames services={booking.services} language={language} testId="booking-heading-services" />
        </p>
        <h1 id="booking-heading" className="mt-2 text-3xl">
          {booking.location}
        </h1>
        <p className="mt-2 text-stone">{formatDayRange(booking.startDate, booking.endDate, language)}</p>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Badge tone={statusTone[booking.status]} size="lg">
            <span data-testid="booking-status">{t(`status.${booking.status}`)}</span>
          </Badge>
          <ReplyTimerBadge booking={booking} />
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Panel title={t("detail.services")} id="services-heading">
            <ul className="divide-y divide-ink-line/10">
              {booking.services.map((line, index) => (
                <li key={`${line.serviceId}-${index}`} className="py-2">
                  {/* The stored title is the English one booked; the console names the service and its options in the reader's language (ADR 209). */}
                  <p className="font-semibold">{serviceTitleById(line.serviceId, optionLanguage) ?? line.title}</p>
                  <p className="text-stone">
                    {[
                      t("detail.guards", { count: line.options.guards }),
                      optionWord(line.options.timeOfDay),
                      line.options.duration?.replace(/h$/, " h"),
                      optionWord(line.options.style),
                      optionWord(line.options.car),
                      optionWord(line.options.carClass),
                      t("detail.perDay", { price: formatMoney(line.dailyPriceCents, language) }),
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                </li>
              ))}
              {adjustment !== 0 && (
                <li className="py-2" data-testid="booking-adjustment">
                  <p className="font-semibold">{t("detail.adjustment")}</p>
                  <p className="text-stone">{t("detail.adjustmentNote", { amount: formatMoneyChange(adjustment, language) })}</p>
                </li>
              )}
            </ul>
            <p className="pt-2 text-base">
              <span className="font-semibold">{t("detail.price")}:</span>{" "}
              <span data-testid="booking-total">{formatMoney(booking.totalCents, language)}</span>{" "}
              <span className="text-sm text-stone" data-testid="booking-vat">
                (
                {t(`priceVat.vatLine.${priceNoteOf(booking.buyerVat)}`, {
                  percent: vatPercent(),
                  amount: formatMoney(booking.vatCents, language),
                })}
                )
              </span>
            </p>
            {/* docs/product.md §12: times, meeting point and the protected person (the real name: ADR 181). */}
            <EngagementDetails
              engagement={booking}
              row={(term, value, testId) => (
                <p key={testId} data-testid={testId}>
                  <span className="font-semibold">{term}:</span> {value}
                </p>
              )}
            />
            {booking.customerNote && (
              <p>
                <span className="font-semibold">{t("detail.customerNote")}:</span> {booking.customerNote}
              </p>
            )}
            {booking.operatorNote && (
              <p>
                <span className="font-semibold">{t("detail.operatorNote")}:</span> {booking.operatorNote}
              </p>
            )}
            {booking.declineReason && (
              <p>
                <span className="font-semibold">{t("detail.declineReason")}:</span> {booking.declineReason}
              </p>
            )}
          </Panel>

          <BookingActions booking={booking} />

          <ConsoleBookingChanges booking={booking} />

          <Panel title={t("detail.team")} id="team-heading">
            {booking.assignments.length === 0 ? <p className="text-stone">{t("detail.noTeam")}</p> : <TeamList booking={booking} />}
            <ServiceProgressList booking={booking} />
          </Panel>

          <Panel title={dispatch.t("incidents.title")} id="incidents-heading">
            <IncidentsList booking={booking} />
          </Panel>

          <Panel title={dispatch.t("rating.title")} id="rating-heading">
            <RatingLine booking={booking} />
          </Panel>

          <Panel title={t("detail.history")} id="history-heading">
            {booking.audit.length === 0 ? (
              <p className="text-stone">{t("detail.noHistory")}</p>
            ) : (
              <ol className="space-y-1" data-testid="history">
                {booking.audit.map((entry) => (
                  <li key={entry.id}>
                    <span className="font-semibold">{auditActionText(entry.action, t)}</span>{" "}
                    <span className="text-stone">
                      {formatInstant(entry.createdAt, language)} · {t("detail.by", { who: entry.actorEmail ?? t("detail.system") })}
                    </span>
                    {priceChangeOf(entry, language, dispatch.t) && (
                      <span className="block" data-testid="price-change">
                        {priceChangeOf(entry, language, dispatch.t)}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </Panel>
        </div>

        <div className="space-y-6">
          <Panel title={t("detail.customer")} id="customer-heading">
            {booking.customer ? (
              <>
                <p className="font-semibold">{booking.customer.fullName}</p>
                <p>
                  <a className="underline underline-offset-4" href={`mailto:${booking.customer.email}`}>
                    {booking.customer.email}
                  </a>
                </p>
                {booking.customer.phoneNumber && (
                  <p>
                    <a className="underline underline-offset-4" href={`tel:${booking.customer.phoneNumber.replace(/\s/g, "")}`}>
                      {booking.customer.phoneNumber}
                    </a>
                  </p>
                )}
                <p className="text-stone">
                  {[booking.customer.address, booking.customer.postalCode, booking.customer.city, booking.customer.country]
                    .filter(Boolean)
                    .join(", ")}
                </p>
              </>
            ) : (
              <p className="text-stone">{t("detail.noCustomer")}</p>
            )}
          </Panel>
          <Panel title={t("detail.idStatus")} id="id-heading">
            <p>
              {booking.idVerification
                ? translateData(t, "operator", `detail.idStatuses.${booking.idVerification.status}`, booking.idVerification.status)
                : t("detail.idNone")}
            </p>
          </Panel>
          <Panel title={t("detail.contacts")} id="contacts-heading">
            {booking.emergencyContacts.length === 0 ? (
              <p className="text-stone">{t("detail.noContacts")}</p>
            ) : (
              <ul className="space-y-2">
                {booking.emergencyContacts.map((contact, index) => (
                  <li key={index}>
                    <span className="font-semibold">{contact.name}</span>
                    <span className="block text-stone">
                      {contact.phone} · {contact.email}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
      </div>
    </article>
  );
}

import type { ReactNode } from "react";
import type { PriceNote } from "../../shared/buyer-vat.ts";
import { pendingProposal, type BookingChanges, type ChangeRequestView } from "../../shared/booking-changes.ts";
import { endsNextMorning } from "../../shared/engagement.ts";
import { isLanguage } from "../../shared/languages.ts";
import { formatMoney } from "../../shared/money.ts";
import { serviceTitles } from "../../shared/service-titles.ts";
import { isServiceSlug } from "../../shared/service-types.ts";
import { formatDayRange, formatInstant } from "../../shared/time.ts";
import { useTranslation } from "../lib/i18n.ts";
import { bookingChangesNamespace } from "./booking-changes-translations.ts";
import { QuoteVersionCompare } from "./quote-version-compare.tsx";
import { Badge } from "./ui/badge.tsx";

// docs/product.md §12 Engagement (versions and requests): one panel of a booking's quote versions
// and change requests for both readers. The customer (on their booking page) answers a proposal and
// sees their own request waiting; the operator (in the console's booking detail) reads each request
// whole and answers it, and proposes. What each may do comes in as actions; the dialogs and the
// writes stay with each reader's feature.

export type BookingChangesReader = "customer" | "operator";

export type BookingChangesPanelProps = {
  /** The booking's versions and requests; the operator's panel is framed before they arrive. */
  changes: BookingChanges | undefined;
  reader: BookingChangesReader;
  priceNote: PriceNote;
  /** Beside the heading (the operator's Propose a change). */
  headerAction?: ReactNode;
  /** Whether a waiting proposal is shown (the customer's only while the booking can still change). */
  showProposal?: boolean;
  /** Under a waiting proposal (the customer's Approve and Decline). */
  proposalActions?: ReactNode;
  /** Under each waiting request (the operator's Accept and Decline). */
  requestActions?: (request: ChangeRequestView) => ReactNode;
  /** After the waiting proposal and requests, before the history (the customer's Request a change, the dialogs). */
  children?: ReactNode;
};

export function BookingChangesPanel({
  changes,
  reader,
  priceNote,
  headerAction,
  showProposal = true,
  proposalActions,
  requestActions,
  children,
}: BookingChangesPanelProps) {
  const { t } = useTranslation(bookingChangesNamespace);
  const waiting = changes && showProposal ? pendingProposal(changes) : null;
  const pendingRequests = changes?.requests.filter((request) => request.status === "pending") ?? [];
  const customer = reader === "customer";
  const Heading = customer ? "h3" : "h2";
  const heading = (
    <Heading id="booking-changes-heading" className="text-xl">
      {t("title")}
    </Heading>
  );
  return (
    <section
      aria-labelledby="booking-changes-heading"
      className={customer ? "mt-6 space-y-4" : "space-y-4 rounded-xl border border-ink-line/15 bg-white p-5"}
      data-testid="booking-changes"
    >
      {customer ? (
        heading
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {headerAction}
        </div>
      )}
      {waiting && (
        <WaitingProposal reader={reader} waiting={waiting} priceNote={priceNote}>
          {proposalActions}
        </WaitingProposal>
      )}
      {pendingRequests.map((request) =>
        customer ? (
          <p key={request.id} className="rounded border border-ink-line/15 bg-white p-4 text-sm text-ink" data-testid="pending-request">
            <span className="font-semibold">{t("yourRequest")}:</span> {t("requestStatus.pending")}
          </p>
        ) : (
          <RequestDetails key={request.id} request={request}>
            {requestActions?.(request)}
          </RequestDetails>
        ),
      )}
      {children}
      {changes && (customer ? <CollapsedHistory changes={changes} /> : <VersionList changes={changes} />)}
    </section>
  );
}

function WaitingProposal({
  reader,
  waiting,
  priceNote,
  children,
}: {
  reader: BookingChangesReader;
  waiting: NonNullable<ReturnType<typeof pendingProposal>>;
  priceNote: PriceNote;
  children: ReactNode;
}) {
  const { t } = useTranslation(bookingChangesNamespace);
  const compare = <QuoteVersionCompare current={waiting.current} proposed={waiting.proposed} priceNote={priceNote} />;
  if (reader === "operator") {
    return (
      <div className="space-y-2">
        <Badge tone="warning">{t("status.proposed")}</Badge>
        {compare}
        {children}
      </div>
    );
  }
  return (
    <div className="space-y-4 rounded-xl border border-gold-deep/40 bg-white p-4 sm:p-5" data-testid="proposal">
      <div>
        <p className="font-semibold text-ink">{t("waitingTitle")}</p>
        <p className="mt-1 text-sm text-stone">{t("waitingBody")}</p>
      </div>
      {compare}
      {children}
    </div>
  );
}

const serviceTitleOf = (serviceId: string, language: string) => {
  const slug = serviceId.replace(/^svc-/, "");
  return isServiceSlug(slug) && isLanguage(language) ? serviceTitles[slug][language] : serviceId;
};

/** A customer's request in full, as the operator answers it. */
function RequestDetails({ request, children }: { request: ChangeRequestView; children: ReactNode }) {
  const { t, i18n } = useTranslation(bookingChangesNamespace);
  const language = i18n.language;
  return (
    <div className="space-y-2 rounded border border-gold-deep/40 p-4 text-sm" data-testid="change-request">
      <p className="font-semibold text-ink">
        {t("requestHeading")} · {t("requestOf", { date: formatInstant(request.createdAt, language) })}
      </p>
      {request.startDate && (
        <p>
          <span className="font-semibold">{t("newDates")}:</span>{" "}
          {request.endDate
            ? formatDayRange(request.startDate, request.endDate, language)
            : t("fromSameDays", { date: formatDayRange(request.startDate, request.startDate, language) })}
        </p>
      )}
      {request.startTime && request.endTime && (
        <p>
          <span className="font-semibold">{t("newTimes")}:</span> {request.startTime}–{request.endTime}
          {endsNextMorning(request.startTime, request.endTime) && ` (${t("nextMorning")})`}
        </p>
      )}
      {request.meetingPoint && (
        <p>
          <span className="font-semibold">{t("meetingPoint")}:</span> {request.meetingPoint}
        </p>
      )}
      {request.addServices.map((service) => (
        <p key={service.serviceId}>{t("addServiceLine", { service: serviceTitleOf(service.serviceId, language) })}</p>
      ))}
      {request.message && <p className="break-words">“{request.message}”</p>}
      {children && <div className="flex flex-wrap gap-3 pt-1">{children}</div>}
    </div>
  );
}

/** The customer's history: every version and request, folded away under the booking. */
function CollapsedHistory({ changes }: { changes: BookingChanges }) {
  const { t, i18n } = useTranslation(bookingChangesNamespace);
  const language = i18n.language;
  if (changes.versions.length <= 1 && changes.requests.length === 0) return null;
  return (
    <details className="rounded border border-ink-line/15 bg-white p-4 text-sm">
      <summary className="cursor-pointer font-semibold text-ink">{t("history")}</summary>
      <ol className="mt-3 space-y-2">
        {changes.versions.map((version) => (
          <li key={version.id} data-testid="version-row">
            {t("version", { number: version.number })} · {formatDayRange(version.startDate, version.endDate, language)} ·{" "}
            {formatMoney(version.totalCents, language)} · {version.current ? t("current") : t(`status.${version.status}`)}
            {version.declineReason && ` — ${version.declineReason}`}
          </li>
        ))}
        {changes.requests.map((request) => (
          <li key={request.id}>
            {t("yourRequest")} ({t("requestOf", { date: formatInstant(request.createdAt, language) })}) ·{" "}
            {t(`requestStatus.${request.status}`)}
            {request.declineReason && ` — ${t("declineReasonLabel")}: ${request.declineReason}`}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** The operator's history: every version at sight, with its state. */
function VersionList({ changes }: { changes: BookingChanges }) {
  const { t, i18n } = useTranslation(bookingChangesNamespace);
  const language = i18n.language;
  if (changes.versions.length === 0) return changes.requests.length === 0 ? <p className="text-sm text-stone">{t("none")}</p> : null;
  return (
    <ol className="divide-y divide-ink-line/10 text-sm" aria-label={t("history")}>
      {changes.versions.map((version) => (
        <li key={version.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="version-row">
          <span className="font-semibold">{t("version", { number: version.number })}</span>
          <span>{formatDayRange(version.startDate, version.endDate, language)}</span>
          <span className="tabular-nums">{formatMoney(version.totalCents, language)}</span>
          <Badge tone={version.current ? "success" : version.status === "proposed" ? "warning" : "muted"}>
            {version.current ? t("current") : t(`status.${version.status}`)}
          </Badge>
          {version.declineReason && <span className="text-stone">— {version.declineReason}</span>}
        </li>
      ))}
    </ol>
  );
}

import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { checkEngagementTimes } from "../../../shared/booking.ts";
import { changeRequestSchema, pendingProposal, type BookingChanges } from "../../../shared/booking-changes.ts";
import { clockTimePattern, endsNextMorning } from "../../../shared/engagement.ts";
import { formatDayRange, formatInstant } from "../../../shared/dates.ts";
import { operatorToday } from "../../../shared/pricing.ts";
import { formatMoney } from "../../../shared/money.ts";
import { serviceTitles } from "../../../shared/service-titles.ts";
import type { CustomerBooking } from "../../../shared/customer-bookings.ts";
import { bookingChangesNamespace } from "../../components/booking-changes-translations.ts";
import { QuoteVersionCompare } from "../../components/quote-version-compare.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { isLanguage } from "../../../shared/languages.ts";
import { translateData, useTranslation } from "../../lib/i18n.ts";
import { bookingChangesQuery, useBookingChange } from "./api.ts";

// docs/product.md §12 Engagement (versions and requests), on the customer's booking page: a
// proposal waiting for approval beside the booking as it is, with Approve and Decline; the request
// of a change (new days, new times, a meeting point, an added service); and what was proposed and
// asked before. ADR 193: new times are checked against the booking's services and the added one
// with the booking's own rule before they are sent, as the server checks them again.

const changeable = (booking: CustomerBooking) =>
  (booking.status === "pending" || booking.status === "confirmed") && booking.startDate >= operatorToday(new Date());

export function BookingChangesPanel({ booking }: { booking: CustomerBooking }) {
  const { t } = useTranslation(bookingChangesNamespace);
  const changes = useQuery(bookingChangesQuery(booking.id));
  // Owned here, not by the proposal card: an answered proposal leaves the page, and a mutation's
  // per-call callbacks (the toast) run only while the component that called it is mounted.
  const change = useBookingChange(booking.id);
  const [requesting, setRequesting] = useState(false);
  if (!changes.data) return null;
  const waiting = pendingProposal(changes.data);
  const pendingRequest = changes.data.requests.find((request) => request.status === "pending");
  const hasHistory = changes.data.versions.length > 1 || changes.data.requests.length > 0;
  if (!waiting && !hasHistory && !changeable(booking)) return null;

  return (
    <section aria-labelledby="booking-changes-heading" className="mt-6 space-y-4" data-testid="booking-changes">
      <h3 id="booking-changes-heading" className="text-xl">
        {t("title")}
      </h3>
      {waiting && changeable(booking) && <ProposalCard change={change} waiting={waiting} />}
      {pendingRequest && (
        <p className="rounded border border-ink-line/15 bg-white p-4 text-sm text-ink" data-testid="pending-request">
          <span className="font-semibold">{t("yourRequest")}:</span> {t("requestStatus.pending")}
        </p>
      )}
      {changeable(booking) && !pendingRequest && !waiting && (
        <Button variant="outline" onClick={() => setRequesting(true)} data-testid="request-change">
          {t("request")}
        </Button>
      )}
      {hasHistory && <History changes={changes.data} />}
      {requesting && <RequestDialog booking={booking} change={change} onClose={() => setRequesting(false)} />}
    </section>
  );
}

function ProposalCard({
  change,
  waiting,
}: {
  change: ReturnType<typeof useBookingChange>;
  waiting: NonNullable<ReturnType<typeof pendingProposal>>;
}) {
  const { t } = useTranslation(bookingChangesNamespace);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const decline = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { kind: "decline", versionId: waiting.proposed.id, ...(reason.trim() && { reason: reason.trim() }) },
      {
        onSuccess: () => {
          setDeclining(false);
          toast.success(t("declined"));
        },
      },
    );
  };
  return (
    <div className="space-y-4 rounded-xl border border-gold-deep/40 bg-white p-4 sm:p-5" data-testid="proposal">
      <div>
        <p className="font-semibold text-ink">{t("waitingTitle")}</p>
        <p className="mt-1 text-sm text-stone">{t("waitingBody")}</p>
      </div>
      <QuoteVersionCompare current={waiting.current} proposed={waiting.proposed} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          loading={change.isPending && change.variables.kind === "approve"}
          onClick={() =>
            change.mutate({ kind: "approve", versionId: waiting.proposed.id }, { onSuccess: () => toast.success(t("approved")) })
          }
          data-testid="approve-version"
        >
          {t("approve")}
        </Button>
        <Button variant="outline" onClick={() => setDeclining(true)} data-testid="decline-version">
          {t("decline")}
        </Button>
      </div>
      <Dialog
        open={declining}
        onRequestClose={() => setDeclining(false)}
        title={t("declineTitle")}
        description={t("declineBody")}
        closeLabel={t("keep")}
      >
        <form onSubmit={decline} className="space-y-4" noValidate>
          <Textarea
            label={t("declineReason")}
            optional
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant="danger" loading={change.isPending}>
              {t("declineSubmit")}
            </Button>
            <Button type="button" variant="outline" onClick={() => setDeclining(false)}>
              {t("keep")}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

function RequestDialog({
  booking,
  change,
  onClose,
}: {
  booking: CustomerBooking;
  change: ReturnType<typeof useBookingChange>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(bookingChangesNamespace);
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  const [startDate, setStartDate] = useState("");
  const [endDate, setEndDate] = useState("");
  // The booking's times, to change in place; only a change of them is sent.
  const [startTime, setStartTime] = useState(booking.startTime ?? "");
  const [endTime, setEndTime] = useState(booking.endTime ?? "");
  const [meetingPoint, setMeetingPoint] = useState("");
  const [service, setService] = useState("none");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const booked = new Set(booking.services.map((line) => line.serviceId));
  const options = [
    { value: "none", label: t("noService") },
    ...Object.entries(serviceTitles)
      .filter(([slug]) => !booked.has(`svc-${slug}`))
      .map(([slug, titles]) => ({ value: `svc-${slug}`, label: titles[language] })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const timesChanged = startTime !== (booking.startTime ?? "") || endTime !== (booking.endTime ?? "");
    const body = {
      ...(startDate && { startDate }),
      ...(endDate && { endDate }),
      ...(timesChanged && startTime && { startTime }),
      ...(timesChanged && endTime && { endTime }),
      ...(meetingPoint.trim() && { meetingPoint: meetingPoint.trim() }),
      ...(service !== "none" && { addServices: [{ serviceId: service, options: { guards: 1, days: booking.totalDays } }] }),
      ...(message.trim() && { message: message.trim() }),
    };
    // The shared schema (docs/product.md §5), and the times (new or the booking's) against every
    // service the booking would have: the same rules the server applies.
    const parsed = changeRequestSchema
      .superRefine((value, context) => {
        const newTimes = value.startTime !== undefined || value.endTime !== undefined;
        checkEngagementTimes(
          {
            startTime: newTimes ? value.startTime : (booking.startTime ?? undefined),
            endTime: newTimes ? value.endTime : (booking.endTime ?? undefined),
            services: [...booking.services, ...(value.addServices ?? [])],
          },
          context,
        );
      })
      .safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        found[String(issue.path[0] ?? "startDate")] ??= translateData(t, bookingChangesNamespace, issue.message, issue.message);
      }
      if (found.startDate && !startDate) found.startDate = t("requestNeedsChange");
      return setErrors(found);
    }
    change.mutate(
      { kind: "request", body },
      {
        onSuccess: () => {
          toast.success(t("sent"));
          onClose();
        },
        onError: (error) => {
          const fields = (error as { fields?: Record<string, string> }).fields;
          if (fields) setErrors(fields);
        },
      },
    );
  };

  return (
    <Dialog
      open
      onRequestClose={onClose}
      title={t("requestTitle")}
      description={t("requestBody")}
      closeLabel={t("keep")}
      testId="request-dialog"
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-stone">{formatDayRange(booking.startDate, booking.endDate, i18n.language)}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            type="date"
            label={t("newStart")}
            optional
            min={operatorToday(new Date())}
            value={startDate}
            error={errors.startDate}
            onChange={(event) => {
              setStartDate(event.target.value);
              setErrors({});
            }}
            data-testid="request-start"
          />
          <Field
            type="date"
            label={t("newEnd")}
            hint={t("newEndHint")}
            optional
            min={startDate || operatorToday(new Date())}
            value={endDate}
            error={errors.endDate}
            onChange={(event) => {
              setEndDate(event.target.value);
              setErrors({});
            }}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            type="time"
            label={t("startTime")}
            optional
            value={startTime}
            error={errors.startTime}
            onChange={(event) => {
              setStartTime(event.target.value);
              setErrors({});
            }}
            data-testid="request-start-time"
          />
          <Field
            type="time"
            label={t("endTime")}
            optional
            hint={
              clockTimePattern.test(startTime) && clockTimePattern.test(endTime) && endsNextMorning(startTime, endTime)
                ? t("endsNextMorning")
                : undefined
            }
            value={endTime}
            error={errors.endTime}
            onChange={(event) => {
              setEndTime(event.target.value);
              setErrors({});
            }}
            data-testid="request-end-time"
          />
        </div>
        <p className="-mt-2 text-xs text-stone">{t("requestTimesHint")}</p>
        <Field
          label={t("newMeetingPoint")}
          optional
          maxLength={200}
          value={meetingPoint}
          error={errors.meetingPoint}
          onChange={(event) => setMeetingPoint(event.target.value)}
        />
        <Select
          label={t("addService")}
          optional
          options={options}
          value={service}
          error={errors.addServices}
          onValueChange={(value) => {
            setService(value);
            setErrors({});
          }}
        />
        <Textarea label={t("message")} optional maxLength={1000} value={message} onChange={(event) => setMessage(event.target.value)} />
        <Button type="submit" loading={change.isPending} className="w-full" data-testid="send-request">
          {t("send")}
        </Button>
      </form>
    </Dialog>
  );
}

function History({ changes }: { changes: BookingChanges }) {
  const { t, i18n } = useTranslation(bookingChangesNamespace);
  const language = i18n.language;
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

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { pendingProposal, proposeVersionSchema, type ChangeRequestView } from "../../../shared/booking-changes.ts";
import { formatDayRange, formatInstant } from "../../../shared/dates.ts";
import { formatMoney } from "../../../shared/money.ts";
import type { AdminBookingDetail } from "../../../shared/operator.ts";
import { bookingChangesNamespace } from "../../components/booking-changes-translations.ts";
import { QuoteVersionCompare } from "../../components/quote-version-compare.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { operatorBookingChange, operatorBookingChangesQuery, type OperatorChangeStep } from "./api.ts";

// docs/product.md §12 Engagement (versions and requests), in the console's booking detail: the
// booking's quote versions, a proposal still waiting for the customer beside the current version,
// the customer's change requests with Accept and Decline (with a reason), and Propose a change
// (days, guards per service, an optional total, and the reason the customer reads).

/** "1250", "1250.5", "1 250,50" → 1250.5; null when it is not an amount with at most two decimals. */
function parseEuros(text: string): number | null {
  const normalised = text.replace(/[\s\u00a0]/g, "").replace(",", ".");
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(normalised)) return null;
  return Number(normalised);
}

export function BookingChangesPanel({ booking }: { booking: AdminBookingDetail }) {
  const { t, i18n } = useTranslation(bookingChangesNamespace);
  const language = i18n.language;
  const queryClient = useQueryClient();
  const changes = useQuery(operatorBookingChangesQuery(booking.id));
  const [proposing, setProposing] = useState(false);
  const [declining, setDeclining] = useState<ChangeRequestView | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const step = useMutation({
    mutationFn: (input: OperatorChangeStep) => operatorBookingChange(booking.id, input),
    onSuccess: async (data, input) => {
      queryClient.setQueryData(operatorBookingChangesQuery(booking.id).queryKey, data);
      toast.success(t(input.kind === "propose" ? "proposed_ok" : input.kind === "accept" ? "accepted_ok" : "declined_ok"));
      setProposing(false);
      setDeclining(null);
      await queryClient.invalidateQueries({ queryKey: ["admin"] });
    },
  });
  const open = booking.status === "pending" || booking.status === "confirmed";
  const data = changes.data;
  const waiting = data ? pendingProposal(data) : null;
  const pendingRequests = data?.requests.filter((request) => request.status === "pending") ?? [];

  const submitDecline = (event: FormEvent) => {
    event.preventDefault();
    if (!declining) return;
    if (!reason.trim()) return setReasonError(t("reasonRequired"));
    step.mutate({ kind: "decline", requestId: declining.id, reason: reason.trim() });
  };

  return (
    <section
      aria-labelledby="changes-heading"
      className="space-y-4 rounded-xl border border-ink-line/15 bg-white p-5"
      data-testid="booking-changes"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="changes-heading" className="text-xl">
          {t("title")}
        </h2>
        {open && (
          <Button variant="outline" onClick={() => setProposing(true)} data-testid="propose-change">
            {t("proposeButton")}
          </Button>
        )}
      </div>

      {pendingRequests.map((request) => (
        <div key={request.id} className="space-y-2 rounded border border-gold-deep/40 p-4 text-sm" data-testid="change-request">
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
          {request.meetingPoint && (
            <p>
              <span className="font-semibold">{t("meetingPoint")}:</span> {request.meetingPoint}
            </p>
          )}
          {request.addServices.map((service) => (
            <p key={service.serviceId}>{t("addServiceLine", { service: service.serviceId.replace(/^svc-/, "") })}</p>
          ))}
          {request.message && <p className="break-words">“{request.message}”</p>}
          {open && (
            <div className="flex flex-wrap gap-3 pt-1">
              <Button
                size="sm"
                loading={step.isPending && step.variables.kind === "accept"}
                onClick={() => step.mutate({ kind: "accept", requestId: request.id })}
                data-testid="accept-request"
              >
                {t("accept")}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setDeclining(request)}>
                {t("declineRequest")}
              </Button>
            </div>
          )}
        </div>
      ))}

      {waiting && (
        <div className="space-y-2">
          <Badge tone="warning">{t("status.proposed")}</Badge>
          <QuoteVersionCompare current={waiting.current} proposed={waiting.proposed} />
        </div>
      )}

      {data && data.versions.length === 0 && data.requests.length === 0 && <p className="text-sm text-stone">{t("none")}</p>}
      {data && data.versions.length > 0 && (
        <ol className="divide-y divide-ink-line/10 text-sm" aria-label={t("history")}>
          {data.versions.map((version) => (
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
      )}

      {proposing && (
        <ProposeDialog
          booking={booking}
          pending={step.isPending}
          onClose={() => setProposing(false)}
          onSubmit={(body) => step.mutate({ kind: "propose", body })}
        />
      )}
      <Dialog open={declining !== null} onRequestClose={() => setDeclining(null)} title={t("declineRequestTitle")} closeLabel={t("keep")}>
        <form onSubmit={submitDecline} className="space-y-4" noValidate>
          <Textarea
            label={t("declineRequestReason")}
            required
            maxLength={1000}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(undefined);
            }}
          />
          <Button type="submit" variant="danger" loading={step.isPending} className="w-full">
            {t("declineRequest")}
          </Button>
        </form>
      </Dialog>
    </section>
  );
}

function ProposeDialog({
  booking,
  pending,
  onClose,
  onSubmit,
}: {
  booking: AdminBookingDetail;
  pending: boolean;
  onClose: () => void;
  onSubmit: (body: Extract<OperatorChangeStep, { kind: "propose" }>["body"]) => void;
}) {
  const { t, i18n } = useTranslation(bookingChangesNamespace);
  const [startDate, setStartDate] = useState(booking.startDate);
  const [endDate, setEndDate] = useState(booking.endDate);
  const [guards, setGuards] = useState(booking.services.map((line) => String(line.options.guards)));
  const [total, setTotal] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const adjusted = total.trim() === "" ? undefined : parseEuros(total);
    if (adjusted === null) return setErrors({ adjustedTotal: t("invalidTotal") });
    const body = {
      startDate,
      endDate,
      services: booking.services.map((line, index) => ({
        serviceId: line.serviceId,
        options: { ...line.options, guards: Number(guards[index]) },
      })),
      ...(adjusted !== undefined && { adjustedTotal: adjusted }),
      reason: reason.trim(),
    };
    // The shared schema (docs/product.md §5): the same rules the server applies.
    const parsed = proposeVersionSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        found[issue.path.join(".")] ??= issue.path[0] === "reason" ? t("reasonRequired") : issue.message;
      return setErrors(found);
    }
    onSubmit(body);
  };

  return (
    <Dialog
      open
      onRequestClose={onClose}
      title={t("proposeTitle")}
      description={t("proposeBody")}
      closeLabel={t("keep")}
      testId="propose-dialog"
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            type="date"
            label={t("startDate")}
            value={startDate}
            error={errors.startDate}
            onChange={(event) => setStartDate(event.target.value)}
          />
          <Field
            type="date"
            label={t("endDate")}
            value={endDate}
            min={startDate}
            error={errors.endDate}
            onChange={(event) => setEndDate(event.target.value)}
          />
        </div>
        {booking.services.map((line, index) => (
          <Field
            key={line.serviceId}
            type="number"
            min={1}
            max={10}
            inputMode="numeric"
            label={t("guardsFor", { service: line.title })}
            value={guards[index]}
            error={errors[`services.${index}.options.guards`]}
            onChange={(event) => setGuards(guards.map((value, position) => (position === index ? event.target.value : value)))}
          />
        ))}
        <Field
          label={t("adjustedTotal")}
          hint={t("adjustedHint", { total: formatMoney(booking.totalCents, i18n.language) })}
          inputMode="decimal"
          optional
          value={total}
          error={errors.adjustedTotal}
          onChange={(event) => setTotal(event.target.value)}
          data-testid="propose-total"
        />
        <Textarea
          label={t("proposeReason")}
          required
          maxLength={1000}
          value={reason}
          error={errors.reason}
          onChange={(event) => setReason(event.target.value)}
          data-testid="propose-reason"
        />
        <Button type="submit" loading={pending} className="w-full" data-testid="send-proposal">
          {t("proposeSubmit")}
        </Button>
      </form>
    </Dialog>
  );
}

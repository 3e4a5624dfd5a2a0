import { priceNoteOf } from "../../../shared/buyer-vat.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useFieldArray, useForm, useWatch, type Path } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { timesOfDay, type SelectedService } from "../../../shared/booking.ts";
import {
  declineRequestSchema,
  proposeVersionSchema,
  type ChangeRequestView,
  type ProposeVersionInput,
} from "../../../shared/booking-changes.ts";
import { clockTimePattern, endsNextMorning, hoursOfDuration } from "../../../shared/engagement.ts";
import { isLanguage } from "../../../shared/languages.ts";
import { formatMoney } from "../../../shared/money.ts";
import type { AdminBookingDetail } from "../../../shared/operator.ts";
import { dayCountFromRange, defaultOptions } from "../../../shared/pricing.ts";
import { serviceTitles } from "../../../shared/service-titles.ts";
import { isServiceSlug } from "../../../shared/service-types.ts";
import { bookingChangesNamespace } from "../../components/booking-changes-translations.ts";
import { BookingChangesPanel } from "../../components/booking-changes-panel.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { isApiError } from "../../lib/api-client.ts";
import { describeFieldError } from "../../lib/query-client.ts";
import { isTranslationKey, type TranslationKey, useTranslation } from "../../lib/i18n.ts";
import {
  catalogueQuery,
  operatorBookingChangesQuery,
  useOperatorBookingChange,
  useProposeBookingChange,
  type OperatorChangeStep,
} from "./api.ts";
import { parseEuros } from "./euros-text.ts";

// docs/product.md §12 Engagement (versions and requests), in the console's booking detail: the
// booking's quote versions, a proposal still waiting for the customer beside the current version,
// the customer's change requests with Accept and Decline (with a reason), and Propose a change
// (days, times, services added or removed, guards, time of day and hours per service, an optional
// total, and the reason the customer reads; ADR 193), one react-hook-form form (ADR 201).

export function ConsoleBookingChanges({ booking }: { booking: AdminBookingDetail }) {
  const { t } = useTranslation(bookingChangesNamespace);
  const changes = useQuery(operatorBookingChangesQuery(booking.id));
  const [proposing, setProposing] = useState(false);
  const [declining, setDeclining] = useState<ChangeRequestView | null>(null);
  const step = useOperatorBookingChange(booking.id);
  const answer = (input: OperatorChangeStep) =>
    step.mutate(input, {
      onSuccess: () => {
        toast.success(t(input.kind === "propose" ? "proposed_ok" : input.kind === "accept" ? "accepted_ok" : "declined_ok"));
        setProposing(false);
        setDeclining(null);
      },
    });
  const open = booking.status === "pending" || booking.status === "confirmed";

  return (
    <BookingChangesPanel
      reader="operator"
      changes={changes.data}
      priceNote={priceNoteOf(booking.buyerVat)}
      headerAction={
        open && (
          <Button variant="outline" onClick={() => setProposing(true)} data-testid="propose-change">
            {t("proposeButton")}
          </Button>
        )
      }
      requestActions={(request) =>
        open && (
          <>
            <Button
              size="sm"
              loading={step.isPending && step.variables.kind === "accept"}
              onClick={() => answer({ kind: "accept", requestId: request.id })}
              data-testid="accept-request"
            >
              {t("accept")}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDeclining(request)}>
              {t("declineRequest")}
            </Button>
          </>
        )
      }
    >
      {proposing && <ProposeDialog booking={booking} onClose={() => setProposing(false)} />}
      <ReasonDialog
        key={declining?.id}
        open={declining !== null}
        onRequestClose={() => setDeclining(null)}
        title={t("declineRequestTitle")}
        closeLabel={t("keep")}
        schema={declineRequestSchema}
        label={t("declineRequestReason")}
        maxLength={1000}
        requiredMessage={t("reasonRequired")}
        submitLabel={t("declineRequest")}
        submitVariant="danger"
        pending={step.isPending}
        onReason={(reason) => declining && answer({ kind: "decline", requestId: declining.id, reason: reason ?? "" })}
      />
    </BookingChangesPanel>
  );
}

/** The dialog's values: the API's body, with the times and the total as typed (ADR 201). */
type ProposeDraft = {
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  services: SelectedService[];
  adjustedTotal: string;
  reason: string;
};

/**
 * ADR 201: the dialog's schema is the API's (proposeVersionSchema, with the times' rule of ADR 180
 * and 193), fed from the typed values: empty times are none, the total is parsed from "1 250,50".
 */
const proposeFormSchema = z
  .object({
    startDate: z.string(),
    endDate: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    services: z.custom<SelectedService[]>(),
    adjustedTotal: z.string(),
    reason: z.string(),
  })
  .transform(({ startTime, endTime, adjustedTotal, ...rest }): ProposeVersionInput => ({
    ...rest,
    ...(startTime && { startTime }),
    ...(endTime && { endTime }),
    ...(adjustedTotal.trim() && { adjustedTotal: parseEuros(adjustedTotal) ?? Number.NaN }),
  }))
  .pipe(proposeVersionSchema);

const serviceTitleOf = (serviceId: string, fallback: string, language: string) => {
  const slug = serviceId.replace(/^svc-/, "");
  return isServiceSlug(slug) && isLanguage(language) ? serviceTitles[slug][language] : fallback;
};

function ProposeDialog({ booking, onClose }: { booking: AdminBookingDetail; onClose: () => void }) {
  const { t, i18n } = useTranslation(bookingChangesNamespace);
  const language = i18n.language;
  const catalogue = useQuery(catalogueQuery);
  const form = useForm<ProposeDraft, unknown, ProposeVersionInput>({
    resolver: zodResolver(proposeFormSchema),
    defaultValues: {
      startDate: booking.startDate,
      endDate: booking.endDate,
      startTime: booking.startTime ?? "",
      endTime: booking.endTime ?? "",
      services: booking.services.map((line) => ({ serviceId: line.serviceId, options: line.options })),
      adjustedTotal: "",
      reason: "",
    },
  });
  const { register, control, formState, setError, handleSubmit } = form;
  const lines = useFieldArray({ control, name: "services" });
  const [startDate, startTime, endTime, chosen] = useWatch({ control, name: ["startDate", "startTime", "endTime", "services"] });
  const [adding, setAdding] = useState("");
  // Added or removed lines are announced (WCAG 2.2 4.1.3): the list changes away from the focus.
  const [announcement, setAnnouncement] = useState("");
  const propose = useProposeBookingChange(booking.id);
  const submitProposal = (body: ProposeVersionInput) =>
    propose.mutate(body, {
      onSuccess: () => {
        toast.success(t("proposed_ok"));
        onClose();
      },
      // Field errors are shown beside their fields; anything else is a toast (the hook's meta).
      onError: (failure) => {
        if (!isApiError(failure)) return;
        let first = true;
        for (const field of Object.keys(failure.fields)) {
          const message = describeFieldError(failure, field);
          setError(field as Path<ProposeDraft>, { type: "server", message }, { shouldFocus: first });
          first = false;
        }
      },
    });

  const errors = formState.errors;
  /** A schema key in the dialog's words; a server's message as it came; the API's English texts by field. */
  const message = (error: { message?: string; type?: string } | undefined, fallbackKey?: TranslationKey<"bookingChanges">) => {
    if (!error?.message) return undefined;
    if (error.type === "server") return error.message;
    if (isTranslationKey(bookingChangesNamespace, error.message)) return t(error.message);
    return fallbackKey ? t(fallbackKey) : error.message;
  };
  const nextMorning = clockTimePattern.test(startTime) && clockTimePattern.test(endTime) && endsNextMorning(startTime, endTime);
  const services = catalogue.data?.services ?? [];
  const serviceOf = (serviceId: string) => services.find((service) => service.id === serviceId);
  const addable = services.filter((service) => !chosen.some((line) => line.serviceId === service.id));
  const titleOf = (serviceId: string) =>
    serviceTitleOf(
      serviceId,
      serviceOf(serviceId)?.title ?? booking.services.find((line) => line.serviceId === serviceId)?.title ?? serviceId,
      language,
    );

  const addService = () => {
    const service = serviceOf(adding);
    if (!service) return;
    lines.append(
      { serviceId: service.id, options: { ...defaultOptions(service), days: dayCountFromRange(booking.startDate, booking.endDate) } },
      { shouldFocus: true },
    );
    setAnnouncement(t("serviceAdded", { service: titleOf(service.id) }));
    setAdding("");
  };

  return (
    <FormDialog
      open
      onRequestClose={onClose}
      title={t("proposeTitle")}
      description={t("proposeBody")}
      closeLabel={t("keep")}
      testId="propose-dialog"
      onSubmit={(event) => void handleSubmit(submitProposal)(event)}
      submitLabel={t("proposeSubmit")}
      submitTestId="send-proposal"
      pending={propose.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field type="date" label={t("startDate")} error={message(errors.startDate, "selectDate")} {...register("startDate")} />
        <Field type="date" label={t("endDate")} min={startDate} error={message(errors.endDate, "selectDate")} {...register("endDate")} />
        <Field
          type="time"
          label={t("startTime")}
          optional
          error={message(errors.startTime)}
          data-testid="propose-start-time"
          {...register("startTime")}
        />
        <Field
          type="time"
          label={t("endTime")}
          optional
          hint={nextMorning ? t("endsNextMorning") : undefined}
          error={message(errors.endTime)}
          data-testid="propose-end-time"
          {...register("endTime")}
        />
      </div>
      <p className="-mt-2 text-xs text-stone">{t("timesHint")}</p>

      <fieldset className="space-y-3" data-testid="propose-services">
        <legend className="mb-2 text-sm font-semibold text-ink">{t("servicesLegend")}</legend>
        {lines.fields.map((line, index) => {
          const service = serviceOf(line.serviceId);
          const title = titleOf(line.serviceId);
          const lineErrors = errors.services?.[index];
          const durations = Object.keys(service?.durationOptions ?? {});
          return (
            <div
              key={line.id}
              role="group"
              aria-label={title}
              className="space-y-3 rounded-lg border border-ink-line/15 p-3"
              data-testid="propose-service"
            >
              <div className="flex items-start justify-between gap-3">
                <p className="min-w-0 pt-2 text-sm font-semibold break-words text-ink">{title}</p>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  disabled={lines.fields.length === 1}
                  aria-label={t("removeServiceLabel", { service: title })}
                  onClick={() => {
                    lines.remove(index);
                    setAnnouncement(t("serviceRemoved", { service: title }));
                  }}
                >
                  {t("removeService")}
                </Button>
              </div>
              <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-3">
                <Field
                  type="number"
                  min={1}
                  max={10}
                  inputMode="numeric"
                  label={
                    <>
                      {t("guardsLabel")}
                      {/* The line's service is the group's name; said again, each guards field is unique in a list of fields. */}
                      <span className="sr-only"> ({title})</span>
                    </>
                  }
                  error={message(lineErrors?.options?.guards) ?? message(lineErrors?.serviceId)}
                  {...register(`services.${index}.options.guards`, { valueAsNumber: true })}
                />
                {service?.timeOfDayPrices && (
                  <Controller
                    control={control}
                    name={`services.${index}.options.timeOfDay`}
                    render={({ field }) => (
                      <Select
                        label={t("timeOfDay")}
                        value={field.value ?? "day"}
                        onValueChange={(value) => field.onChange(timesOfDay.find((band) => band === value) ?? "day")}
                        options={timesOfDay.map((band) => ({ value: band, label: t(`bands.${band}`) }))}
                        error={message(lineErrors?.options?.timeOfDay)}
                      />
                    )}
                  />
                )}
                {durations.length > 0 && (
                  <Controller
                    control={control}
                    name={`services.${index}.options.duration`}
                    render={({ field }) => (
                      <Select
                        label={t("hoursPerDay")}
                        value={field.value ?? durations[0]}
                        onValueChange={field.onChange}
                        options={durations.map((duration) => ({
                          value: duration,
                          label: t("hours", { count: hoursOfDuration(duration) ?? 0 }),
                        }))}
                        error={message(lineErrors?.options?.duration)}
                      />
                    )}
                  />
                )}
              </div>
            </div>
          );
        })}
        {(errors.services?.message || errors.services?.root?.message) && (
          <p className="text-sm text-danger" role="alert">
            {message(errors.services.root ?? errors.services, "serviceRequired")}
          </p>
        )}
        {addable.length > 0 && (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Select
              className="min-w-0 flex-1"
              label={t("addServiceToProposal")}
              placeholder={t("chooseService")}
              optional
              value={adding}
              onValueChange={setAdding}
              options={addable.map((service) => ({ value: service.id, label: titleOf(service.id) }))}
            />
            <Button type="button" variant="outline" disabled={!adding} onClick={addService} data-testid="add-service">
              {t("addServiceButton")}
            </Button>
          </div>
        )}
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
      </fieldset>

      <Field
        label={t("adjustedTotal")}
        hint={t("adjustedHint", { total: formatMoney(booking.totalCents, language) })}
        inputMode="decimal"
        optional
        error={message(errors.adjustedTotal, "invalidTotal")}
        data-testid="propose-total"
        {...register("adjustedTotal")}
      />
      <Textarea
        label={t("proposeReason")}
        required
        maxLength={1000}
        error={message(errors.reason, "reasonRequired")}
        data-testid="propose-reason"
        {...register("reason")}
      />
    </FormDialog>
  );
}

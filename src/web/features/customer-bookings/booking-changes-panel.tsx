import { priceNoteOf } from "../../../shared/buyer-vat.ts";
import { useQuery } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm, useWatch, type FieldError } from "react-hook-form";
import { toast } from "sonner";
import { checkEngagementTimes } from "../../../shared/booking.ts";
import { z } from "zod";
import { changeRequestSchema, declineVersionSchema, pendingProposal, type ChangeRequestInput } from "../../../shared/booking-changes.ts";
import { clockTimePattern, endsNextMorning } from "../../../shared/engagement.ts";
import { formatDayRange } from "../../../shared/time.ts";
import { operatorToday } from "../../../shared/time.ts";
import { serviceTitles } from "../../../shared/service-titles.ts";
import type { CustomerBooking } from "../../../shared/customer-bookings.ts";
import { bookingChangesNamespace } from "../../components/booking-changes-translations.ts";
import { BookingChangesPanel } from "../../components/booking-changes-panel.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
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

export function CustomerBookingChanges({ booking }: { booking: CustomerBooking }) {
  const changes = useQuery(bookingChangesQuery(booking.id));
  // Owned here, not by the proposal's actions: an answered proposal leaves the page, and a mutation's
  // per-call callbacks (the toast) run only while the component that called it is mounted.
  const change = useBookingChange(booking.id);
  const [requesting, setRequesting] = useState(false);
  const { t } = useTranslation(bookingChangesNamespace);
  if (!changes.data) return null;
  const waiting = pendingProposal(changes.data);
  const pendingRequest = changes.data.requests.some((request) => request.status === "pending");
  const hasHistory = changes.data.versions.length > 1 || changes.data.requests.length > 0;
  if (!waiting && !hasHistory && !changeable(booking)) return null;

  return (
    <BookingChangesPanel
      reader="customer"
      changes={changes.data}
      priceNote={priceNoteOf(booking.buyerVat)}
      showProposal={changeable(booking)}
      proposalActions={waiting && <ProposalActions change={change} versionId={waiting.proposed.id} />}
    >
      {changeable(booking) && !pendingRequest && !waiting && (
        <Button variant="outline" onClick={() => setRequesting(true)} data-testid="request-change">
          {t("request")}
        </Button>
      )}
      {requesting && <RequestDialog booking={booking} change={change} onClose={() => setRequesting(false)} />}
    </BookingChangesPanel>
  );
}

function ProposalActions({ change, versionId }: { change: ReturnType<typeof useBookingChange>; versionId: string }) {
  const { t } = useTranslation(bookingChangesNamespace);
  const [declining, setDeclining] = useState(false);
  const decline = (reason: string | undefined) => {
    change.mutate(
      { kind: "decline", versionId, ...(reason && { reason }) },
      {
        onSuccess: () => {
          setDeclining(false);
          toast.success(t("declined"));
        },
      },
    );
  };
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          loading={change.isPending && change.variables.kind === "approve"}
          onClick={() => change.mutate({ kind: "approve", versionId }, { onSuccess: () => toast.success(t("approved")) })}
          data-testid="approve-version"
        >
          {t("approve")}
        </Button>
        <Button variant="outline" onClick={() => setDeclining(true)} data-testid="decline-version">
          {t("decline")}
        </Button>
      </div>
      <ReasonDialog
        open={declining}
        onRequestClose={() => setDeclining(false)}
        title={t("declineTitle")}
        description={t("declineBody")}
        closeLabel={t("keep")}
        schema={declineVersionSchema}
        label={t("declineReason")}
        optional
        maxLength={1000}
        requiredMessage={t("reasonRequired")}
        submitLabel={t("declineSubmit")}
        submitVariant="danger"
        cancelLabel={t("keep")}
        pending={change.isPending}
        onReason={decline}
      />
    </>
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
  const booked = new Set(booking.services.map((line) => line.serviceId));
  const options = [
    { value: "none", label: t("noService") },
    ...Object.entries(serviceTitles)
      .filter(([slug]) => !booked.has(`svc-${slug}`))
      .map(([slug, titles]) => ({ value: `svc-${slug}`, label: titles[language] })),
  ];
  // ADR 201: the API's request (changeRequestSchema) from the dialog's fields: what is left empty
  // is not asked for, the times only when changed (the booking's are shown to change in place), and
  // the times (new or the booking's) checked against every service the booking would have (ADR 193),
  // as the server checks them.
  const requestFormSchema = z
    .object({
      startDate: z.string(),
      endDate: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      meetingPoint: z.string(),
      addServices: z.string(),
      message: z.string(),
    })
    .transform(({ startDate, endDate, startTime, endTime, meetingPoint, addServices, message }): ChangeRequestInput => {
      const timesChanged = startTime !== (booking.startTime ?? "") || endTime !== (booking.endTime ?? "");
      return {
        ...(startDate && { startDate }),
        ...(endDate && { endDate }),
        ...(timesChanged && startTime && { startTime }),
        ...(timesChanged && endTime && { endTime }),
        ...(meetingPoint.trim() && { meetingPoint }),
        ...(addServices !== "none" && { addServices: [{ serviceId: addServices, options: { guards: 1, days: booking.totalDays } }] }),
        ...(message.trim() && { message }),
      };
    })
    .pipe(
      changeRequestSchema.superRefine((value, context) => {
        const newTimes = value.startTime !== undefined || value.endTime !== undefined;
        checkEngagementTimes(
          {
            startTime: newTimes ? value.startTime : (booking.startTime ?? undefined),
            endTime: newTimes ? value.endTime : (booking.endTime ?? undefined),
            services: [...booking.services, ...(value.addServices ?? [])],
          },
          context,
        );
      }),
    );
  const form = useForm({
    resolver: zodResolver(requestFormSchema),
    defaultValues: {
      startDate: "",
      endDate: "",
      startTime: booking.startTime ?? "",
      endTime: booking.endTime ?? "",
      meetingPoint: "",
      addServices: "none",
      message: "",
    },
  });
  const errors = form.formState.errors;
  const [startDate, startTime, endTime] = useWatch({ control: form.control, name: ["startDate", "startTime", "endTime"] });
  // A shared schema's message is a translation key (ADR 027); the server's comes worded.
  const message = (error: FieldError | undefined) =>
    error?.message && translateData(t, bookingChangesNamespace, error.message, error.message);

  const submit = form.handleSubmit((body) =>
    change.mutate(
      { kind: "request", body },
      {
        onSuccess: () => {
          toast.success(t("sent"));
          onClose();
        },
        onError: (error) => {
          const fields = (error as { fields?: Record<string, string> }).fields ?? {};
          for (const [field, fieldMessage] of Object.entries(fields)) {
            const name = (["startDate", "endDate", "startTime", "endTime", "meetingPoint", "addServices", "message"] as const).find(
              (known) => known === field,
            );
            if (name) form.setError(name, { type: "server", message: fieldMessage });
          }
        },
      },
    ),
  );

  return (
    <FormDialog
      open
      onRequestClose={onClose}
      title={t("requestTitle")}
      description={t("requestBody")}
      closeLabel={t("keep")}
      testId="request-dialog"
      onSubmit={(event) => void submit(event)}
      submitLabel={t("send")}
      submitTestId="send-request"
      pending={change.isPending}
    >
      <p className="text-sm text-stone">{formatDayRange(booking.startDate, booking.endDate, i18n.language)}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          type="date"
          label={t("newStart")}
          optional
          min={operatorToday(new Date())}
          // The schema asks for at least one change under the start date; with no date typed it says so in the reader's words.
          error={errors.startDate && (startDate ? message(errors.startDate) : t("requestNeedsChange"))}
          data-testid="request-start"
          {...form.register("startDate")}
        />
        <Field
          type="date"
          label={t("newEnd")}
          hint={t("newEndHint")}
          optional
          min={startDate || operatorToday(new Date())}
          error={message(errors.endDate)}
          {...form.register("endDate")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          type="time"
          label={t("startTime")}
          optional
          error={message(errors.startTime)}
          data-testid="request-start-time"
          {...form.register("startTime")}
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
          error={message(errors.endTime)}
          data-testid="request-end-time"
          {...form.register("endTime")}
        />
      </div>
      <p className="-mt-2 text-xs text-stone">{t("requestTimesHint")}</p>
      <Field
        label={t("newMeetingPoint")}
        optional
        maxLength={200}
        error={message(errors.meetingPoint)}
        {...form.register("meetingPoint")}
      />
      <Controller
        control={form.control}
        name="addServices"
        render={({ field }) => (
          <Select
            label={t("addService")}
            optional
            options={options}
            value={field.value}
            error={message(errors.addServices)}
            onValueChange={field.onChange}
          />
        )}
      />
      <Textarea label={t("message")} optional maxLength={1000} error={message(errors.message)} {...form.register("message")} />
    </FormDialog>
  );
}

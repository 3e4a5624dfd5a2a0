import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { bookingReference } from "../../../shared/booking-reference.ts";
import { formatMoney } from "../../../shared/money.ts";
import { seriesChangeSchema, type SeriesOccurrenceView } from "../../../shared/series-schema.ts";
import { seriesChangeScopes, type SeriesChangeScope } from "../../../shared/series.ts";
import { formatDay, formatDayRange, operatorToday } from "../../../shared/time.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { RadioGroup } from "../../components/ui/radio-group.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { i18n, isTranslationKey, useTranslation } from "../../lib/i18n.ts";
import { seriesQuery, useChangeSeries } from "./api.ts";
import { seriesNamespace } from "./series-translations.ts";

// docs/series.md: one series — every occurrence with its days, Stockholm times, real hours (ADR 282),
// status and total — and its changes: move or cancel "this", "this and the following" or "all
// remaining" (ADR 281). Each change sends one mail with the whole series for the calendar (ADR 283).

type Change = { kind: "move" | "cancel"; occurrence: SeriesOccurrenceView };

export function SeriesDetailPage({ id }: { id: string }) {
  const { t } = useTranslation(seriesNamespace);
  const series = useQuery(seriesQuery(id));
  const [change, setChange] = useState<Change | null>(null);
  const language = i18n.language;
  const today = operatorToday(new Date());

  return (
    <section aria-labelledby="series-detail-heading">
      <Link
        to="/customer-dashboard/series"
        className="inline-flex items-center gap-2 text-sm text-gold-deep underline-offset-4 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t("back")}
      </Link>
      {series.isPending && (
        <p className="mt-6 flex items-center gap-2 text-sm text-stone" role="status" aria-live="polite">
          <Spinner className="h-5 w-5 text-gold-deep" />
          {t("loading")}
        </p>
      )}
      {series.isError && (
        <div className="mt-6">
          <Notice tone="error" title={t("notFound")} />
        </div>
      )}
      {series.data && (
        <>
          <h2 id="series-detail-heading" className="mt-4 text-2xl tracking-[0.08em]">
            {t("open", { reference: bookingReference(series.data.id) })}
          </h2>
          <p className="mt-2 text-sm text-stone">
            {series.data.location} · {series.data.confirmed ? t("confirmed") : t("awaiting")}
          </p>
          <h3 className="mt-6 text-lg font-semibold tracking-wide">{t("occurrences")}</h3>
          <ol className="mt-3 space-y-3" data-testid="series-occurrences">
            {series.data.occurrences.map((occurrence) => {
              const open = !occurrence.cancelled && occurrence.day >= today;
              const hours = Math.round(occurrence.realHours * 100) / 100;
              return (
                <li
                  key={occurrence.occurrenceDay}
                  className="flex flex-col gap-3 rounded-lg border border-ink-line/15 bg-white p-4 md:flex-row md:items-center md:justify-between"
                  data-testid="series-occurrence"
                  data-occurrence-day={occurrence.occurrenceDay}
                >
                  <div className="min-w-0">
                    <p className="font-semibold">{formatDayRange(occurrence.day, occurrence.lastDay, language)}</p>
                    <p className="text-sm text-stone">
                      {t("occurrence.times", { start: occurrence.startTime, end: occurrence.endTime })} ·{" "}
                      {occurrence.realHours === occurrence.wallClockHours
                        ? t("occurrence.hours", { hours: String(hours) })
                        : t("occurrence.hoursChanged", { hours: String(hours) })}
                    </p>
                    <p className="text-sm">
                      {occurrence.cancelled
                        ? t("occurrence.cancelled")
                        : occurrence.status
                          ? t(`status.${occurrence.status}`)
                          : t("occurrence.notBooked")}
                      {occurrence.totalCents !== null && !occurrence.cancelled && ` · ${formatMoney(occurrence.totalCents, language)}`}
                    </p>
                  </div>
                  {open && (
                    <div className="flex shrink-0 gap-2">
                      <Button variant="outline" size="sm" onClick={() => setChange({ kind: "move", occurrence })}>
                        {t("occurrence.move")}
                      </Button>
                      <Button variant="outline" size="sm" onClick={() => setChange({ kind: "cancel", occurrence })}>
                        {t("occurrence.cancel")}
                      </Button>
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
          {change && (
            <ChangeDialog
              key={`${change.kind}-${change.occurrence.occurrenceDay}`}
              seriesId={id}
              change={change}
              onClose={() => setChange(null)}
            />
          )}
        </>
      )}
    </section>
  );
}

type ChangeValues = z.input<typeof seriesChangeSchema>;

function ChangeDialog({ seriesId, change, onClose }: { seriesId: string; change: Change; onClose: () => void }) {
  const { t } = useTranslation(seriesNamespace);
  const mutation = useChangeSeries(seriesId);
  const { occurrence } = change;
  const defaults: ChangeValues =
    change.kind === "move"
      ? {
          action: "move",
          scope: "this",
          occurrenceDay: occurrence.occurrenceDay,
          day: occurrence.day,
          startTime: occurrence.startTime,
          endTime: occurrence.endTime,
        }
      : { action: "cancel", scope: "this", occurrenceDay: occurrence.occurrenceDay };
  const form = useForm<ChangeValues, unknown, z.output<typeof seriesChangeSchema>>({
    resolver: zodResolver(seriesChangeSchema),
    defaultValues: defaults,
  });
  const errors = form.formState.errors as Partial<Record<"day" | "startTime" | "endTime", { message?: string }>>;
  const message = (text: string | undefined) => (text && isTranslationKey(seriesNamespace, text) ? t(text) : text);
  const day = formatDay(occurrence.day, i18n.language);
  const submit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast.success(t("changed"));
      onClose();
    } catch {
      // The query client words the failure in a toast (ADR 205).
    }
  });
  return (
    <FormDialog
      open
      onRequestClose={onClose}
      title={change.kind === "move" ? t("moveTitle", { day }) : t("cancelTitle", { day })}
      description={change.kind === "cancel" ? t("cancelBody") : undefined}
      onSubmit={submit}
      submitLabel={change.kind === "move" ? t("moveSubmit") : t("cancelSubmit")}
      submitVariant={change.kind === "cancel" ? "danger" : undefined}
      cancelLabel={t("keep")}
      pending={mutation.isPending}
      formTestId="series-change-form"
    >
      <Controller
        control={form.control}
        name="scope"
        render={({ field }) => (
          <RadioGroup<SeriesChangeScope>
            legend={t("scope.legend")}
            name="scope"
            value={field.value}
            onValueChange={field.onChange}
            options={seriesChangeScopes.map((scope) => ({ value: scope, label: t(`scope.${scope}`) }))}
          />
        )}
      />
      {change.kind === "move" && (
        <>
          <Field label={t("moveDay")} type="date" error={message(errors.day?.message)} {...form.register("day")} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t("startTime")} type="time" error={message(errors.startTime?.message)} {...form.register("startTime")} />
            <Field label={t("endTime")} type="time" error={message(errors.endTime?.message)} {...form.register("endTime")} />
          </div>
        </>
      )}
    </FormDialog>
  );
}

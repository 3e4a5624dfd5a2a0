import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { createSeriesSchema } from "../../../shared/series-schema.ts";
import { addDays, operatorToday, weekdayNames } from "../../../shared/time.ts";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { RadioGroup } from "../../components/ui/radio-group.tsx";
import { Select } from "../../components/ui/select.tsx";
import { i18n, isTranslationKey, useTranslation } from "../../lib/i18n.ts";
import { seriesCardsQuery, useCreateSeries } from "./api.ts";
import { seriesNamespace } from "./series-translations.ts";

// docs/series.md: the customer books a series in one form — weekend protection on chosen weekdays,
// every N weeks or monthly on a day, to a count or a date, with Stockholm start and end times —
// checked with the shared schema (ADR 280) and sent once; the server books each occurrence.

type Values = z.input<typeof createSeriesSchema>;

/** Residential protection, day and night: the protection booked week after week (docs/series.md). */
const residentialService = "svc-residential";

function initialValues(language: string): Values {
  const today = operatorToday(new Date());
  return {
    seriesId: crypto.randomUUID(),
    location: "",
    services: [{ serviceId: residentialService, options: { guards: 1, days: 2, timeOfDay: "day_night" } }],
    days: 2,
    startTime: "10:00",
    endTime: "22:00",
    rule: { frequency: "weekly", interval: 1, weekdays: [6], monthDay: null, firstDay: addDays(today, 7), count: 8, until: null },
    language: language.startsWith("sv") ? "sv" : "en",
  };
}

export function NewSeriesForm() {
  const { t } = useTranslation(seriesNamespace);
  const navigate = useNavigate();
  const cards = useQuery(seriesCardsQuery);
  const create = useCreateSeries();
  const [consent, setConsent] = useState(false);
  const [cardId, setCardId] = useState<string | undefined>(undefined);
  const form = useForm<Values, unknown, z.output<typeof createSeriesSchema>>({
    resolver: zodResolver(createSeriesSchema),
    defaultValues: initialValues(i18n.language),
  });
  const errors = form.formState.errors;
  const [frequency, weekdays, until] = useWatch({ control: form.control, name: ["rule.frequency", "rule.weekdays", "rule.until"] });
  const endsOn = until !== null && until !== undefined ? "until" : "count";
  const message = (text: string | undefined) => (text && isTranslationKey(seriesNamespace, text) ? t(text) : text);
  const savedCards = cards.data?.paymentMethods ?? [];
  const chosenCard = cardId ?? savedCards.find((card) => card.isDefault)?.id ?? savedCards[0]?.id;

  const submit = form.handleSubmit(async (values) => {
    if (!chosenCard) return;
    try {
      const series = await create.mutateAsync({
        ...values,
        rule: { ...values.rule, weekdays: [...values.rule.weekdays] },
        services: values.services.map((line) => ({ ...line, options: { ...line.options, days: values.days } })),
        payment: { paymentMethodId: chosenCard, chargeLaterConsent: consent },
      });
      toast.success(t("booked"));
      await navigate(`/customer-dashboard/series/${series.id}`);
    } catch {
      // The query client words the failure in a toast (ADR 205); the form keeps what was typed.
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-6 space-y-5 rounded-lg border border-ink-line/15 bg-white p-5 md:p-6"
      data-testid="new-series-form"
    >
      <h3 className="text-lg font-semibold tracking-wide">{t("newHeading")}</h3>
      <p className="text-sm text-stone">{t("service")}</p>
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          label={t("location")}
          autoComplete="address-level2"
          error={message(errors.location?.message)}
          {...form.register("location")}
        />
        <Controller
          control={form.control}
          name="services.0.options.guards"
          render={({ field }) => (
            <Select
              label={t("guards")}
              value={String(field.value)}
              onValueChange={(value) => field.onChange(Number(value))}
              options={[1, 2, 3, 4].map((count) => ({ value: String(count), label: String(count) }))}
            />
          )}
        />
      </div>
      <Controller
        control={form.control}
        name="rule.frequency"
        render={({ field }) => (
          <RadioGroup
            legend={t("frequency")}
            name="frequency"
            variant="segmented"
            value={field.value}
            onValueChange={(value) => {
              field.onChange(value);
              form.setValue("rule.monthDay", value === "monthly" ? 1 : null);
              form.setValue("rule.weekdays", value === "weekly" ? [6] : []);
            }}
            options={[
              { value: "weekly", label: t("weekly") },
              { value: "monthly", label: t("monthly") },
            ]}
          />
        )}
      />
      {frequency === "weekly" ? (
        <fieldset>
          <legend className="mb-1.5 text-xs font-semibold tracking-[0.15em] text-stone uppercase">{t("weekdays")}</legend>
          <div className="flex flex-wrap gap-2">
            {weekdayNames(i18n.language).map((name, index) => {
              const weekday = index + 1;
              const chosen = (weekdays ?? []).includes(weekday);
              return (
                <Checkbox
                  key={name}
                  label={name}
                  checked={chosen}
                  onCheckedChange={(checked) =>
                    form.setValue(
                      "rule.weekdays",
                      checked ? [...(weekdays ?? []), weekday] : (weekdays ?? []).filter((day) => day !== weekday),
                      { shouldValidate: form.formState.isSubmitted },
                    )
                  }
                />
              );
            })}
          </div>
          {errors.rule?.weekdays?.message && <p className="mt-1 text-sm text-danger">{errors.rule.weekdays.message}</p>}
        </fieldset>
      ) : (
        <Field
          label={t("monthDay")}
          type="number"
          min={1}
          max={31}
          error={errors.rule?.monthDay?.message}
          {...form.register("rule.monthDay", { valueAsNumber: true })}
        />
      )}
      <div className="grid gap-4 md:grid-cols-3">
        <Field
          label={t("interval")}
          type="number"
          min={1}
          max={12}
          error={errors.rule?.interval?.message}
          {...form.register("rule.interval", { valueAsNumber: true })}
        />
        <Field label={t("firstDay")} type="date" error={message(errors.rule?.firstDay?.message)} {...form.register("rule.firstDay")} />
        <Field
          label={t("days")}
          type="number"
          min={1}
          max={7}
          error={errors.days?.message}
          {...form.register("days", { valueAsNumber: true })}
        />
      </div>
      <RadioGroup
        legend={t("end")}
        name="ends"
        variant="segmented"
        value={endsOn}
        onValueChange={(value) => {
          form.setValue("rule.until", value === "until" ? addDays(form.getValues("rule.firstDay"), 56) : null);
          form.setValue("rule.count", value === "count" ? 8 : null);
        }}
        options={[
          { value: "count", label: t("endCount") },
          { value: "until", label: t("endUntil") },
        ]}
      />
      {endsOn === "count" ? (
        <Field
          label={t("count")}
          type="number"
          min={1}
          max={104}
          error={errors.rule?.count?.message}
          {...form.register("rule.count", { valueAsNumber: true })}
        />
      ) : (
        <Field label={t("until")} type="date" error={errors.rule?.until?.message} {...form.register("rule.until")} />
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <Field label={t("startTime")} type="time" error={message(errors.startTime?.message)} {...form.register("startTime")} />
        <Field label={t("endTime")} type="time" error={message(errors.endTime?.message)} {...form.register("endTime")} />
      </div>
      {savedCards.length === 0 ? (
        cards.isSuccess && <Notice tone="info" title={t("noCard")} />
      ) : (
        <>
          <Select
            label={t("card")}
            value={chosenCard}
            onValueChange={setCardId}
            options={savedCards.map((card) => ({ value: card.id, label: `${card.brand} •••• ${card.lastFour}` }))}
          />
          <Checkbox label={t("consent")} checked={consent} onCheckedChange={setConsent} />
        </>
      )}
      <Button type="submit" loading={create.isPending} disabled={!chosenCard} className="w-full md:w-auto" data-testid="book-series">
        {t("submit")}
      </Button>
    </form>
  );
}

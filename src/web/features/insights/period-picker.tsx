import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { insightsPresetDays, insightsQuerySchema, type InsightsPeriod } from "../../../shared/insights.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { useTranslation, translateData } from "../../lib/i18n.ts";
import type { InsightsPeriodChoice } from "./api.ts";
import "./insights-translations.ts";

// The period picker: the last 7, 30 or 90 days (today included, as the server counts today in
// Stockholm), or a custom range checked with the API's own schema (src/shared/insights.ts) before
// it is asked for. The choice lives in the address (?days=7, ?from=…&to=…), so a period can be
// bookmarked and the back button returns to the last one.

type PeriodInput = z.input<typeof insightsQuerySchema>;

export function PeriodPicker({
  choice,
  shown,
  today,
  onChange,
}: {
  choice: InsightsPeriodChoice;
  /** The period of the report on screen, once it has arrived: the custom form starts from it. */
  shown: InsightsPeriod | undefined;
  today: string | undefined;
  onChange: (choice: InsightsPeriodChoice) => void;
}) {
  const { t } = useTranslation("insights");
  const [custom, setCustom] = useState(!("days" in choice));
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PeriodInput>({ resolver: zodResolver(insightsQuerySchema), defaultValues: { from: shown?.from, to: shown?.to } });
  useEffect(() => reset({ from: shown?.from, to: shown?.to }), [shown?.from, shown?.to, reset]);
  const message = (text: string | undefined) => (text ? translateData(t, "insights", `period.invalid.${text}`, text) : undefined);
  const presetShown = "days" in choice && !custom ? choice.days : undefined;

  return (
    <div className="mt-6 rounded-xl border border-ink-line/15 bg-white p-4" data-testid="period-picker">
      <div role="group" aria-labelledby="insights-period-legend" className="flex flex-wrap items-center gap-2">
        <span id="insights-period-legend" className="mr-2 text-sm font-semibold">
          {t("period.legend")}
        </span>
        {insightsPresetDays.map((days) => (
          <Button
            key={days}
            size="sm"
            variant={presetShown === days ? "primary" : "outline"}
            aria-pressed={presetShown === days}
            onClick={() => {
              setCustom(false);
              onChange({ days });
            }}
          >
            {t("period.last", { count: days })}
          </Button>
        ))}
        <Button size="sm" variant={custom ? "primary" : "outline"} aria-pressed={custom} onClick={() => setCustom(true)}>
          {t("period.custom")}
        </Button>
      </div>
      {custom && (
        <form
          noValidate
          className="mt-4 grid items-start gap-4 sm:grid-cols-[1fr_1fr_auto]"
          onSubmit={handleSubmit((values) => {
            if (values.from && values.to) onChange({ from: values.from, to: values.to });
          })}
        >
          <Field
            id="insights-from"
            label={t("period.from")}
            type="date"
            max={today}
            error={message(errors.from?.message)}
            {...register("from")}
          />
          <Field id="insights-to" label={t("period.to")} type="date" max={today} error={message(errors.to?.message)} {...register("to")} />
          <Button type="submit" className="sm:mt-7">
            {t("period.apply")}
          </Button>
        </form>
      )}
    </div>
  );
}

import { useQuery } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { serviceEditSchema, type EditableService, type ServiceEditInput } from "../../../shared/operator.ts";
import { serviceTypes } from "../../../shared/service-types.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Select } from "../../components/ui/select.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { catalogueQuery, useSaveService } from "./api.ts";
import "./operator-translations.ts";

// The catalogue editor (ADR 070): every docs/product.md §3 field of a service, prices in euros, checked by
// the same schema as the API. Option maps are written one "label = multiplier" per line. New
// quotes use a saved change at once; stored bookings keep their price.

type Draft = Record<
  "slug" | "title" | "description" | "priceUnit" | "basePrice" | "originalPrice" | "minGuards" | "maxGuards" | "sortOrder",
  string
> & {
  type: string;
  guardMultiplier: boolean;
  durationOptions: string;
  styleOptions: string;
  carOptions: string;
  carPrices: string;
  timeOfDayPrices: string;
};

const mapToText = (map: Record<string, number> | null) =>
  map
    ? Object.entries(map)
        .map(([key, value]) => `${key} = ${value}`)
        .join("\n")
    : "";

function textToMap(text: string): Record<string, number> | null {
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return null;
  return Object.fromEntries(
    lines.map((line) => line.split("=").map((part) => part.trim())).map(([key = "", value = ""]) => [key, Number(value)]),
  );
}

function toDraft(service: EditableService): Draft {
  return {
    slug: service.slug,
    title: service.title,
    description: service.description,
    type: service.type,
    priceUnit: service.priceUnit,
    basePrice: String(service.basePrice),
    originalPrice: service.originalPrice === null ? "" : String(service.originalPrice),
    guardMultiplier: service.guardMultiplier,
    minGuards: String(service.minGuards),
    maxGuards: String(service.maxGuards),
    sortOrder: String(service.sortOrder),
    durationOptions: mapToText(service.durationOptions),
    styleOptions: service.styleOptions.join(", "),
    carOptions: mapToText(service.carOptions),
    carPrices: mapToText(service.carPrices),
    timeOfDayPrices: mapToText(service.timeOfDayPrices),
  };
}

const amount = (text: string) => Number(text.replace(",", "."));

function toInput(draft: Draft): ServiceEditInput {
  return {
    slug: draft.slug.trim(),
    title: draft.title,
    description: draft.description,
    type: draft.type as ServiceEditInput["type"],
    priceUnit: draft.priceUnit,
    basePrice: amount(draft.basePrice),
    originalPrice: draft.originalPrice.trim() === "" ? null : amount(draft.originalPrice),
    guardMultiplier: draft.guardMultiplier,
    minGuards: Number(draft.minGuards),
    maxGuards: Number(draft.maxGuards),
    sortOrder: Number(draft.sortOrder),
    durationOptions: textToMap(draft.durationOptions) ?? {},
    styleOptions: draft.styleOptions
      .split(",")
      .map((style) => style.trim())
      .filter(Boolean),
    carOptions: textToMap(draft.carOptions) as ServiceEditInput["carOptions"],
    carPrices: textToMap(draft.carPrices) as ServiceEditInput["carPrices"],
    timeOfDayPrices: textToMap(draft.timeOfDayPrices) as ServiceEditInput["timeOfDayPrices"],
  };
}

// The form holds the draft as text; on submit the draft becomes the API's input and is checked by the
// API's schema, so each field's error lands on the field that holds it.
const serviceFormSchema = z
  .custom<Draft>()
  .transform((draft) => toInput(draft))
  .pipe(serviceEditSchema);

export function CatalogueEditor() {
  const { t } = useTranslation("operator");
  const catalogue = useQuery(catalogueQuery);
  const [selected, setSelected] = useState<string | undefined>();
  return (
    <section className="container-page py-10" aria-labelledby="catalogue-heading" data-testid="catalogue-editor">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1 id="catalogue-heading" className="mt-2 text-3xl">
        {t("catalogue.title")}
      </h1>
      <p className="mt-2 max-w-prose text-stone">{t("catalogue.intro")}</p>
      <QueryState
        query={catalogue}
        loadingLabel={t("catalogue.loading")}
        loadingClassName="mt-8 space-y-3"
        loading={
          <>
            <Skeleton className="h-12 w-72" />
            <Skeleton className="h-64 w-full" />
          </>
        }
      >
        {({ services }) => {
          const current = services.find((service) => service.id === selected) ?? services[0];
          // isEmpty has shown nothing for an empty catalogue already.
          if (!current) return null;
          return (
            <div className="mt-8 space-y-6">
              <Select
                className="max-w-md"
                label={t("catalogue.service")}
                value={current.id}
                onValueChange={setSelected}
                options={services.map((service) => ({ value: service.id, label: service.title }))}
              />
              <ServiceForm key={current.id} service={current} />
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}

function ServiceForm({ service }: { service: EditableService }) {
  const { t } = useTranslation("operator");
  const form = useForm({ resolver: zodResolver(serviceFormSchema), defaultValues: toDraft(service) });
  const errors = form.formState.errors;
  // The schema's messages are the API's English; the console says the same thing in its own words.
  const error = (key: keyof Draft) => (errors[key] ? t("catalogue.invalid") : undefined);
  const save = useSaveService(service.id);
  const submit = form.handleSubmit((input) => save.mutate(input, { onSuccess: () => toast.success(t("dialogs.saved")) }));
  const text = (
    key: Exclude<keyof Draft, "guardMultiplier" | "type" | "description">,
    extra: { hint?: string; inputMode?: "decimal" | "numeric"; optional?: boolean } = {},
  ) => <Field label={t(`catalogue.fields.${key}`)} error={error(key)} {...extra} {...form.register(key)} />;
  const lines = (key: "durationOptions" | "carOptions" | "carPrices" | "timeOfDayPrices") => (
    <Textarea
      label={t(`catalogue.fields.${key}`)}
      hint={t("catalogue.linesHint")}
      optional={key !== "durationOptions"}
      rows={3}
      error={error(key)}
      {...form.register(key)}
    />
  );
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid gap-5 rounded-xl border border-ink-line/15 bg-white p-5 md:grid-cols-2"
    >
      {text("title")}
      {text("slug")}
      <div className="md:col-span-2">
        <Textarea label={t("catalogue.fields.description")} rows={4} error={error("description")} {...form.register("description")} />
      </div>
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => (
          <Select
            label={t("catalogue.fields.type")}
            value={field.value}
            onValueChange={field.onChange}
            options={serviceTypes.map((type) => ({ value: type, label: t(`services.${type}`) }))}
          />
        )}
      />
      {text("priceUnit")}
      {text("basePrice", { inputMode: "decimal" })}
      {text("originalPrice", { inputMode: "decimal", optional: true, hint: t("catalogue.originalHint") })}
      {text("minGuards", { inputMode: "numeric" })}
      {text("maxGuards", { inputMode: "numeric" })}
      <Controller
        control={form.control}
        name="guardMultiplier"
        render={({ field }) => (
          <Switch label={t("catalogue.fields.guardMultiplier")} checked={field.value} onCheckedChange={field.onChange} />
        )}
      />
      {text("sortOrder", { inputMode: "numeric" })}
      {lines("durationOptions")}
      {text("styleOptions", { hint: t("catalogue.stylesHint") })}
      {lines("timeOfDayPrices")}
      {lines("carOptions")}
      {lines("carPrices")}
      <div className="md:col-span-2">
        <Button type="submit" loading={save.isPending}>
          {t("catalogue.save")}
        </Button>
      </div>
    </form>
  );
}

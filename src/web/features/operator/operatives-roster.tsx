import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { operativeSchema, operativeSkills, type Operative } from "../../../shared/operator.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { InviteOperative, OperativeRating } from "./invite-operative.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../../components/ui/table.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { operativesQuery, useSaveOperative } from "./api.ts";
import { formatDay } from "../../../shared/time.ts";
import "./operator-translations.ts";

// The operatives roster (ADR 070): who can be assigned, their licence and its expiry, languages
// and skills. The form is checked with the same schema as the API (src/shared/operator.ts); each
// field's message is the console's own translation.

// The form edits the languages as one line ("sv, en"); the rest is the API's schema as it is.
const operativeFormSchema = operativeSchema.extend({
  languages: z
    .string()
    .transform((line) =>
      line
        .split(",")
        .map((language) => language.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(operativeSchema.shape.languages.unwrap()),
});
type Draft = z.input<typeof operativeFormSchema>;
const emptyDraft: Draft = { name: "", phone: "", licenceNumber: "", licenceExpiresOn: "", languages: "sv, en", skills: [], active: true };

function toDraft(operative: Operative): Draft {
  return { ...operative, languages: operative.languages.join(", ") };
}

export function OperativesRoster() {
  const { t, i18n } = useTranslation("operator");
  const operatives = useQuery(operativesQuery);
  const [editing, setEditing] = useState<{ id?: string; draft: Draft } | null>(null);
  const today = new Date().toISOString().slice(0, 10);

  return (
    <section className="container-page py-10" aria-labelledby="roster-heading" data-testid="operatives-roster">
      <p className="eyebrow">{t("eyebrow")}</p>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <h1 id="roster-heading" className="text-3xl">
          {t("roster.title")}
        </h1>
        <Button onClick={() => setEditing({ draft: emptyDraft })}>{t("roster.add")}</Button>
      </div>
      <div className="mt-8">
        <QueryState
          query={operatives}
          loadingLabel={t("roster.loading")}
          loadingClassName="space-y-3"
          loading={
            <>
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </>
          }
          isEmpty={(data) => data.operatives.length === 0}
          empty={<EmptyState icon={Users} title={t("roster.emptyTitle")} description={t("roster.emptyBody")} titleLevel="h2" />}
        >
          {(data) => (
            <Table caption={t("roster.title")} captionHidden>
              <TableHead>
                <TableRow>
                  <TableHeaderCell>{t("roster.name")}</TableHeaderCell>
                  <TableHeaderCell>{t("roster.phone")}</TableHeaderCell>
                  <TableHeaderCell>{t("roster.licence")}</TableHeaderCell>
                  <TableHeaderCell>{t("roster.skills")}</TableHeaderCell>
                  <TableHeaderCell className="relative">
                    <span className="sr-only">{t("roster.edit")}</span>
                  </TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.operatives.map((operative) => (
                  <TableRow key={operative.id} data-testid="operative-row">
                    <TableCell>
                      <span className="font-semibold">{operative.name}</span>
                      {!operative.active && (
                        <Badge tone="muted" className="ml-2">
                          {t("roster.inactive")}
                        </Badge>
                      )}
                      <span className="block text-xs text-stone">{operative.languages.join(", ").toUpperCase()}</span>
                      <OperativeRating operativeId={operative.id} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{operative.phone}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      {operative.licenceNumber}
                      <span className={`block text-xs ${operative.licenceExpiresOn < today ? "font-semibold text-red-800" : "text-stone"}`}>
                        {t(operative.licenceExpiresOn < today ? "roster.expired" : "roster.validUntil", {
                          date: formatDay(operative.licenceExpiresOn, i18n.language),
                        })}
                      </span>
                    </TableCell>
                    <TableCell>{operative.skills.map((skill) => t(`roster.skillNames.${skill}`)).join(", ")}</TableCell>
                    <TableCell>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={t("roster.editNamed", { name: operative.name })}
                        onClick={() => setEditing({ id: operative.id, draft: toDraft(operative) })}
                      >
                        {t("roster.edit")}
                      </Button>
                      {operative.active && <InviteOperative operative={operative} />}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </QueryState>
      </div>
      {editing && <OperativeDialog id={editing.id} draft={editing.draft} onClose={() => setEditing(null)} />}
    </section>
  );
}

function OperativeDialog({ id, draft, onClose }: { id?: string; draft: Draft; onClose: () => void }) {
  const { t } = useTranslation("operator");
  const form = useForm({ resolver: zodResolver(operativeFormSchema), defaultValues: draft });
  const errors = form.formState.errors;
  // Each field's message is the console's own (the schema's English is the API's).
  const error = (field: keyof Draft) => (errors[field] ? t(`roster.invalid.${field}`) : undefined);
  const save = useSaveOperative(id);
  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => {
        toast.success(t("dialogs.saved"));
        onClose();
      },
    }),
  );
  return (
    <FormDialog
      open
      onRequestClose={onClose}
      title={id ? t("roster.editTitle") : t("roster.addTitle")}
      closeLabel={t("dialogs.close")}
      testId="operative-dialog"
      onSubmit={(event) => void submit(event)}
      submitLabel={t("roster.save")}
      pending={save.isPending}
    >
      <Field label={t("roster.name")} required error={error("name")} {...form.register("name")} />
      <Field label={t("roster.phone")} required type="tel" error={error("phone")} {...form.register("phone")} />
      <Field label={t("roster.licenceNumber")} required error={error("licenceNumber")} {...form.register("licenceNumber")} />
      <Field
        label={t("roster.licenceExpiresOn")}
        required
        type="date"
        error={error("licenceExpiresOn")}
        {...form.register("licenceExpiresOn")}
      />
      <Field label={t("roster.languages")} hint={t("roster.languagesHint")} error={error("languages")} {...form.register("languages")} />
      <Controller
        control={form.control}
        name="skills"
        render={({ field }) => {
          const chosen = field.value ?? [];
          return (
            <fieldset className="space-y-2">
              <legend className="mb-1 text-sm font-semibold">{t("roster.skills")}</legend>
              {operativeSkills.map((skill) => (
                <Checkbox
                  key={skill}
                  label={t(`roster.skillNames.${skill}`)}
                  checked={chosen.includes(skill)}
                  onCheckedChange={(checked) => field.onChange(checked ? [...chosen, skill] : chosen.filter((value) => value !== skill))}
                />
              ))}
            </fieldset>
          );
        }}
      />
      <Controller
        control={form.control}
        name="active"
        render={({ field }) => <Switch label={t("roster.active")} checked={field.value ?? true} onCheckedChange={field.onChange} />}
      />
    </FormDialog>
  );
}

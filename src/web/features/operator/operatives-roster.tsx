import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { operativeSchema, operativeSkills, type Operative, type OperativeInput } from "../../../shared/operator.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { InviteOperative, OperativeRating } from "./invite-operative.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../../components/ui/table.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { operativesQuery, saveOperative } from "./api.ts";
import { formatDay } from "../../../shared/dates.ts";
import "./operator-translations.ts";

// The operatives roster (ADR 070): who can be assigned, their licence and its expiry, languages
// and skills. The form is checked with the same schema as the API (src/shared/operator.ts); each
// field's message is the console's own translation.

type Draft = {
  name: string;
  phone: string;
  licenceNumber: string;
  licenceExpiresOn: string;
  languages: string;
  skills: string[];
  active: boolean;
};
const emptyDraft: Draft = { name: "", phone: "", licenceNumber: "", licenceExpiresOn: "", languages: "sv, en", skills: [], active: true };

function toInput(draft: Draft): OperativeInput {
  return {
    ...draft,
    skills: draft.skills as OperativeInput["skills"],
    languages: draft.languages
      .split(",")
      .map((language) => language.trim().toLowerCase())
      .filter(Boolean),
  };
}

function toDraft(operative: Operative): Draft {
  return { ...operative, languages: operative.languages.join(", ") };
}

export function OperativesRoster() {
  const { t, i18n } = useTranslation("operator");
  const queryClient = useQueryClient();
  const operatives = useQuery(operativesQuery);
  const [editing, setEditing] = useState<{ id?: string; draft: Draft } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const save = useMutation({
    mutationFn: ({ input, id }: { input: OperativeInput; id?: string }) => saveOperative(input, id),
    onSuccess: async () => {
      toast.success(t("dialogs.saved"));
      setEditing(null);
      await queryClient.invalidateQueries({ queryKey: ["admin", "operatives"] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const parsed = operativeSchema.safeParse(toInput(editing.draft));
    if (!parsed.success) {
      const next: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Draft;
        next[field] ??= t(`roster.invalid.${field}`);
      }
      setErrors(next);
      return;
    }
    save.mutate({ input: toInput(editing.draft), ...(editing.id && { id: editing.id }) });
  };
  const set = <Key extends keyof Draft>(key: Key, value: Draft[Key]) => {
    if (!editing) return;
    setEditing({ ...editing, draft: { ...editing.draft, [key]: value } });
    setErrors({ ...errors, [key]: undefined });
  };
  const list = operatives.data?.operatives ?? [];
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
        {operatives.isPending ? (
          <div role="status" aria-live="polite" className="space-y-3">
            <span className="sr-only">{t("roster.loading")}</span>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : list.length === 0 ? (
          <EmptyState icon={Users} title={t("roster.emptyTitle")} description={t("roster.emptyBody")} titleLevel="h2" />
        ) : (
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
              {list.map((operative) => (
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
      </div>
      <Dialog
        open={editing !== null}
        onRequestClose={() => {
          setEditing(null);
          setErrors({});
        }}
        title={editing?.id ? t("roster.editTitle") : t("roster.addTitle")}
        closeLabel={t("dialogs.close")}
        testId="operative-dialog"
      >
        {editing && (
          <form onSubmit={submit} className="space-y-4" noValidate>
            <Field
              label={t("roster.name")}
              required
              value={editing.draft.name}
              error={errors.name}
              onChange={(event) => set("name", event.target.value)}
            />
            <Field
              label={t("roster.phone")}
              required
              type="tel"
              value={editing.draft.phone}
              error={errors.phone}
              onChange={(event) => set("phone", event.target.value)}
            />
            <Field
              label={t("roster.licenceNumber")}
              required
              value={editing.draft.licenceNumber}
              error={errors.licenceNumber}
              onChange={(event) => set("licenceNumber", event.target.value)}
            />
            <Field
              label={t("roster.licenceExpiresOn")}
              required
              type="date"
              value={editing.draft.licenceExpiresOn}
              error={errors.licenceExpiresOn}
              onChange={(event) => set("licenceExpiresOn", event.target.value)}
            />
            <Field
              label={t("roster.languages")}
              hint={t("roster.languagesHint")}
              value={editing.draft.languages}
              error={errors.languages}
              onChange={(event) => set("languages", event.target.value)}
            />
            <fieldset className="space-y-2">
              <legend className="mb-1 text-sm font-semibold">{t("roster.skills")}</legend>
              {operativeSkills.map((skill) => (
                <Checkbox
                  key={skill}
                  label={t(`roster.skillNames.${skill}`)}
                  checked={editing.draft.skills.includes(skill)}
                  onCheckedChange={(checked) =>
                    set("skills", checked ? [...editing.draft.skills, skill] : editing.draft.skills.filter((value) => value !== skill))
                  }
                />
              ))}
            </fieldset>
            <Switch label={t("roster.active")} checked={editing.draft.active} onCheckedChange={(checked) => set("active", checked)} />
            <Button type="submit" className="w-full" loading={save.isPending}>
              {t("roster.save")}
            </Button>
          </form>
        )}
      </Dialog>
    </section>
  );
}

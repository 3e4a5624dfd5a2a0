import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import { alarmOutcomes, onCallListSchema, resolveAlarmSchema, type ConsoleAlarm } from "../../../shared/on-duty.ts";
import { formatInstant } from "../../../shared/time.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { consoleAlarmsQuery, onCallQuery, useAcknowledgeAlarm, useResolveAlarm, useSaveOnCall } from "./api.ts";
import "./on-duty-translations.ts";

// The console's alarms (docs/on-duty.md): every open alarm and those of the last day, acknowledged
// and resolved with an outcome and a note that staff may share with the customer (ADR 286), and the
// on-call list the escalation ladder follows.

export function AlarmsPage() {
  const { t } = useTranslation("onDuty");
  const alarms = useQuery(consoleAlarmsQuery);
  return (
    <main id="main" className="container-page space-y-6 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-3xl">{t("alarms.title")}</h1>
        <Link to="/admin/live" className="font-semibold underline">
          {t("alarms.board")}
        </Link>
      </div>
      <p className="text-stone">{t("alarms.intro")}</p>
      {alarms.isPending ? (
        <p role="status">{t("alarms.loading")}</p>
      ) : (alarms.data?.alarms ?? []).length === 0 ? (
        <p>{t("alarms.empty")}</p>
      ) : (
        <ul className="space-y-3" data-testid="alarms-list">
          {alarms.data?.alarms.map((alarm) => (
            <AlarmCard key={alarm.id} alarm={alarm} />
          ))}
        </ul>
      )}
      <OnCallEditor />
    </main>
  );
}

function AlarmCard({ alarm }: { alarm: ConsoleAlarm }) {
  const { t, i18n } = useTranslation("onDuty");
  const acknowledge = useAcknowledgeAlarm();
  const [resolving, setResolving] = useState(false);
  const language = i18n.language;
  return (
    <li className="space-y-1 rounded-xl border border-ink-line/15 bg-white p-4 text-sm" data-testid="alarm-card">
      <div className="flex flex-wrap items-center gap-2">
        <Badge>{t(`alarms.states.${alarm.state}`)}</Badge>
        <p className="font-semibold">
          {t("banner.title", { kind: t(`kinds.${alarm.kind}`), name: alarm.raisedByName, raiser: t(`raisers.${alarm.raisedBy}`) })}
        </p>
      </div>
      <p>
        <Link to={`/admin/bookings/${alarm.bookingId}`} className="underline">
          {t("banner.booking", { reference: alarm.bookingReference, location: alarm.location })}
        </Link>{" "}
        · {t("banner.raisedAt", { time: formatInstant(alarm.raisedAt, language) })}
      </p>
      <p>
        {alarm.position
          ? t("banner.position", {
              latitude: alarm.position.latitude.toFixed(5),
              longitude: alarm.position.longitude.toFixed(5),
              accuracy: Math.round(alarm.position.accuracy ?? 0),
            })
          : t("banner.noPosition")}
      </p>
      {alarm.acknowledgedBy && alarm.acknowledgedAt && (
        <p>{t("banner.acknowledged", { name: alarm.acknowledgedBy, time: formatInstant(alarm.acknowledgedAt, language) })}</p>
      )}
      {alarm.escalations.length > 0 && (
        <p>
          {t("alarms.escalations", {
            steps: alarm.escalations
              .map((step) => `${step.level}: ${step.recipients.join(", ")} (${formatInstant(step.at, language)})`)
              .join(" · "),
          })}
        </p>
      )}
      {alarm.resolvedAt && alarm.outcome && (
        <p>
          {t("alarms.resolved", { time: formatInstant(alarm.resolvedAt, language), outcome: t(`outcomes.${alarm.outcome}`) })}
          {alarm.shared && ` · ${t("alarms.shared")}`}
        </p>
      )}
      {alarm.note && <p className="whitespace-pre-line">{alarm.note}</p>}
      <div className="flex flex-wrap gap-2 pt-2">
        {alarm.state === "open" && (
          <Button size="sm" loading={acknowledge.isPending} onClick={() => acknowledge.mutate(alarm.id)}>
            {t("banner.acknowledge")}
          </Button>
        )}
        {alarm.state !== "resolved" && (
          <Button size="sm" variant="outline" onClick={() => setResolving(true)} data-testid="alarm-resolve">
            {t("alarms.resolve")}
          </Button>
        )}
      </div>
      {resolving && <ResolveDialog alarmId={alarm.id} onClose={() => setResolving(false)} />}
    </li>
  );
}

function ResolveDialog({ alarmId, onClose }: { alarmId: string; onClose: () => void }) {
  const { t } = useTranslation("onDuty");
  const resolve = useResolveAlarm(alarmId);
  const form = useForm({
    resolver: zodResolver(resolveAlarmSchema),
    defaultValues: { outcome: "handled_by_team" as const, note: "", share: false },
  });
  const submit = form.handleSubmit((input) => resolve.mutate(input, { onSuccess: onClose }));
  return (
    <FormDialog
      open
      onRequestClose={onClose}
      title={t("alarms.resolveTitle")}
      onSubmit={(event) => void submit(event)}
      submitLabel={t("alarms.resolve")}
      pending={resolve.isPending}
      cancelLabel={t("alarms.cancel")}
    >
      <Controller
        control={form.control}
        name="outcome"
        render={({ field }) => (
          <Select
            label={t("alarms.outcome")}
            value={field.value}
            onValueChange={field.onChange}
            options={alarmOutcomes.map((outcome) => ({ value: outcome, label: t(`outcomes.${outcome}`) }))}
          />
        )}
      />
      <Textarea
        label={t("alarms.note")}
        required
        maxLength={2000}
        error={form.formState.errors.note && t("alarms.noteRequired")}
        {...form.register("note")}
      />
      <Controller
        control={form.control}
        name="share"
        render={({ field }) => <Checkbox label={t("alarms.share")} checked={field.value} onCheckedChange={field.onChange} />}
      />
    </FormDialog>
  );
}

function OnCallEditor() {
  const onCall = useQuery(onCallQuery);
  if (!onCall.data) return null;
  return <OnCallForm members={onCall.data.members.map((member) => member.userId)} staff={onCall.data.staff} />;
}

/** Radix Select items cannot have an empty value: an empty slot is this. */
const nobody = "none";

function OnCallForm({ members, staff }: { members: string[]; staff: { userId: string; name: string; email: string }[] }) {
  const { t } = useTranslation("onDuty");
  const save = useSaveOnCall();
  const slots = Math.max(3, members.length + 1);
  const form = useForm({ defaultValues: { slots: Array.from({ length: slots }, (_, index) => members[index] ?? nobody) } });
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(({ slots: chosen }) => {
    const parsed = onCallListSchema.safeParse({ userIds: chosen.filter((id) => id !== nobody) });
    if (!parsed.success) {
      setError(t("onCall.atLeastThree"));
      return;
    }
    setError(null);
    save.mutate(parsed.data.userIds, { onSuccess: () => toast.success(t("onCall.saved")) });
  });
  const options = [
    { value: nobody, label: t("onCall.none") },
    ...staff.map((member) => ({ value: member.userId, label: `${member.name} (${member.email})` })),
  ];
  return (
    <section aria-labelledby="on-call-heading" className="space-y-3 rounded-xl border border-ink-line/15 bg-white p-4">
      <h2 id="on-call-heading" className="text-xl">
        {t("onCall.title")}
      </h2>
      <p className="text-sm text-stone">{t("onCall.intro")}</p>
      <form onSubmit={(event) => void submit(event)} className="grid max-w-xl gap-3" noValidate>
        {Array.from({ length: slots }, (_, index) => (
          <Controller
            key={index}
            control={form.control}
            name={`slots.${index}`}
            render={({ field }) => (
              <Select
                label={t("onCall.position", { position: index + 1 })}
                value={field.value}
                onValueChange={field.onChange}
                options={options}
              />
            )}
          />
        ))}
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
        <Button type="submit" loading={save.isPending}>
          {t("onCall.save")}
        </Button>
      </form>
    </section>
  );
}

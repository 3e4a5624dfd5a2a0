import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState, type ReactNode } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import { formatDayRange, formatInstant } from "../../../shared/time.ts";
import { z } from "zod";
import {
  incidentReportSchema,
  incidentSeverities,
  operativeStatuses,
  type AssignmentBrief,
  type IncidentReportInput,
  type IncidentSeverity,
  type OperativeStatus,
} from "../../../shared/operatives.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { RadioGroup } from "../../components/ui/radio-group.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { isApiError } from "../../lib/api-client.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { briefQuery, useFileIncident, useMarkStatus } from "./api.ts";
import { AreaRefusal } from "./area-gate.tsx";
import "./operative-translations.ts";
import { ServiceNames } from "../../components/service-names.tsx";
import { serviceTitleById } from "../../../shared/service-titles.ts";
import { isLanguage } from "../../../shared/languages.ts";

// The brief of one accepted assignment (ADR 164), read on a phone: what the operative needs and
// nothing more; the lead's status buttons, one step at a time (ADR 163), and the incident form
// (ADR 165). Phone numbers are links, so one tap calls.

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-ink-line/15 bg-white p-4">
      <h2 id={id} className="text-lg">
        {title}
      </h2>
      <div className="mt-2 space-y-1 text-sm">{children}</div>
    </section>
  );
}

const tel = (phone: string) => `tel:${phone.replace(/[^+\d]/g, "")}`;

export function BriefPage({ id }: { id: string }) {
  const { t } = useTranslation("operative");
  const brief = useQuery(briefQuery(id));
  return (
    <article className="mx-auto max-w-xl space-y-4 px-4 py-8" aria-labelledby="brief-heading" data-testid="operative-brief">
      <Link
        to="/operative"
        className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-gold-deep underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" />
        {t("back")}
      </Link>
      <QueryState
        query={brief}
        loadingLabel={t("brief.loading")}
        loading={<Skeleton className="h-64 w-full" />}
        error={(error) =>
          isApiError(error, "not_found") ? <Notice tone="info" title={t("brief.notFound")} /> : <AreaRefusal error={error} />
        }
      >
        {(data) => <BriefContent brief={data} />}
      </QueryState>
    </article>
  );
}

function BriefContent({ brief }: { brief: AssignmentBrief }) {
  const { t, i18n } = useTranslation("operative");
  const language = i18n.language;
  return (
    <>
      <header>
        <p className="eyebrow">{t("brief.title")}</p>
        <h1 id="brief-heading" className="mt-1 text-2xl">
          {brief.place}
        </h1>
        <ServiceNames services={brief.services} language={language} className="mt-1 block font-semibold text-ink" />
        <p className="text-stone">{brief.assignment.reference}</p>
      </header>
      <StatusPanel brief={brief} />
      <Section title={t("brief.when")} id="when-heading">
        {/* docs/product.md §12: the real start and end with times; the booked days without them. */}
        <p data-testid="brief-period">
          {brief.startClock && brief.endClock
            ? `${formatInstant(brief.startTime, language)} – ${formatInstant(brief.endTime, language)}`
            : formatDayRange(brief.startDate, brief.endDate, language)}
        </p>
        {brief.startClock && brief.endClock && (
          // docs/product.md §12: the customer's times, Stockholm time.
          <p data-testid="brief-times">{t("brief.times", { start: brief.startClock, end: brief.endClock })}</p>
        )}
      </Section>
      <Section title={t("brief.place")} id="place-heading">
        <p>{brief.place}</p>
        {brief.meetingPoint && (
          <p>
            <span className="font-semibold">{t("brief.meetingPoint")}:</span> {brief.meetingPoint}
          </p>
        )}
        {brief.principal?.name && (
          <p>
            <span className="font-semibold">{t("brief.principal")}:</span> {brief.principal.name}
            {brief.principal.phone && ` · ${brief.principal.phone}`}
          </p>
        )}
      </Section>
      <Section title={t("brief.services")} id="services-heading">
        <ul>
          {brief.services.map((service, index) => (
            <li key={index}>
              <span className="font-semibold">
                {serviceTitleById(service.serviceId, isLanguage(language) ? language : "en") ?? service.title}
              </span>{" "}
              · {t("brief.guards", { count: service.guards })} · {t("brief.days", { count: service.days })}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t("brief.team")} id="team-heading">
        <ul className="space-y-1" data-testid="brief-team">
          {brief.team.map((member, index) => (
            <li key={index} className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{member.firstName}</span>
              <a className="underline underline-offset-4" href={tel(member.phone)}>
                {member.phone}
              </a>
              {member.lead && <Badge tone="gold">{t("lead")}</Badge>}
              {member.state === "offered" && <Badge tone="warning">{t("states.offered")}</Badge>}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t("brief.contacts")} id="contacts-heading">
        {brief.emergencyContacts.length === 0 ? (
          <p className="text-stone">{t("brief.noContacts")}</p>
        ) : (
          <ul className="space-y-1">
            {brief.emergencyContacts.map((contact, index) => (
              <li key={index}>
                <span className="font-semibold">{contact.name}</span>{" "}
                <a className="underline underline-offset-4" href={tel(contact.phone)}>
                  {contact.phone}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t("brief.notes")} id="notes-heading">
        {!brief.customerNote && !brief.operatorNote && <p className="text-stone">{t("brief.noNotes")}</p>}
        {brief.customerNote && (
          <p className="whitespace-pre-line">
            <span className="font-semibold">{t("brief.customerNote")}:</span> {brief.customerNote}
          </p>
        )}
        {brief.operatorNote && (
          <p className="whitespace-pre-line">
            <span className="font-semibold">{t("brief.operatorNote")}:</span> {brief.operatorNote}
          </p>
        )}
      </Section>
      {brief.assignment.lead && <IncidentSection brief={brief} />}
    </>
  );
}

const progressKey = { on_the_way: "onTheWayAt", on_duty: "onDutyAt", completed: "completedAt" } as const;

/** The time now, moved on every half minute, so a button appears when its time comes without a reload. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function StatusPanel({ brief }: { brief: AssignmentBrief }) {
  const { t, i18n } = useTranslation("operative");
  const mark = useMarkStatus(brief.assignment.id);
  const now = useNow();
  const progress = brief.assignment.progress;
  const next = operativeStatuses.find((status) => progress[progressKey[status]] === null);
  // ADR 218: each step opens by the booking's times; until then the panel says from when, instead of a button that is refused.
  const opensAt = next ? brief.assignment.stepsOpenAt[next] : null;
  const open = opensAt !== null && Date.parse(opensAt) <= now;
  return (
    <Section title={t("status.title")} id="status-heading">
      <ol className="space-y-1" aria-live="polite" data-testid="status-steps">
        {operativeStatuses
          .filter((status) => progress[progressKey[status]] !== null)
          .map((status) => (
            <li key={status}>
              {t("status.marked", { step: t(`status.${status}`), time: formatInstant(progress[progressKey[status]] ?? "", i18n.language) })}
            </li>
          ))}
      </ol>
      {brief.assignment.lead ? (
        next &&
        opensAt &&
        (!open ? (
          <p className="mt-3 rounded-md bg-paper p-3 text-sm" data-testid="status-opens">
            {t("status.opensAt", { step: t(`status.${next}`), time: formatInstant(opensAt, i18n.language) })}
          </p>
        ) : (
          <Button
            className="mt-3 w-full"
            size="lg"
            loading={mark.isPending}
            onClick={() => mark.mutate(next as OperativeStatus, { onSuccess: () => toast.success(t("status.saved")) })}
            data-testid="mark-status"
          >
            {t("status.mark", { step: t(`status.${next}`) })}
          </Button>
        ))
      ) : (
        <p className="text-stone">{t("status.leadOnly")}</p>
      )}
    </Section>
  );
}

/** The local date-time of now for a datetime-local field (the phone's own zone). */
function localNow(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

// ADR 201: the API's report (incidentReportSchema) from the form's fields; the phone's local
// time becomes the instant the API takes.
const incidentFormSchema = z
  .object({ occurredAt: z.string(), severity: z.enum(incidentSeverities), text: z.string() })
  .transform(({ occurredAt, ...rest }): IncidentReportInput => {
    const instant = new Date(occurredAt);
    return { ...rest, occurredAt: Number.isNaN(instant.getTime()) ? "" : instant.toISOString() };
  })
  .pipe(incidentReportSchema);

/** ADR 218: the form during or after the service only; before it, from when it opens. */
function IncidentSection({ brief }: { brief: AssignmentBrief }) {
  const { t, i18n } = useTranslation("operative");
  const now = useNow();
  const status = brief.assignment.bookingStatus;
  const open = status === "in_progress" || status === "completed" || Date.parse(brief.assignment.incidentsOpenAt) <= now;
  if (open) return <IncidentForm brief={brief} />;
  return (
    <Section title={t("incident.title")} id="incident-heading">
      <p data-testid="incident-opens">{t("incident.opensAt", { time: formatInstant(brief.assignment.incidentsOpenAt, i18n.language) })}</p>
    </Section>
  );
}

function IncidentForm({ brief }: { brief: AssignmentBrief }) {
  const { t, i18n } = useTranslation("operative");
  const file = useFileIncident(brief.assignment.id);
  const form = useForm({
    resolver: zodResolver(incidentFormSchema),
    defaultValues: { occurredAt: localNow(), severity: "green" as IncidentSeverity, text: "" },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((report) =>
    file.mutate(report, {
      onSuccess: () => {
        form.resetField("text");
        toast.success(t("incident.sent"));
      },
    }),
  );
  return (
    <Section title={t("incident.title")} id="incident-heading">
      {brief.incidents.length > 0 && (
        <div>
          <h3 className="font-semibold">{t("incident.filed")}</h3>
          <ul className="space-y-1">
            {brief.incidents.map((incident) => (
              <li key={incident.id}>
                {t(`incident.${incident.severity}`)} · {formatInstant(incident.occurredAt, i18n.language)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
        <Field label={t("incident.when")} type="datetime-local" error={errors.occurredAt?.message} {...form.register("occurredAt")} />
        <Controller
          control={form.control}
          name="severity"
          render={({ field }) => (
            <RadioGroup
              legend={t("incident.severity")}
              name="severity"
              value={field.value}
              onValueChange={field.onChange}
              options={incidentSeverities.map((level) => ({ value: level, label: t(`incident.${level}`) }))}
            />
          )}
        />
        <Textarea
          label={t("incident.text")}
          required
          maxLength={4000}
          error={errors.text && t("incident.textRequired")}
          {...form.register("text")}
        />
        <Button type="submit" className="w-full" loading={file.isPending}>
          {t("incident.submit")}
        </Button>
      </form>
    </Section>
  );
}

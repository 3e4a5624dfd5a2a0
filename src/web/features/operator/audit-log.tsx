import { useInfiniteQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { formatInstant } from "../../../shared/time.ts";
import { auditKinds } from "../../../shared/operatives.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Select } from "../../components/ui/select.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useTranslation, translateData } from "../../lib/i18n.ts";
import { auditLogQuery, type AuditFilters } from "./api.ts";
import { priceChangeOf } from "./dispatch-panels.tsx";
import "./dispatch-translations.ts";
import "./operator-translations.ts";
import { auditActionText } from "./audit-action-text.ts";
import { bookingReference } from "../../../shared/booking-reference.ts";

// The console's whole audit log (docs/operatives.md): every action of every operator, newest first,
// filtered by person, kind and days; the filters live in the address so Back returns to them.

const everyone = "everyone";
const allKinds = "all";

function filtersFrom(params: URLSearchParams): AuditFilters {
  const kind = params.get("kind");
  return {
    ...(params.get("actor") && { actor: params.get("actor") ?? undefined }),
    ...(kind && (auditKinds as readonly string[]).includes(kind) && { kind: kind as AuditFilters["kind"] }),
    ...(params.get("from") && { from: params.get("from") ?? undefined }),
    ...(params.get("to") && { to: params.get("to") ?? undefined }),
  };
}

export function AuditLog() {
  const { t, i18n } = useTranslation("dispatch");
  const operator = useTranslation("operator");
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const log = useInfiniteQuery(auditLogQuery(filters));
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const actors = log.data?.pages[0]?.actors ?? [];
  const language = i18n.language;
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(draft)) if (value) next.set(key, String(value));
    setParams(next);
  };
  const actionLabel = (action: string) => auditActionText(action, operator.t);
  return (
    <section className="container-page py-10" aria-labelledby="audit-heading" data-testid="audit-log">
      <h1 id="audit-heading" className="text-3xl">
        {t("audit.title")}
      </h1>
      <p className="mt-2 max-w-prose text-stone">{t("audit.intro")}</p>
      <form onSubmit={apply} aria-label={t("audit.title")} className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <Select
          label={t("audit.person")}
          value={draft.actor ?? everyone}
          onValueChange={(value) => setDraft({ ...draft, actor: value === everyone ? undefined : value })}
          options={[
            { value: everyone, label: t("audit.everyone") },
            { value: "system", label: t("audit.system") },
            ...actors.map((actor) => ({ value: actor.id, label: actor.email })),
          ]}
        />
        <Select
          label={t("audit.kind")}
          value={draft.kind ?? allKinds}
          onValueChange={(value) => setDraft({ ...draft, kind: value === allKinds ? undefined : (value as AuditFilters["kind"]) })}
          options={[
            { value: allKinds, label: t("audit.allKinds") },
            ...auditKinds.map((kind) => ({ value: kind, label: t(`audit.kinds.${kind}`) })),
          ]}
        />
        <Field
          label={t("audit.from")}
          type="date"
          value={draft.from ?? ""}
          onChange={(event) => setDraft({ ...draft, from: event.target.value || undefined })}
        />
        <Field
          label={t("audit.to")}
          type="date"
          value={draft.to ?? ""}
          onChange={(event) => setDraft({ ...draft, to: event.target.value || undefined })}
        />
        <div>
          <Button type="submit">{operator.t("queue.apply")}</Button>
        </div>
      </form>
      <div className="mt-8">
        <QueryState
          query={log}
          loadingLabel={t("audit.loading")}
          loading={<Skeleton className="h-48 w-full" />}
          isEmpty={() => entries.length === 0}
          empty={<p className="text-stone">{t("audit.empty")}</p>}
        >
          {() => (
            <ol className="divide-y divide-ink-line/10 rounded-xl border border-ink-line/15 bg-white" data-testid="audit-entries">
              {entries.map((entry) => (
                <li key={entry.id} className="grid gap-1 p-3 text-sm sm:grid-cols-4">
                  <span className="text-stone">{formatInstant(entry.createdAt, language)}</span>
                  <span>{entry.actorEmail ?? t("audit.system")}</span>
                  <span className="font-semibold">
                    {actionLabel(entry.action)}
                    {priceChangeOf(entry, language, t) && <span className="block font-normal">{priceChangeOf(entry, language, t)}</span>}
                  </span>
                  <span>
                    {entry.subjectType === "booking" ? (
                      <Link className="underline underline-offset-4" to={`/admin/bookings/${entry.subjectId}`}>
                        {translateData(t, "dispatch", `audit.kinds.${entry.subjectType}`, entry.subjectType)}{" "}
                        {bookingReference(entry.subjectId)}
                      </Link>
                    ) : (
                      <>
                        {translateData(t, "dispatch", `audit.kinds.${entry.subjectType}`, entry.subjectType)}{" "}
                        {entry.subjectId.slice(0, 8).toUpperCase()}
                      </>
                    )}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </QueryState>
        {log.hasNextPage && (
          <Button variant="outline" className="mt-4" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            {t("audit.more")}
          </Button>
        )}
      </div>
    </section>
  );
}

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { formatDay } from "../../../shared/time.ts";
import { insightsQuerySchema, type InsightsReport } from "../../../shared/insights.ts";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useTranslation, type TFunction } from "../../lib/i18n.ts";
import { insightsQuery, type InsightsPeriodChoice } from "./api.ts";
import { DemandSection } from "./demand-section.tsx";
import { KeyFigures } from "./key-figures.tsx";
import { MoneySection } from "./money-section.tsx";
import { PeriodPicker } from "./period-picker.tsx";
import { ReplySection } from "./reply-section.tsx";
import { TeamSection } from "./team-section.tsx";
import "./insights-translations.ts";

// The insights page of the operator console (docs/insights.md, ADR 150): the reply promise,
// demand, money and the team for a chosen period beside the one before it. Every chart is drawn
// by recharts, loaded with this page only (ADR 152), and says what it shows in words and a table.
// The key figures and each section are modules of their own (key-figures.tsx, reply-section.tsx,
// demand-section.tsx, money-section.tsx, team-section.tsx), so each reads alone; this page asks
// for the report and lays them out in order.

export function InsightsPage() {
  const { t, i18n } = useTranslation("insights");
  const [params, setParams] = useSearchParams();
  const asked = insightsQuerySchema.safeParse({
    days: params.get("days") ?? undefined,
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
  });
  // An address the schema refuses (edited by hand) shows the default, the last 30 days.
  const choice: InsightsPeriodChoice =
    asked.success && asked.data.from && asked.data.to
      ? { from: asked.data.from, to: asked.data.to }
      : { days: (asked.success && asked.data.days) || 30 };
  const report = useQuery(insightsQuery(choice));
  const language = i18n.language;

  return (
    <section className="container-page py-10" aria-labelledby="insights-heading" data-testid="insights-page">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1 id="insights-heading" className="mt-2 text-3xl">
        {t("title")}
      </h1>
      <p className="mt-2 max-w-3xl text-stone">{t("intro")}</p>
      <PeriodPicker
        choice={choice}
        shown={report.data?.period}
        today={report.data?.today}
        onChange={(next) => setParams("days" in next ? { days: String(next.days) } : next)}
      />
      {report.data && (
        <p className="mt-4 text-sm text-stone" data-testid="insights-period">
          {t("period.showing", {
            from: formatDay(report.data.period.from, language),
            to: formatDay(report.data.period.to, language),
            previousFrom: formatDay(report.data.period.previousFrom, language),
            previousTo: formatDay(report.data.period.previousTo, language),
          })}
        </p>
      )}
      <div className="mt-8" aria-busy={report.isFetching}>
        <QueryState
          query={report}
          loadingLabel={t("loading")}
          loadingClassName="space-y-4"
          loading={
            <>
              <Skeleton className="h-28 w-full" />
              <Skeleton className="h-72 w-full" />
            </>
          }
          errorTitle={t("failed")}
        >
          {(data) => <Report report={data} t={t} />}
        </QueryState>
      </div>
    </section>
  );
}

/** The sections in the order the page shows them; each heading is `sections.<id>`. */
const sections = [
  { id: "reply", Content: ReplySection },
  { id: "demand", Content: DemandSection },
  { id: "money", Content: MoneySection },
  { id: "team", Content: TeamSection },
] as const;

function Report({ report, t }: { report: InsightsReport; t: TFunction<"insights"> }) {
  return (
    <div className="space-y-12">
      <KeyFigures report={report} />
      {sections.map(({ id, Content }) => (
        <Section key={id} id={id} title={t(`sections.${id}`)}>
          <Content report={report} />
        </Section>
      ))}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`insights-${id}`} className="space-y-4" data-testid={`insights-${id}`}>
      <h2 id={`insights-${id}`} className="text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

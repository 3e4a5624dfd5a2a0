import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { formatDayRange, formatInstant } from "../../../shared/time.ts";
import { declineAssignmentSchema, type MyAssignment } from "../../../shared/operatives.ts";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { myAssignmentsQuery, useAnswerOffer } from "./api.ts";
import { AreaRefusal } from "./area-gate.tsx";
import "./operative-translations.ts";
import { ServiceNames } from "../../components/service-names.tsx";

// The operative's assignments on a phone first (390 px, docs/operatives.md): one card each, the
// state written out, Accept and Decline as full-width buttons, the brief one tap away once accepted.

const tones: Record<MyAssignment["state"], BadgeTone> = { offered: "warning", accepted: "success", declined: "danger", released: "muted" };

export function AssignmentsList() {
  const { t } = useTranslation("operative");
  const assignments = useQuery(myAssignmentsQuery);
  return (
    <section className="mx-auto max-w-xl px-4 py-8" aria-labelledby="operative-heading" data-testid="operative-assignments">
      <h1 id="operative-heading" className="text-2xl">
        {t("title")}
      </h1>
      <p className="mt-2 text-stone">{t("intro")}</p>
      <div className="mt-6">
        <QueryState
          query={assignments}
          loadingLabel={t("loading")}
          loadingClassName="space-y-3"
          loading={
            <>
              <Skeleton className="h-32 w-full" />
              <Skeleton className="h-32 w-full" />
            </>
          }
          error={(error) => <AreaRefusal error={error} />}
          isEmpty={(data) => data.assignments.length === 0}
          empty={<p className="rounded-xl border border-ink-line/15 bg-white p-6 text-stone">{t("empty")}</p>}
        >
          {(data) => (
            <ul className="space-y-4">
              {data.assignments.map((assignment) => (
                <AssignmentCard key={assignment.id} assignment={assignment} />
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </section>
  );
}

function AssignmentCard({ assignment }: { assignment: MyAssignment }) {
  const { t, i18n } = useTranslation("operative");
  const answer = useAnswerOffer();
  const [declining, setDeclining] = useState(false);
  const language = i18n.language;
  const decline = (reason: string | undefined) => {
    answer.mutate(
      { id: assignment.id, answer: "decline", reason: reason ?? "" },
      {
        onSuccess: () => {
          setDeclining(false);
          toast.success(t("declined"));
        },
      },
    );
  };
  const titleId = `assignment-${assignment.id}`;
  return (
    <li className="rounded-xl border border-ink-line/15 bg-white p-4 shadow-sm" aria-labelledby={titleId} data-testid="assignment-card">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={tones[assignment.state]}>{t(`states.${assignment.state}`)}</Badge>
        {assignment.lead && <Badge tone="gold">{t("lead")}</Badge>}
      </div>
      <h2 id={titleId} className="mt-2 text-lg">
        {assignment.location}
      </h2>
      <ServiceNames services={assignment.serviceIds} language={language} className="block text-sm font-semibold text-ink" />
      <p className="text-stone">{formatDayRange(assignment.startDate, assignment.endDate, language)}</p>
      <p className="text-sm text-stone">{assignment.reference}</p>
      {assignment.seriesReference && (
        <p className="text-sm text-stone" data-testid="assignment-series">
          {t("series", { reference: assignment.seriesReference })}
        </p>
      )}
      {assignment.state === "offered" && assignment.respondBy && (
        <p className="mt-1 text-sm font-semibold">{t("respondBy", { time: formatInstant(assignment.respondBy, language) })}</p>
      )}
      {assignment.state === "offered" && (
        <div className="mt-4 grid gap-2">
          <Button
            className="w-full"
            loading={answer.isPending}
            onClick={() => answer.mutate({ id: assignment.id, answer: "accept" }, { onSuccess: () => toast.success(t("accepted")) })}
            data-testid="accept-assignment"
          >
            {t("accept")}
          </Button>
          <Button className="w-full" variant="outline" onClick={() => setDeclining(true)}>
            {t("decline")}
          </Button>
        </div>
      )}
      {assignment.briefOpen ? (
        <Link to={`/operative/assignments/${assignment.id}`} className="button-gold mt-4 w-full justify-center" data-testid="open-brief">
          {t("openBrief")}
        </Link>
      ) : (
        assignment.state === "offered" && <p className="mt-3 text-sm text-stone">{t("briefClosed")}</p>
      )}
      <ReasonDialog
        open={declining}
        onRequestClose={() => setDeclining(false)}
        title={t("declineTitle")}
        description={t("declineDescription")}
        closeLabel={t("cancel")}
        schema={declineAssignmentSchema}
        label={t("reason")}
        maxLength={500}
        requiredMessage={t("reasonRequired")}
        submitLabel={t("sendDecline")}
        submitVariant="danger"
        pending={answer.isPending}
        onReason={decline}
      />
    </li>
  );
}

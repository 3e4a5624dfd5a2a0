import { toast } from "sonner";
import type { AdminBookingDetail, AssignmentState, AuditEntry } from "../../../shared/operator.ts";
import { formatInstant } from "../../../shared/time.ts";
import { formatMoney } from "../../../shared/money.ts";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useTranslation, type TFunction } from "../../lib/i18n.ts";
import { useReviewIncident } from "./api.ts";
import "./dispatch-translations.ts";

// The booking's dispatch panels in the console (docs/operatives.md): the team with each
// assignment's state and whether enough accepted, the lead's status, incident reports to review
// and share, and the customer's rating. State is always written out, never colour alone (WCAG 1.4.1).

export const assignmentTone: Record<AssignmentState | "on_duty", BadgeTone> = {
  offered: "warning",
  accepted: "success",
  declined: "danger",
  released: "muted",
  on_duty: "dark",
};

export function TeamList({ booking }: { booking: AdminBookingDetail }) {
  const { t, i18n } = useTranslation("dispatch");
  const full = booking.acceptedCount >= booking.guardCount;
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-2" data-testid="staffing">
        <Badge tone={full ? "success" : "warning"}>{full ? t("fullyStaffed") : t("shortStaffed")}</Badge>
        <span>{t("staffing", { accepted: booking.acceptedCount, needed: booking.guardCount })}</span>
      </p>
      <ul className="space-y-2" data-testid="assignments">
        {booking.assignments.map((assignment) => (
          <li key={assignment.operativeId} className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{assignment.name}</span>
            <span className="text-stone">{assignment.phone}</span>
            {assignment.lead && <Badge tone="gold">{t("board.lead")}</Badge>}
            <Badge tone={assignmentTone[assignment.state]}>{t(`states.${assignment.state}`)}</Badge>
            {assignment.state === "offered" && assignment.respondBy && (
              <span className="text-stone">{t("respondBy", { time: formatInstant(assignment.respondBy, i18n.language) })}</span>
            )}
            {assignment.state === "declined" && assignment.declineReason && (
              <span className="basis-full text-stone">{t("declineReason", { reason: assignment.declineReason })}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ServiceProgressList({ booking }: { booking: AdminBookingDetail }) {
  const { t, i18n } = useTranslation("dispatch");
  const steps = [
    ["on_the_way", booking.team.progress.onTheWayAt],
    ["on_duty", booking.team.progress.onDutyAt],
    ["completed", booking.team.progress.completedAt],
  ] as const;
  const marked = steps.filter(([, at]) => at !== null);
  return (
    <div>
      <h3 className="font-semibold">{t("progress.title")}</h3>
      {marked.length === 0 ? (
        <p className="text-stone">{t("progress.none")}</p>
      ) : (
        <ol className="space-y-1">
          {marked.map(([step, at]) => (
            <li key={step}>
              {t(`progress.${step}`)} · <span className="text-stone">{formatInstant(at ?? "", i18n.language)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The history line of a confirmation that changed the total: old and new totals (docs/money.md). */
export function priceChangeOf(entry: AuditEntry, language: string, t: TFunction<"dispatch">) {
  const before = (entry.before as { price?: number } | null)?.price;
  const after = (entry.after as { price?: number } | null)?.price;
  if (typeof before !== "number" || typeof after !== "number" || before === after) return null;
  return t("priceChange", { before: formatMoney(before, language), after: formatMoney(after, language) });
}

export function IncidentsList({ booking }: { booking: AdminBookingDetail }) {
  const { t, i18n } = useTranslation("dispatch");
  const review = useReviewIncident(booking.id);
  const mark = (id: string, share: boolean) => review.mutate({ id, share }, { onSuccess: () => toast.success(t("incidents.reviewed")) });
  if (booking.incidents.length === 0) return <p className="text-stone">{t("incidents.none")}</p>;
  const tones = { green: "success", amber: "warning", red: "danger" } as const;
  return (
    <ul className="space-y-4" data-testid="incidents">
      {booking.incidents.map((incident) => (
        <li key={incident.id} className="space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone={tones[incident.severity]}>{t(`incidents.severity.${incident.severity}`)}</Badge>
            <span className="text-stone">
              {formatInstant(incident.occurredAt, i18n.language)} · {t("incidents.by", { name: incident.operativeName })}
            </span>
          </p>
          <p className="whitespace-pre-line">{incident.text}</p>
          <div className="flex flex-wrap items-center gap-2">
            {incident.sharedAt ? (
              <Badge tone="gold">{t("incidents.shared")}</Badge>
            ) : (
              <>
                {incident.reviewedAt ? (
                  <Badge tone="muted">{t("incidents.reviewed")}</Badge>
                ) : (
                  <Button size="sm" variant="outline" onClick={() => mark(incident.id, false)}>
                    {t("incidents.review")}
                  </Button>
                )}
                <Button size="sm" variant="outline" onClick={() => mark(incident.id, true)}>
                  {t("incidents.share")}
                </Button>
              </>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function RatingLine({ booking }: { booking: AdminBookingDetail }) {
  const { t } = useTranslation("dispatch");
  if (!booking.rating) return <p className="text-stone">{t("rating.none")}</p>;
  return (
    <div data-testid="rating">
      <p className="font-semibold">
        <span aria-hidden>{"★".repeat(booking.rating.stars)}</span> {t("rating.stars", { stars: String(booking.rating.stars) })}
      </p>
      {booking.rating.comment && <p className="whitespace-pre-line">{booking.rating.comment}</p>}
    </div>
  );
}

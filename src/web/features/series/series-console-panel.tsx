import { useQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { bookingReference } from "../../../shared/booking-reference.ts";
import type { SeriesOfBooking } from "../../../shared/series-schema.ts";
import { formatDay } from "../../../shared/time.ts";
import { Button } from "../../components/ui/button.tsx";
import { i18n, useTranslation } from "../../lib/i18n.ts";
import { seriesOfBookingQuery, useAssignSeries, useConfirmSeries } from "./api.ts";
import { seriesNamespace } from "./series-translations.ts";

// ADR 284, docs/series.md: on a booking that is an occurrence of a series, the console confirms the
// whole series in one step, and offers this booking's team every coming occurrence. Nothing is
// shown for a booking outside a series.

export function SeriesConsolePanel({ bookingId }: { bookingId: string }) {
  const found = useQuery(seriesOfBookingQuery(bookingId));
  if (!found.data) return null;
  return <Panel data={found.data} />;
}

function Panel({ data }: { data: SeriesOfBooking }) {
  const { t } = useTranslation(seriesNamespace);
  const { series, occurrenceDay, team } = data;
  const confirm = useConfirmSeries(series.id);
  const assign = useAssignSeries(series.id);
  const standing = series.occurrences.filter((occurrence) => !occurrence.cancelled);
  const pending = standing.filter((occurrence) => occurrence.status === "pending").length;
  const position = standing.findIndex((occurrence) => occurrence.occurrenceDay === occurrenceDay) + 1;
  return (
    <section
      aria-labelledby="series-console-heading"
      className="mt-6 rounded-lg border border-ink-line/15 bg-white p-5"
      data-testid="series-console"
    >
      <h2 id="series-console-heading" className="text-lg font-semibold tracking-wide">
        {t("console.heading", { reference: bookingReference(series.id) })}
      </h2>
      <p className="mt-1 text-sm text-stone">{t("console.summary", { position, count: standing.length, pending })}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Button
          disabled={pending === 0}
          loading={confirm.isPending}
          onClick={() => confirm.mutate(undefined, { onSuccess: () => toast.success(t("console.confirmed")) })}
          data-testid="confirm-series"
        >
          {t("console.confirm")}
        </Button>
        {team.length > 0 && (
          <Button
            variant="outline"
            loading={assign.isPending}
            onClick={() =>
              assign.mutate(team, {
                onSuccess: (answer) => {
                  toast.success(t("console.assigned", { count: answer.assigned.length }));
                  for (const refusal of answer.refused) {
                    toast.warning(t("console.refused", { days: formatDay(refusal.day, i18n.language), reason: refusal.reason }));
                  }
                },
              })
            }
            data-testid="assign-series"
          >
            {t("console.assign")}
          </Button>
        )}
      </div>
    </section>
  );
}

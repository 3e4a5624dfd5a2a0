import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { bookingReference } from "../../../shared/booking-reference.ts";
import { formatDay } from "../../../shared/time.ts";
import { Button } from "../../components/ui/button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { i18n, useTranslation } from "../../lib/i18n.ts";
import { seriesListQuery } from "./api.ts";
import { NewSeriesForm } from "./new-series-form.tsx";
import { seriesNamespace } from "./series-translations.ts";

// docs/series.md: the customer's series, newest first, and the form that books a new one.

export function SeriesPage() {
  const { t } = useTranslation(seriesNamespace);
  const list = useQuery(seriesListQuery);
  return (
    <section aria-labelledby="series-heading">
      <h2 id="series-heading" className="text-2xl tracking-[0.08em]">
        {t("heading")}
      </h2>
      <p className="mt-2 max-w-prose text-sm text-stone">{t("intro")}</p>
      {list.isPending && (
        <p className="mt-6 flex items-center gap-2 text-sm text-stone" role="status" aria-live="polite">
          <Spinner className="h-5 w-5 text-gold-deep" />
          {t("loading")}
        </p>
      )}
      {list.isError && (
        <div className="mt-6">
          <Notice tone="error" title={t("loadFailed")}>
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              {t("retry")}
            </Button>
          </Notice>
        </div>
      )}
      {list.data && list.data.length === 0 && <p className="mt-6 text-sm text-stone">{t("empty")}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="mt-6 space-y-3">
          {list.data.map((series) => {
            const standing = series.occurrences.filter((occurrence) => !occurrence.cancelled);
            return (
              <li key={series.id} className="rounded-lg border border-ink-line/15 bg-white p-4">
                <Link to={`/customer-dashboard/series/${series.id}`} className="font-semibold text-ink underline-offset-4 hover:underline">
                  {t("open", { reference: bookingReference(series.id) })}
                </Link>
                <p className="mt-1 text-sm text-stone">
                  {series.location} ·{" "}
                  {t("summary", { count: standing.length, first: standing[0] ? formatDay(standing[0].day, i18n.language) : "" })} ·{" "}
                  {series.confirmed ? t("confirmed") : t("awaiting")}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      <NewSeriesForm />
    </section>
  );
}

import { Link } from "react-router";
import { customerNameText } from "../../../shared/customer-names.ts";
import { formatInstant } from "../../../shared/time.ts";
import type { InsightsReport } from "../../../shared/insights.ts";
import type { TFunction } from "../../lib/i18n.ts";
import { CsvButton } from "./chart-frame.tsx";
import { useReportFormat } from "./report-format.ts";
import { ServiceNames } from "../../components/service-names.tsx";
import { bookingServiceNames } from "../../../shared/service-titles.ts";
import { isLanguage } from "../../../shared/languages.ts";

function durationText(minutes: number, t: TFunction<"insights">): string {
  const absolute = Math.abs(minutes);
  return t("hours", { hours: Math.floor(absolute / 60), minutes: absolute % 60 });
}

/** The requests waiting now, each with a bar of the 24 hours it has used and the time to the limit in words. */
export function WaitingRequests({ report, fileName }: { report: InsightsReport; fileName: string }) {
  const { t, language, count } = useReportFormat();
  const { waiting, waitingTotal } = report.reply;
  const overdue = waiting.filter((request) => request.minutesLeft < 0).length;
  const limitMinutes = 24 * 60;
  const timeText = (minutes: number) =>
    minutes < 0 ? t("reply.overdue", { time: durationText(minutes, t) }) : t("reply.left", { time: durationText(minutes, t) });
  return (
    <div className="self-start rounded-xl border border-ink-line/15 bg-white p-4 sm:p-6" data-testid="chart-waiting">
      <h3 className="text-xl">{t("reply.waitingTitle")}</h3>
      <p className="mt-1 text-sm text-stone" data-testid="chart-summary">
        {waitingTotal === 0 ? t("reply.waitingNone") : t("reply.waitingSummary", { count: waitingTotal, overdue: count(overdue) })}
      </p>
      {waiting.length > 0 && (
        <ul className="mt-4 space-y-3">
          {waiting.map((request) => {
            const used = Math.min(1, Math.max(0, (limitMinutes - request.minutesLeft) / limitMinutes));
            const late = request.minutesLeft < 0;
            return (
              <li key={request.id} className="text-sm" data-testid="waiting-request">
                <div className="flex flex-wrap justify-between gap-x-3">
                  <Link to={`/admin/bookings/${request.id}`} className="font-semibold underline underline-offset-2">
                    {customerNameText(request.customerName, language)}
                  </Link>
                  <span className={late ? "font-semibold text-red-800" : "text-stone"}>{timeText(request.minutesLeft)}</span>
                </div>
                <p className="text-xs text-stone">
                  <ServiceNames services={request.serviceIds} language={language} /> · {t("reply.received")}{" "}
                  {formatInstant(request.createdAt, language)}
                </p>
                <div aria-hidden="true" className="mt-1 h-3 w-full rounded-full border border-stone bg-white">
                  <div
                    className="h-full rounded-full"
                    style={{
                      width: `${used * 100}%`,
                      background: late ? "repeating-linear-gradient(135deg, #b42318 0 4px, #ffffff 4px 7px)" : "#0f766e",
                    }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {waitingTotal > waiting.length && (
        <p className="mt-3 text-xs text-stone">{t("reply.waitingMore", { shown: waiting.length, total: waitingTotal })}</p>
      )}
      <CsvButton
        title={t("reply.waitingTitle")}
        data={{
          fileName,
          header: [t("reply.customer"), t("reply.service"), t("reply.received"), `${t("reply.timeLeft")} (min)`],
          rows: waiting.map((request) => [
            customerNameText(request.customerName, language),
            bookingServiceNames(request.serviceIds, isLanguage(language) ? language : "en").join(", "),
            request.createdAt,
            request.minutesLeft,
          ]),
          display: [],
        }}
      />
    </div>
  );
}

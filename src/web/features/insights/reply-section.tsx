import { replyBuckets, type InsightsReport } from "../../../shared/insights.ts";
import { translateData } from "../../lib/i18n.ts";
import { DrawnChart, HistogramDrawing } from "./drawn-chart.tsx";
import { chartData, reportFileName, useReportFormat } from "./report-format.ts";
import { WaitingRequests } from "./waiting-requests.tsx";

/** The reply promise: the share of requests answered within 24 hours, how long the answers took, the requests waiting now. */
export function ReplySection({ report }: { report: InsightsReport }) {
  const { t, count, share, countColumn } = useReportFormat();
  const { reply, period } = report;
  const counted = reply.current.answered + reply.current.missed;
  const lateBuckets = replyBuckets.filter((bucket) => bucket.toHours === null || bucket.toHours > 24).map((bucket) => bucket.key);
  const topBucket = [...reply.histogram].sort((a, b) => b.answered - a.answered)[0];
  const histogramData = chartData(reportFileName(period, "reply-times"), reply.histogram, [
    {
      header: t("reply.replyTime"),
      value: (entry) => entry.bucket,
      shown: (entry) => `${t(`reply.bucket.${entry.bucket}`)} (${t(lateBuckets.includes(entry.bucket) ? "reply.late" : "reply.kept")})`,
    },
    countColumn(t("reply.answered"), (entry) => entry.answered),
  ]);

  return (
    <>
      <p data-testid="reply-share-sentence">
        {counted === 0
          ? t("reply.shareNone")
          : t("reply.shareSentence", {
              within: count(reply.current.answeredWithinPromise),
              counted: count(counted),
              share: share(reply.current.shareWithinPromise),
              missed: count(reply.current.missed),
            })}
      </p>
      <p className="text-sm text-stone">
        {t("reply.notCounted", { waiting: count(reply.current.waitingWithinPromise), withdrawn: count(reply.current.withdrawn) })}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <DrawnChart
          testId="chart-reply-times"
          title={t("reply.histogramTitle")}
          summary={
            reply.current.answered === 0
              ? t("reply.histogramSummaryNone")
              : t("reply.histogramSummary", {
                  answered: count(reply.current.answered),
                  within: count(reply.current.answeredWithinPromise),
                  late: count(reply.current.answered - reply.current.answeredWithinPromise),
                  top: topBucket ? t(`reply.bucket.${topBucket.bucket}`) : "–",
                })
          }
          data={histogramData}
        >
          <HistogramDrawing
            data={reply.histogram}
            lateBuckets={lateBuckets}
            keptLabel={t("reply.kept")}
            lateLabel={t("reply.late")}
            formatCategory={(bucket) => translateData(t, "insights", `reply.bucket.${bucket}`, bucket)}
            formatValue={count}
          />
        </DrawnChart>
        <WaitingRequests report={report} fileName={reportFileName(period, "waiting")} />
      </div>
    </>
  );
}

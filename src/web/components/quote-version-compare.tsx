import type { QuoteVersionView } from "../../shared/booking-changes.ts";
import { formatDayRange } from "../../shared/time.ts";
import { endsNextMorning, hoursOfDuration } from "../../shared/engagement.ts";
import { isLanguage } from "../../shared/languages.ts";
import { formatMoney } from "../../shared/money.ts";
import { serviceTitles } from "../../shared/service-titles.ts";
import { isServiceSlug } from "../../shared/service-types.ts";
import { useTranslation, type TFunction } from "../lib/i18n.ts";
import { bookingChangesNamespace } from "./booking-changes-translations.ts";
import { classNames } from "./ui/class-names.ts";

// docs/product.md §12 Engagement: the booking as it is beside the proposed version, so the customer
// (and the operator) see exactly what would change before anything does. Side by side from 640 px,
// one above the other below; what differs is marked in words, not by colour alone (WCAG 2.2 1.4.1).
// ADR 193: the clock times are a row of their own, so a change of times alone is seen as one.

function titleOf(serviceId: string, stored: string, language: string) {
  const slug = serviceId.replace(/^svc-/, "");
  return isServiceSlug(slug) && isLanguage(language) ? serviceTitles[slug][language] : stored;
}

function facts(version: QuoteVersionView, language: string, t: TFunction<"bookingChanges">) {
  return {
    dates: `${formatDayRange(version.startDate, version.endDate, language)} (${t("days", { count: version.totalDays })})`,
    times:
      version.startTime && version.endTime
        ? `${version.startTime}–${version.endTime}${endsNextMorning(version.startTime, version.endTime) ? ` (${t("nextMorning")})` : ""}`
        : null,
    // The time of day and hours per day are shown too: a change of them alone is a change the customer must see.
    services: version.lines.map((line) => {
      const hours = line.options.duration ? hoursOfDuration(line.options.duration) : null;
      return [
        titleOf(line.serviceId, line.title, language),
        t("guards", { count: line.options.guards }),
        ...(line.options.timeOfDay ? [t(`bands.${line.options.timeOfDay}`)] : []),
        ...(hours !== null ? [t("hoursPerDayValue", { count: hours })] : []),
      ].join(" · ");
    }),
    meetingPoint: version.meetingPoint,
    total: formatMoney(version.totalCents, language),
  };
}

function Column({
  heading,
  version,
  other,
  highlight,
  testId,
}: {
  heading: string;
  version: QuoteVersionView;
  other: QuoteVersionView | null;
  highlight: boolean;
  testId: string;
}) {
  const { t, i18n } = useTranslation(bookingChangesNamespace);
  const language = i18n.language;
  const mine = facts(version, language, t);
  const theirs = other ? facts(other, language, t) : null;
  const differs = (key: "dates" | "times" | "services" | "meetingPoint" | "total") =>
    highlight && theirs !== null && JSON.stringify(mine[key]) !== JSON.stringify(theirs[key]);
  const changed = (on: boolean) =>
    on ? (
      <span className="ml-2 rounded bg-gold/30 px-1.5 py-0.5 text-[0.7rem] font-bold tracking-wider text-ink uppercase">
        {t("changed")}
      </span>
    ) : null;
  return (
    <section
      className={classNames("min-w-0 rounded-lg border p-4", highlight ? "border-gold-deep/60 bg-gold/5" : "border-ink-line/15 bg-white")}
      aria-label={`${heading} — ${t("version", { number: version.number })}`}
      data-testid={testId}
    >
      <h4 className="text-xs font-semibold tracking-[0.14em] text-stone uppercase">{heading}</h4>
      <p className="mt-0.5 text-sm text-stone">{t("version", { number: version.number })}</p>
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="font-semibold text-ink">
            {t("dates")}
            {changed(differs("dates"))}
          </dt>
          <dd className="break-words text-ink">{mine.dates}</dd>
        </div>
        {(mine.times || theirs?.times) && (
          <div>
            <dt className="font-semibold text-ink">
              {t("times")}
              {changed(differs("times"))}
            </dt>
            <dd className="text-ink tabular-nums" data-testid={`${testId}-times`}>
              {mine.times ?? "—"}
            </dd>
          </div>
        )}
        <div>
          <dt className="font-semibold text-ink">
            {t("services")}
            {changed(differs("services"))}
          </dt>
          <dd>
            <ul className="space-y-1 text-ink">
              {mine.services.map((service, index) => (
                <li key={index}>{service}</li>
              ))}
            </ul>
          </dd>
        </div>
        {(mine.meetingPoint || theirs?.meetingPoint) && (
          <div>
            <dt className="font-semibold text-ink">
              {t("meetingPoint")}
              {changed(differs("meetingPoint"))}
            </dt>
            <dd className="break-words text-ink">{mine.meetingPoint ?? "—"}</dd>
          </div>
        )}
        <div>
          <dt className="font-semibold text-ink">
            {t("total")}
            {changed(differs("total"))}
          </dt>
          <dd className="font-display text-xl text-ink tabular-nums" data-testid={`${testId}-total`}>
            {mine.total}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The current version (left) beside the proposed one (right), with the difference in total and the reason. */
export function QuoteVersionCompare({ current, proposed }: { current: QuoteVersionView | null; proposed: QuoteVersionView }) {
  const { t, i18n } = useTranslation(bookingChangesNamespace);
  const language = i18n.language;
  const difference = current ? proposed.totalCents - current.totalCents : 0;
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2" data-testid="version-compare">
        {current && <Column heading={t("now")} version={current} other={proposed} highlight={false} testId="version-current" />}
        <Column heading={t("proposed")} version={proposed} other={current} highlight testId="version-proposed" />
      </div>
      {current && difference !== 0 && (
        <p className="text-sm text-ink" data-testid="version-difference">
          <span className="font-semibold">{t("difference")}:</span> {difference > 0 ? "+" : "−"}
          {formatMoney(Math.abs(difference), language)}
        </p>
      )}
      {proposed.reason && (
        <p className="text-sm break-words text-ink">
          <span className="font-semibold">{t("reason")}:</span> {proposed.reason}
        </p>
      )}
    </div>
  );
}

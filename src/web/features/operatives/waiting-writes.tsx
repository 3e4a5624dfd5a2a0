import { formatInstant } from "../../../shared/time.ts";
import { useOnline } from "../../lib/operative-app.ts";
import { useWaitingWrites } from "../../lib/operative-outbox.ts";
import { useTranslation } from "../../lib/i18n.ts";
import "./operative-translations.ts";

// ADR 293: what the phone keeps to send, said plainly: a count and the list in the order it will be
// sent. A live region (WCAG 4.1.3 status messages), so a screen reader hears when it changes.

export function WaitingWrites() {
  const { t, i18n } = useTranslation("operative");
  const waiting = useWaitingWrites();
  const online = useOnline();
  return (
    <div aria-live="polite" data-testid="waiting-writes">
      {!online && (
        <p className="bg-ink px-4 py-2 text-sm font-semibold text-gold" data-testid="offline-notice">
          {t("offline.offlineNow")}
        </p>
      )}
      {waiting.length > 0 && (
        <section className="border-b border-gold/40 bg-amber-50 px-4 py-3 text-sm" aria-labelledby="waiting-writes-heading">
          <h2 id="waiting-writes-heading" className="text-base font-semibold" data-testid="waiting-count">
            {t("offline.waitingTitle", { count: waiting.length })}
          </h2>
          <p className="text-stone">{t("offline.waitingIntro")}</p>
          <ol className="mt-1 list-decimal pl-5">
            {waiting.map((write) => (
              <li key={write.key}>{t("offline.madeAt", { label: write.label, time: formatInstant(write.deviceTime, i18n.language) })}</li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

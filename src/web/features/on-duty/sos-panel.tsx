import { useState } from "react";
import type { AlarmStatusView } from "../../../shared/on-duty.ts";
import { formatInstant } from "../../../shared/time.ts";
import { Notice } from "../../components/ui/notice.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { useRaiseAlarm } from "./api.ts";
import { readDevicePosition } from "./device-position.ts";
import { HoldToConfirmButton } from "./hold-to-confirm-button.tsx";
import "./on-duty-translations.ts";

// The SOS of one party (docs/on-duty.md, ADR 285): the hold-to-confirm control while the booking's
// active window is open, and each alarm's state, "received by <first name> at <time>" once an
// operator acknowledged it, with the outcome once staff shared it.

type Target = Parameters<typeof useRaiseAlarm>[0];

export function SosPanel({ target, active, alarms }: { target: Target; active: boolean; alarms: AlarmStatusView[] }) {
  const { t, i18n } = useTranslation("onDuty");
  const raise = useRaiseAlarm(target);
  const [locating, setLocating] = useState(false);
  const send = async () => {
    setLocating(true);
    const position = await readDevicePosition();
    setLocating(false);
    raise.mutate(position);
  };
  return (
    <section aria-labelledby="sos-heading" className="space-y-3 rounded-xl border border-red-800/30 bg-white p-4" data-testid="sos-panel">
      <h2 id="sos-heading" className="text-lg">
        {t("sos.title")}
      </h2>
      {active ? (
        <HoldToConfirmButton onConfirm={() => void send()} disabled={locating || raise.isPending} testId="sos-hold" />
      ) : (
        <p className="text-sm text-stone">{t("sos.closedBefore")}</p>
      )}
      {(locating || raise.isPending) && (
        <p role="status" className="text-sm font-semibold">
          {t("sos.sending")}
        </p>
      )}
      {raise.isError && <Notice tone="error" title={t("sos.failed")} />}
      {alarms.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold">{t("sos.yours")}</h3>
          <ul className="mt-1 space-y-2" aria-live="polite" data-testid="sos-alarms">
            {alarms.map((alarm) => (
              <li key={alarm.id} className="rounded-md border border-ink-line/15 px-3 py-2 text-sm">
                <p>{t("sos.sent", { time: formatInstant(alarm.raisedAt, i18n.language) })}</p>
                {alarm.acknowledgedBy && alarm.acknowledgedAt ? (
                  <p className="font-semibold text-green-800" data-testid="sos-received">
                    {t("sos.received", { name: alarm.acknowledgedBy, time: formatInstant(alarm.acknowledgedAt, i18n.language) })}
                  </p>
                ) : (
                  <p className="text-stone">{t("sos.waiting")}</p>
                )}
                {alarm.resolvedAt && <p>{t("sos.resolved", { time: formatInstant(alarm.resolvedAt, i18n.language) })}</p>}
                {alarm.outcome && <p>{t("sos.outcome", { outcome: t(`outcomes.${alarm.outcome}`) })}</p>}
                {alarm.note && <p className="whitespace-pre-line">{alarm.note}</p>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

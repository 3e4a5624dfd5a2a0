import { useQuery } from "@tanstack/react-query";
import { Siren } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { ConsoleAlarm } from "../../../shared/on-duty.ts";
import { formatInstant } from "../../../shared/time.ts";
import { Button } from "../../components/ui/button.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { consoleAlarmsQuery, useAcknowledgeAlarm } from "./api.ts";
import "./on-duty-translations.ts";

// The alarm banner on every console page (docs/on-duty.md, ADR 285): every alarm not yet
// acknowledged, live over the console's stream (ADR 092), with the booking, the people, the last
// position and check-in, and the Acknowledge button. A new alarm sounds a tone (WCAG 2.2, 1.4.2:
// short, not looping); the banner is an alert region, so screen readers announce it too.

function playAlarmTone() {
  try {
    const context = new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = "square";
    oscillator.frequency.setValueAtTime(880, context.currentTime);
    oscillator.frequency.setValueAtTime(660, context.currentTime + 0.25);
    oscillator.frequency.setValueAtTime(880, context.currentTime + 0.5);
    gain.gain.setValueAtTime(0.15, context.currentTime);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.8);
    oscillator.onended = () => void context.close();
  } catch {
    // No audio (a browser that blocks it until the page is used): the banner is still there.
  }
}

export function AlarmBanner() {
  const { t, i18n } = useTranslation("onDuty");
  const alarms = useQuery(consoleAlarmsQuery);
  const open = (alarms.data?.alarms ?? []).filter((alarm) => alarm.state === "open");
  const heard = useRef<Set<string> | null>(null);
  const openIds = open.map((alarm) => alarm.id).join(",");
  useEffect(() => {
    if (!alarms.data) return;
    const ids = openIds ? openIds.split(",") : [];
    // The alarms open when the console was opened have their banner; only new ones sound.
    if (heard.current === null) {
      heard.current = new Set(ids);
      return;
    }
    const fresh = ids.filter((id) => !heard.current?.has(id));
    for (const id of fresh) heard.current.add(id);
    if (fresh.length > 0) playAlarmTone();
  }, [openIds, alarms.data]);
  if (open.length === 0) return null;
  const [first, ...rest] = open;
  if (!first) return null;
  return (
    <div role="alert" className="border-b-4 border-red-900 bg-red-700 text-white" data-testid="alarm-banner">
      <div className="container-page space-y-2 py-3">
        <AlarmLine alarm={first} language={i18n.language} />
        {rest.length > 0 && (
          <p className="text-sm">
            <Link to="/admin/alarms" className="font-semibold underline">
              {t("banner.more", { count: rest.length })}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}

function AlarmLine({ alarm, language }: { alarm: ConsoleAlarm; language: string }) {
  const { t } = useTranslation("onDuty");
  const acknowledge = useAcknowledgeAlarm();
  const escalated = alarm.escalations.at(-1);
  return (
    <div className="flex flex-wrap items-start gap-4">
      <Siren className="mt-1 h-8 w-8 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-0.5 text-sm">
        <p className="text-base font-bold" data-testid="alarm-banner-title">
          {t("banner.title", { kind: t(`kinds.${alarm.kind}`), name: alarm.raisedByName, raiser: t(`raisers.${alarm.raisedBy}`) })}
        </p>
        <p>
          <Link to={`/admin/bookings/${alarm.bookingId}`} className="font-semibold underline">
            {t("banner.booking", { reference: alarm.bookingReference, location: alarm.location })}
          </Link>{" "}
          · {t("banner.raisedAt", { time: formatInstant(alarm.raisedAt, language) })}
        </p>
        <p>
          {alarm.position
            ? t("banner.position", {
                latitude: alarm.position.latitude.toFixed(5),
                longitude: alarm.position.longitude.toFixed(5),
                accuracy: Math.round(alarm.position.accuracy ?? 0),
              })
            : t("banner.noPosition")}{" "}
          · {alarm.lastCheckInAt ? t("banner.lastCheckIn", { time: formatInstant(alarm.lastCheckInAt, language) }) : t("banner.noCheckIn")}
        </p>
        <p>
          {t("banner.team", {
            team: alarm.team.map((member) => [member.firstName, member.phone].filter(Boolean).join(" ")).join(", "),
          })}
          {escalated && ` · ${t("banner.escalated", { level: escalated.level })}`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="lg"
          loading={acknowledge.isPending}
          onClick={() => acknowledge.mutate(alarm.id)}
          data-testid="alarm-acknowledge"
        >
          {t("banner.acknowledge")}
        </Button>
        <Link to="/admin/alarms" className="inline-flex min-h-11 items-center px-2 font-semibold underline">
          {t("banner.open")}
        </Link>
      </div>
    </div>
  );
}

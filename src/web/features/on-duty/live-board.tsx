import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { formatInstant } from "../../../shared/time.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { liveBoardQuery } from "./api.ts";
import "./on-duty-translations.ts";

// The staff's live board (docs/on-duty.md): every engagement in its active window with the team,
// the last check-in, the alarms and the shared positions, refreshed by the live stream. The map
// (Leaflet, loaded only here) appears when MAP_TILES_URL is set; the text list is always there,
// and is what a screen reader reads (WCAG 2.2, 1.1.1).

const PositionsMap = lazy(() => import("./positions-map.tsx"));

export function LiveBoardPage() {
  const { t, i18n } = useTranslation("onDuty");
  const board = useQuery(liveBoardQuery);
  const engagements = board.data?.engagements ?? [];
  const positions = engagements.flatMap((engagement) =>
    engagement.positions.map((position) => ({ ...position, reference: engagement.bookingReference })),
  );
  return (
    <main id="main" className="container-page space-y-6 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-3xl">{t("board.title")}</h1>
        <Link to="/admin/alarms" className="font-semibold underline">
          {t("board.alarmsLink")}
        </Link>
      </div>
      <p className="text-stone">{t("board.intro")}</p>
      {board.isPending ? (
        <p role="status">{t("board.loading")}</p>
      ) : engagements.length === 0 ? (
        <p>{t("board.empty")}</p>
      ) : (
        <>
          {board.data?.tilesUrl && positions.length > 0 && (
            <Suspense fallback={null}>
              <PositionsMap tilesUrl={board.data.tilesUrl} positions={positions} label={t("board.map")} />
            </Suspense>
          )}
          <ul className="grid gap-3 lg:grid-cols-2" data-testid="live-board">
            {engagements.map((engagement) => (
              <li key={engagement.bookingId} className="space-y-1 rounded-xl border border-ink-line/15 bg-white p-4 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={`/admin/bookings/${engagement.bookingId}`} className="font-semibold underline">
                    {engagement.bookingReference}
                  </Link>
                  <Badge>{engagement.onDutyAt ? t("board.status.on_duty") : t("board.status.on_the_way")}</Badge>
                  {engagement.openAlarms > 0 ? (
                    <Link to="/admin/alarms" className="font-semibold text-red-800 underline">
                      {t("board.alarms", { count: engagement.openAlarms })}
                    </Link>
                  ) : (
                    <span className="text-stone">{t("board.noAlarms")}</span>
                  )}
                </div>
                <p>{engagement.location}</p>
                <p>{t("banner.team", { team: engagement.team.map((member) => member.firstName).join(", ") })}</p>
                <p>
                  {engagement.lastCheckInAt
                    ? t("banner.lastCheckIn", { time: formatInstant(engagement.lastCheckInAt, i18n.language) })
                    : t("banner.noCheckIn")}
                  {engagement.nextCheckInDueAt &&
                    ` · ${t("checkIn.next", { time: formatInstant(engagement.nextCheckInDueAt, i18n.language) })}`}
                </p>
                <p className="font-semibold">{t("board.positions")}</p>
                {engagement.positions.length === 0 ? (
                  <p className="text-stone">{t("board.noPositions")}</p>
                ) : (
                  <ul>
                    {engagement.positions.map((position) => (
                      <li key={position.firstName + position.at}>
                        {t("board.positionLine", {
                          name: position.firstName,
                          latitude: position.latitude.toFixed(5),
                          longitude: position.longitude.toFixed(5),
                          time: formatInstant(position.at, i18n.language),
                        })}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}

import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, ChevronLeft, ChevronRight, Star } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { addDays, isCalendarDay } from "../../../shared/time.ts";
import { formatDay } from "../../../shared/time.ts";
import type { BoardAssignment, BoardWeek } from "../../../shared/operatives.ts";
import { operatorToday } from "../../../shared/time.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { boardQuery } from "./api.ts";
import "./dispatch-translations.ts";

// The schedule board (ADR 166): operatives × the days of a week as a table with row and column
// headers; each assignment a link (reachable by Tab) whose state is written out beside its colour
// (WCAG 1.4.1); short-staffed bookings carry a warning icon and words; licences running out within
// 30 days are flagged. Below 640 px the same data is a list by day.

const barColours: Record<BoardAssignment["state"], string> = {
  offered: "border-amber-700 bg-amber-50",
  accepted: "border-green-800 bg-green-50",
  declined: "border-red-800 bg-red-50",
  released: "border-stone bg-paper",
  on_duty: "border-ink bg-ink text-gold",
};

function covers(assignment: BoardAssignment, day: string) {
  return assignment.startDate <= day && assignment.endDate >= day;
}

function Bar({ assignment }: { assignment: BoardAssignment }) {
  const { t } = useTranslation("dispatch");
  return (
    <Link
      to={`/admin/bookings/${assignment.bookingId}`}
      className={`block rounded border-l-4 px-2 py-1 text-xs leading-snug focus-visible:outline-2 focus-visible:outline-offset-2 ${barColours[assignment.state]}`}
      data-testid="board-bar"
    >
      <span className="block font-semibold">{t(`states.${assignment.state}`)}</span>
      <span className="block truncate">{assignment.location}</span>
      <span className="flex flex-wrap items-center gap-1">
        {assignment.lead && (
          <span className="inline-flex items-center gap-0.5">
            <Star aria-hidden className="h-3 w-3" />
            {t("board.lead")}
          </span>
        )}
        {assignment.shortStaffed && (
          <span className="inline-flex items-center gap-0.5 font-semibold">
            <AlertTriangle aria-hidden className="h-3 w-3" />
            {t("shortStaffed")}
          </span>
        )}
      </span>
    </Link>
  );
}

export function ScheduleBoard() {
  const { t, i18n } = useTranslation("dispatch");
  const [params, setParams] = useSearchParams();
  const requested = params.get("week");
  const week = requested && isCalendarDay(requested) ? requested : operatorToday(new Date());
  const board = useQuery(boardQuery(week));
  const go = (days: number) => setParams({ week: addDays(board.data?.weekStart ?? week, days) });
  const language = i18n.language;
  return (
    <section className="container-page py-10" aria-labelledby="board-heading" data-testid="schedule-board">
      <h1 id="board-heading" className="text-3xl">
        {t("board.title")}
      </h1>
      <p className="mt-2 max-w-prose text-stone">{t("board.intro")}</p>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={() => go(-7)}>
          <ChevronLeft aria-hidden className="h-4 w-4" />
          {t("board.previous")}
        </Button>
        <p aria-live="polite" className="font-semibold">
          {t("board.week")} {board.data ? formatDay(board.data.weekStart, language) : ""}
        </p>
        <Button variant="outline" onClick={() => go(7)}>
          {t("board.next")}
          <ChevronRight aria-hidden className="h-4 w-4" />
        </Button>
      </div>
      <div className="mt-6">
        <QueryState
          query={board}
          loadingLabel={t("board.loading")}
          loading={<Skeleton className="h-64 w-full" />}
          isEmpty={(data) => data.operatives.length === 0}
          empty={<p className="text-stone">{t("board.empty")}</p>}
        >
          {(data) => (
            <>
              <BoardTable board={data} language={language} />
              <BoardList board={data} language={language} />
            </>
          )}
        </QueryState>
      </div>
    </section>
  );
}

function OperativeName({ row, language }: { row: BoardWeek["operatives"][number]; language: string }) {
  const { t } = useTranslation("dispatch");
  return (
    <>
      <span className="font-semibold">{row.name}</span>
      {row.licenceExpiringSoon && (
        <span className="mt-1 flex items-center gap-1">
          <Badge tone="warning" size="sm">
            <AlertTriangle aria-hidden className="mr-1 inline h-3 w-3" />
            {t("board.licenceSoon", { date: formatDay(row.licenceExpiresOn, language) })}
          </Badge>
        </span>
      )}
    </>
  );
}

function BoardTable({ board, language }: { board: BoardWeek; language: string }) {
  const { t } = useTranslation("dispatch");
  return (
    <div className="hidden overflow-x-auto sm:block">
      <table className="w-full min-w-[60rem] table-fixed border-collapse text-sm">
        <caption className="sr-only">{t("board.title")}</caption>
        <thead>
          <tr>
            <th scope="col" className="w-48 border-b border-ink-line/20 p-2 text-left">
              {t("board.operative")}
            </th>
            {board.days.map((day) => (
              <th key={day} scope="col" className="border-b border-ink-line/20 p-2 text-left font-semibold">
                {formatDay(day, language)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {board.operatives.map((row) => (
            <tr key={row.operativeId} className="align-top">
              <th scope="row" className="border-b border-ink-line/10 p-2 text-left font-normal">
                <OperativeName row={row} language={language} />
              </th>
              {board.days.map((day) => (
                <td key={day} className="border-b border-ink-line/10 p-1">
                  <div className="space-y-1">
                    {row.assignments
                      .filter((assignment) => covers(assignment, day))
                      .map((assignment) => (
                        <Bar key={assignment.id} assignment={assignment} />
                      ))}
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BoardList({ board, language }: { board: BoardWeek; language: string }) {
  const { t } = useTranslation("dispatch");
  return (
    <div className="space-y-6 sm:hidden" aria-label={t("board.list")} role="region">
      {board.days.map((day) => {
        const working = board.operatives
          .map((row) => ({ row, assignments: row.assignments.filter((assignment) => covers(assignment, day)) }))
          .filter((entry) => entry.assignments.length > 0);
        return (
          <section key={day} aria-labelledby={`day-${day}`}>
            <h2 id={`day-${day}`} className="text-lg">
              {formatDay(day, language)}
            </h2>
            {working.length === 0 ? (
              <p className="text-stone">{t("board.nothing")}</p>
            ) : (
              <ul className="mt-2 space-y-2">
                {working.map(({ row, assignments }) => (
                  <li key={row.operativeId} className="rounded-lg border border-ink-line/15 bg-white p-3">
                    <OperativeName row={row} language={language} />
                    <div className="mt-2 space-y-1">
                      {assignments.map((assignment) => (
                        <Bar key={assignment.id} assignment={assignment} />
                      ))}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

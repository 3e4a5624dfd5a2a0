import type { InsightsReport } from "../../../shared/insights.ts";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../../components/ui/table.tsx";
import { CsvButton } from "./chart-frame.tsx";
import { useReportFormat } from "./report-format.ts";

/** Active operatives whose licence runs out within 90 days (or has), soonest first. */
export function ExpiringLicences({ report, fileName }: { report: InsightsReport; fileName: string }) {
  const { t, day } = useReportFormat();
  const { licences } = report.team;
  const daysText = (days: number) =>
    days < 0 ? t("team.expired", { count: -days }) : days === 0 ? t("team.today") : t("team.inDays", { count: days });
  return (
    <div className="self-start rounded-xl border border-ink-line/15 bg-white p-4 sm:p-6" data-testid="licences">
      <h3 className="text-xl">{t("team.licencesTitle")}</h3>
      <p className="mt-1 text-sm text-stone">
        {licences.length === 0 ? t("team.licencesNone") : t("team.licencesSummary", { count: licences.length })}
      </p>
      {licences.length > 0 && (
        <div className="mt-4">
          <Table caption={t("team.licencesTitle")} captionHidden>
            <TableHead>
              <TableRow>
                <TableHeaderCell>{t("team.operative")}</TableHeaderCell>
                <TableHeaderCell>{t("team.expires")}</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {licences.map((licence) => (
                <TableRow key={licence.operativeId}>
                  <TableCell className="font-semibold">{licence.name}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    {day(licence.licenceExpiresOn)}
                    <span className={`block text-xs ${licence.daysLeft < 0 ? "font-semibold text-red-800" : "text-stone"}`}>
                      {daysText(licence.daysLeft)}
                    </span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <CsvButton
        title={t("team.licencesTitle")}
        data={{
          fileName,
          header: [t("team.operative"), t("team.expires"), t("team.daysLeft")],
          rows: licences.map((licence) => [licence.name, licence.licenceExpiresOn, licence.daysLeft]),
          display: [],
        }}
      />
    </div>
  );
}

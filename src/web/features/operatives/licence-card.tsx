import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { formatDay } from "../../../shared/time.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import type { MyOperativeRecord } from "../../../shared/operatives.ts";
import { myRecordQuery } from "./api.ts";
import { AreaRefusal } from "./area-gate.tsx";
import { OperativeAreaPage } from "./area-shell.tsx";
import "./operative-translations.ts";

// ADR 220: the operative's profile and licence as the operator keeps them on the roster, read-only
// (the operator changes them); the account's own details (photo, name, phone) follow below.

export function OperativeProfilePage({ accountDetails }: { accountDetails: ReactNode }) {
  const { t } = useTranslation("operative");
  return (
    <OperativeAreaPage title={t("profile.title")} intro={t("profile.intro")} testId="operative-profile">
      <LicenceCard />
      {accountDetails}
    </OperativeAreaPage>
  );
}

function LicenceCard() {
  const { t } = useTranslation("operative");
  const record = useQuery(myRecordQuery);
  return (
    <QueryState
      query={record}
      loadingLabel={t("profile.loading")}
      loading={<Skeleton className="h-40 w-full" />}
      error={(error) => <AreaRefusal error={error} />}
    >
      {(data) => <LicenceDetails data={data} />}
    </QueryState>
  );
}

function LicenceDetails({ data }: { data: MyOperativeRecord }) {
  const { t, i18n } = useTranslation("operative");
  return (
    <section
      aria-labelledby="licence-heading"
      className="rounded-xl border border-ink-line/15 bg-white p-4 sm:p-6"
      data-testid="licence-card"
    >
      <h2 id="licence-heading" className="text-lg">
        {t("profile.licence")}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="font-semibold">{t("profile.name")}</dt>
        <dd>{data.name}</dd>
        <dt className="font-semibold">{t("profile.phone")}</dt>
        <dd>{data.phone}</dd>
        <dt className="font-semibold">{t("profile.licenceNumber")}</dt>
        <dd>{data.licenceNumber}</dd>
        <dt className="font-semibold">{t("profile.licenceExpires")}</dt>
        <dd className="flex flex-wrap items-center gap-2">
          {formatDay(data.licenceExpiresOn, i18n.language)}
          {data.licenceExpiringSoon && <Badge tone="warning">{t("profile.expiringSoon")}</Badge>}
        </dd>
        {data.languages.length > 0 && (
          <>
            <dt className="font-semibold">{t("profile.languages")}</dt>
            <dd>{data.languages.join(", ")}</dd>
          </>
        )}
      </dl>
      <p className="mt-3 text-sm text-stone">{t("profile.keptByOperator")}</p>
    </section>
  );
}

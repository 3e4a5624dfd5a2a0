import { useQuery } from "@tanstack/react-query";
import { Notice } from "../../components/ui/notice.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { principalQuery } from "./api.ts";
import { SosPanel } from "./sos-panel.tsx";
import "./on-duty-translations.ts";

// The principal's personal page (ADR 288): no account, the signed token in the address. Outside
// the booking's active window the link is not valid, and the page says so.

export function PrincipalPage({ token }: { token: string }) {
  const { t } = useTranslation("onDuty");
  const view = useQuery(principalQuery(token));
  return (
    <main id="main" className="mx-auto max-w-xl space-y-4 px-4 py-8">
      <h1 className="text-2xl">{t("principal.title")}</h1>
      {view.isPending ? (
        <p role="status">{t("principal.loading")}</p>
      ) : view.data ? (
        <>
          <p>{view.data.codename ? t("principal.intro", { codename: view.data.codename }) : t("principal.introNoName")}</p>
          <SosPanel target={{ kind: "principal", token }} active={view.data.active} alarms={view.data.alarms} />
        </>
      ) : (
        <Notice tone="warning" title={t("principal.invalidTitle")}>
          <p>{t("principal.invalidBody")}</p>
        </Notice>
      )}
    </main>
  );
}

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { customerSafetyQuery, customerTourQuery, useCreatePrincipalLink } from "./api.ts";
import { TourCheckpoints } from "./tour-scanner.tsx";
import { SosPanel } from "./sos-panel.tsx";
import "./on-duty-translations.ts";

// The customer's safety panel on their booking (docs/on-duty.md): the SOS during the active window
// and the principal's personal link (ADR 288). It follows the live stream (alarm events, progress).

export function CustomerSafetyPanel({ bookingId }: { bookingId: string }) {
  const safety = useQuery(customerSafetyQuery(bookingId));
  if (!safety.data) return null;
  return (
    <div className="space-y-4">
      <SosPanel target={{ kind: "customer", bookingId }} active={safety.data.active} alarms={safety.data.alarms} />
      <SharedTourReport bookingId={bookingId} />
      <PrincipalLinkSection bookingId={bookingId} />
    </div>
  );
}

/** The guard tour's report once staff shared it (docs/on-duty.md); nothing before. */
function SharedTourReport({ bookingId }: { bookingId: string }) {
  const { t, i18n } = useTranslation("onDuty");
  const report = useQuery(customerTourQuery(bookingId));
  if (!report.data) return null;
  return (
    <section aria-labelledby="tour-report-heading" className="space-y-2 rounded-xl border border-ink-line/15 bg-white p-4">
      <h2 id="tour-report-heading" className="text-lg">
        {t("tour.reportTitle", { site: report.data.siteName })}
      </h2>
      <TourCheckpoints report={report.data} language={i18n.language} />
    </section>
  );
}

function PrincipalLinkSection({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation("onDuty");
  const create = useCreatePrincipalLink(bookingId);
  const [copied, setCopied] = useState(false);
  const url = create.data?.url;
  return (
    <section aria-labelledby="principal-link-heading" className="space-y-2 rounded-xl border border-ink-line/15 bg-white p-4">
      <h2 id="principal-link-heading" className="text-lg">
        {t("principalLink.title")}
      </h2>
      <p className="text-sm text-stone">{t("principalLink.body")}</p>
      <Button variant="outline" onClick={() => create.mutate()} loading={create.isPending} data-testid="principal-link-create">
        {t("principalLink.create")}
      </Button>
      {url && (
        <div className="space-y-2" role="status">
          <p className="text-sm">{t("principalLink.created")}</p>
          <label className="block text-sm font-semibold" htmlFor="principal-link-url">
            {t("principalLink.label")}
          </label>
          <input id="principal-link-url" readOnly value={url} className="field-input w-full" data-testid="principal-link-url" />
          <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}>
            {copied ? t("principalLink.copied") : t("principalLink.copy")}
          </Button>
        </div>
      )}
    </section>
  );
}

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { tourSiteSchema, type TourSiteInput } from "../../../shared/on-duty.ts";
import { formatInstant } from "../../../shared/time.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { bookingTourQuery, tourSitesQuery, useBookingTour, useCreateTourSite } from "./api.ts";
import { TourCheckpoints } from "./tour-scanner.tsx";
import "./on-duty-translations.ts";

// The booking's guard tour in the console (docs/on-duty.md): the site its tour follows, the
// printable QR codes, the report with each scan's two times, and sharing it with the customer.

export function BookingTourPanel({ bookingId }: { bookingId: string }) {
  const { t, i18n } = useTranslation("onDuty");
  const sites = useQuery(tourSitesQuery);
  const tour = useQuery(bookingTourQuery(bookingId));
  const { attach, share } = useBookingTour(bookingId);
  const [siteId, setSiteId] = useState<string | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  const report = tour.data?.tour ?? null;
  const chosen = siteId ?? sites.data?.sites.find((site) => site.name === report?.siteName)?.id;
  return (
    <section aria-labelledby="booking-tour-heading" className="mt-6 space-y-3 rounded-xl border border-ink-line/15 bg-white p-4">
      <h2 id="booking-tour-heading" className="text-xl">
        {report ? t("tour.reportTitle", { site: report.siteName }) : t("tour.none")}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label={t("tour.siteLabel")}
          value={chosen}
          onValueChange={setSiteId}
          options={(sites.data?.sites ?? []).map((site) => ({ value: site.id, label: site.name }))}
          className="min-w-64"
        />
        <Button variant="outline" disabled={!chosen} loading={attach.isPending} onClick={() => chosen && attach.mutate(chosen)}>
          {t("tour.attach")}
        </Button>
        {chosen && (
          <a
            className="inline-flex min-h-11 items-center font-semibold underline"
            href={`/api/admin/tour-sites/${chosen}/sheet.pdf?language=${i18n.language}`}
          >
            {t("tour.sheet")}
          </a>
        )}
        <Button variant="ghost" onClick={() => setCreating(true)}>
          {t("tour.newSite")}
        </Button>
      </div>
      {report && (
        <>
          <TourCheckpoints report={report} language={i18n.language} />
          <ul className="space-y-1 text-sm">
            {report.checkpoints.flatMap((checkpoint) =>
              checkpoint.scans.map((scan) => (
                <li key={checkpoint.id + scan.serverTime}>
                  {checkpoint.name}:{" "}
                  {t("tour.scanLine", {
                    time: formatInstant(scan.serverTime, i18n.language),
                    name: scan.operative,
                    deviceTime: scan.deviceTime ? formatInstant(scan.deviceTime, i18n.language) : "–",
                  })}
                </li>
              )),
            )}
          </ul>
          {report.shared ? (
            <p className="text-sm font-semibold">{t("tour.shared")}</p>
          ) : (
            <Button variant="secondary" loading={share.isPending} onClick={() => share.mutate()}>
              {t("tour.share")}
            </Button>
          )}
        </>
      )}
      {creating && <NewSiteDialog onClose={() => setCreating(false)} />}
    </section>
  );
}

/** "Name, minutes" a line → the shared schema's checkpoints (ADR 201: one schema per concept). */
function checkpointsOf(text: string): TourSiteInput["checkpoints"] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const comma = line.lastIndexOf(",");
      return {
        name: comma > 0 ? line.slice(0, comma).trim() : line,
        intervalMinutes: comma > 0 ? Number(line.slice(comma + 1).trim()) : Number.NaN,
      };
    });
}

function NewSiteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("onDuty");
  const create = useCreateTourSite();
  const form = useForm({ defaultValues: { name: "", checkpoints: "" } });
  const [invalid, setInvalid] = useState(false);
  const submit = form.handleSubmit(({ name, checkpoints }) => {
    const parsed = tourSiteSchema.safeParse({ name, checkpoints: checkpointsOf(checkpoints) });
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t("tour.created"));
        onClose();
      },
    });
  });
  return (
    <FormDialog
      open
      onRequestClose={onClose}
      title={t("tour.newSite")}
      onSubmit={(event) => void submit(event)}
      submitLabel={t("tour.create")}
      pending={create.isPending}
      cancelLabel={t("alarms.cancel")}
    >
      <Field label={t("tour.siteName")} required {...form.register("name")} />
      <Textarea
        label={t("tour.checkpointsLabel")}
        hint={t("tour.checkpointsHint")}
        required
        error={invalid ? t("tour.checkpointsInvalid") : undefined}
        {...form.register("checkpoints")}
      />
    </FormDialog>
  );
}

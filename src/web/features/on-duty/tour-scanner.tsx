import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import type { TourReport } from "../../../shared/on-duty.ts";
import { formatInstant } from "../../../shared/time.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { operativeTourQuery, useScanCheckpoint } from "./api.ts";
import { readDevicePosition } from "./device-position.ts";
import "./on-duty-translations.ts";

// The guard tour on the brief (docs/on-duty.md): each checkpoint's last scan and when it is due,
// the camera where the browser has BarcodeDetector (Shape Detection API), and the code typed by hand
// everywhere. The scan sends the phone's own time beside it; the server adds its own.

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorConstructor = new (options: { formats: string[] }) => Detector;

function barcodeDetector(): DetectorConstructor | null {
  const candidate = (globalThis as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
  return candidate ?? null;
}

const codeFormSchema = z.object({ code: z.string().trim().min(1).max(100) });

export function TourScanner({ assignmentId, active }: { assignmentId: string; active: boolean }) {
  const { t, i18n } = useTranslation("onDuty");
  const tour = useQuery(operativeTourQuery(assignmentId));
  const scan = useScanCheckpoint(assignmentId);
  const form = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: "" } });
  const send = async (code: string) => {
    const position = await readDevicePosition(2000);
    scan.mutate(
      { code, deviceTime: new Date().toISOString(), position },
      {
        onSuccess: (result) => {
          form.reset({ code: "" });
          toast.success(t("tour.scanned", { name: result.checkpoint }));
        },
      },
    );
  };
  const report = tour.data?.tour;
  if (!report) return null;
  return (
    <section aria-labelledby="tour-heading" className="space-y-3 rounded-xl border border-ink-line/15 bg-white p-4" data-testid="tour">
      <h2 id="tour-heading" className="text-lg">
        {t("tour.title", { site: report.siteName })}
      </h2>
      <TourCheckpoints report={report} language={i18n.language} />
      {active && (
        <>
          {barcodeDetector() && <Camera onCode={(code) => void send(code)} />}
          <form onSubmit={(event) => void form.handleSubmit(({ code }) => send(code))(event)} className="space-y-3" noValidate>
            <Field
              label={t("tour.code")}
              autoComplete="off"
              autoCapitalize="characters"
              data-testid="tour-code"
              {...form.register("code")}
            />
            <Button type="submit" className="w-full" loading={scan.isPending} data-testid="tour-submit">
              {t("tour.submit")}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}

export function TourCheckpoints({ report, language }: { report: TourReport; language: string }) {
  const { t } = useTranslation("onDuty");
  return (
    <ol className="space-y-2 text-sm" data-testid="tour-checkpoints">
      {report.checkpoints.map((checkpoint) => {
        const last = checkpoint.scans.at(-1);
        return (
          <li key={checkpoint.id} className="rounded-md border border-ink-line/15 px-3 py-2">
            <p className="font-semibold">
              {t("tour.checkpoint", { position: checkpoint.position, name: checkpoint.name, minutes: checkpoint.intervalMinutes })}
            </p>
            <p>
              {last ? t("tour.lastScan", { time: formatInstant(last.serverTime, language), name: last.operative }) : t("tour.notScanned")}
            </p>
            {checkpoint.nextDueAt && <p>{t("tour.nextDue", { time: formatInstant(checkpoint.nextDueAt, language) })}</p>}
          </li>
        );
      })}
    </ol>
  );
}

function Camera({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation("onDuty");
  const [on, setOn] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  }, [onCode]);
  useEffect(() => {
    const Detector = barcodeDetector();
    if (!on || !Detector) return;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const detector = new Detector({ formats: ["qr_code"] });
    void navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        timer = window.setInterval(() => {
          if (!video.current) return;
          void detector.detect(video.current).then((codes) => {
            const code = codes[0]?.rawValue;
            if (!code || stopped) return;
            stopped = true;
            found.current(code);
            setOn(false);
          });
        }, 400);
      })
      .catch(() => setOn(false));
    return () => {
      stopped = true;
      window.clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [on]);
  return (
    <div className="space-y-2">
      <Button variant="secondary" className="w-full" onClick={() => setOn((value) => !value)}>
        {on ? t("tour.stopCamera") : t("tour.scanCamera")}
      </Button>
      {on && (
        <>
          <p className="text-sm">{t("tour.cameraHint")}</p>
          <video ref={video} muted playsInline className="w-full rounded-md bg-ink" />
        </>
      )}
    </div>
  );
}

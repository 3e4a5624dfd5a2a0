import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { checkInPinsSchema, checkInSchema, type CheckInView } from "../../../shared/on-duty.ts";
import { formatInstant } from "../../../shared/time.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { operativeSafetyQuery, useCheckIn, useSaveCheckInPins, useSharePosition } from "./api.ts";
import { readDevicePosition } from "./device-position.ts";
import { SosPanel } from "./sos-panel.tsx";
import { TourScanner } from "./tour-scanner.tsx";
import "./on-duty-translations.ts";

// The operative's safety panel on the brief (docs/on-duty.md): the SOS for every assigned operative
// (ADR 285), the lead's check-ins with the duress PIN (ADR 287) and the shared position by consent
// (ADR 289). A duress check-in shows exactly what a normal one shows: the phone may not be theirs to hold.

export function OperativeSafetyPanel({ assignmentId }: { assignmentId: string }) {
  const safety = useQuery(operativeSafetyQuery(assignmentId));
  if (!safety.data) return null;
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 pb-8">
      <SosPanel target={{ kind: "operative", assignmentId }} active={safety.data.active} alarms={safety.data.alarms} />
      {safety.data.checkIn && <CheckInSection assignmentId={assignmentId} view={safety.data.checkIn} active={safety.data.active} />}
      <TourScanner assignmentId={assignmentId} active={safety.data.active} />
      {safety.data.active && <PositionSharing assignmentId={assignmentId} />}
    </div>
  );
}

function CheckInSection({ assignmentId, view, active }: { assignmentId: string; view: CheckInView; active: boolean }) {
  const { t, i18n } = useTranslation("onDuty");
  const [changing, setChanging] = useState(false);
  if (!view.planned) return null;
  return (
    <section
      aria-labelledby="check-in-heading"
      className="space-y-3 rounded-xl border border-ink-line/15 bg-white p-4"
      data-testid="check-in"
    >
      <h2 id="check-in-heading" className="text-lg">
        {t("checkIn.title")}
      </h2>
      <p className="text-sm">{t("checkIn.intro", { minutes: view.intervalMinutes ?? 0 })}</p>
      {view.lastCheckInAt && (
        <p className="text-sm" data-testid="check-in-last">
          {t("checkIn.last", { time: formatInstant(view.lastCheckInAt, i18n.language) })}
        </p>
      )}
      {view.nextDueAt && (
        <p className="text-sm font-semibold">{t("checkIn.next", { time: formatInstant(view.nextDueAt, i18n.language) })}</p>
      )}
      {!view.pinsSet || changing ? (
        <PinsForm assignmentId={assignmentId} onSaved={() => setChanging(false)} />
      ) : (
        <>
          {active && <CheckInForm assignmentId={assignmentId} />}
          <Button variant="link" onClick={() => setChanging(true)}>
            {t("checkIn.changePins")}
          </Button>
        </>
      )}
    </section>
  );
}

function CheckInForm({ assignmentId }: { assignmentId: string }) {
  const { t, i18n } = useTranslation("onDuty");
  const checkIn = useCheckIn(assignmentId);
  const form = useForm({ resolver: zodResolver(checkInSchema), defaultValues: { pin: "" } });
  const submit = form.handleSubmit(async ({ pin }) => {
    const position = await readDevicePosition(2000);
    checkIn.mutate(
      { pin, position },
      {
        onSuccess: (result) => {
          form.reset({ pin: "" });
          toast.success(t("checkIn.done", { time: formatInstant(result.lastCheckInAt ?? new Date().toISOString(), i18n.language) }));
        },
      },
    );
  });
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
      <Field
        label={t("checkIn.pin")}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        error={form.formState.errors.pin && t("checkIn.pinInvalid")}
        data-testid="check-in-pin"
        {...form.register("pin")}
      />
      <Button type="submit" size="lg" className="w-full" loading={checkIn.isPending} data-testid="check-in-submit">
        {t("checkIn.submit")}
      </Button>
    </form>
  );
}

function PinsForm({ assignmentId, onSaved }: { assignmentId: string; onSaved: () => void }) {
  const { t } = useTranslation("onDuty");
  const save = useSaveCheckInPins(assignmentId);
  const form = useForm({ resolver: zodResolver(checkInPinsSchema), defaultValues: { pin: "", duressPin: "" } });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((pins) =>
    save.mutate(pins, {
      onSuccess: () => {
        toast.success(t("checkIn.pinsSaved"));
        onSaved();
      },
    }),
  );
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate aria-labelledby="pins-heading">
      <h3 id="pins-heading" className="font-semibold">
        {t("checkIn.pinsTitle")}
      </h3>
      <p className="text-sm text-stone">{t("checkIn.pinsIntro")}</p>
      <Field
        label={t("checkIn.pinLabel")}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        error={errors.pin && t("checkIn.pinInvalid")}
        data-testid="pins-pin"
        {...form.register("pin")}
      />
      <Field
        label={t("checkIn.duressLabel")}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        error={errors.duressPin && (errors.duressPin.type === "custom" ? t("checkIn.pinsDiffer") : t("checkIn.pinInvalid"))}
        data-testid="pins-duress"
        {...form.register("duressPin")}
      />
      <Button type="submit" className="w-full" loading={save.isPending} data-testid="pins-save">
        {t("checkIn.savePins")}
      </Button>
    </form>
  );
}

/** ADR 289: while switched on (the operative's consent for this booking), the latest position every 30 seconds. */
function PositionSharing({ assignmentId }: { assignmentId: string }) {
  const { t } = useTranslation("onDuty");
  const [on, setOn] = useState(false);
  const [denied, setDenied] = useState(false);
  const { share, stop } = useSharePosition(assignmentId);
  const send = share.mutate;
  useEffect(() => {
    if (!on) return;
    let cancelled = false;
    const once = async () => {
      const position = await readDevicePosition();
      if (cancelled) return;
      if (!position) {
        setDenied(true);
        return;
      }
      setDenied(false);
      send(position);
    };
    void once();
    const timer = window.setInterval(() => void once(), 30_000);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [on, send]);
  return (
    <section aria-labelledby="position-heading" className="space-y-2 rounded-xl border border-ink-line/15 bg-white p-4">
      <h2 id="position-heading" className="sr-only">
        {t("position.title")}
      </h2>
      <Switch
        label={t("position.title")}
        hint={t("position.hint")}
        checked={on}
        onCheckedChange={(next) => {
          setOn(next);
          if (!next) stop.mutate();
        }}
      />
      {on && !denied && share.isSuccess && (
        <p role="status" className="text-sm">
          {t("position.sharing")}
        </p>
      )}
      {denied && <Notice tone="warning" title={t("position.denied")} />}
    </section>
  );
}
